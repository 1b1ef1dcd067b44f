"""The result form follows the format (rules.md §14): "among the last three" where the
points table counts it, and each seat's points once the entries make a valid result."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

from tests import factories
from tests.tournaments.web.staff.test_pages import client_for, first_game, law_wins, seat_block
from tournaments import services
from tournaments.models import Game, ResultSeat, Stage, Tournament

pytestmark = pytest.mark.django_db

CHARACTERS = ["Bart Cassidy", "Black Jack", "Calamity Janet", "Jesse Jones", "Kit Carlson"]


def czech(count: int = 9) -> Tournament:
    tournament = factories.make_tournament(format="czech_club")
    factories.add_participants(tournament, count)
    services.group_stage_draw(tournament=tournament, seed="Praha")
    return tournament


def game_of_size(tournament: Tournament, size: int) -> Game:
    return (
        Game.objects.select_related("table")
        .filter(tournament=tournament, stage=Stage.GROUP, part=1, round=1, table__size=size)
        .first()
    )


def renegade_wins(game: Game, *, last_three: bool = True) -> dict[str, Any]:
    """The Renegade alone alive; the Deputy (if any) marked among the last three."""
    positions = [s.position for s in game.table.seats.order_by("position")]
    others = [p for p in positions if p != game.sheriff_position]
    roles = {game.sheriff_position: "sheriff", others[0]: "renegade"}
    rest = others[1:]
    if len(positions) == 5:
        roles[rest.pop(0)] = "deputy"
    for p in rest:
        roles[p] = "outlaw"
    data: dict[str, Any] = {"version": game.version, "seating": game.table.seating, "signed": "on"}
    for i, p in enumerate(positions):
        data[f"seat-{p}-role"] = roles[p]
        data[f"seat-{p}-character"] = CHARACTERS[i]
        data[f"seat-{p}-lives"] = 0
        if last_three and roles[p] == "deputy":
            data[f"seat-{p}-last_three"] = "on"
    data[f"seat-{others[0]}-lives"] = 2
    data[f"seat-{game.sheriff_position}-eliminated_by"] = others[0]
    return data


def points(html: str) -> dict[int, int]:
    found = {}
    for position in map(int, re.findall(r'id="problems-(\d+)"', html)):
        block = re.search(rf'id="problems-{position}"[^>]*>(.*?)</div>', html, re.S)
        assert block
        value = re.search(r'class="seat-points" data-points="(-?\d+)"', block.group(1))
        if value:
            found[position] = int(value.group(1))
    return found


def role_at(data: dict[str, Any], role: str) -> int:
    return next(int(k.split("-")[1]) for k, v in data.items() if k.endswith("-role") and v == role)


def test_a_table_of_five_asks_among_the_last_three_except_of_the_sheriff() -> None:
    tournament = czech()
    game = game_of_size(tournament, 5)
    url = reverse("staff:result", args=[tournament.pk, game.pk])
    html = client_for(factories.make_referee()).get(url).content.decode()
    for seat in game.table.seats.all():
        block = seat_block(html, seat.position)
        asked = f'name="seat-{seat.position}-last_three"' in block
        assert asked == (seat.position != game.sheriff_position), seat.position
        if asked:
            assert "Deputy among the last three players" in block


@pytest.mark.parametrize("tournament_of", ["four", "german"])
def test_no_last_three_where_the_points_table_does_not_count_it(tournament_of: str) -> None:
    if tournament_of == "four":
        tournament = czech()
        game = game_of_size(tournament, 4)
    else:
        tournament = factories.drawn_tournament(10)
        game = first_game(tournament)
    url = reverse("staff:result", args=[tournament.pk, game.pk])
    html = client_for(factories.make_referee()).get(url).content.decode()
    assert "last_three" not in html


def test_the_live_check_shows_the_points_of_each_seat_and_saving_stores_the_flag() -> None:
    tournament = czech()
    game = game_of_size(tournament, 5)
    data = renegade_wins(game)
    client = client_for(factories.make_referee())
    check = reverse("staff:result_check", args=[tournament.pk, game.pk])
    html = client.post(check, data).content.decode()
    shown = points(html)
    deputy, renegade = role_at(data, "deputy"), role_at(data, "renegade")
    assert shown[deputy] == 2
    assert shown[renegade] == 75
    assert shown[game.sheriff_position] == 5
    assert sorted(shown.values()) == [0, 0, 2, 5, 75]
    assert "Points: <strong>75</strong>" in html

    client.post(reverse("staff:result", args=[tournament.pk, game.pk]), data)
    seat = ResultSeat.objects.current().get(result__game=game, position=deputy)
    assert seat.last_three is True
    assert seat.bounty == 2


def test_without_the_flag_the_deputy_gets_nothing() -> None:
    tournament = czech()
    game = game_of_size(tournament, 5)
    data = renegade_wins(game, last_three=False)
    check = reverse("staff:result_check", args=[tournament.pk, game.pk])
    html = client_for(factories.make_referee()).post(check, data).content.decode()
    assert points(html)[role_at(data, "deputy")] == 0


def test_a_refused_flag_is_explained_at_its_seat() -> None:
    tournament = czech()
    game = game_of_size(tournament, 5)
    data = renegade_wins(game)
    outlaw = role_at(data, "outlaw")
    data[f"seat-{outlaw}-last_three"] = "on"
    check = reverse("staff:result_check", args=[tournament.pk, game.pk])
    html = client_for(factories.make_referee()).post(check, data).content.decode()
    block = re.search(rf'id="problems-{outlaw}"[^>]*>(.*?)</div>', html, re.S)
    assert block
    assert "only a Deputy can be marked as among the last three" in block.group(1)
    assert points(html) == {}  # no points for a result the rules refuse


def test_a_four_player_table_shows_its_points() -> None:
    tournament = czech()
    game = game_of_size(tournament, 4)
    data = renegade_wins(game)
    check = reverse("staff:result_check", args=[tournament.pk, game.pk])
    html = client_for(factories.make_referee()).post(check, data).content.decode()
    shown = points(html)
    assert shown[role_at(data, "renegade")] == 50
    assert shown[game.sheriff_position] == 4
    assert sorted(shown.values()) == [0, 0, 4, 50]


def test_a_german_tournament_shows_the_bounty_the_same_way() -> None:
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    data = law_wins(game)
    check = reverse("staff:result_check", args=[tournament.pk, game.pk])
    html = client_for(factories.make_referee()).post(check, data).content.decode()
    shown = points(html)
    assert shown[game.sheriff_position] == 2500 + 150  # Sheriff of a 5-table, alive
    assert "Bounty: <strong>" in html
