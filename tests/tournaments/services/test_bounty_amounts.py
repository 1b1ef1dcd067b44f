"""Amounts that change after results (rules.md §12): stored game bounties follow the
settings, and the standings never mix old and new amounts."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest
from rest_framework.test import APIClient

from scoring.rulesets import Side
from tests import factories
from tournaments import services
from tournaments.models import AuditEntry, Game, Result, Stage
from tournaments.selectors import seat_reports
from tournaments.simulation import open_games, record_random_results

pytestmark = pytest.mark.django_db


def _recomputed_totals(tournament) -> dict[int, int]:
    """Every participant's total, computed here from the stored sheets and the settings."""
    fmt = tournament.config.format
    totals: dict[int, int] = defaultdict(int)
    for result in Result.objects.current().filter(
        game__tournament=tournament, game__stage=Stage.GROUP
    ):
        amounts = fmt.game_bounty(
            seats=seat_reports(result), side=Side(result.winner), size=result.game.table.size
        )
        for seat in result.seats.all():
            totals[seat.participant_id] += amounts[seat.position]
    for seat in tournament.tables.get(number=2, stage=Stage.GROUP).seats.all():
        totals[seat.participant_id] += fmt.small_table_bonus  # table 2 is the 5-table
    return dict(totals)


def test_changing_amounts_after_results_recomputes_every_standing(referee, organiser):
    tournament = factories.drawn_tournament(11)  # one 6-table, one 5-table
    record_random_results(
        open_games(tournament, stage="group"), rng=random.Random(4), referees=[referee]
    )
    # one corrected game: its old version is recomputed too
    game = Game.objects.filter(tournament=tournament, stage=Stage.GROUP).first()
    assert game is not None
    current = Result.objects.current().get(game=game)
    services.result_record(
        game=game, seats=seat_reports(current), reason="typo", version=1, actor=referee
    )
    api = APIClient()
    api.force_authenticate(organiser)
    before = {
        r["participant"]: r["bounty"]
        for r in api.get(f"/api/tournaments/{tournament.pk}/standings/").json()["rows"]
    }
    assert before == _recomputed_totals(tournament)

    new = {"bounty_sheriff_6": 3700, "bounty_survivor": 275, "five_table_bonus": 2100}
    # (the organiser's settings page and the API's PATCH call this service)
    services.tournament_update(
        tournament=tournament, settings={**tournament.settings, **new}, actor=organiser
    )
    tournament.refresh_from_db()
    rows = api.get(f"/api/tournaments/{tournament.pk}/standings/").json()["rows"]
    after = {r["participant"]: r["bounty"] for r in rows}
    assert after == _recomputed_totals(tournament)
    assert after != before
    # every stored bounty, old versions included, is the new amount's
    fmt = tournament.config.format
    for result in Result.objects.filter(game__tournament=tournament):
        amounts = fmt.game_bounty(
            seats=seat_reports(result), side=Side(result.winner), size=result.game.table.size
        )
        assert {s.position: s.bounty for s in result.seats.all()} == amounts
    entries = list(AuditEntry.objects.filter(tournament=tournament, action="settings_changed"))
    assert len(entries) == 1
    # The change under both of its names (rules.md §14): the German keys and the cells.
    assert {k: entries[0].before[k] for k in new} == {
        "bounty_sheriff_6": 3000,
        "bounty_survivor": 150,
        "five_table_bonus": 1400,
    }
    assert {k: entries[0].after[k] for k in new} == new
    assert entries[0].after["points"]["6"]["law"]["sheriff"] == 3700
    assert (entries[0].after["survivor_bonus"], entries[0].after["small_table_bonus"]) == (
        275,
        2100,
    )
    assert entries[0].after["bounties_recomputed"] > 0


def test_a_change_that_is_no_amount_recomputes_nothing(referee, organiser):
    tournament = factories.drawn_tournament(10)
    record_random_results(
        open_games(tournament, stage="group"), rng=random.Random(2), referees=[referee]
    )
    services.tournament_update(
        tournament=tournament, settings={"max_participants": 100}, actor=organiser
    )
    entry = AuditEntry.objects.get(tournament=tournament, action="settings_changed")
    assert entry.after == {"max_participants": 100, "bounties_recomputed": 0}
    services.tournament_update(tournament=tournament, name="Neu", actor=organiser)
    assert AuditEntry.objects.filter(action="tournament_updated").count() == 1
