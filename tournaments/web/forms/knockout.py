"""The knockout control's forms: start the knockout, seat the next round."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class KnockoutStartForm(forms.Form):
    seed = forms.CharField(label=_("Seed"), max_length=200)
    field_size = forms.IntegerField(
        label=_("Field size (empty: number of group tables, at least 4)"),
        required=False,
        min_value=2,
        max_value=200,
    )


class KnockoutNextForm(forms.Form):
    seed = forms.CharField(label=_("Seed"), max_length=200)
