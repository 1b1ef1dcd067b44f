"""Settings shared by every environment.

Everything that differs between a laptop and a production server is read from
the environment here or overridden in the sibling modules.
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONCE, NONE, SELF
from whitenoise.compress import Compressor

BASE_DIR = Path(__file__).resolve().parent.parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    """Read a boolean from the environment ("1", "true", "yes", "on" are true)."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    """Read a comma-separated list from the environment."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
DEBUG = False
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")
#: The address printed on paper and shown as QR codes (projector, scoresheets,
#: player cards), e.g. ``http://10.0.0.5:8000``; empty: the address of the request.
#: ``make hall`` sets it to the laptop's network address.
SITE_URL = os.environ.get("DJANGO_SITE_URL", "").rstrip("/")
#: Where the app reaches the event server for the health check (``/healthz``);
#: empty: no event server is checked.
EVENT_SERVER_URL = os.environ.get("DJANGO_EVENT_SERVER_URL", "").rstrip("/")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_countries",
    "django_tables2",
    "django_htmx",
    "axes",
    "csp",
    "tournaments",
]

MIDDLEWARE = [
    # First: its duration covers everything below it.
    "tournaments.http.requestlog.RequestLogMiddleware",
    # Then: JSON errors under /api/ and the site's 404 page, DEBUG on or off.
    "tournaments.http.errors.ApiErrorsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "tournaments.http.headers.SecurityHeadersMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language (rules.md §15): the switch, Accept-Language, the tournament's, German;
    # the API: Accept-Language alone (tournaments/http/language.py).
    "tournaments.http.language.LanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Keyed writes act once (api.md "Idempotency"): after the user is known.
    "tournaments.http.idempotency.IdempotencyMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # The device cookie of a successful login (tournaments/login_throttle.py).
    "tournaments.login_throttle.DeviceCookieMiddleware",
    # Last, as django-axes asks: it turns a lockout into the 429 answer.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tournaments.context_processors.staff",
                "tournaments.context_processors.csrf_cookie",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

# SQLite by default so that a newcomer needs nothing; DATABASE_URL selects
# another database (PostgreSQL in production).
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "0")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Twenty referees saving at once must wait for each other, not fail.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            # Readers (polling phones) never wait for a writer, and a commit
            # does not wait for the disk twice.
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )

