"""The result form's small edges (issue 32): the refusal in the save bar, no nested
brackets, the correction notice naming its field as labelled."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.language import in_language
from tests.tournaments.web.staff.test_pages import client_for, first_game, law_wins
from tournaments import services

pytestmark = pytest.mark.django_db


def _bar(html: str) -> str:
    match = re.search(r'<div class="save-bar-status" id="verdict-bar"[^>]*>(.*?)</div>', html, re.S)
    assert match, "no save bar"
    return match.group(1)


def test_a_refused_save_keeps_its_reason_in_the_save_bar() -> None:
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    url = reverse("staff:result", args=[tournament.pk, game.pk])
    client_for(factories.make_referee()).post(url, law_wins(game))
    game.refresh_from_db()
    # A correction without a reason: refused, and the reason is where Save was tapped.
    html = client_for(factories.make_referee()).post(url, law_wins(game)).content.decode()
    bar = _bar(html)
    assert 'class="bar-problem"' in bar
    assert "A correction needs a reason." in bar


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_correction_notice_names_the_reason_field_as_it_is_labelled(language) -> None:
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    url = reverse("staff:result", args=[tournament.pk, game.pk])
    referee = factories.make_referee()
    client_for(referee).post(url, law_wins(game))
    client = in_language(Client(), language)
    client.force_login(referee)
    html = client.get(url).content.decode()
    notice = re.search(r'data-testid="reason-notice">(.*?)</p>', html, re.S)
    label = re.search(r'<label for="id_reason">(.*?)</label>', html, re.S)
    assert notice and label
    assert label.group(1) in notice.group(1)


def test_a_contradicting_winner_has_no_nested_brackets_in_german() -> None:
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    referee = factories.make_referee()
    client = in_language(Client(), "de")
    client.force_login(referee)
    data = law_wins(game)
    data["winner"] = "outlaws"  # the lives say the Sheriff's side won
    url = reverse("staff:result_check", args=[tournament.pk, game.pk])
    html = client.post(url, data).content.decode()
    problems = re.findall(r'<p class="problem" role="alert">(.*?)</p>', html)
    assert any("gewonnen" in p for p in problems), problems
    for problem in problems:
        assert not re.search(r"\([^()]*\(", problem), problem
    assert "Sheriff und Hilfssheriffs" in " ".join(problems)


def test_a_stale_form_is_a_notice_that_leaves_save_on() -> None:
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    a, b = game.table.seats.order_by("position")[:2]
    services.seat_swap(tournament=tournament, a=a.participant_id, b=b.participant_id)
    url = reverse("staff:result_check", args=[tournament.pk, game.pk])
    html = client_for(factories.make_referee()).post(url, {"version": 0, "seating": 0})
    bar = _bar(html.content.decode())
    assert 'class="bar-problem bar-notice"' in bar
