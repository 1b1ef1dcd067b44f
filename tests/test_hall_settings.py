"""config/settings/hall.py: production over plain HTTP on the hall's address (rules.md §12)."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys

from tests.servers import ROOT

READ = """
import json
import django
from django.conf import settings
django.setup()
print(json.dumps({**{name: getattr(settings, name) for name in (
    "SITE_URL", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS", "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS",
    "SECURE_PROXY_SSL_HEADER", "DEBUG", "TRUSTED_PROXIES")},
    "CONN_MAX_AGE": settings.DATABASES["default"]["CONN_MAX_AGE"],
    "OPTIONS": settings.DATABASES["default"].get("OPTIONS", {})}))
"""


def hall_settings(**env: str) -> dict:
    """The hall's settings as a fresh process reads them from ``env`` alone: the
    suite's own ``DATABASE_URL`` (its PostgreSQL run) is not the hall's."""
    done = subprocess.run(
        [sys.executable, "-c", READ],
        cwd=ROOT,
        env={
            **{
                k: v
                for k, v in os.environ.items()
                if not k.startswith(("DJANGO_", "HALL_")) and k != "DATABASE_URL"
            },
            "DJANGO_SETTINGS_MODULE": "config.settings.hall",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(64),
            **env,
        },
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_the_hall_is_production_over_plain_http_on_its_address():
    found = hall_settings(HALL_URL="http://10.0.0.5:8123", DJANGO_TRUSTED_PROXIES="1")
    assert found["SITE_URL"] == "http://10.0.0.5:8123"
    assert found["ALLOWED_HOSTS"][:4] == ["10.0.0.5", "localhost", "127.0.0.1", "[::1]"]
    assert found["CSRF_TRUSTED_ORIGINS"] == [
        "http://10.0.0.5:8123",
        "http://localhost:8123",
        "http://127.0.0.1:8123",
    ]
    # Cookies a browser sends back over plain HTTP; no redirect to HTTPS, no HSTS.
    assert found["SESSION_COOKIE_SECURE"] is False and found["CSRF_COOKIE_SECURE"] is False
    assert found["SECURE_SSL_REDIRECT"] is False and found["SECURE_HSTS_SECONDS"] == 0
    # Nobody stands in front of the hall's server: nobody can claim HTTPS or another
    # address, whatever the environment says; each phone counts as itself.
    assert found["SECURE_PROXY_SSL_HEADER"] is None
    assert found["DEBUG"] is False and found["TRUSTED_PROXIES"] == 0
    # Django runs in a fixed pool of threads (config/asgi.py): each keeps its
    # SQLite connection for as long as it lives.
    assert found["CONN_MAX_AGE"] is None and "pool" not in found["OPTIONS"]


def test_the_hall_on_postgresql_pools_its_connections():
    found = hall_settings(
        HALL_URL="http://10.0.0.5:8000",
        DATABASE_URL="postgres://bang:secret@127.0.0.1:5432/bang",
        HALL_DATABASE_POOL_SIZE="12",
    )
    assert found["CONN_MAX_AGE"] == 0
    assert found["OPTIONS"]["pool"] == {"min_size": 2, "max_size": 12, "timeout": 10}


def test_the_hall_refuses_to_start_without_its_address():
    done = subprocess.run(
        [sys.executable, "-c", READ],
        cwd=ROOT,
        env={
            **{k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "HALL_"))},
            "DJANGO_SETTINGS_MODULE": "config.settings.hall",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(64),
        },
        capture_output=True,
        text=True,
    )
    assert done.returncode != 0 and "HALL_URL" in done.stderr
