"""Appointing a tournament's staff: an existing user or a new account, with a role."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _

from tournaments.models import Tournament, TournamentStaff


def _role_field() -> forms.ChoiceField:
    return forms.ChoiceField(
        label=_("Role"),
        choices=TournamentStaff.Role.choices,
        initial=TournamentStaff.Role.REFEREE,
    )


class ExistingUserForm(forms.Form):
    """An active user who is not yet on the tournament's staff, and their role."""

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["user"] = forms.ModelChoiceField(
            label=_("User"),
            queryset=User.objects.filter(is_active=True)
            .exclude(tournament_roles__tournament=tournament)
            .order_by("username"),
        )
        self.fields["role"] = _role_field()


class NewStaffForm(UserCreationForm):
    """A new account (name and password twice) and its role on this tournament."""

    role = _role_field()
