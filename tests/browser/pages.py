"""What browser tests do on the pages, said once: open the result form, fill a seat,
see that a page fits a phone."""

from __future__ import annotations

from django.urls import reverse
from django.utils import translation

from tournaments.models import Game, Stage
from tournaments.web.tables import format_points

CHARACTERS = ["Bart Cassidy", "Black Jack", "Calamity Janet", "Jesse Jones", "Kit Carlson"]


def open_result_form(page, game: Game) -> None:
    page.goto(page.base_url + reverse("staff:result", args=[game.tournament_id, game.pk]))


def fill_seat(page, position: int, *, role: str | None, character: str, lives: int) -> None:
    if role is not None:
        page.select_option(f"select[name=seat-{position}-role]", role)
    page.select_option(f"select[name=seat-{position}-character]", character)
    page.fill(f"input[name=seat-{position}-lives]", str(lives))


def group_game(tournament, *, round: int = 1) -> Game:
    return Game.objects.select_related("table").get(
        tournament=tournament, stage=Stage.GROUP, round=round, table__number=1
    )


def assert_fits_phone(page, width: int = 360) -> None:
    """Nothing on the page is wider than the phone: it never scrolls sideways."""
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"the page is {wide} px wide on a {width} px phone"


def german_bounty(value: int) -> str:
    """A bounty as the German pages write it (rules.md §15: "9.450")."""
    with translation.override("de"):
        return format_points(value)
