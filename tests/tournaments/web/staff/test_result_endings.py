"""The result form and the engine's end checks: the three-player game and the duel always
name the winner, and the new refusals show at the seat (or the winner field), in English
and German (rules.md §5 items 9 and 10, §8)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.language import in_language
from tests.tournaments.web.staff.test_pages import first_game, law_wins, seat_block
from tournaments.models import Game, Result, Stage, Tournament

pytestmark = pytest.mark.django_db

CHARACTERS = ["Bart Cassidy", "Black Jack", "Calamity Janet"]


def referee_client(language: str) -> Client:
    client = in_language(Client(HTTP_ACCEPT_LANGUAGE=language), language)
    client.force_login(factories.make_referee())
    return client


def knockout_game(tournament: Tournament, players: int) -> Game:
    """A knockout table of ``players`` from group table 1 (positions 1..players)."""
    group = tournament.tables.get(number=1, stage=Stage.GROUP)
    table = tournament.tables.create(stage=Stage.KNOCKOUT, round=1, number=1, size=players)
    for position, seat in enumerate(group.seats.order_by("position")[:players], start=1):
        table.seats.create(position=position, participant=seat.participant)
    return Game.objects.create(tournament=tournament, table=table, stage=Stage.KNOCKOUT, round=1)


def three_players(out: dict[int, int | None], winner: str = "") -> dict[str, Any]:
    """Deputy 1, Outlaw 2, Renegade 3; ``out``: position -> eliminated by."""
    data: dict[str, Any] = {"version": 0, "winner": winner, "signed": "on"}
    for p, role in zip((1, 2, 3), ("deputy", "outlaw", "renegade"), strict=True):
        data[f"seat-{p}-role"] = role
        data[f"seat-{p}-character"] = CHARACTERS[p - 1]
        data[f"seat-{p}-lives"] = 0 if p in out else 2
        if out.get(p):
            data[f"seat-{p}-eliminated_by"] = out[p]
    return data


def winner_block(html: str) -> str:
    start = html.index('name="winner"')
    return html[html.rindex('<div class="field', 0, start) : html.index("</div>", start)]


def test_the_three_player_game_and_the_duel_offer_no_winner_from_the_lives() -> None:
    tournament = factories.drawn_tournament(10)
    client = referee_client("en")
    for players in (3, 2):
        game = knockout_game(tournament, players)
        html = client.get(reverse("staff:result", args=[tournament.pk, game.pk])).content.decode()
        block = winner_block(html)
        assert "Winner (required)" in block and "(from the lives)" not in block
        assert 'aria-required="true"' in block
        game.table.delete()
    group = first_game(tournament)
    html = client.get(reverse("staff:result", args=[tournament.pk, group.pk])).content.decode()
    assert "(from the lives)" in winner_block(html)


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "The winner of the three-player game is required."),
        ("de", "Bitte den Sieger der Partie zu dritt angeben."),
    ],
)
def test_a_three_player_result_without_winner_is_refused_at_the_winner(language, message) -> None:
    tournament = factories.drawn_tournament(10)
    game = knockout_game(tournament, 3)
    response = referee_client(language).post(
        reverse("staff:result", args=[tournament.pk, game.pk]), three_players({3: 1})
    )
    assert response.status_code == 200
    assert message in winner_block(response.content.decode())
    assert not Result.objects.exists()


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", 'Seat 3: with one player out, "eliminated by" is required'),
        ("de", "Platz 3: Ist nur ein Spieler ausgeschieden, muss „Ausgeschieden durch“"),
    ],
)
def test_one_out_without_eliminated_by_is_refused_at_the_seat(language, message) -> None:
    tournament = factories.drawn_tournament(10)
    game = knockout_game(tournament, 3)
    response = referee_client(language).post(
        reverse("staff:result", args=[tournament.pk, game.pk]),
        three_players({3: None}, winner="deputy"),
    )
    html = response.content.decode().replace("&quot;", '"')
    assert message in seat_block(html, 3)
    assert message not in seat_block(html, 1)
    assert not Result.objects.exists()


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "The duel&#x27;s winner is required: the lives do not show who won."),
        ("de", "Bitte den Sieger des Duells angeben: Die Leben zeigen nicht, wer gewonnen hat."),
    ],
)
def test_a_duel_without_winner_is_refused_at_the_winner(language, message) -> None:
    tournament = factories.drawn_tournament(10)
    game = knockout_game(tournament, 2)
    response = referee_client(language).post(
        reverse("staff:result", args=[tournament.pk, game.pk]), {"version": 0, "signed": "on"}
    )
    assert message in winner_block(response.content.decode())
    assert not Result.objects.exists()


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "Seat 1: the game ended when the Sheriff went out, so whoever eliminated"),
        ("de", "Platz 1: Die Partie endete, als der Sheriff ausschied; wer ihn ausgeschaltet"),
    ],
)
def test_a_sheriff_eliminated_by_a_player_who_is_out_is_refused_at_the_seat(
    language, message
) -> None:
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)  # round 1: the Sheriff at seat 1
    data = law_wins(game)
    # Seats 2 deputy, 3 renegade, 4 and 5 outlaws: the Outlaws win with seat 5 alive,
    # but the Sheriff is named as eliminated by seat 4, who is out.
    data.update({"seat-1-lives": 0, "seat-1-eliminated_by": 4, "seat-5-lives": 1})
    data.update({"seat-3-final_duel": "", "seat-3-eliminated_by": ""})
    response = referee_client(language).post(
        reverse("staff:result", args=[tournament.pk, game.pk]), data
    )
    html = response.content.decode()
    assert message in seat_block(html, 1)
    assert message not in seat_block(html, 4)
    assert not Result.objects.exists()
