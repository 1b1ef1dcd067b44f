"""The rehearsal plays every format: the Czech club format's two parts (rules.md §14)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from scoring.redraw import repeated_pairs
from tournaments import selectors
from tournaments.models import Game, Knockout, Seat, Stage, Tournament

pytestmark = pytest.mark.django_db


def _tables(tournament: Tournament, part: int) -> list[list[int]]:
    tables: dict[int, list[int]] = {}
    for number, pid in Seat.objects.filter(
        table__tournament=tournament, table__stage=Stage.GROUP, table__part=part
    ).values_list("table__number", "participant_id"):
        tables.setdefault(number, []).append(pid)
    return list(tables.values())


def test_the_czech_rehearsal_plays_both_parts_and_the_final_table_and_prints_its_timings():
    out = StringIO()
    call_command(
        "simulate_tournament",
        "--format",
        "czech_club",
        "--players",
        "23",
        "--seed",
        "cz",
        stdout=out,
    )
    text = out.getvalue()
    tournament = Tournament.objects.get()
    assert tournament.format == "czech_club"
    # 23 players: tables 5, 5, 5, 4, 4; part I 3 games a table, part II 2.
    assert "23 participants, 25 group games (part 1: 15, part 2: 10), 0 knockout games" in text
    assert not Game.objects.filter(tournament=tournament, status=Game.Status.OPEN).exists()
    for label in ("registration", "draw part 1", "play part 1", "draw part 2", "play part 2"):
        assert f"{label} " in text
    # Part II was drawn anew: at 23 players nobody meets a table mate of part I again.
    assert repeated_pairs(_tables(tournament, 2), [_tables(tournament, 1)]) == 0
    standings = selectors.group_standings(tournament)
    assert standings.complete
    assert [m.key for m in standings.metrics] == ["points", "wins", "lives"]
    # Then the final table: its 5 games played, its champion named.
    assert "5 final-table games" in text and "final table " in text
    assert (
        not Game.objects.filter(tournament=tournament, stage="final")
        .exclude(status=Game.Status.RECORDED)
        .exists()
    )
    ranking = selectors.final_ranking(tournament)
    assert ranking.champion is not None
    assert f"Champion: {ranking.champion} ({ranking.champion.nationality})" in text
    assert Knockout.objects.get(tournament=tournament).champion == ranking.champion
    # The statistics count the qualifying games and the final table's (tables of 5).
    assert "4 players, 10 games" in text and "5 players, 20 games" in text
    assert "Simulated in" in text


def test_the_german_rehearsal_is_one_part_and_a_knockout():
    out = StringIO()
    call_command("simulate_tournament", "--players", "10", "--seed", "de", stdout=out)
    text = out.getvalue()
    assert "10 participants, 10 group games, " in text and "(part" not in text
    assert "draw part 1" in text and "part 2" not in text and "knockout " in text
    assert "Champion:" in text
    assert "Title holder (best-placed DE)" in text
