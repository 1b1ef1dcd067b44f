"""How a round is named on pages and sheets (rules.md §14).

A format of several **parts** numbers its rounds from 1 within each part, so a
round alone is ambiguous there: such a tournament's group-stage rounds read
"Part II · round 1". A format of one part (the German championship) reads
"Round 1" as it always has.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import template
from django.utils.translation import gettext_lazy as _

from scoring.text import lazy_format
from tournaments.models import Stage, Tournament

if TYPE_CHECKING:
    from scoring.text import StrPromise

__all__ = ["has_parts", "part_numeral", "round_label"]

register = template.Library()

_NUMERALS = ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


@register.filter
def part_numeral(part: int) -> str:
    """A part as the formats write it: I, II, III, ..."""
    text, rest = "", int(part)
    for value, numeral in _NUMERALS:
        while rest >= value:
            text, rest = text + numeral, rest - value
    return text


@register.filter
def has_parts(tournament: Tournament) -> bool:
    """Whether the tournament's format plays its qualifying stage in several parts."""
    return len(tournament.config.format.parts) > 1


def round_label(*, round: int, part: int = 1, stage: str = Stage.GROUP, parts: bool) -> StrPromise:
    """ "Round 1", or "Part II · round 1" for a group-stage round of a format in parts.

    Lazy: a document that switches to its tournament's language after building its
    lines prints the label in that language, not in the visitor's.
    """
    if parts and stage == Stage.GROUP:
        return lazy_format(
            _("Part %(part)s · round %(round)s"), {"part": part_numeral(part), "round": round}
        )
    return lazy_format(_("Round %(round)s"), {"round": round})


@register.simple_tag
def round_of(tournament: Tournament, game: Any) -> StrPromise:
    """The round of ``game`` (anything with ``round``, ``part`` and ``stage``)."""
    return round_label(
        round=game.round,
        part=getattr(game, "part", 1),
        stage=getattr(game, "stage", Stage.GROUP),
        parts=has_parts(tournament),
    )
