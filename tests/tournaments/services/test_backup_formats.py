"""A backup keeps a tournament's format and its parts (rules.md §14).

A Czech tournament in the middle of part II: the format and its settings,
each part's draw (``GroupDraw.part``), the tables and games of each part and
the results' ``last_three`` all come back, and the day can go on where it
stopped. A backup made before formats existed (no format fields) still
imports, as the German championship it was.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests import factories
from tests.tournaments.services.backup_snapshot import snapshot, tournament_models
from tournaments import selectors, services
from tournaments.models import Game, GroupDraw, ResultSeat, Stage, Table, Tournament
from tournaments.services.backup.graph import EXCLUDED
from tournaments.simulation import open_games, record_random_results

pytestmark = pytest.mark.django_db


def _czech_in_part_two(referee) -> Tournament:
    tournament = factories.make_tournament(
        format="czech_club", settings={"points": {"5": {"renegade": {"renegade": 80}}}}
    )
    factories.add_participants(tournament, 23)
    services.group_stage_draw(tournament=tournament, seed="Praha", part=1)
    record_random_results(
        open_games(tournament, stage=Stage.GROUP, part=1),
        rng=random.Random(1),
        referees=[referee],
    )
    services.group_stage_draw(tournament=tournament, seed="Brno", part=2)
    record_random_results(
        open_games(tournament, stage=Stage.GROUP, part=2, rounds=[1]),
        rng=random.Random(2),
        referees=[referee],
    )
    return tournament


def _standings(tournament: Tournament) -> list[tuple]:
    return [
        (r.rank, r.participant.name, r.bounty, r.wins, r.lives, r.games_played)
        for r in selectors.group_standings(tournament).rows
    ]


def _round_trip(tournament: Tournament) -> Tournament:
    backup = json.loads(json.dumps(services.export_tournament(tournament)))
    GroupDraw.objects.filter(tournament=tournament).delete()  # it protects its commitment
    tournament.delete()
    return services.import_tournament(backup)


def test_a_czech_tournament_in_part_two_survives_export_and_import(referee):
    tournament = _czech_in_part_two(referee)
    labels = sorted(set(tournament_models()) - set(EXCLUDED))
    before = snapshot(tournament, labels)
    standings = _standings(tournament)
    settings = tournament.config.values
    # What is at stake: two parts' draws, tables and games, and a Deputy "among the last three".
    assert sorted(d["part"] for d in before["tournaments.GroupDraw"]) == [1, 2]
    assert {t["part"] for t in before["tournaments.Table"]} == {1, 2}
    assert {g["part"] for g in before["tournaments.Game"]} == {1, 2}
    last_three = ResultSeat.objects.filter(
        result__game__tournament=tournament, last_three=True
    ).count()
    assert last_three > 0

    restored = _round_trip(tournament)

    after = snapshot(restored, labels)
    assert after["tournaments.AuditEntry"].pop()["action"] == "tournament_imported"
    for label in labels:
        assert after[label] == before[label], label
    assert restored.format == "czech_club"
    assert restored.config.values == settings
    assert restored.config.values["points"]["5"]["renegade"]["renegade"] == 80
    assert _standings(restored) == standings
    assert (
        ResultSeat.objects.filter(result__game__tournament=restored, last_three=True).count()
        == last_three
    )
    assert selectors.group_seating(restored).part == 2
    # The day goes on: the rest of part II is played, the standings count both parts.
    record_random_results(
        open_games(restored, stage=Stage.GROUP, part=2),
        rng=random.Random(3),
        referees=[referee],
    )
    final = selectors.group_standings(restored)
    assert final.complete and final.games_total == 25


def test_a_backup_from_before_formats_imports_as_the_german_championship(referee):
    tournament = factories.drawn_tournament(11, seed="alt")
    record_random_results(
        open_games(tournament, stage=Stage.GROUP, rounds=[1]),
        rng=random.Random(4),
        referees=[referee],
    )
    standings = _standings(tournament)
    backup = json.loads(json.dumps(services.export_tournament(tournament)))
    # The fields formats added (migration 0027) are absent from an older file.
    removed = {
        "tournaments.Tournament": "format",
        "tournaments.GroupDraw": "part",
        "tournaments.Table": "part",
        "tournaments.Game": "part",
        "tournaments.ResultSeat": "last_three",
    }
    for label, name in removed.items():
        rows = backup["models"][label]
        assert rows
        for row in rows:
            del row["fields"][name]
    GroupDraw.objects.filter(tournament=tournament).delete()
    tournament.delete()

    restored = services.import_tournament(backup)

    assert restored.format == "german_championship"
    assert restored.config.format.key == "german_championship"
    assert list(GroupDraw.objects.filter(tournament=restored).values_list("part", flat=True)) == [1]
    assert set(Table.objects.filter(tournament=restored).values_list("part", flat=True)) == {1}
    assert set(Game.objects.filter(tournament=restored).values_list("part", flat=True)) == {1}
    assert not ResultSeat.objects.filter(
        result__game__tournament=restored, last_three=True
    ).exists()
    assert _standings(restored) == standings


def test_a_version_1_backup_imports_as_the_german_championship():
    path = Path(__file__).parent / "backup_v1.json"
    restored = services.import_tournament(json.loads(path.read_text(encoding="utf-8")))
    assert restored.format == "german_championship"
    assert set(Game.objects.filter(tournament=restored).values_list("part", flat=True)) == {1}
    assert selectors.group_standings(restored).metrics[0].key == "bounty"
