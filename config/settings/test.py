"""pytest: fast password hashing, plain static files; throttling on, as everywhere."""

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
