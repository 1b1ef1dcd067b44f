"""The demo that `make run` loads shows every part of the software with realistic data."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import override_settings

from tournaments.models import Game, Penalty, Result, Tournament
from tournaments.selectors import final_ranking, group_standings

pytestmark = pytest.mark.django_db


@override_settings(DEBUG=True)
def test_load_demo_builds_four_tournaments_at_different_stages():
    out = StringIO()
    call_command("load_demo", stdout=out)
    championship, cup, club, czech = Tournament.objects.order_by("id")
    assert "bang-demo" in out.getvalue()

    ranking = final_ranking(championship)
    assert ranking.final and ranking.champion is not None and ranking.title_holder is not None
    assert championship.participants.count() == 30
    assert Result.objects.filter(game__tournament=championship, version=2).exists()
    assert set(Penalty.objects.filter(tournament=championship).values_list("kind", flat=True)) == {
        "warning",
        "deduction",
    }

    standings = group_standings(cup)
    assert cup.ruleset == "showdown" and not standings.complete
    assert 0 < standings.games_recorded < standings.games_total
    assert {row.table for row in standings.rows if row.bonus} == {4}  # the 5-table

    knockout_games = Game.objects.filter(tournament=club, stage="knockout")
    assert {g.status for g in knockout_games} == {"open", "recorded"}
    assert not final_ranking(club).final

    # The Czech club format in part II: part I complete, part II drawn anew and under way.
    assert czech.format == "czech_club" and czech.config.values["title_nationality"] == "CZ"
    assert sorted(t.size for t in czech.tables.filter(part=2)) == [4, 4, 5]
    assert not Game.objects.filter(tournament=czech, part=1, status="open").exists()
    assert Game.objects.filter(tournament=czech, part=2, status="recorded").count() == 2
    czech_standings = group_standings(czech)
    assert [m.key for m in czech_standings.metrics] == ["points", "wins", "lives"]
    assert czech_standings.games_recorded == 9 + 2 and not czech_standings.complete

    call_command("load_demo", reset=True, stdout=StringIO())
    assert Tournament.objects.count() == 4


def test_the_demo_refuses_to_run_without_debug():
    with pytest.raises(CommandError):
        call_command("load_demo")


@override_settings(DEBUG=True)
def test_the_demo_appoints_its_staff_per_tournament():
    call_command("load_demo", stdout=StringIO())
    for tournament in Tournament.objects.all():
        staff = dict(tournament.staff.values_list("user__username", "role"))
        assert staff == {"orga": "organiser", "schiri": "referee", "schiri2": "referee"}
