"""pytest: fast password hashing, plain static files; throttling on, as everywhere."""

import os

from .base import *  # noqa: F403

SECRET_KEY = "test-only-not-secret"
DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# Serve static files straight from the apps and static/ (no collectstatic needed).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# One line per request is for operators; tests that check it raise the level themselves.
LOGGING["loggers"]["bang.requests"] = {"level": "WARNING"}  # type: ignore[index]  # noqa: F405

# A stream whose page has gone notices at its next keep-alive: in tests, within a
# quarter of a second, so that no stream (and no change detector) outlives its test
# and a test does not wait long for it.
os.environ.setdefault("LIVE_EVENTS_KEEPALIVE_SECONDS", "0.25")

# SQLite tests use a database file, not Django's shared in-memory one: the live
# server's threads then get connections of their own (WAL lets them read while
# another writes), where an in-memory database would share one connection between
# every thread; an open event stream polling beside a request broke its savepoints.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    import tempfile

    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": os.path.join(tempfile.gettempdir(), f"bang-test-{os.getpid()}.sqlite3")
    }
