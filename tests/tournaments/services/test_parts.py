"""A qualifying stage in parts (rules.md §14): each part drawn, locked and redrawn on its own."""

from __future__ import annotations

import random

import pytest

from scoring.redraw import repeated_pairs
from tests import factories
from tournaments import selectors, services
from tournaments.errors import Conflict
from tournaments.models import Game, Seat, Stage
from tournaments.simulation import record_random_results

pytestmark = pytest.mark.django_db


def czech(count: int):
    tournament = factories.make_tournament(format="czech_club")
    factories.add_participants(tournament, count)
    return tournament


def tables_of(tournament, part: int) -> list[list[int]]:
    tables: dict[int, list[int]] = {}
    for number, pid in (
        Seat.objects.filter(
            table__tournament=tournament, table__stage=Stage.GROUP, table__part=part
        )
        .order_by("table__number", "position")
        .values_list("table__number", "participant_id")
    ):
        tables.setdefault(number, []).append(pid)
    return list(tables.values())


def play_part(tournament, part: int, referee) -> None:
    games = Game.objects.filter(
        tournament=tournament, stage=Stage.GROUP, part=part, status=Game.Status.OPEN
    ).select_related("table", "tournament")
    record_random_results(
        games.order_by("round", "table__number"), rng=random.Random(part), referees=[referee]
    )


def sheriffs_by_table(tournament, part: int) -> dict[int, list[int]]:
    found: dict[int, list[int]] = {}
    for game in Game.objects.filter(tournament=tournament, part=part).order_by(
        "table__number", "round"
    ):
        found.setdefault(game.table.number, []).append(game.sheriff_position)
    return found


def test_the_czech_format_plays_two_parts_the_second_drawn_anew(referee):
    tournament = czech(23)
    services.group_stage_draw(tournament=tournament, seed="Praha")
    first = tables_of(tournament, 1)
    assert sorted(len(table) for table in first) == [4, 4, 5, 5, 5]
    # Part I: 3 games a table, the Sheriffs by lot, nobody twice.
    for number, positions in sheriffs_by_table(tournament, 1).items():
        assert len(positions) == 3 and len(set(positions)) == 3, number
    with pytest.raises(Conflict) as early:
        services.group_stage_draw(tournament=tournament, seed="Brno", part=2)
    assert early.value.errors[0].code == "part_open"

    play_part(tournament, 1, referee)
    services.group_stage_draw(tournament=tournament, seed="Brno")  # the next part
    second = tables_of(tournament, 2)
    assert sorted(len(table) for table in second) == [4, 4, 5, 5, 5]
    assert repeated_pairs(second, [first]) == 0
    games = Game.objects.filter(tournament=tournament, part=2)
    assert sorted({game.round for game in games}) == [1, 2]
    for positions in sheriffs_by_table(tournament, 2).values():
        assert len(positions) == 2 and len(set(positions)) == 2
    # Part II may be drawn again until its first result; part I is locked.
    services.group_stage_draw(tournament=tournament, seed="Ostrava", part=2)
    assert repeated_pairs(tables_of(tournament, 2), [first]) == 0
    with pytest.raises(Conflict) as locked:
        services.group_stage_draw(tournament=tournament, seed="x", part=1)
    assert locked.value.errors[0].code == "draw_locked"
    play_part(tournament, 2, referee)
    with pytest.raises(Conflict) as done:
        services.group_stage_draw(tournament=tournament, seed="y")
    assert done.value.errors[0].code == "draw_locked"
    # The standings count both parts; the seating shown is the latest part's.
    standings = selectors.group_standings(tournament)
    assert standings.complete and standings.games_total == 5 * 3 + 5 * 2
    assert [metric.key for metric in standings.metrics] == ["points", "wins", "lives"]
    assert sum(row.games_played for row in standings.rows) == 3 * 23 + 2 * 23
    assert selectors.group_seating(tournament).part == 2


@pytest.mark.parametrize("count", [7, 11])
def test_a_czech_count_that_does_not_split_is_refused_with_the_nearest(count):
    tournament = czech(count)
    with pytest.raises(Exception) as refused:
        services.group_stage_draw(tournament=tournament, seed="s")
    assert refused.value.errors[0].code == "not_splittable"
    assert "tables of 4 and 5" in str(refused.value.errors[0].message)


def test_every_czech_count_from_8_splits_except_11():
    from scoring.seating import is_splittable

    czech_sizes = {"sizes": (5, 4), "min_tables": 2}
    assert [n for n in range(1, 130) if not is_splittable(n, **czech_sizes)] == [
        *range(1, 8),
        11,
    ]


def test_a_german_tournament_still_draws_one_part_rotating_the_sheriff(referee):
    tournament = factories.drawn_tournament(11)
    for table_positions in sheriffs_by_table(tournament, 1).values():
        assert table_positions == list(range(1, len(table_positions) + 1))
    game = Game.objects.filter(tournament=tournament, stage=Stage.GROUP).first()
    record_random_results([game], rng=random.Random(1), referees=[referee])
    with pytest.raises(Conflict) as locked:
        services.group_stage_draw(tournament=tournament, seed="again")
    assert locked.value.errors[0].code == "draw_locked"
    assert "first group-stage result" in str(locked.value.errors[0].message)
