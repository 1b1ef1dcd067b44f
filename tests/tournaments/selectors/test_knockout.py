"""``selectors.knockout_tables`` and ``lot_draws``: the knockout as frozen read models."""

from __future__ import annotations

import dataclasses

import pytest

from tournaments import selectors
from tournaments.models import LotDraw, Stage, Table
from tournaments.simulation import simulate_tournament

pytestmark = pytest.mark.django_db


def test_knockout_tables_carry_seats_pick_order_game_and_result(
    organiser, django_assert_max_num_queries
):
    tournament = simulate_tournament(participants=10, seed="views", organiser=organiser)
    with django_assert_max_num_queries(5):
        views = selectors.knockout_tables(tournament)
        seen = [(v.table.round, [s.participant.name for s in v.seats]) for v in views]
    tables = Table.objects.filter(tournament=tournament, stage=Stage.KNOCKOUT)
    assert [v.table.pk for v in views] == list(
        tables.order_by("round", "number").values_list("pk", flat=True)
    )
    assert seen
    for view in views:
        assert isinstance(view, selectors.KnockoutTableView)
        assert [p.pk for p in view.players_in_pick_order] == view.table.pick_order
        assert view.game is not None and view.game.table_id == view.table.pk
        assert view.result is not None and view.result.game_id == view.game.pk
    with pytest.raises(dataclasses.FrozenInstanceError):
        views[0].result = None  # type: ignore[misc]


def test_lot_draws_name_the_drawn_order(organiser):
    tournament = simulate_tournament(participants=10, seed="lots", organiser=organiser)
    first, second = tournament.participants.order_by("id")[:2]
    LotDraw.objects.create(
        tournament=tournament,
        purpose="knockout_cut",
        seed="Los",
        candidates=[first.pk, second.pk],
        order=[second.pk, first.pk],
        places=1,
    )
    [lot] = selectors.lot_draws(tournament)
    assert isinstance(lot, selectors.LotView)
    assert (lot.purpose, lot.seed, lot.places) == ("knockout_cut", "Los", 1)
    assert lot.order == (second.pk, first.pk)
    assert lot.order_names == (second.name, first.name)
