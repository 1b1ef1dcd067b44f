"""The standings' points equal a recomputation from the points table as the API shows it.

Hypothesis picks a points table for a Czech tournament (set through
``services.tournament_update``, as an organiser's PATCH does) and random
results in both parts; the test recomputes every participant's total from
``tournament.config.values["points"]`` (the JSON form, rules.md §14) and the
stored results alone. The table is then changed after the results, and every
stored game is computed again (rules.md §12).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import factories
from tournaments import selectors, services
from tournaments.models import Result, Stage, Tournament
from tournaments.simulation import open_games, record_random_results

pytestmark = pytest.mark.django_db

AMOUNT = st.integers(min_value=-100, max_value=100)


def _split(condition: str, other: str) -> st.SearchStrategy[dict[str, int]]:
    return st.builds(lambda a, b: {condition: a, other: b}, AMOUNT, AMOUNT)


def _size_table(*, deputy: bool) -> st.SearchStrategy[dict[str, Any]]:
    """Every cell of the Czech table for a size, plus the Outlaws' cell under a Law
    win (absent from the preset: 0 until set), each with a random amount."""
    law = {
        "sheriff": AMOUNT,
        "renegade": _split("final_duel", "else"),
        "outlaw": AMOUNT,
    }
    renegade = {"renegade": AMOUNT, "sheriff": AMOUNT}
    if deputy:
        law["deputy"] = _split("alive", "dead")
        renegade["deputy"] = _split("last_three", "else")
    return st.fixed_dictionaries(
        {
            "law": st.fixed_dictionaries(law),
            "outlaws": st.fixed_dictionaries(
                {"outlaw": _split("alive", "dead"), "renegade": _split("alive", "dead")}
            ),
            "renegade": st.fixed_dictionaries(renegade),
        }
    )


POINTS = st.fixed_dictionaries({"4": _size_table(deputy=False), "5": _size_table(deputy=True)})


def _cell(points: dict[str, Any], size: int, side: str, role: str, seat: Any) -> int:
    """One seat's amount, read from the JSON table as a reader of api.md would."""
    cell = points.get(str(size), {}).get(side, {}).get(role, 0)
    if isinstance(cell, int):
        return cell
    if "alive" in cell:
        return cell["alive"] if (seat.lives or 0) > 0 else cell["dead"]
    if "final_duel" in cell:
        return cell["final_duel"] if seat.final_duel else cell["else"]
    return cell["last_three"] if seat.last_three else cell["else"]


def _recomputed(tournament: Tournament) -> dict[int, int]:
    tournament = Tournament.objects.get(pk=tournament.pk)
    values = tournament.config.values
    assert values["survivor_bonus"] == values["small_table_bonus"] == 0
    assert values["deputy_kills_sheriff"] == 0
    totals = dict.fromkeys(tournament.participants.values_list("pk", flat=True), 0)
    for result in (
        Result.objects.counting(tournament)
        .filter(game__stage=Stage.GROUP)
        .select_related("game__table")
        .prefetch_related("seats")
    ):
        for seat in result.seats.all():
            totals[seat.participant_id] += _cell(
                values["points"], result.game.table.size, result.winner, seat.role, seat
            )
    return totals


def _shown(tournament: Tournament) -> dict[int, int]:
    return {row.participant.pk: row.bounty for row in selectors.group_standings(tournament).rows}


@settings(
    max_examples=4,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(first=POINTS, second=POINTS, seed=st.integers(0, 10**6), played=st.integers(0, 6))
def test_standings_points_equal_a_recomputation_from_the_json_table(
    referee, first, second, seed, played
):
    tournament = factories.make_tournament(format="czech_club")
    services.tournament_update(tournament=tournament, settings={"points": first})
    tournament.refresh_from_db()
    assert tournament.config.values["points"] == {
        size: {side: dict(cells) for side, cells in table.items()} for size, table in first.items()
    }
    factories.add_participants(tournament, 13)  # tables of 5, 4 and 4
    rng = random.Random(seed)
    services.group_stage_draw(tournament=tournament, seed=f"h{seed}", part=1)
    record_random_results(
        open_games(tournament, stage=Stage.GROUP, part=1), rng=rng, referees=[referee]
    )
    services.group_stage_draw(tournament=tournament, seed=f"h{seed}-2", part=2)
    record_random_results(
        open_games(tournament, stage=Stage.GROUP, part=2)[:played], rng=rng, referees=[referee]
    )
    assert _shown(tournament) == _recomputed(tournament)

    # A new table after the results: every stored game counts by it at once.
    services.tournament_update(tournament=tournament, settings={"points": second})
    tournament = Tournament.objects.get(pk=tournament.pk)
    assert tournament.config.values["points"] == second
    assert _shown(tournament) == _recomputed(tournament)