# Pages are rendered once per tournament state and kept in the cache (see
# tournaments/live/). One process: local memory. Several app processes
# or servers: REDIS_URL names the Redis server they share.
REDIS_URL = os.environ.get("REDIS_URL", "")
CACHES: dict[str, dict[str, object]]
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "bang",
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "bang",
            "OPTIONS": {"MAX_ENTRIES": 5000},
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# The users are German: German first (rules.md §15). Every language the software
# speaks, named in itself (the language switch lists these names); a tournament and
# a participant may have any of them. A new language is one entry here once its
# catalogue is complete (README, "Adding a language").
LANGUAGE_CODE = "de"
LANGUAGES = [
    ("de", "Deutsch"),
    ("en", "English"),
    ("it", "Italiano"),
    ("cs", "Čeština"),
    ("fr", "Français"),
    ("es", "Español"),
    ("pl", "Polski"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Where a language's numbers differ from Django's formats (rules.md §15: Spanish 9.450).
FORMAT_MODULE_PATH = ["config.formats"]
USE_I18N = True
TIME_ZONE = os.environ.get("DJANGO_TIME_ZONE", "Europe/Berlin")
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT") or BASE_DIR / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
# Source maps are fetched by a browser's developer tools only, never by a phone: not
# compressing them (13 of 26 MB, Swagger UI's and ReDoc's) halves collectstatic's
# brotli time, which a fresh `make hall` waits for.
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = (*Compressor.SKIP_COMPRESS_EXTENSIONS, "map")

# --------------------------------------------------------------------------- headers
# Content-Security-Policy (django-csp): only our own files; the few inline
# scripts and styles (Swagger UI's start-up) carry the request's nonce.
# Permissions-Policy and Cache-Control on staff answers: tournaments/http/headers.py.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF, NONCE],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# --------------------------------------------------------------------------- logins
# Every door (login page, admin, token API) goes through authenticate(), which
# django-axes watches; see tournaments/login_throttle.py. Counted in the
# database: shared by every process, nothing to set up beyond migrate.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
#: Proxies in front of the app that append to X-Forwarded-For (0: use REMOTE_ADDR).
TRUSTED_PROXIES = int(os.environ.get("DJANGO_TRUSTED_PROXIES", "0"))
AXES_ENABLED = True
AXES_HANDLER = "tournaments.login_throttle.LoginThrottleHandler"
AXES_FAILURE_LIMIT = 30
LOGIN_FAILURES_PER_ADDRESS = 10
#: Wrong passwords that lock one browser with a device cookie (its own allowance).
LOGIN_FAILURES_PER_DEVICE = 10
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = ["username", ["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "tournaments.http.client.client_address"
AXES_LOCKOUT_CALLABLE = "tournaments.login_throttle.locked_out"
AXES_VERBOSE = False

# --------------------------------------------------------------------------- idempotency
# A keyed write's answer is kept this long (api.md "Idempotency"); a second
# request while the first is processed answers 409 request_in_progress at once,
# and a claim left in progress this long is taken over (a process that died).
# See tournaments/http/idempotency.py.
IDEMPOTENCY_TTL = timedelta(hours=24)
IDEMPOTENCY_STALE = timedelta(minutes=5)
# Render processes per app process for documents (tournaments/render_process.py; 0: none,
# documents are then made in the request's thread).
DOCUMENT_RENDER_PROCESSES = int(os.environ.get("DJANGO_DOCUMENT_RENDER_PROCESSES") or "1")
# Anonymous keys one client address may hold within IDEMPOTENCY_TTL (api.md "The day's edges").
IDEMPOTENCY_ANONYMOUS_KEYS = 2000

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# A scoresheet is small; anything far larger is hostile.
DATA_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
# What the ASGI server lets reach Django at all (tournaments/http/bodies.py), as
# nginx's client_max_body_size in production: an Excel import of 5 MiB and its
# form; and how long a body may take to arrive before it is dropped (408).
REQUEST_BODY_LIMIT = 6 * 1024 * 1024
REQUEST_BODY_SECONDS = float(os.environ.get("DJANGO_REQUEST_BODY_SECONDS", "30"))
# How many requests of one ASGI server process run Django's code at a time
# (config/asgi.py, tournaments/http/concurrency.py). Two: one slow request (a
# document waiting for its render) does not stop the process, and a save shares
# the interpreter with one fetch, not three (benchmarks/hall.py on half a core:
# a save's p99 0.73 s with 2, 1.35 s with 4; the same on two cores).
CONCURRENT_REQUESTS = max(int(os.environ.get("DJANGO_CONCURRENT_REQUESTS", "2")), 1)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["tournaments.api.permissions.ReadOnlyOrOrganiser"],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_SCHEMA_CLASS": "tournaments.api.schema.AutoSchema",
    "EXCEPTION_HANDLER": "tournaments.api.errors.exception_handler",
    # Logins are throttled by django-axes (above), not here. Public documents per
    # address, counted in the default cache (shared where REDIS_URL is set).
    "DEFAULT_THROTTLE_RATES": {
        "documents": os.environ.get("DJANGO_DOCUMENT_THROTTLE", "30/min"),
    },
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "BANG! tournaments API",
    "DESCRIPTION": "Runs BANG! and Showdown tournaments on the model of the German championship.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Strict inputs keep their names (tournaments.api.schema_extensions.postprocess),
    # after drf-spectacular's own hook has named the enums.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "tournaments.api.schema_extensions.postprocess",
    ],
    # Inputs and answers are separate components: an upload is binary, a
    # strict input refuses unknown keys, an answer's read-only fields are required.
    "COMPONENT_SPLIT_REQUEST": True,
    # Ids in paths are numbers (tournaments.converters.IdConverter: 1 to 18 digits).
    "PATH_CONVERTER_OVERRIDES": {
        "id": {"type": "integer", "format": "int64", "minimum": 1, "maximum": 10**18 - 1}
    },
    # Stable enum component names: generated clients name their classes after them,
    # so a new enum elsewhere must not rename an old one.
    "ENUM_NAME_OVERRIDES": {
        "RoleEnum": ["sheriff", "deputy", "outlaw", "renegade"],
        "StaffRoleEnum": ["organiser", "referee"],
    },
    # Served from our own static files: venues often have no internet.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        # One zone, named by its offset: the pages' (config/logtime.py).
        "plain": {
            "()": "config.logtime.ZonedFormatter",
            "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s",
            "zone": TIME_ZONE,
        },
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO")},
    "loggers": {
        # django-axes logs every attempt at INFO; lockouts and failures are warnings.
        "axes": {"level": "WARNING"},
        # One line per request (tournaments/http/requestlog.py): method, path, status, duration.
        "bang.requests": {"level": os.environ.get("DJANGO_REQUEST_LOG_LEVEL", "INFO")},
    },
}
