"""The draw page for a qualifying stage in parts (rules.md §14): the parts drawn or not,
the next part once the one before is complete (else why not, in words), a redraw of the
latest part until its first result, and the Sheriffs drawn by lot per table."""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.language import in_english
from tests.tournaments.services.test_parts import czech, play_part
from tournaments import selectors, services
from tournaments.models import Game, Stage
from tournaments.simulation import record_random_results

pytestmark = pytest.mark.django_db


@pytest.fixture
def client() -> Client:
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    client.force_login(factories.make_organiser())
    return client


def page(client: Client, tournament, query: str = "") -> str:
    return client.get(reverse("staff:draw", args=[tournament.pk]) + query).content.decode()


def draw(client: Client, tournament, part: int, seed: str):
    return client.post(
        reverse("staff:draw", args=[tournament.pk]), {"seed": seed, "part": str(part)}
    )


def part_state(html: str, number: int) -> str:
    item = re.search(rf'<li data-part="{number}".*?</li>', html, re.S).group(0)
    return re.search(r'<span class="part-state">(.*?)</span>', item).group(1)


def test_a_czech_tournament_draws_part_one_then_part_two(client, referee):
    tournament = czech(9)
    html = page(client, tournament)
    assert part_state(html, 1) == part_state(html, 2) == "not drawn yet"
    assert "Draw part I</button>" in html
    # The split is fixed by the number of tables of 4, the format's smaller size.
    assert "Number of tables of 4 (empty: as few as possible)" in html
    assert draw(client, tournament, 1, "Praha").status_code == 302

    html = page(client, tournament)
    assert part_state(html, 1) == "drawn, no result yet"
    assert "Seating of part I" in html and "Redo the draw of part I" in html
    # The Sheriffs by lot: three games a table, as the part's games were drawn.
    sheriffs = re.findall(r'data-testid="sheriff-positions">(.*?)</p>', html)
    positions = selectors.sheriff_positions(tournament, part=1)
    assert len(sheriffs) == len(positions) == 2
    for drawn in positions.values():
        words = " · ".join(f"game {r}: seat {p}" for r, p in enumerate(drawn, start=1))
        assert any(words in line for line in sheriffs), (words, sheriffs)

    # One game recorded: part I is locked, part II waits for the rest (in words).
    first = Game.objects.filter(tournament=tournament, part=1).order_by("round", "table__number")
    record_random_results(list(first[:1]), rng=random.Random(1), referees=[referee])
    html = page(client, tournament)
    assert "Redo the draw of part I" not in html and "Draw part II" not in html
    notice = re.search(r'data-testid="part-open">(.*?)</p>', html).group(1)
    assert notice == "Part II can be drawn once every game of part I is recorded."
    assert "5 games open" in part_state(html, 1)
    # A form of before (or a second tab) is refused by the service in words.
    refused = draw(client, tournament, 2, "Brno")
    assert refused.status_code == 200
    assert "Part 2 can be drawn once every game of part 1 is recorded." in refused.content.decode()

    play_part(tournament, 1, referee)
    html = page(client, tournament)
    assert part_state(html, 1) == "drawn and played"
    assert "Draw part II</button>" in html
    assert draw(client, tournament, 2, "Brno").status_code == 302
    html = page(client, tournament)
    assert "Seating of part II" in html and "Redo the draw of part II" in html
    assert len(re.findall(r'data-testid="sheriff-positions"', html)) == 2
    # The seating of part I stays on view.
    earlier = page(client, tournament, "?part=1")
    assert "Seating of part I<" in earlier
    names = {
        seat.participant.name for seat in selectors.group_tables(tournament, part=1)[0].seats.all()
    }
    assert all(name in earlier for name in names)


def test_the_german_draw_page_shows_no_parts(client):
    tournament = factories.make_tournament()
    factories.add_participants(tournament, 11)
    html = page(client, tournament)
    assert 'data-testid="draw-parts"' not in html and "Sheriff by lot" not in html
    assert ">Draw</button>" in html
    services.group_stage_draw(tournament=tournament, seed="x")
    html = page(client, tournament)
    assert "Redo the draw with a new seed" in html and ">Seating<" in html


def test_the_draw_page_of_parts_counts_its_queries(client, django_assert_max_num_queries):
    tournament = czech(23)
    services.group_stage_draw(tournament=tournament, seed="Praha")
    with django_assert_max_num_queries(30):
        html = page(client, tournament)
    assert html.count('class="seating-table"') == 5
    assert Game.objects.filter(tournament=tournament, stage=Stage.GROUP).count() == 15
