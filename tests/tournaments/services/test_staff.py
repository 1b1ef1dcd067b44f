"""A tournament's staff (``tournaments/services/staff.py``) and the migration that
made existing tournaments' creators their organisers."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from tests import factories
from tournaments import services
from tournaments.errors import Conflict, InvalidInput
from tournaments.models import AuditEntry, TournamentStaff
from tournaments.permissions import is_organiser, is_staff_of

pytestmark = pytest.mark.django_db


def test_the_creator_is_the_first_organiser_and_only_of_their_tournament():
    creator = factories.make_organiser(username="chef", tournament="nowhere")
    mine = factories.make_tournament(actor=creator)
    theirs = factories.make_tournament()
    assert list(mine.staff.values_list("user__username", "role")) == [("chef", "organiser")]
    assert is_organiser(creator, mine) and not is_organiser(creator, theirs)
    assert not is_staff_of(creator, theirs)


def test_a_role_change_is_audited_with_before_and_after():
    chef = factories.make_organiser(username="chef", tournament="nowhere")
    tournament = factories.make_tournament(actor=chef)
    anna = factories.make_user(username="anna")
    services.staff_appoint(tournament=tournament, user=anna, role="referee", actor=chef)
    services.staff_appoint(tournament=tournament, user=anna, role="organiser", actor=chef)
    services.staff_appoint(tournament=tournament, user=anna, role="organiser", actor=chef)
    entries = AuditEntry.objects.filter(tournament=tournament, action="staff_appointed")
    assert [(e.before, e.after) for e in entries.order_by("id")] == [
        (None, {"user": "anna", "role": "referee"}),
        ({"user": "anna", "role": "referee"}, {"user": "anna", "role": "organiser"}),
    ]
    # Two organisers now: either may leave, the second may not.
    services.staff_dismiss(tournament=tournament, user=chef, actor=anna)
    with pytest.raises(Conflict) as refused:
        services.staff_dismiss(tournament=tournament, user=anna, actor=anna)
    assert refused.value.errors[0].code == "last_organiser"


def test_dismissing_someone_not_on_the_staff_is_refused():
    tournament = factories.make_tournament()
    with pytest.raises(InvalidInput) as refused:
        services.staff_dismiss(tournament=tournament, user=factories.make_user())
    assert refused.value.errors[0].code == "not_staff"


def test_an_inactive_account_has_no_rights_even_on_the_staff():
    tournament = factories.make_tournament()
    user = factories.make_referee(tournament=tournament)
    assert is_staff_of(user, tournament)
    user.is_active = False
    assert not is_staff_of(user, tournament)


def test_the_migration_makes_each_creator_the_organiser_of_their_tournaments():
    migration = importlib.import_module("tournaments.migrations.0005_tournament_staff")
    chef = factories.make_organiser(username="chef", tournament="nowhere")
    created_by_chef = factories.make_tournament(actor=chef)
    unknown_creator = factories.make_tournament()
    TournamentStaff.objects.all().delete()  # as before the migration
    AuditEntry.objects.create(
        tournament=created_by_chef, actor=factories.make_user(), action="tournament_created"
    )  # a later entry of the same action does not make another organiser

    migration.creators_organise(apps, None)

    assert list(created_by_chef.staff.values_list("user__username", "role")) == [
        ("chef", "organiser")
    ]
    assert not unknown_creator.staff.exists()  # site administrators keep every right
