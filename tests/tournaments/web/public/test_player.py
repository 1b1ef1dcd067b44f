"""A participant's page: seat, Sheriff round, games, penalties, knockout path.

Pages are requested in English (``Accept-Language: en``, the ``client``
fixture) so that the assertions hold once the German translations exist.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests import factories
from tests.tournaments.web.public.pages import body, played
from tournaments import selectors, services
from tournaments.models import ResultSeat, Seat, Stage

pytestmark = pytest.mark.django_db


def test_player_page_shows_seat_sheriff_round_and_recorded_games(client, referee):
    tournament = played(10, referee)
    seat = Seat.objects.select_related("table", "participant").get(
        table__tournament=tournament, table__stage=Stage.GROUP, table__number=2, position=2
    )
    player = seat.participant
    html = body(client.get(reverse("player", args=[tournament.pk, player.pk])))
    assert re.search(r'data-testid="table">2<', html)
    assert re.search(r'data-testid="seat">2<', html)
    assert re.search(r'data-testid="sheriff-round">2<', html)

    lines = ResultSeat.objects.filter(participant=player, result__is_current=True).select_related(
        "result__game"
    )
    assert lines.count() == 3
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", html.split('class="data player-games"')[1], re.S)
    rows = [r for r in rows if "<td" in r]
    assert len(rows) == 5  # a 5-table plays 5 rounds
    for line in lines:
        row = rows[line.result.game.round - 1]
        assert line.get_role_display() in row
        assert ("won" if line.won else "lost") in row
    assert "Sheriff" in rows[1]  # position 2 = Sheriff in round 2
    # Round 4 is not recorded: no role is shown.
    for role in ("Sheriff", "Deputy", "Outlaw", "Renegade"):
        assert role not in rows[3]
    assert "not yet played" in rows[3]

    row = next(r for r in selectors.group_standings(tournament).rows if r.participant == player)
    assert re.search(rf'data-testid="rank">{row.rank}\.<', html)


def test_player_page_shows_penalties(client, referee):
    tournament = factories.drawn_tournament(10)
    player = tournament.participants.first()
    services.penalty_give(
        participant=player, kind="warning", reason="Loud table talk", actor=referee
    )
    html = body(client.get(reverse("player", args=[tournament.pk, player.pk])))
    assert "Loud table talk" in html
    assert "warning" in html


def test_player_page_shows_the_knockout_path(client, finished):
    tournament, knockout = finished
    html = body(client.get(reverse("player", args=[tournament.pk, knockout.champion_id])))
    assert "Knockout path" in html
    assert html.count(">champion<") == 1  # only the last game they won
    loser = next(
        s.participant
        for s in Seat.objects.filter(table__tournament=tournament, table__stage=Stage.KNOCKOUT)
        if s.participant_id != knockout.champion_id
    )
    html = body(client.get(reverse("player", args=[tournament.pk, loser.pk])))
    assert "Knockout path" in html
    assert ">out<" in html
    assert f"Knockout seed</dt><dd>{knockout.seeding.index(loser.pk) + 1}<" in html
