"""What a new organiser met on a phone (the championship day's rough edges), in Chromium.

A 360 px phone: the live check names a winner that contradicts the lives in words, the
seating page with a published commitment does not slide sideways, and the knockout,
player and ranking pages show their result columns without sideways scrolling.
"""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import (
    CHARACTERS,
    assert_fits_phone,
    fill_seat,
    group_game,
    open_result_form,
)
from tests.tournaments.web.public.pages import played
from tournaments import services
from tournaments.models import Result
from tournaments.simulation import play_knockout

pytestmark = pytest.mark.django_db(transaction=True)


def _on_screen(page, selector: str) -> None:
    """Every cell of the column lies within the phone's width (no sideways scrolling)."""
    rights = page.locator(selector).evaluate_all(
        "cells => cells.map(c => c.getBoundingClientRect().right)"
    )
    assert rights, f"no {selector}"
    assert max(rights) <= 360, f"{selector} ends at {max(rights)} px"


def test_the_live_check_names_a_winner_that_contradicts_the_lives(new_page) -> None:
    tournament = factories.drawn_tournament(10)
    factories.make_referee(username="schiri")
    game = group_game(tournament)
    page = new_page(phone=True, locale="en-GB")
    login(page, "schiri")
    open_result_form(page, game)
    # Round 1: the Sheriff (seat 1) is out, the Outlaws alive, and "law" chosen.
    fill_seat(page, 1, role=None, character=CHARACTERS[0], lives=0)
    fill_seat(page, 2, role="deputy", character=CHARACTERS[1], lives=0)
    fill_seat(page, 3, role="renegade", character=CHARACTERS[2], lives=0)
    fill_seat(page, 4, role="outlaw", character=CHARACTERS[3], lives=2)
    fill_seat(page, 5, role="outlaw", character="El Gringo", lives=1)
    page.select_option("select[name=seat-1-eliminated_by]", "4")
    page.select_option("select[name=winner]", "law")
    expected = "The reported winner (Sheriff and Deputies) does not match the result: Outlaws won."
    page.locator("#table-problems").get_by_text(expected).wait_for()
    assert page.locator("#verdict-bar").inner_text().strip() == expected
    assert page.locator(".verdict").count() == 0
    assert not Result.objects.exists()


def test_the_seating_page_with_a_commitment_fits_a_phone(new_page) -> None:
    tournament = factories.make_tournament()
    factories.add_participants(tournament, 10)
    commitment = services.draw_commitment_create(tournament=tournament)
    page = new_page(phone=True)
    page.goto(page.base_url + reverse("seating", args=[tournament.pk]))
    page.locator(".commitment").first.wait_for()
    assert_fits_phone(page)
    services.group_stage_draw(tournament=tournament, commitment=commitment.commitment)
    page.reload()
    page.locator(".revealed-seed").first.wait_for()
    assert_fits_phone(page)


def test_knockout_player_and_ranking_pages_show_their_results_on_a_phone(new_page) -> None:
    referee = factories.make_referee()
    tournament = played(10, referee, rounds=range(1, 6))
    knockout = play_knockout(tournament, seed="ko", rng=random.Random(2), referees=[referee])
    page = new_page(phone=True)

    page.goto(page.base_url + reverse("knockout", args=[tournament.pk]))
    _on_screen(page, "table.knockout-seats .badge")
    page.goto(page.base_url + reverse("player", args=[tournament.pk, knockout.champion_id]))
    _on_screen(page, "table.player-games .badge")
    page.goto(page.base_url + reverse("ranking", args=[tournament.pk]))
    _on_screen(page, "table.ranking th:nth-child(3)")  # the knockout round reached
    _on_screen(page, "table.ranking td:nth-child(3)")
