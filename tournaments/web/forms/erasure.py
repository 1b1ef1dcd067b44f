"""Confirming an erasure: the player's name, typed (rules.md §13)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class PlayerEraseForm(forms.Form):
    """The player's current name; ``services.player_erase`` compares it."""

    confirm = forms.CharField(
        label=_("The player's name, to confirm"),
        max_length=200,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "words"}),
    )
