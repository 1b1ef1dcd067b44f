"""export_tournament / import_tournament round-trip a whole tournament."""

from __future__ import annotations

import json
import random
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests import factories
from tournaments import services
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
    tournament = factories.drawn_tournament(17)
    services.character_add(tournament=tournament, name="Belle Star", life_points=4)
    record_random_results(
        open_games(tournament, stage="group"), rng=random.Random(4), referees=[referee]
    )
    # a correction (two versions), a deduction and an exclusion
    result = Result.objects.filter(game__tournament=tournament).first()
    services.result_record(
        game=result.game,
        seats=services.seat_reports(result),
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
    assert services.tournament_characters(restored)["Belle Star"] == 4
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
