"""Every rule of rules.md §5 enforced by the service: a broken sheet is refused
with that rule's code, and nothing is stored.

The rule breakers are the ones the pure rules-engine tests use
(``tests/scoring/test_results.py``); here they run against real games of real
tournaments, through ``services.result_record``.
"""

from __future__ import annotations

import random

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.results import derive_side
from scoring.simulate import random_result
from tests import factories
from tests.scoring.test_results import BREAKERS
from tournaments import selectors, services
from tournaments.errors import InvalidInput
from tournaments.models import AuditEntry, Game, Result

pytestmark = pytest.mark.django_db

SERVICE_SETTINGS = settings(
    max_examples=12,
    deadline=None,
    database=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.filter_too_much,
        HealthCheck.too_slow,
    ],
)


@pytest.fixture
def games() -> list[Game]:
    """Group games of a BANG! tournament (6- and 5-tables) and a Showdown one."""
    bang = factories.drawn_tournament(11)
    showdown = factories.drawn_tournament(
        10, ruleset="showdown", settings={"tougher_sheriff": True}
    )
    return list(
        Game.objects.filter(tournament__in=[bang, showdown]).select_related("table", "tournament")
    )


def _submit(game: Game, seats, winner, referee) -> list[str]:
    audit_before = AuditEntry.objects.count()
    with pytest.raises(InvalidInput) as refused:
        services.result_record(
            game=game,
            seats=seats,
            winner=winner,
            actor=referee,
        )
    game.refresh_from_db()
    assert game.version == 0 and game.status == Game.Status.OPEN
    assert not Result.objects.exists()
    assert AuditEntry.objects.count() == audit_before
    return [error.code for error in refused.value.errors]


@pytest.mark.parametrize("rule", [rule for rule in BREAKERS if rule != "sheriff moved"])
@SERVICE_SETTINGS
@given(data=st.data())
def test_a_sheet_breaking_one_rule_is_refused_and_stores_nothing(rule, data, games, referee):
    game = data.draw(st.sampled_from(games))
    spec = selectors.game_spec(game)
    seats, winner = random_result(spec, random.Random(data.draw(st.integers(0, 2**32))))
    breaker, expected = BREAKERS[rule]
    spec, seats, winner = breaker(data, spec, seats, winner)
    assert _submit(game, seats, winner, referee) == [expected(spec)]


@SERVICE_SETTINGS
@given(data=st.data())
def test_a_sheet_for_another_round_has_the_sheriff_at_the_wrong_position(data, games, referee):
    game = data.draw(st.sampled_from(games))
    other = data.draw(
        st.sampled_from([g for g in games if g.table_id == game.table_id and g.pk != game.pk])
    )
    seats, winner = random_result(
        selectors.game_spec(game), random.Random(data.draw(st.integers()))
    )
    assert _submit(other, seats, winner, referee) == ["sheriff_not_at_round_position"]


@SERVICE_SETTINGS
@given(data=st.data())
def test_every_valid_sheet_is_recorded_with_the_derived_winner(data, games, referee):
    game = data.draw(st.sampled_from(games))
    spec = selectors.game_spec(game)
    seats, winner = random_result(spec, random.Random(data.draw(st.integers(0, 2**32))))
    with transaction.atomic():  # each example starts from the same, unrecorded games
        result = services.result_record(
            game=game,
            seats=seats,
            winner=winner,
            actor=referee,
        )
        assert result.winner == derive_side(seats).value
        assert result.seats.count() == len(spec.positions)
        assert Game.objects.get(pk=game.pk).status == Game.Status.RECORDED
        transaction.set_rollback(True)


def test_seat_reports_read_back_what_was_recorded(games, referee):
    game = games[0]
    seats, winner = random_result(selectors.game_spec(game), random.Random(3))
    result = services.result_record(game=game, seats=seats, winner=winner, actor=referee)
    assert selectors.seat_reports(result) == sorted(seats, key=lambda seat: seat.position)
    # resubmitted unchanged as a correction, they make the same result
    corrected = services.result_record(
        game=game,
        seats=selectors.seat_reports(result),
        winner=winner,
        reason="nachgesehen",
        version=result.version,
        actor=referee,
    )
    assert corrected.version == 2 and corrected.winner == result.winner
    assert services.result_snapshot(corrected)["seats"] == services.result_snapshot(result)["seats"]
