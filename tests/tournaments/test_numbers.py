"""Numbers and role names in each language (rules.md §15)."""

from __future__ import annotations

import pytest
from django.utils import translation

from scoring.rulesets import Role, Side, side_label
from tournaments.numbers import grouped
from tournaments.templatetags.numbers import grouped as grouped_filter
from tournaments.web.tables import format_points

NBSP = "\xa0"


@pytest.mark.parametrize(
    ("language", "bounty", "points"),
    [
        ("de", "9.450", "12.345,5"),
        ("en", "9,450", "12,345.5"),
        ("it", "9.450", "12.345,5"),
        ("es", "9.450", "12.345,5"),
        ("cs", f"9{NBSP}450", f"12{NBSP}345,5"),
        ("fr", f"9{NBSP}450", f"12{NBSP}345,5"),
        ("pl", f"9{NBSP}450", f"12{NBSP}345,5"),
    ],
)
def test_thousands_are_grouped_as_each_language_writes_them(language, bounty, points):
    with translation.override(language):
        assert grouped(9450) == bounty
        assert format_points(9450) == bounty
        assert grouped(12345.5, decimal_pos=1) == points
        assert grouped(-9450) == f"-{bounty}"
        assert grouped(950) == "950"
        assert grouped_filter(9450) == bounty
        assert grouped_filter("n/a") == "n/a"


def test_role_names_and_sides_follow_the_active_language():
    with translation.override("de"):
        german = (Role.SHERIFF.label, Role.RENEGADE.label, Side.OUTLAWS.label)
        assert german == ("Sheriff", "Renegat", "Banditen")
        assert side_label(Side.LAW, 4) == "Sheriff"
    with translation.override("en"):
        assert (Role.OUTLAW.label, Role.DEPUTY.label) == ("Outlaw", "Deputy")
        assert side_label(Side.LAW, 5) == "Sheriff and Deputies"
