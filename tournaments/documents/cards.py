"""Player cards (rules.md §11): one card per participant to cut out, for staff to hand out.

A **card** shows the participant's name, their **PIN** (private: the document
is for the tournament's staff only), their group table and position (once
drawn), the QR code of their public player page and a second QR code that
opens their check-in page for staff (rules.md §12: one tap to check in).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext_lazy

from tournaments.models import Participant, Seat, Stage, Tournament

from .base import AbsoluteUri, Audience, register
from .pdf import PdfExporter, render_html
from .scoresheets import qr_data_uri

__all__ = ["LONG_CARD_NAME", "VERY_LONG_CARD_NAME", "PlayerCard", "PlayerCardsPdf", "player_cards"]

#: Names longer than these are printed in smaller type on a card (it is 85 mm wide):
#: the longest name allowed (120 characters) still leaves room for every line.
LONG_CARD_NAME = 24
VERY_LONG_CARD_NAME = 60


@dataclass(frozen=True)
class PlayerCard:
    name: str
    pin: str
    table: int | None
    position: int | None
    qr_data_uri: str
    url: str
    # The participant's check-in page for staff (rules.md §12, "Who is here").
    check_in_qr_data_uri: str = ""
    check_in_url: str = ""
    # Printed in the participant's language, else the tournament's (rules.md §15).
    language: str = "de"

    @property
    def name_size(self) -> str:
        """``""``, ``"long"`` or ``"very-long"``: a long name is printed smaller so
        that the card keeps its size and every line stays beside the QR codes."""
        if len(self.name) > VERY_LONG_CARD_NAME:
            return "very-long"
        return "long" if len(self.name) > LONG_CARD_NAME else ""


def player_cards(tournament: Tournament, *, absolute_uri: AbsoluteUri) -> list[PlayerCard]:
    """A card per active participant, by name (two queries)."""
    seats = {
        seat.participant_id: seat
        for seat in Seat.objects.filter(
            table__tournament=tournament, table__stage=Stage.GROUP
        ).select_related("table")
    }
    cards = []
    for participant in tournament.participants.filter(status=Participant.Status.ACTIVE).order_by(
        "name"
    ):
        seat = seats.get(participant.pk)
        url = absolute_uri(reverse("player", args=[tournament.pk, participant.pk]))
        check_in_url = absolute_uri(
            reverse("staff:participant", args=[tournament.pk, participant.pk]) + "#check-in"
        )
        cards.append(
            PlayerCard(
                name=participant.name,
                pin=participant.pin,
                table=seat.table.number if seat else None,
                position=seat.position if seat else None,
                qr_data_uri=qr_data_uri(url),
                url=url,
                check_in_qr_data_uri=qr_data_uri(check_in_url),
                check_in_url=check_in_url,
                language=participant.language or tournament.language,
            )
        )
    return cards


@register
class PlayerCardsPdf(PdfExporter):
    """Cards to cut: name, PIN, table and position, the QR code of the player page."""

    identifier = "player_cards_pdf"
    verbose_name = gettext_lazy("Player cards with PINs (PDF)")
    filename_word = gettext_lazy("player-cards")
    audience = Audience.REFEREE

    def html(self, tournament: Tournament, *, absolute_uri: AbsoluteUri, **params: Any) -> str:
        cards = player_cards(tournament, absolute_uri=absolute_uri)
        return render_html(tournament, "tournaments/pdf/player_cards.html", {"cards": cards})
