from __future__ import annotations

import hypothesis
import pytest
from django.core.cache import cache
from django.utils import translation
from rest_framework.test import APIClient

from tests import factories

pytest_plugins = ["tests.chromium"]

# Property tests check what is computed, not how fast: the suite runs beside another
# worker on two cores, where a 200 ms deadline per example or the "too slow to
# generate" health check measure the machine's load. Loaded here, before any test
# module builds its own settings on top of this default.
hypothesis.settings.register_profile(
    "bang", deadline=None, suppress_health_check=[hypothesis.HealthCheck.too_slow]
)
hypothesis.settings.load_profile("bang")


def pytest_sessionfinish(session: pytest.Session) -> None:
    """The demo database the server tests copy from (tests/servers.py) goes with the
    session that made it."""
    import sys

    servers = sys.modules.get("tests.servers")
    if servers is not None:
        servers.discard_demo_database()


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache: database ids (and so the live
    versions that cache keys carry) repeat from one test to the next."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _staff_everywhere():
    """``factories.make_organiser()``/``make_referee()`` without a tournament make
    staff of every tournament of the test, those created later included."""
    from django.db.models.signals import post_save

    from tournaments.models import Tournament

    def appoint(sender, instance, created, **kwargs):
        if created and factories.EVERYWHERE:
            factories.appoint_everywhere(instance)

    factories.EVERYWHERE.clear()
    post_save.connect(appoint, sender=Tournament, dispatch_uid="tests-staff-everywhere")
    yield
    post_save.disconnect(sender=Tournament, dispatch_uid="tests-staff-everywhere")
    factories.EVERYWHERE.clear()


@pytest.fixture(autouse=True)
def _english_by_default():
    """Tests read English messages unless they ask for German."""
    with translation.override("en"):
        yield


@pytest.fixture
def api() -> APIClient:
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def organiser(db):
    return factories.make_organiser(username="orga")


@pytest.fixture
def referee(db):
    return factories.make_referee(username="referee")


@pytest.fixture
def organiser_api(api, organiser) -> APIClient:
    api.force_authenticate(organiser)
    return api


@pytest.fixture
def referee_api(api, referee) -> APIClient:
    api.force_authenticate(referee)
    return api


@pytest.fixture(autouse=True)
def _no_stream_outlives_its_test():
    """A page open in a test's browser listens to the event stream of the live server.
    After the test has closed its browser, wait until every stream has noticed (at its
    next keep-alive, a quarter of a second in tests), the polling thread has stopped and
    the live server has answered its last request, so that no thread reads the database
    while the test's database is emptied and the next test sets it up."""
    yield
    import time

    from tournaments.events import hub

    # A request the page sent just before it closed (a live check of the result form,
    # the outbox's report) may still run in a live-server thread. On PostgreSQL that
    # thread has its own connection, and its queries would deadlock with the flush
    # that ends a transactional test ("Database test_bang_gw0 couldn't be flushed").
    deadline = time.monotonic() + 10
    while (not hub.threads_idle() or _live_server_busy()) and time.monotonic() < deadline:
        time.sleep(0.05)
    # A test's own event loop has closed: its hub's reading thread closes its database
    # connection now, not at the end of the session.
    hub.retire_closed_hubs(wait=True)


def _live_server_busy() -> bool:
    """A request thread of the live server still runs (socketserver names each thread
    after its target, ``process_request_thread``)."""
    import threading

    return any(t.name.endswith("(process_request_thread)") for t in threading.enumerate())


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test databases, and at the end no session of ours left in them.

    A connection opened inside a test's own event loop (``asyncio.run`` under
    ``AsyncClient``) lives in that loop's context until the garbage collector frees
    it; PostgreSQL refuses to drop a database another session still uses. Collect
    first, and on PostgreSQL end whatever backend of the test database is left."""
    yield
    import gc

    from django.db import connections

    gc.collect()
    with django_db_blocker.unblock():
        for connection in connections.all():
            if connection.vendor != "postgresql":
                continue
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
            connection.close()
