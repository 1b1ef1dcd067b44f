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
def test_load_demo_builds_three_tournaments_at_different_stages():
    out = StringIO()
    call_command("load_demo", stdout=out)
    championship, cup, club = Tournament.objects.order_by("id")
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

    call_command("load_demo", reset=True, stdout=StringIO())
    assert Tournament.objects.count() == 3


def test_the_demo_refuses_to_run_without_debug():
    with pytest.raises(CommandError):
        call_command("load_demo")


@override_settings(DEBUG=True)
def test_the_demo_appoints_its_staff_per_tournament():
    call_command("load_demo", stdout=StringIO())
    for tournament in Tournament.objects.all():
        staff = dict(tournament.staff.values_list("user__username", "role"))
        assert staff == {"orga": "organiser", "schiri": "referee", "schiri2": "referee"}
