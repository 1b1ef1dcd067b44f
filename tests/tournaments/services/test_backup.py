"""export_tournament / import_tournament round-trip a whole tournament."""

from __future__ import annotations

import json
import random
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests import factories
from tournaments import selectors, services
from tournaments.models import AuditEntry, Result, Tournament
from tournaments.selectors import final_ranking, group_standings
from tournaments.simulation import open_games, play_knockout, record_random_results

pytestmark = pytest.mark.django_db


def _standings(tournament):
    return [
        (r.rank, r.participant.name, r.table, r.position, r.bounty, r.wins, r.lives, r.excluded)
        for r in group_standings(tournament).rows
    ]


def _ranking(tournament):
    ranking = final_ranking(tournament)
    return (
        ranking.final,
        ranking.champion and ranking.champion.name,
        ranking.title_holder and ranking.title_holder.name,
        [(r.place, r.participant.name, r.knockout_round_reached) for r in ranking.rows],
    )


def test_a_whole_tournament_survives_export_and_import(tmp_path, django_user_model):
    referee = factories.make_referee(username="schiri-export")
    tournament = factories.make_tournament()
    services.character_add(tournament=tournament, name="Belle Star", life_points=4)
    factories.add_participants(tournament, 17)
    services.group_stage_draw(tournament=tournament, seed="test")  # characters come first
    record_random_results(
        open_games(tournament, stage="group"), rng=random.Random(4), referees=[referee]
    )
    # a correction (two versions), a deduction and an exclusion
    result = Result.objects.filter(game__tournament=tournament).first()
    services.result_record(
        game=result.game,
        seats=selectors.seat_reports(result),
        signed=True,
        reason="Unterschrift nachgeholt",
        version=1,
        actor=referee,
    )
    players = list(tournament.participants.order_by("id"))
    services.penalty_give(
        participant=players[0], kind="deduction", amount=300, reason="Hilfsmittel", actor=referee
    )
    services.penalty_give(
        participant=players[1], kind="exclusion", reason="Beleidigung", actor=referee
    )
    play_knockout(tournament, seed="ko", rng=random.Random(5), referees=[referee])
    before = (_standings(tournament), _ranking(tournament))
    versions_before = Result.objects.filter(game__tournament=tournament).count()

    out = StringIO()
    call_command("export_tournament", tournament.pk, stdout=out)
    path = tmp_path / "backup.json"
    path.write_text(out.getvalue(), encoding="utf-8")

    # an empty database: delete everything of the tournament and its referee
    tournament.delete()
    django_user_model.objects.filter(username="schiri-export").delete()
    assert not Tournament.objects.exists()

    call_command("import_tournament", str(path), stdout=StringIO())
    restored = Tournament.objects.get()
    assert (_standings(restored), _ranking(restored)) == before
    assert _ranking(restored)[0] is True  # the champion is known
    assert Result.objects.filter(game__tournament=restored).count() == versions_before
    assert Result.objects.filter(game__tournament=restored, version=2).count() == 1
    assert restored.penalties.count() == 2
    assert selectors.tournament_characters(restored)["Belle Star"] == 4
    restored_referee = django_user_model.objects.get(username="schiri-export")
    assert not restored_referee.is_active and not restored_referee.has_usable_password()
    # the history is kept, plus a note of the import
    assert AuditEntry.objects.filter(tournament=restored).last().action == "tournament_imported"
    assert AuditEntry.objects.filter(tournament=restored, action="result_corrected").count() == 1
    again = StringIO()
    call_command("export_tournament", restored.pk, stdout=again)
    first, second = json.loads(out.getvalue()), json.loads(again.getvalue())
    assert len(second["results"]) == len(first["results"])
    assert [r["recorded_at"] for r in second["results"]] == [
        r["recorded_at"] for r in first["results"]
    ]


