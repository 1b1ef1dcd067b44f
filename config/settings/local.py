"""A developer's or organiser's laptop: debug on, SQLite unless DATABASE_URL says otherwise."""

import os

from .base import *  # noqa: F403
from .base import env_bool

DEBUG = env_bool("DJANGO_DEBUG", default=True)
# A fixed key is fine on a laptop; production reads its key from the environment.
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "local-development-only-not-secret")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# Serve static files straight from the apps and static/ (no collectstatic needed).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
