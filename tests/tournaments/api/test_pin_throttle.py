"""The PIN throttle is per game, shared by every process, and never blocks other games.

rules.md §12 "Shared addresses", api.md "Idempotency" (its last paragraph): the
review's setting was one person behind the venue's one address (or one trusted
proxy) sending wrong PINs; 10 of 10 players of other games must still confirm.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import override_settings
from django.utils import timezone

from tests import factories
from tests.tournaments.api.test_double_check import SHERIFF_WINS
from tournaments import services
from tournaments.models import Game, PinMistake, Result
from tournaments.services.pins import WINDOW

pytestmark = pytest.mark.django_db

VENUE = "203.0.113.7"  # the hall's one public address (its NAT)
PROXY = "10.0.0.2"  # one trusted proxy in front of the app


@pytest.fixture
def games(api):
    """A Showdown tournament of 55 players: 11 tables, each game with a result to sign."""
    tournament = factories.make_tournament(ruleset="showdown", settings={"double_check": True})
    factories.add_participants(tournament, 55)
    services.group_stage_draw(tournament=tournament, seed="test", five_tables=11)
    games = list(Game.objects.filter(tournament=tournament, round=1).order_by("table__number"))
    assert len(games) == 11
    api.force_authenticate(factories.make_referee())
    for game in games:
        assert (
            api.put(f"/api/games/{game.pk}/result/", SHERIFF_WINS, format="json").status_code == 200
        )
    api.force_authenticate(None)
    return games


def _pin(game: Game, position: int) -> str:
    return game.table.seats.select_related("participant").get(position=position).participant.pin


def _wrong(pin: str) -> str:
    return ("A" if pin[0] != "A" else "C") + pin[1:]


def _confirm(api, game, position, pin, **meta):
    return api.post(
        f"/api/games/{game.pk}/player-confirmations/",
        {"position": position, "pin": pin, "version": 1},
        format="json",
        **meta,
    )


@pytest.mark.parametrize(
    ("trusted", "meta"),
    [
        (0, {"REMOTE_ADDR": VENUE}),
        (1, {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": VENUE}),
    ],
    ids=["shared-address", "trusted-proxy"],
)
def test_25_wrong_pins_for_one_game_never_refuse_ten_other_games(api, games, trusted, meta):
    target, others = games[0], games[1:]
    with override_settings(TRUSTED_PROXIES=trusted):
        codes = [
            _confirm(api, target, 1, _wrong(_pin(target, 1)), **meta).status_code for _ in range(25)
        ]
        assert codes[:19] == [403] * 19
        assert codes[19:] == [429] * 6  # the 20th at the latest, then every one
        assert _confirm(api, target, 2, _pin(target, 2), **meta).status_code == 429
        accepted = [_confirm(api, game, 1, _pin(game, 1), **meta).status_code for game in others]
    assert accepted == [201] * 10
    mistakes = PinMistake.objects.filter(game=target)
    assert mistakes.count() == 20  # locked: the newest record moves on, the table stays small
    assert set(mistakes.values_list("address", flat=True)) == {VENUE}  # client_address()


def test_a_forged_forwarded_for_counts_for_nothing(api, games):
    game = games[0]
    with override_settings(TRUSTED_PROXIES=1):
        _confirm(
            api,
            game,
            1,
            _wrong(_pin(game, 1)),
            REMOTE_ADDR=PROXY,
            HTTP_X_FORWARDED_FOR=f"1.2.3.4, {VENUE}",
        )
    assert PinMistake.objects.get().address == VENUE


def test_up_to_five_mistakes_never_refuse_and_the_lock_ends_ten_minutes_after_the_last(api, games):
    game = games[0]
    for _ in range(19):
        assert _confirm(api, game, 1, _wrong(_pin(game, 1)), REMOTE_ADDR=VENUE).status_code == 403
    # 19 mistakes and no lock: the right PIN still counts
    assert _confirm(api, game, 2, _pin(game, 2), REMOTE_ADDR=VENUE).status_code == 201
    assert _confirm(api, game, 1, _wrong(_pin(game, 1)), REMOTE_ADDR=VENUE).status_code == 429
    assert _confirm(api, game, 3, _pin(game, 3), REMOTE_ADDR=VENUE).status_code == 429
    # nine minutes later the lock holds (every mistake was within the window) ...
    PinMistake.objects.update(at=timezone.now() - timedelta(minutes=9))
    assert _confirm(api, game, 3, _pin(game, 3), REMOTE_ADDR=VENUE).status_code == 429
    # ... ten minutes after the last wrong PIN it is over
    PinMistake.objects.update(at=timezone.now() - WINDOW - timedelta(seconds=1))
    assert _confirm(api, game, 3, _pin(game, 3), REMOTE_ADDR=VENUE).status_code == 201
    assert Result.objects.get(game=game).player_confirmations() == [2, 3]


def test_the_count_is_in_the_database_not_in_one_process_cache(api, games):
    """Another process sees the same count: it lives in PinMistake rows, not a local cache."""
    from django.core.cache import cache

    game = games[0]
    for _ in range(19):
        _confirm(api, game, 1, _wrong(_pin(game, 1)), REMOTE_ADDR=f"10.9.0.{_}")
        cache.clear()  # a fresh process: nothing in its own memory
    assert _confirm(api, game, 1, _wrong(_pin(game, 1)), REMOTE_ADDR=VENUE).status_code == 429


def test_the_confirmation_page_throttles_the_same_way(client, games):
    target, other = games[0], games[1]
    url = f"/t/{target.tournament_id}/games/{target.pk}/confirm/"
    statuses = []
    for _ in range(20):
        answer = client.post(
            url, {"position": 1, "pin": _wrong(_pin(target, 1)), "version": 1}, REMOTE_ADDR=VENUE
        )
        statuses.append(answer.status_code)
    assert statuses[-1] == 429
    other_url = f"/t/{other.tournament_id}/games/{other.pk}/confirm/"
    answer = client.post(
        other_url, {"position": 1, "pin": _pin(other, 1), "version": 1}, REMOTE_ADDR=VENUE
    )
    assert answer.status_code == 302
    assert Result.objects.get(game=other).player_confirmations() == [1]
