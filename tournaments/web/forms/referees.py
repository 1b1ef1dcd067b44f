"""Appointing referees: pick an existing user (new users: Django's ``UserCreationForm``)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _


class ExistingUserForm(forms.Form):
    """An active user who is not yet in the group ``exclude_group``."""

    def __init__(self, *args: Any, exclude_group: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["user"] = forms.ModelChoiceField(
            label=_("User"),
            queryset=User.objects.filter(is_active=True)
            .exclude(groups__name=exclude_group)
            .order_by("username"),
        )
