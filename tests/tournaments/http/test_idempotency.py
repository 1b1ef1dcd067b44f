"""api.md "Idempotency": every sentence, one test or more each."""

from __future__ import annotations

import base64
import io
import json
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.core.management import call_command
from django.test import RequestFactory
from django.utils import timezone
from rest_framework.authentication import BasicAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests import factories
from tests.tournaments.api.test_results import _law_wins_six
from tournaments.http import idempotency
from tournaments.models import Game, IdempotencyKey, Result

pytestmark = pytest.mark.django_db


def _client(user=None) -> APIClient:
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        token, _created = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


@pytest.fixture
def game() -> Game:
    tournament = factories.drawn_tournament(12)
    return Game.objects.get(tournament=tournament, stage="group", table__number=1, round=1)


@pytest.fixture
def other_game(game) -> Game:
    return Game.objects.get(tournament=game.tournament, stage="group", table__number=2, round=1)


@pytest.fixture
def referee_client(referee) -> APIClient:
    return _client(referee)


def _put(client: APIClient, game: Game, body: dict | bytes, key: str | None = "key-1", **extra):
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key is not None else {}
    return client.generic(
        "PUT",
        f"/api/games/{game.pk}/result/",
        data,
        content_type="application/json",
        **headers,
        **extra,
    )


def test_a_repeated_request_answers_the_first_answer_and_changes_nothing(referee_client, game):
    first = _put(referee_client, game, _law_wins_six())
    assert first.status_code == 200, first.content
    assert idempotency.REPLAYED_HEADER not in first
    second = _put(referee_client, game, _law_wins_six())
    assert second.status_code == 200
    assert second.content == first.content
    assert second[idempotency.REPLAYED_HEADER] == "true"
    assert second["Content-Type"] == first["Content-Type"]
    assert Result.objects.filter(game=game).count() == 1
    game.refresh_from_db()
    assert game.version == 1


def test_a_request_without_the_header_behaves_as_before(referee_client, game):
    assert _put(referee_client, game, _law_wins_six(), key=None).status_code == 200
    again = _put(referee_client, game, _law_wins_six(), key=None)
    # A second plain PUT is a correction without the version: refused as before.
    assert again.status_code == 409
    assert idempotency.REPLAYED_HEADER not in again
    assert not IdempotencyKey.objects.exists()


def test_an_error_answer_is_kept_and_replayed_too(referee_client, game):
    invalid = {**_law_wins_six(), "seats": _law_wins_six()["seats"][:2]}
    first = _put(referee_client, game, invalid)
    assert first.status_code == 400
    # The game changes meanwhile; the replay still answers what the first request got.
    assert _put(referee_client, game, _law_wins_six(), key="key-2").status_code == 200
    second = _put(referee_client, game, invalid)
    assert (second.status_code, second.content) == (400, first.content)
    assert second[idempotency.REPLAYED_HEADER] == "true"


def test_a_version_conflict_is_kept_so_a_resent_correction_never_overwrites(referee_client, game):
    assert _put(referee_client, game, _law_wins_six(), key="a").status_code == 200
    correction = {**_law_wins_six(), "version": 1, "reason": "lives"}
    assert _put(referee_client, game, correction, key="b").status_code == 200
    stale = {**_law_wins_six(), "version": 1, "reason": "phone"}
    first = _put(referee_client, game, stale, key="c")
    assert first.status_code == 409
    assert first.json()["errors"][0]["code"] == "version_conflict"
    assert _put(referee_client, game, stale, key="c").content == first.content
    assert Result.objects.filter(game=game).count() == 2


def test_the_same_key_with_another_body_is_refused_with_422(referee_client, game):
    body = json.dumps(_law_wins_six()).encode()
    assert _put(referee_client, game, body).status_code == 200
    # Byte for byte: the same JSON with other spacing is another body.
    respaced = json.dumps(_law_wins_six(), indent=1).encode()
    refused = _put(referee_client, game, respaced)
    assert refused.status_code == 422
    assert refused.json() == {
        "errors": [
            {
                "code": "idempotency_key_reused",
                "message": "This Idempotency-Key was already used for another request.",
            }
        ]
    }
    assert Result.objects.filter(game=game).count() == 1


def test_the_same_key_with_another_path_or_method_is_refused_with_422(
    referee_client, game, other_game
):
    assert _put(referee_client, game, _law_wins_six()).status_code == 200
    assert _put(referee_client, other_game, _law_wins_six()).status_code == 422
    assert not Result.objects.filter(game=other_game).exists()
    # Another method on one path: a check-in, then its undoing with the same key.
    participant = game.table.seats.first().participant
    path = f"/api/tournaments/{game.tournament_id}/participants/{participant.pk}/check-in/"
    assert referee_client.post(path, HTTP_IDEMPOTENCY_KEY="key-2").status_code == 200
    undone = referee_client.delete(path, HTTP_IDEMPOTENCY_KEY="key-2")
    assert undone.status_code == 422
    assert undone.json()["errors"][0]["code"] == "idempotency_key_reused"
    participant.refresh_from_db()
    assert participant.checked_in


