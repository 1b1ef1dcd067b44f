"""``selectors.games_list`` and ``game_view``: games with their seats as frozen read models."""

from __future__ import annotations

import dataclasses

import pytest

from tests import factories
from tournaments import selectors
from tournaments.models import Game, Seat

pytestmark = pytest.mark.django_db


def test_games_list_answers_game_views_with_the_seats_by_position(django_assert_num_queries):
    tournament = factories.drawn_tournament(11)  # tables of 6 and 5
    with django_assert_num_queries(2):  # the games with their tables, the seats
        views = selectors.games_list(tournament, round=1)
        names = [[s.participant.name for s in view.seats] for view in views]
    assert [v.game.pk for v in views] == sorted(
        Game.objects.filter(tournament=tournament, round=1).values_list("pk", flat=True)
    )
    for view, seated in zip(views, names, strict=True):
        assert isinstance(view, selectors.GameView)
        expected = Seat.objects.filter(table=view.game.table).order_by("position")
        assert [s.position for s in view.seats] == [s.position for s in expected]
        assert seated == [s.participant.name for s in expected]
    with pytest.raises(dataclasses.FrozenInstanceError):
        views[0].seats = ()  # type: ignore[misc]


def test_game_view_of_one_game_reads_its_seats_in_one_query(django_assert_num_queries):
    tournament = factories.drawn_tournament(10)
    game = Game.objects.select_related("table").filter(tournament=tournament).first()
    assert game is not None
    with django_assert_num_queries(1):
        view = selectors.game_view(game)
    assert view.game is game
    assert [s.participant_id for s in view.seats] == list(
        game.table.seats.order_by("position").values_list("participant_id", flat=True)
    )
