"""One log line per request: method, path, status, duration and the client's address (issue 21)."""

from __future__ import annotations

import logging

import pytest
from django.test import Client

from tests import factories

pytestmark = pytest.mark.django_db


def test_one_log_line_per_request_with_method_path_status_duration_and_address(caplog):
    tournament = factories.drawn_tournament(5)
    caplog.set_level(logging.INFO, logger="bang.requests")
    Client().get(f"/t/{tournament.pk}/leaderboard/live/?sort=name", REMOTE_ADDR="10.0.0.23")
    Client().post("/accounts/login/", {"username": "x", "password": "y"}, REMOTE_ADDR="10.0.0.24")
    lines = [r.getMessage() for r in caplog.records if r.name == "bang.requests"]
    assert len(lines) == 2
    method, path, status, duration, address = lines[0].split()
    assert (method, path, status, address) == (
        "GET",
        f"/t/{tournament.pk}/leaderboard/live/",  # without the query string
        "200",
        "10.0.0.23",
    )
    assert duration.endswith("ms") and float(duration[:-2]) > 0
    assert lines[1].startswith("POST /accounts/login/ 200 ")
    assert lines[1].endswith(" 10.0.0.24")


def test_the_log_names_the_phone_behind_a_trusted_proxy(caplog, settings):
    settings.TRUSTED_PROXIES = 1
    caplog.set_level(logging.INFO, logger="bang.requests")
    Client().get("/healthz", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="10.0.0.9")
    (line,) = [r.getMessage() for r in caplog.records if r.name == "bang.requests"]
    assert line.endswith(" 10.0.0.9")
