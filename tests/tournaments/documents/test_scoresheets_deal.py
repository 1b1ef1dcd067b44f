"""Scoresheets print the character deal: each seat's two, a knockout table's revealed."""

from __future__ import annotations

import io
import random

import pytest
from pypdf import PdfReader

from tests import factories
from tournaments import services
from tournaments.models import Game, Stage
from tournaments.simulation import open_games, record_random_results

pytestmark = pytest.mark.django_db


def _text(response) -> list[str]:
    assert response.status_code == 200
    return [page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages]


def test_scoresheets_print_the_dealt_and_revealed_characters(referee_api, referee):
    tournament = factories.make_tournament(settings={"deal_characters": True}, language="en")
    factories.add_participants(tournament, 10)
    services.group_stage_draw(tournament=tournament, seed="sheets")
    pages = _text(
        referee_api.get(f"/api/tournaments/{tournament.pk}/scoresheets.pdf?stage=group&round=3")
    )
    for number, page in enumerate(pages, start=1):
        game = Game.objects.get(tournament=tournament, round=3, table__number=number)
        for pair in game.dealt.values():
            for name in pair:
                assert name in page

    record_random_results(
        open_games(tournament, stage=Stage.GROUP), rng=random.Random(2), referees=[referee]
    )
    services.knockout_start(tournament=tournament, seed="ko")
    game = Game.objects.get(tournament=tournament, stage=Stage.KNOCKOUT)
    (page,) = _text(
        referee_api.get(f"/api/tournaments/{tournament.pk}/scoresheets.pdf?stage=knockout&round=1")
    )
    assert len(game.revealed) == 5
    assert ", ".join(game.revealed) in " ".join(page.split())


def test_without_the_deal_the_character_column_stays_empty(referee_api):
    tournament = factories.drawn_tournament(10, language="en")
    (page, _second) = _text(
        referee_api.get(f"/api/tournaments/{tournament.pk}/scoresheets.pdf?stage=group&round=1")
    )
    assert "Willy the Kid" not in page and "Bart Cassidy" not in page
