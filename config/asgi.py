"""The ASGI application: the hall's one server (uvicorn) and production's event server.

Three layers in front of Django, outermost first:

1. Bodies bounded in size and time (``tournaments/http/bodies.py``): nobody
   stands in front of the hall's server.
2. The event streams, answered on the event loop without a thread per stream
   (``tournaments/events/asgi.py``).
3. At most ``CONCURRENT_REQUESTS`` requests of this process inside Django, a
   waiting save before waiting fetches (``tournaments/http/concurrency.py``).

Django itself runs as the WSGI application it also is under gunicorn, in a
fixed pool of threads (a2wsgi's ``WSGIMiddleware``). Django's own ASGI handler
gives every request a new thread (``ThreadSensitiveContext``), which opens a
new database connection, and crosses between the loop and that thread about
six times per request: a kept leaderboard fragment cost this process 5.7 ms
of CPU there and 2.4 ms here, where a pool thread keeps its connection
(``benchmarks/hall.py``; README, "The hall"). Nothing in the app is async but
the streams, which never reach Django.
"""

import os
import threading
from typing import cast

from a2wsgi import WSGIMiddleware
from a2wsgi.wsgi_typing import WSGIApp
from django.core.wsgi import get_wsgi_application

# Serving defaults to production (which refuses to start without DJANGO_SECRET_KEY);
# manage.py keeps the development default.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")

django_application = get_wsgi_application()

from django.conf import settings  # noqa: E402

from tournaments.events.asgi import with_event_streams  # noqa: E402  (needs Django set up)
from tournaments.http.bodies import with_bounded_bodies  # noqa: E402
from tournaments.http.concurrency import ASGIApp, with_bounded_concurrency  # noqa: E402

#: The pool: the requests inside Django, and as many again finishing their answers
#: (a slot is given back when an answer's headers go out, the thread a moment later).
POOL_THREADS = 2 * settings.CONCURRENT_REQUESTS

# Django's handler returns its response, an iterable of bytes, as WSGI asks.
pool = WSGIMiddleware(cast(WSGIApp, django_application), workers=POOL_THREADS)
# Every thread of the pool started now, not at the first burst: a process's threads
# stay the same from its first request to its last (tests/test_hall_server.py).
_all_started = threading.Barrier(POOL_THREADS)
for _started in [pool.executor.submit(_all_started.wait) for _ in range(POOL_THREADS)]:
    _started.result()

application = with_bounded_bodies(
    with_event_streams(with_bounded_concurrency(cast(ASGIApp, pool), settings.CONCURRENT_REQUESTS))
)