def test_a_file_that_is_not_a_backup_is_refused_and_imports_nothing(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('{"format": "something-else"}', encoding="utf-8")
    with pytest.raises(CommandError, match="not a tournament backup"):
        call_command("import_tournament", str(path))
    path.write_text("not json", encoding="utf-8")
    with pytest.raises(CommandError):
        call_command("import_tournament", str(path))
    assert not Tournament.objects.exists()


def _without_ids(backup: dict) -> dict:
    """A backup with every database id replaced by its row's place in the file."""
    people = {p["id"]: i for i, p in enumerate(backup["participants"])}
    tables = {t["id"]: i for i, t in enumerate(backup["tables"])}
    games = {g["id"]: i for i, g in enumerate(backup["games"])}
    knockout = backup["knockout"]
    return {
        **backup,
        "tournament": {**backup["tournament"], "id": None},
        "participants": [{**p, "id": people[p["id"]]} for p in backup["participants"]],
        "tables": [
            {
                **t,
                "id": tables[t["id"]],
                "pick_order": [people[p] for p in t["pick_order"]],
                "seats": [{**s, "participant": people[s["participant"]]} for s in t["seats"]],
            }
            for t in backup["tables"]
        ],
        "games": [
            {**g, "id": games[g["id"]], "table": tables[g["table"]]} for g in backup["games"]
        ],
        "results": [
            {
                **r,
                "game": games[r["game"]],
                "seats": [{**s, "participant": people[s["participant"]]} for s in r["seats"]],
            }
            for r in backup["results"]
        ],
        "penalties": [{**p, "participant": people[p["participant"]]} for p in backup["penalties"]],
        "knockout": {
            **knockout,
            "seeding": [people[p] for p in knockout["seeding"]],
            "champion": people[knockout["champion"]],
        },
        "lot_draws": [
            {
                **lot,
                "candidates": [people[p] for p in lot["candidates"]],
                "order": [people[p] for p in lot["order"]],
            }
            for lot in backup["lot_draws"]
        ],
        # snapshots keep the original ids verbatim; the object ids are mapped
        "audit": [{**e, "object_id": None} for e in backup["audit"]],
    }


def test_a_restored_tournament_exports_the_same_backup(tmp_path):
    referee = factories.make_referee(username="schiri-rund")
    tournament = factories.make_tournament()
    services.character_add(tournament=tournament, name="Belle Star", life_points=4)
    factories.add_participants(tournament, 12)
    services.group_stage_draw(tournament=tournament, seed="test")  # characters come first
    record_random_results(
        open_games(tournament, stage="group"), rng=random.Random(8), referees=[referee]
    )
    result = Result.objects.current().filter(game__tournament=tournament)[0]
    services.result_record(
        game=result.game,
        seats=selectors.seat_reports(result),
        signed=True,
        reason="nachgetragen",
        version=1,
        actor=referee,
    )
    services.penalty_give(
        participant=tournament.participants.first(), kind="warning", reason="laut", actor=referee
    )
    play_knockout(tournament, seed="rund", rng=random.Random(9), referees=[referee])
    first = services.export_tournament(tournament)
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(first), encoding="utf-8")
    tournament.delete()

    call_command("import_tournament", str(path), stdout=StringIO())
    second = services.export_tournament(Tournament.objects.get())
    imported = second["audit"].pop()
    assert imported["action"] == "tournament_imported"
    assert imported["after"] == {"original_id": first["tournament"]["id"]}
    assert _without_ids(second) == _without_ids(json.loads(path.read_text(encoding="utf-8")))


def test_importing_a_tournament_already_present_is_refused_unless_a_copy(tmp_path):
    tournament = factories.drawn_tournament(10)
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(services.export_tournament(tournament)), encoding="utf-8")

    # the original is still here: refused, nothing imported
    with pytest.raises(CommandError, match="already present"):
        call_command("import_tournament", str(path), stdout=StringIO())
    assert Tournament.objects.count() == 1

    # restored once into an empty database, then a second time: refused again
    tournament.delete()
    call_command("import_tournament", str(path), stdout=StringIO())
    with pytest.raises(CommandError, match="already present"):
        call_command("import_tournament", str(path), stdout=StringIO())
    assert Tournament.objects.count() == 1

    # asked for a copy: a second, independent tournament
    call_command("import_tournament", str(path), "--copy", stdout=StringIO())
    assert Tournament.objects.count() == 2
    copy = Tournament.objects.order_by("pk").last()
    assert copy.participants.count() == 10
    imported = AuditEntry.objects.filter(tournament=copy, action="tournament_imported").get()
    assert imported.after["copy"] is True
