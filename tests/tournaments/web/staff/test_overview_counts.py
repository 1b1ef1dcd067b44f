"""The staff start page's counts (issue 32): plurals as people say them ("1 Partie offen"),
and participants counted by status."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.language import in_language
from tournaments import services
from tournaments.simulation import open_games, record_random_results

pytestmark = pytest.mark.django_db


def overview(user, tournament, language: str) -> str:
    client = in_language(Client(), language)
    client.force_login(user)
    return client.get(reverse("staff:tournament", args=[tournament.pk])).content.decode()


def text_of(html: str, testid: str) -> str:
    return " ".join(html.split(f'data-testid="{testid}">', 1)[1].split("</span>", 1)[0].split())


def test_one_game_open_and_one_recorded_in_the_singular(organiser):
    tournament = factories.drawn_tournament(10)
    games = list(open_games(tournament, stage="group"))
    record_random_results(games[:1], rng=random.Random(1), referees=[organiser])
    for game in games[2:]:
        type(game).objects.filter(pk=game.pk).update(status="void")
    german = overview(organiser, tournament, "de")
    assert text_of(german, "game-count") == "1 Partie offen, 1 erfasst"
    assert "Für 1 Partie fehlt noch ein Ergebnis." in german
    english = overview(organiser, tournament, "en")
    assert text_of(english, "game-count") == "1 game open, 1 recorded"
    assert "1 game still needs a result." in english


def test_participants_are_counted_by_status(organiser, referee):
    tournament = factories.make_tournament()
    people = factories.add_participants(tournament, 7)
    services.participant_withdraw(participant=people[0])
    services.participant_withdraw(participant=people[1])
    services.penalty_give(participant=people[2], kind="exclusion", reason="x", actor=referee)
    english = overview(organiser, tournament, "en")
    assert text_of(english, "participant-count") == (
        "7 participants: 4 active, 2 withdrawn, 1 excluded"
    )
    german = overview(organiser, tournament, "de")
    assert text_of(german, "participant-count") == (
        "7 Teilnehmer: 4 aktiv, 2 zurückgezogen, 1 ausgeschlossen"
    )
    services.participant_withdraw(participant=people[3])
    services.participant_withdraw(participant=people[4])
    # Three left active: too few to draw, whatever the number registered.
    assert "Register the participants" in overview(organiser, tournament, "en")


def test_a_fresh_tournament_says_nobody_and_no_games(organiser):
    tournament = factories.make_tournament()
    english = overview(organiser, tournament, "en")
    assert text_of(english, "participant-count") == "0 participants"
    assert text_of(english, "game-count") == "0 games open, 0 recorded"
