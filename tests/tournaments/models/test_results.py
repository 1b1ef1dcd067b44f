"""Result seats: their role choices come from ``scoring.rulesets.Role``."""

from __future__ import annotations

from django.utils import translation

from scoring.rulesets import Role
from tournaments.models import ResultSeat, RoleChoice


def test_role_choices_are_the_roles_values_and_labels():
    assert ResultSeat.RoleChoice is RoleChoice
    assert RoleChoice.values == [r.value for r in Role]
    assert [str(label) for _, label in RoleChoice.choices] == [str(r.label) for r in Role]
    assert ResultSeat._meta.get_field("role").choices == RoleChoice.choices


def test_role_display_is_translated():
    seat = ResultSeat(role=Role.OUTLAW.value)
    with translation.override("de"):
        assert seat.get_role_display() == "Bandit"
        assert dict(ResultSeat.RoleChoice.choices)["outlaw"] == "Bandit"
    with translation.override("en"):
        assert seat.get_role_display() == "Outlaw"
