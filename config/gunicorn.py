"""gunicorn's settings for production: ``gunicorn config.wsgi -c config/gunicorn.py``.

Every figure can be changed through the environment. The defaults are the
set-up measured in README's "Performance" section (``benchmarks/hall.py``):
two workers per two cores. Public pages are rendered once per tournament state
and a poll of an unchanged page costs one query, so a worker spends most of a
request waiting for PostgreSQL or the network: threads (``gthread``) let a
referee's save run while other requests of the same worker wait.
"""

import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "gthread")
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
# Phones keep their connection between polls (3 s apart).
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "5"))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
accesslog = os.environ.get("GUNICORN_ACCESSLOG") or None
