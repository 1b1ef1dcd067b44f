"""Names are compared one way (``tournaments.names``): search, sorting and duplicates."""

from __future__ import annotations

import pytest

from tests import factories
from tournaments import selectors, services
from tournaments.names import fold, sort_key


def test_fold_ignores_accents_case_and_spacing():
    assert fold("  Jürgen   KRÜGER ") == fold("jurgen kruger") == "jurgen kruger"
    assert fold("Straße") == "strasse"
    assert fold("Zoë") != fold("Zoe Ann")


def test_names_sort_by_their_folded_form_then_as_written():
    names = ["Zoe", "Émile", "anna", "Anna", "Ölaf", "Oscar"]
    assert sorted(names, key=sort_key) == ["Anna", "anna", "Émile", "Ölaf", "Oscar", "Zoe"]


@pytest.mark.django_db
def test_a_duplicate_registration_is_found_with_or_without_accents():
    tournament = factories.make_tournament()
    services.participants_register(
        tournament=tournament,
        items=[services.ParticipantInput(name="Jürgen Müller", nationality="DE")],
        actor=factories.make_organiser(),
    )
    assert selectors.participants_named(tournament, "jurgen  muller") == ["Jürgen Müller"]
    assert selectors.participants_named(tournament, "Jürgen Möller") == []
