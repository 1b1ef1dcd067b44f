"""The laptop in the hall (``make hall``, rules.md §12): production, over plain HTTP.

The production settings with what a closed hall network needs: the site is
reached as ``http://<the laptop's network address>:<port>/`` (``HALL_URL``,
set by ``python -m tournaments.hall``), so cookies cannot be ``Secure``,
nothing redirects to HTTPS and no HSTS is sent. It is meant for a network
that only the hall's phones and the organiser's devices join; the public
internet needs the production recipe with TLS (README "Production").
"""

import os
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured

from .base import env_list
from .production import *  # noqa: F403

HALL_URL = os.environ.get("HALL_URL", "").rstrip("/")
if not HALL_URL.startswith("http://"):
    raise ImproperlyConfigured("HALL_URL must be the hall's address, e.g. http://10.0.0.5:8000")
_hall = urlsplit(HALL_URL)
_port = _hall.port or 80

# Every QR code and printed address carries the network address, also when the
# organiser opens the site on the laptop itself as localhost.
SITE_URL = HALL_URL
ALLOWED_HOSTS = [
    _hall.hostname or "",
    "localhost",
    "127.0.0.1",
    "[::1]",
    *env_list("DJANGO_ALLOWED_HOSTS"),
]
CSRF_TRUSTED_ORIGINS = [
    HALL_URL,
    f"http://localhost:{_port}",
    f"http://127.0.0.1:{_port}",
    *env_list("DJANGO_CSRF_TRUSTED_ORIGINS"),
]

# Plain HTTP: secure cookies only where TLS is used.
SECURE_SSL_REDIRECT = False
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False
SECURE_HSTS_SECONDS = 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = False
SECURE_HSTS_PRELOAD = False
# Nobody stands in front of the hall's server: nobody may claim HTTPS.
SECURE_PROXY_SSL_HEADER = None  # type: ignore[assignment]

# One ASGI server on the hall's port and nobody in front of it: the client
# address is the phone's own, whatever a phone writes into X-Forwarded-For.
TRUSTED_PROXIES = 0

# Django runs in a fixed pool of threads (config/asgi.py): SQLite's connection is
# kept by each pool thread (opening one cost a third of a kept fragment's answer).
# PostgreSQL gets a pool instead (psycopg's, shared by the threads of a worker
# process; Django's pool wants CONN_MAX_AGE 0).
DATABASES["default"]["CONN_MAX_AGE"] = None  # noqa: F405
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":  # noqa: F405
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {  # noqa: F405
        "min_size": 2,
        "max_size": int(os.environ.get("HALL_DATABASE_POOL_SIZE", "20")),
        "timeout": 10,
    }