def test_a_key_on_a_method_the_path_does_not_answer_is_a_405(referee_client, game):
    """A key never turns ``405 Method Not Allowed`` into a replay or a ``422``."""
    assert _put(referee_client, game, _law_wins_six()).status_code == 200
    posted = referee_client.post(
        f"/api/games/{game.pk}/result/",
        _law_wins_six(),
        format="json",
        HTTP_IDEMPOTENCY_KEY="key-1",
    )
    assert posted.status_code == 405


def test_while_the_first_request_is_processed_a_second_answers_409_at_once(
    referee_client, referee, game, monkeypatch
):
    def no_waiting(seconds: float) -> None:
        raise AssertionError("a server thread waited for another request's answer")

    monkeypatch.setattr("time.sleep", no_waiting)
    body = json.dumps(_law_wins_six()).encode()
    IdempotencyKey.objects.create(
        scope=f"user:{referee.pk}",
        key="key-1",
        method="PUT",
        path=f"/api/games/{game.pk}/result/",
        body_sha256=idempotency.hashlib.sha256(body).hexdigest(),
        created_at=timezone.now(),
    )
    answer = _put(referee_client, game, body)
    assert answer.status_code == 409
    assert answer.json()["errors"][0]["code"] == "request_in_progress"
    assert answer["Retry-After"] == "1"
    assert not Result.objects.filter(game=game).exists()


def test_keys_are_per_user(referee_client, game, other_game):
    assert _put(referee_client, game, _law_wins_six()).status_code == 200
    colleague = _client(factories.make_referee(username="colleague"))
    # The same key by someone else is a request of its own, neither replayed nor refused.
    answer = _put(colleague, other_game, _law_wins_six())
    assert answer.status_code == 200
    assert idempotency.REPLAYED_HEADER not in answer
    assert Result.objects.get(game=other_game).recorded_by.username == "colleague"


def test_a_session_user_and_a_token_are_the_same_user(referee, game):
    assert _put(_client(referee), game, _law_wins_six()).status_code == 200
    session = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    session.force_login(referee)
    assert _put(session, game, _law_wins_six())[idempotency.REPLAYED_HEADER] == "true"


def _confirm(client: APIClient, game: Game, key: str, pin: str = "WRONG1"):
    return client.post(
        f"/api/games/{game.pk}/player-confirmations/",
        {"position": 1, "pin": pin, "version": 1},
        format="json",
        HTTP_IDEMPOTENCY_KEY=key,
    )


def test_anonymous_keys_are_scoped_to_the_path(referee_client, game, other_game):
    for g in (game, other_game):
        assert _put(referee_client, g, _law_wins_six(), key=f"r{g.pk}").status_code == 200
    anonymous = _client()
    first = _confirm(anonymous, game, "same")
    assert first.status_code == 403
    assert _confirm(anonymous, game, "same")[idempotency.REPLAYED_HEADER] == "true"
    # Another path: a new request, not a reused key.
    other = _confirm(_client(), other_game, "same")
    assert other.status_code == 403
    assert idempotency.REPLAYED_HEADER not in other
    # Another phone on the same path with the same key and body gets the stored answer.
    assert _confirm(_client(), game, "same")[idempotency.REPLAYED_HEADER] == "true"


def test_after_24_hours_a_key_is_new_again(referee_client, game, monkeypatch):
    assert _put(referee_client, game, _law_wins_six()).status_code == 200
    start = timezone.now()

    def travel(hours: float) -> None:
        monkeypatch.setattr(
            idempotency, "timezone", SimpleNamespace(now=lambda: start + timedelta(hours=hours))
        )

    travel(23.9)
    assert _put(referee_client, game, _law_wins_six())[idempotency.REPLAYED_HEADER] == "true"
    travel(24.1)
    again = _put(referee_client, game, _law_wins_six())
    assert idempotency.REPLAYED_HEADER not in again
    assert again.status_code == 409  # acted on: a correction without its version
    assert IdempotencyKey.objects.get().status == 409


def test_expired_keys_are_deleted_by_the_cleanup(referee_client, game, monkeypatch):
    # The command deletes them, not the claim that does so one time in 50.
    monkeypatch.setattr(idempotency, "purge_now_and_then", lambda: False)
    assert _put(referee_client, game, _law_wins_six()).status_code == 200
    IdempotencyKey.objects.update(created_at=timezone.now() - timedelta(hours=25))
    assert _put(referee_client, game, _law_wins_six(), key="fresh").status_code == 409
    out = io.StringIO()
    call_command("idempotency_cleanup", stdout=out)
    assert out.getvalue().startswith("1 expired")
    assert list(IdempotencyKey.objects.values_list("key", flat=True)) == ["fresh"]


