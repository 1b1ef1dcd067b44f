"""Player cards: name, PIN, table and position, for staff only."""

from __future__ import annotations

import io
from collections import Counter
from itertools import pairwise

import pdfplumber
import pytest
from django.utils import translation
from django.utils.translation import gettext
from pypdf import PdfReader

from tests import factories
from tournaments import services
from tournaments.documents.cards import PlayerCardsPdf

pytestmark = pytest.mark.django_db


def test_player_cards_carry_name_pin_and_seat_and_only_staff_get_them(api, referee):
    tournament = factories.drawn_tournament(11, language="en")
    url = f"/api/tournaments/{tournament.pk}/player-cards.pdf"
    assert api.get(url).status_code == 401
    api.force_authenticate(referee)
    response = api.get(url)
    assert response.status_code == 200
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    for participant in tournament.participants.all():
        assert participant.name in text
        assert participant.pin in text
    assert "Table 2" in text


# --------------------------------------------------------------- the layout at print size
#: The smallest type on a card: readable when printed, cut out and held at arm's length.
SMALLEST_PRINT_PT = 6.5


def _overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """Do two boxes (x0, top, x1, bottom) share any area?"""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _qr_boxes(page) -> list[tuple[float, ...]]:
    """The QR codes: each is an SVG whose white square (its quiet zone included) frames it."""
    return [
        (r["x0"], r["top"], r["x1"], r["bottom"])
        for r in page.rects
        if r["fill"]
        and r["non_stroking_color"] in ((1.0, 1.0, 1.0), [1.0, 1.0, 1.0], 1.0, (1.0,))
        and abs(r["width"] - r["height"]) < 0.5
        and 30 < r["width"] < 150
    ]


def _cut_lines(page) -> list[tuple[float, ...]]:
    """The dashed borders the cards are cut along."""
    return [
        (ln["x0"], ln["top"], ln["x1"], ln["bottom"])
        for ln in page.lines
        if ln["dash"] and ln["dash"][0]  # a QR code's modules are solid lines
    ]


def _cells(lines: list[tuple[float, ...]]) -> list[tuple[float, ...]]:
    """The pieces of paper the cut lines leave (each card's border is drawn on its own)."""

    def cuts(values: list[float]) -> list[float]:
        merged: list[float] = []
        for value in sorted(values):
            if not merged or value - merged[-1] > 3:
                merged.append(value)
        return merged

    xs = cuts([ln[0] for ln in lines if ln[0] == ln[2]])
    ys = cuts([ln[1] for ln in lines if ln[1] == ln[3]])
    return [(x0, y0, x1, y1) for y0, y1 in pairwise(ys) for x0, x1 in pairwise(xs)]


def _crosses(box: tuple[float, ...], line: tuple[float, ...]) -> bool:
    x0, top, x1, bottom = box
    if line[0] == line[2]:  # vertical
        return x0 < line[0] < x1 and top < line[3] and line[1] < bottom
    return top < line[1] < bottom and x0 < line[2] and line[0] < x1


@pytest.mark.parametrize("language", ["de", "en"])
def test_every_line_of_a_card_is_readable_beside_its_qr_codes(language):
    """Issue 32: the sentence under the PIN ran under the QR codes and was cut off.

    Read back from the printed PDF: no word lies on a QR code (its quiet zone
    included), no word or QR code crosses the line the card is cut along, and no
    type is smaller than SMALLEST_PRINT_PT, and each piece of paper holds one card
    whole (its PIN and its whole sentence), the longest name allowed included.
    """
    tournament = factories.make_tournament(language=language)
    factories.add_participants(tournament, 9)
    services.participants_register(
        tournament=tournament,
        items=[
            services.ParticipantInput(
                name="Maximiliane Alexandra von Hohenzollern-Sigmaringen", nationality="DE"
            ),
            services.ParticipantInput(name=" ".join(["Wolkenkuckucksheim"] * 6), nationality="DE"),
        ],
    )
    services.group_stage_draw(tournament=tournament, seed="cards")
    content = PlayerCardsPdf().render(
        tournament, absolute_uri=lambda path: f"http://192.168.178.20:8000{path}"
    )
    with translation.override(language):
        hint = Counter(
            gettext(
                "Confirm your results with this PIN: scan the QR code on the scoresheet. "
                "Keep the PIN to yourself."
            ).split()
        )
    cards_seen = 0
    with pdfplumber.open(io.BytesIO(content)) as document:
        for page in document.pages:
            words = [
                (w["x0"], w["top"], w["x1"], w["bottom"], w["text"]) for w in page.extract_words()
            ]
            qrs = _qr_boxes(page)
            cut_lines = _cut_lines(page)
            for *box, text in words:
                assert not [qr for qr in qrs if _overlaps(box, qr)], f"{text!r} on a QR code"
                assert not [ln for ln in cut_lines if _crosses(box, ln)], f"{text!r} is cut"
            for qr in qrs:
                assert not [ln for ln in cut_lines if _crosses(qr, ln)], "a QR code is cut"
            cards = [
                Counter(text for *box, text in words if _overlaps(cell, box))
                for cell in _cells(cut_lines)
            ]
            cards = [card for card in cards if card]
            assert [hint <= card for card in cards] == [True] * len(cards), "the sentence whole"
            assert len(qrs) == 2 * len(cards), "two QR codes per card"
            assert min(char["size"] for char in page.chars) >= SMALLEST_PRINT_PT - 0.01
            cards_seen += len(cards)
    assert cards_seen == 11
