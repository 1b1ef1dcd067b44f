"""Participants: register one, import a spreadsheet, give a penalty, mark a withdrawal."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django_countries.fields import CountryField

from tournaments.models import Penalty
from tournaments.services import ParticipantInput


class ParticipantForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    nationality = CountryField(blank=False).formfield(label=_("Nationality"), initial="DE")
    birth_date = forms.DateField(
        label=_("Birth date"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    age_approved = forms.BooleanField(
        label=_("Under 8: the organiser has seen that the child knows the rules"), required=False
    )
    # The participant's edit version when the form was opened (``services.versions``).
    version = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)

    def to_input(self) -> ParticipantInput:
        data = self.cleaned_data
        return ParticipantInput(
            name=data["name"],
            nationality=str(data["nationality"]),
            birth_date=data["birth_date"],
            age_approved=data["age_approved"],
        )


class ParticipantImportForm(forms.Form):
    """The upload of a participant spreadsheet; ``tournaments.imports`` reads it."""

    file = forms.FileField(
        label=_("Spreadsheet (.xlsx)"),
        widget=forms.ClearableFileInput(
            attrs={
                "accept": ".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            }
        ),
    )


class PenaltyForm(forms.Form):
    kind = forms.ChoiceField(label=_("Kind"), choices=Penalty.Kind.choices)
    amount = forms.IntegerField(
        label=_("Amount (deductions only)"), required=False, min_value=1, max_value=100_000
    )
    reason = forms.CharField(label=_("Reason"), widget=forms.Textarea(attrs={"rows": 2}))


class WithdrawForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), required=False, max_length=500)
