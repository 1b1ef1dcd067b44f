"""Yes/no and date cells as organisers of the seven languages type them (rules.md §15)."""

from __future__ import annotations

from datetime import date

import pytest

from tournaments.documents.import_cells import parse_bool, parse_date


@pytest.mark.parametrize(
    "typed", ["ja", "Yes", "sì", "si", "Sí", "ANO", "oui", "Tak", "x", "1", "✓"]
)
def test_yes_in_each_language_is_yes(typed):
    assert parse_bool(typed) is True


@pytest.mark.parametrize("typed", ["nein", "No", "ne", "Non", "nie", "0", "", "-"])
def test_no_in_each_language_is_no(typed):
    assert parse_bool(typed) is False


@pytest.mark.parametrize("typed", ["vielleicht", "2", "oui non", "ano?"])
def test_anything_else_is_neither(typed):
    assert parse_bool(typed) is None


@pytest.mark.parametrize(
    "typed", ["1990-05-17", "17.05.1990", "17.5.1990", "17. 5. 1990", "17/05/1990", "17/5/1990"]
)
def test_day_first_dates_of_the_seven_languages(typed):
    assert parse_date(typed) == date(1990, 5, 17)


@pytest.mark.parametrize("typed", ["31/02/1990", "05/17/1990", "17-05-1990", "1990", "17.05.90"])
def test_impossible_or_unknown_dates_are_none(typed):
    assert parse_date(typed) is None
