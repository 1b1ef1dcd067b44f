"""Anonymous idempotency records are bounded per client address and stored small.

api.md "The day's edges": a client address may hold at most 2,000 anonymous
keys within 24 hours; beyond that an anonymous request with a new key answers
``429`` with ``Retry-After`` and nothing is stored; requests without a key are
unaffected. The review: about 4.9 KB per record, kept 24 hours, one client
stored 2.5 GB an hour.
"""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests import factories
from tests.tournaments.api.test_double_check import SHERIFF_WINS
from tournaments.http import idempotency
from tournaments.models import Game, IdempotencyKey, PinMistake

pytestmark = pytest.mark.django_db

ATTACKER = "10.0.0.66"
NEIGHBOUR = "10.0.0.67"


@pytest.fixture
def game() -> Game:
    tournament = factories.drawn_tournament(10, ruleset="showdown")
    game = Game.objects.get(tournament=tournament, round=1, table__number=1)
    referee = APIClient()
    referee.force_authenticate(factories.make_referee())
    assert (
        referee.put(f"/api/games/{game.pk}/result/", SHERIFF_WINS, format="json").status_code == 200
    )
    return game


def _confirm(game: Game, key: str | None, *, address: str = ATTACKER, client=None):
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key is not None else {}
    return (client or APIClient(HTTP_ACCEPT_LANGUAGE="en")).post(
        f"/api/games/{game.pk}/player-confirmations/",
        {"position": 1, "pin": "AAAAAA", "version": 1},
        format="json",
        REMOTE_ADDR=address,
        **headers,
    )


def _fill(address: str, count: int, *, age: timedelta = timedelta(0)) -> None:
    """``count`` anonymous keys the address already holds (as earlier requests left them)."""
    at = timezone.now() - age
    IdempotencyKey.objects.bulk_create(
        IdempotencyKey(
            scope="path:earlier",
            key=f"earlier-{address}-{i}",
            method="POST",
            path="/api/games/1/calls/",
            body_sha256="0" * 64,
            created_at=at,
            address=address,
            status=403,
            body=b"{}",
        )
        for i in range(count)
    )


def test_the_bound_is_2000_keys_per_address_within_24_hours():
    assert settings.IDEMPOTENCY_ANONYMOUS_KEYS == 2000
    assert timedelta(hours=24) == settings.IDEMPOTENCY_TTL


def test_beyond_2000_keys_an_address_is_refused_with_429_and_nothing_is_stored(game):
    _fill(ATTACKER, 1999, age=timedelta(hours=3))
    assert _confirm(game, "key-2000").status_code == 403  # the 2,000th: acted on, kept
    mistakes = PinMistake.objects.count()
    stored = IdempotencyKey.objects.count()

    refused = _confirm(game, "key-2001")

    assert refused.status_code == 429
    assert refused.json()["errors"][0]["code"] == "too_many_idempotency_keys"
    # until the oldest of the address's keys is 24 hours old: 21 hours from now
    assert 21 * 3600 - 60 <= int(refused["Retry-After"]) <= 21 * 3600
    assert IdempotencyKey.objects.count() == stored  # nothing stored
    assert PinMistake.objects.count() == mistakes  # and nothing done
    assert IdempotencyKey.objects.filter(address=ATTACKER).count() == 2000


def test_a_key_the_address_already_holds_is_still_replayed(game):
    _fill(ATTACKER, 1999)
    first = _confirm(game, "mine")
    assert _confirm(game, "other").status_code == 429
    again = _confirm(game, "mine")
    assert again[idempotency.REPLAYED_HEADER] == "true"
    assert again.content == first.content


def test_without_a_key_logged_in_or_from_another_address_nothing_changes(game):
    _fill(ATTACKER, 2000)
    assert _confirm(game, None).status_code == 403  # no key: as always
    assert _confirm(game, "fresh", address=NEIGHBOUR).status_code == 403
    referee = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    token = Token.objects.create(user=factories.make_referee())
    referee.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert _confirm(game, "fresh", client=referee).status_code == 403
    assert IdempotencyKey.objects.filter(key="fresh").count() == 2
    assert IdempotencyKey.objects.get(key="fresh", address=NEIGHBOUR).scope.startswith("path:")
    assert IdempotencyKey.objects.get(key="fresh", address="").scope.startswith("user:")


def test_keys_older_than_24_hours_do_not_count(game, monkeypatch):
    _fill(ATTACKER, 2000)
    assert _confirm(game, "late").status_code == 429
    later = timezone.now() + timedelta(hours=24, seconds=1)
    monkeypatch.setattr(idempotency, "timezone", SimpleNamespace(now=lambda: later))
    assert _confirm(game, "late").status_code == 403


def test_the_confirmation_page_is_bounded_the_same_way(game):
    _fill(ATTACKER, 2000)
    answer = Client().post(
        f"/t/{game.tournament_id}/games/{game.pk}/confirm/",
        {"position": 1, "pin": "AAAAAA", "version": 1},
        HTTP_IDEMPOTENCY_KEY="page",
        REMOTE_ADDR=ATTACKER,
    )
    assert answer.status_code == 429
    assert int(answer["Retry-After"]) > 0
    assert not IdempotencyKey.objects.filter(key="page").exists()


def test_a_page_answer_is_stored_compressed_and_replayed_byte_for_byte(game):
    """What the review measured: a refused PIN on the confirmation page kept a whole page."""
    url = f"/t/{game.tournament_id}/games/{game.pk}/confirm/"
    body = {"position": 1, "pin": "AAAAAA", "version": 1}
    first = Client().post(url, body, HTTP_IDEMPOTENCY_KEY="page", REMOTE_ADDR=ATTACKER)
    assert first.status_code == 403
    assert len(first.content) > 4000
    row = IdempotencyKey.objects.get(key="page")
    assert len(bytes(row.body)) < len(first.content) / 3
    assert row.headers == {"Content-Type": "text/html; charset=utf-8"}
    again = Client().post(url, body, HTTP_IDEMPOTENCY_KEY="page", REMOTE_ADDR=ATTACKER)
    assert again[idempotency.REPLAYED_HEADER] == "true"
    assert (again.status_code, again.content) == (403, first.content)


def test_a_small_api_answer_is_kept_as_it_is_without_headers_a_replay_does_not_need(game):
    first = _confirm(game, "api")
    row = IdempotencyKey.objects.get(key="api")
    assert bytes(row.body) == first.content
    assert row.headers == {"Content-Type": "application/json"}  # no "Allow"
    assert _confirm(game, "api").content == first.content