def test_a_claim_deletes_the_expired_keys_now_and_then(referee_client, game, monkeypatch):
    assert _put(referee_client, game, _law_wins_six()).status_code == 200
    IdempotencyKey.objects.update(created_at=timezone.now() - timedelta(hours=25))
    monkeypatch.setattr(idempotency, "PURGE_ONE_IN", 1)  # this claim is the one in N
    assert _put(referee_client, game, _law_wins_six(), key="fresh").status_code == 409
    assert list(IdempotencyKey.objects.values_list("key", flat=True)) == ["fresh"]


def test_one_claim_in_fifty_deletes_the_expired_keys():
    import random

    state = random.getstate()
    random.seed(2027)
    try:
        purges = sum(idempotency.purge_now_and_then() for _ in range(10_000))
    finally:
        random.setstate(state)
    assert 150 < purges < 250  # 200 expected


def test_a_5xx_is_not_kept_and_the_key_may_be_used_again(referee_client, game, monkeypatch):
    from tournaments.api import results as results_api

    real = results_api.services.result_record

    def broken(**kwargs):
        raise RuntimeError("the server broke")

    monkeypatch.setattr(results_api.services, "result_record", broken)
    referee_client.raise_request_exception = False
    failed = _put(referee_client, game, _law_wins_six())
    assert failed.status_code == 500
    assert not IdempotencyKey.objects.exists()
    monkeypatch.setattr(results_api.services, "result_record", real)
    retried = _put(referee_client, game, _law_wins_six())
    assert retried.status_code == 200
    assert idempotency.REPLAYED_HEADER not in retried
    assert Result.objects.filter(game=game).count() == 1


@pytest.mark.parametrize("key", ["", "a" * 101, "with space", "umlaut-ä"])
def test_a_malformed_key_is_refused(referee_client, game, key):
    answer = _put(referee_client, game, _law_wins_six(), key=key)
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["code"] == "invalid_idempotency_key"
    assert not Result.objects.exists()


def test_a_key_of_100_visible_characters_is_accepted(referee_client, game):
    key = "".join(chr(33 + i % 94) for i in range(100))
    assert _put(referee_client, game, _law_wins_six(), key=key).status_code == 200
    assert _put(referee_client, game, _law_wins_six(), key=key)[idempotency.REPLAYED_HEADER]


def test_refused_credentials_use_up_no_key(referee, game):
    wrong = APIClient(HTTP_AUTHORIZATION="Token nonsense")
    assert _put(wrong, game, _law_wins_six()).status_code == 401
    assert not IdempotencyKey.objects.exists()
    assert _put(_client(referee), game, _law_wins_six()).status_code == 200


class _BasicView:
    """A view that authenticates with HTTP Basic only (none of the project's views does)."""

    authentication_classes = [BasicAuthentication]


def test_the_user_is_the_one_the_views_drf_authentication_finds(referee):
    referee.set_password("secret-1")
    referee.save()
    basic = base64.b64encode(f"{referee.username}:secret-1".encode()).decode()
    request = RequestFactory().put("/api/games/1/result/", HTTP_AUTHORIZATION=f"Basic {basic}")
    assert idempotency.request_scope(request, _BasicView) == f"user:{referee.pk}"
    wrong = base64.b64encode(f"{referee.username}:wrong".encode()).decode()
    request = RequestFactory().put("/api/games/1/result/", HTTP_AUTHORIZATION=f"Basic {wrong}")
    assert idempotency.request_scope(request, _BasicView) is None
    # A token is no credential for this view: the request is anonymous, scoped to its path.
    token, _created = Token.objects.get_or_create(user=referee)
    request = RequestFactory().put("/api/games/1/result/", HTTP_AUTHORIZATION=f"Token {token}")
    assert idempotency.request_scope(request, _BasicView).startswith("path:")


def test_a_session_write_without_its_csrf_token_uses_up_no_key(referee, game):
    session = APIClient(enforce_csrf_checks=True)
    session.force_login(referee)
    assert _put(session, game, _law_wins_six()).status_code == 403
    assert not IdempotencyKey.objects.exists()


def test_delete_is_idempotent_too(organiser):
    tournament = factories.make_tournament()
    factories.make_referee(username="helper", tournament=tournament)
    client = _client(organiser)
    path = f"/api/tournaments/{tournament.pk}/staff/helper/"
    first = client.delete(path, HTTP_IDEMPOTENCY_KEY="d")
    assert first.status_code == 204
    second = client.delete(path, HTTP_IDEMPOTENCY_KEY="d")
    assert second.status_code == 204  # not 404: the stored answer
    assert second.content == first.content == b""
    assert second[idempotency.REPLAYED_HEADER] == "true"
    assert client.delete(path, HTTP_IDEMPOTENCY_KEY="e").status_code == 404
