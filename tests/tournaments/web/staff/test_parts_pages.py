"""A format in parts on the pages (rules.md §14): rounds restart in each part, so every
page that lists or picks games by round names the part; a German tournament shows none."""

from __future__ import annotations

import random
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests import factories
from tests.language import in_english
from tests.tournaments.web.staff.test_pages import client_for, first_game
from tournaments import selectors, services
from tournaments.models import Game, Seat, Tournament
from tournaments.simulation import record_random_results

pytestmark = pytest.mark.django_db


def czech_in_part_two(referee) -> Tournament:
    """9 players (tables of 5 and 4), part I played, part II drawn."""
    tournament = factories.make_tournament(format="czech_club", language="en")
    factories.add_participants(tournament, 9)
    services.group_stage_draw(tournament=tournament, seed="Praha")
    games = Game.objects.filter(tournament=tournament, part=1).select_related("table", "tournament")
    record_random_results(
        games.order_by("round", "table__number"), rng=random.Random(1), referees=[referee]
    )
    services.group_stage_draw(tournament=tournament, seed="Brno")
    return tournament


def english() -> Client:
    return in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))


def headings(html: str) -> list[str]:
    return re.findall(r'<div class="game-card-head">\s*<h2>(.*?)</h2>', html)


def test_game_rounds_name_the_part(referee):
    tournament = czech_in_part_two(referee)
    assert selectors.game_rounds(tournament) == [
        ("group", 1, 1),
        ("group", 1, 2),
        ("group", 1, 3),
        ("group", 2, 1),
        ("group", 2, 2),
    ]


def test_the_referees_list_shows_and_filters_part_and_round(referee):
    tournament = czech_in_part_two(referee)
    client = client_for(referee)
    url = reverse("staff:games", args=[tournament.pk])
    html = client.get(url, {"show": "all"}).content.decode()
    shown = headings(html)
    assert "Part I · round 3 · table 2" in shown
    assert "Part II · round 1 · table 1" in shown
    assert len(shown) == 2 * 3 + 2 * 2
    assert '<select name="part">' in html
    # The whole-round scoresheets name their part.
    sheets = re.findall(
        r'<a href="([^"]+)" data-stage="group" data-part="(\d)" data-round="(\d)">(.*?)</a>', html
    )
    assert ("2", "1", "Part II · round 1") in [(p, r, label) for _u, p, r, label in sheets]
    assert all(f"part={p}&amp;round={r}" in u for u, p, r, _label in sheets)

    only = client.get(url, {"show": "all", "part": 2, "round": 1}).content.decode()
    assert headings(only) == ["Part II · round 1 · table 1", "Part II · round 1 · table 2"]
    assert "part=2&amp;round=1&amp;table=1" in only  # the card's own scoresheet


def test_a_german_games_list_looks_as_before():
    tournament = factories.drawn_tournament(10)
    html = (
        client_for(factories.make_referee())
        .get(reverse("staff:games", args=[tournament.pk]), {"show": "all", "round": 1})
        .content.decode()
    )
    assert headings(html) == ["Round 1 · table 1", "Round 1 · table 2"]
    assert 'name="part"' not in html
    assert "part=" not in html.replace("data-part=", "")


def test_the_result_form_names_the_part(referee):
    tournament = czech_in_part_two(referee)
    game = Game.objects.get(tournament=tournament, part=2, round=1, table__number=1)
    html = client_for(referee).get(reverse("staff:result", args=[tournament.pk, game.pk]))
    text = html.content.decode()
    assert "Table 1 · part II · round 1" in text
    assert "?round=1&amp;part=2" in text  # Cancel goes back to that round of that part


def test_the_progress_board_has_a_grid_per_part(referee):
    tournament = czech_in_part_two(referee)
    organiser = factories.make_organiser(tournament=tournament)
    html = client_for(organiser).get(reverse("staff:progress", args=[tournament.pk]))
    text = html.content.decode()
    assert re.findall(r'<h2 class="part-heading">(.*?)</h2>', text) == ["Part I", "Part II"]
    grids = re.findall(r'<table class="progress-board">(.*?)</table>', text, re.S)
    assert grids[0].count('<th scope="col">Round') == 3
    assert grids[1].count('<th scope="col">Round') == 2
    assert grids[0].count('data-state="recorded"') == 6


def test_a_german_progress_board_has_no_parts():
    tournament = factories.drawn_tournament(11)
    organiser = factories.make_organiser(tournament=tournament)
    text = client_for(organiser).get(reverse("staff:progress", args=[tournament.pk]))
    assert "part-heading" not in text.content.decode()
    assert text.content.decode().count('<th scope="col">Round') == 6


def test_public_pages_name_the_part(referee):
    tournament = czech_in_part_two(referee)
    game = Game.objects.get(tournament=tournament, part=2, round=2, table__number=1)
    page = english().get(reverse("game_confirmation", args=[tournament.pk, game.pk]))
    assert "Table 1, part II, round 2" in page.content.decode()

    # The player page: each game's part, and the Sheriff's rounds as drawn by lot.
    seat = Seat.objects.get(table=game.table, position=game.sheriff_position)
    html = english().get(reverse("player", args=[tournament.pk, seat.participant_id]))
    text = html.content.decode()
    assert "Group I" in text and "Group II" in text
    sheriff = re.search(r'data-testid="sheriff-round">(.*?)</dd>', text)
    assert sheriff
    assert "2" in sheriff.group(1).split(", ")

    # The leaderboard: the tables still playing, by part and round.
    board = english().get(reverse("leaderboard", args=[tournament.pk])).content.decode()
    assert "Table 1 · part II · round 1" in board

    # The projector: part II's first round is about to start.
    body = english().get(reverse("projector", args=[tournament.pk])).content.decode()
    assert "Part II · round 1: please take your seats" in body
    sheriffs = re.findall(r'<li value="(\d)" class="sheriff">', body)
    first = Game.objects.filter(tournament=tournament, part=2, round=1).order_by("table__number")
    assert sheriffs == [str(g.sheriff_position) for g in first]


def test_the_german_game_page_has_no_part():
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    page = english().get(reverse("game_confirmation", args=[tournament.pk, game.pk]))
    assert "Table 1, round 1" in page.content.decode()
    assert "part" not in page.content.decode().split("<title>")[1].split("</title>")[0]


@pytest.mark.parametrize("name", ["staff:games", "staff:progress"])
def test_the_pages_in_parts_make_as_many_queries_for_many_tables(name, referee):
    counts = []
    for count in (9, 23):
        tournament = factories.make_tournament(format="czech_club", language="en")
        factories.add_participants(tournament, count)
        services.group_stage_draw(tournament=tournament, seed="Praha")
        games = Game.objects.filter(tournament=tournament).select_related("table", "tournament")
        record_random_results(
            games.order_by("round", "table__number"), rng=random.Random(1), referees=[referee]
        )
        services.group_stage_draw(tournament=tournament, seed="Brno")
        client = client_for(factories.make_organiser(tournament=tournament))
        url = reverse(name, args=[tournament.pk])
        client.get(url, {"show": "all"})  # sessions, caches
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url, {"show": "all"}).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1], counts
    assert counts[1] <= 25
