"""Caching headers of public state pages: shared by a proxy for anonymous visitors, never
for anyone with a session or token (issue 21)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from rest_framework.authtoken.models import Token

from tests import factories
from tournaments.http.headers import PUBLIC_STATE_CACHE

pytestmark = pytest.mark.django_db


def state_paths(tournament, participant) -> list[str]:
    base = f"/t/{tournament.pk}"
    return [
        f"{base}/leaderboard/",
        f"{base}/leaderboard/live/",
        f"{base}/projector/",
        f"{base}/projector/live/",
        f"{base}/knockout/",
        f"{base}/knockout/live/",
        f"{base}/ranking/",
        f"{base}/players/{participant.pk}/",
    ]


def vary(response) -> set[str]:
    return {part.strip().lower() for part in response.get("Vary", "").split(",")}


@pytest.fixture
def tournament():
    return factories.drawn_tournament(10)


def spectator() -> Client:
    """An anonymous visitor after the first page: the CSRF cookie, no session."""
    client = Client()
    client.cookies[settings.CSRF_COOKIE_NAME] = "x" * 32
    return client


def test_an_anonymous_spectator_gets_answers_a_proxy_may_share(tournament):
    participant = tournament.participants.first()
    client = spectator()
    for path in state_paths(tournament, participant):
        response = client.get(path, headers={"accept-encoding": "gzip"})
        assert response.status_code == 200, path
        assert response["Cache-Control"] == PUBLIC_STATE_CACHE, path
        assert {"accept-encoding", "accept-language", "cookie"} <= vary(response), path
        assert not response.cookies, path  # nothing of the visitor in a shared answer
        assert "csrfmiddlewaretoken" not in response.content.decode(errors="ignore"), path


def test_a_poll_of_an_unchanged_fragment_revalidates_by_etag_and_stays_public(tournament):
    client = spectator()
    path = f"/t/{tournament.pk}/leaderboard/live/"
    first = client.get(path)
    assert first["ETag"]
    again = client.get(path, headers={"if-none-match": first["ETag"]})
    assert again.status_code == 304
    assert again["Cache-Control"] == PUBLIC_STATE_CACHE
    assert "cookie" in vary(again)


def test_a_first_visit_that_sets_the_csrf_cookie_is_private(tournament):
    response = Client().get(f"/t/{tournament.pk}/leaderboard/")
    assert settings.CSRF_COOKIE_NAME in response.cookies
    assert response["Cache-Control"].startswith("private")
    assert "public" not in response["Cache-Control"]


def test_a_logged_in_visitor_is_never_shared(tournament):
    participant = tournament.participants.first()
    client = spectator()
    client.force_login(factories.make_user())
    for path in state_paths(tournament, participant):
        response = client.get(path)
        assert response.status_code == 200, path
        assert response["Cache-Control"] == "private, no-store", path


def test_a_session_cookie_or_a_token_is_never_shared(tournament):
    path = f"/t/{tournament.pk}/leaderboard/live/"
    with_session = spectator()
    with_session.cookies[settings.SESSION_COOKIE_NAME] = "expired-or-not"
    assert with_session.get(path)["Cache-Control"] == "private, no-store"
    token = Token.objects.create(user=factories.make_user())
    answer = spectator().get(path, headers={"authorization": f"Token {token.key}"})
    assert answer["Cache-Control"] == "private, no-store"


def test_staff_pages_and_unknown_tournaments_are_not_public(tournament):
    factories.make_referee(username="schiri")
    client = spectator()
    client.force_login(factories.make_referee(tournament=tournament))
    staff = client.get(f"/t/{tournament.pk}/staff/")
    assert staff["Cache-Control"] == "private, no-store"
    missing = spectator().get("/t/999999/leaderboard/live/")
    assert missing.status_code == 404
    assert "public" not in missing.get("Cache-Control", "")
