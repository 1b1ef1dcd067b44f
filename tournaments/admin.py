"""Django admin for organisers: everything can be looked at, changes go through services.

Results, seats, draws and audit entries are read-only here: a result changes
only through the rules engine (the result form or the API), and the audit
log is never edited.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from . import services
from .errors import DomainError
from .models import (
    AuditEntry,
    Character,
    Game,
    GroupDraw,
    Knockout,
    LotDraw,
    Participant,
    Penalty,
    Result,
    ResultSeat,
    Seat,
    Table,
    Tournament,
)


class ReadOnlyAdminMixin:
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ParticipantInline(admin.TabularInline):
    model = Participant
    extra = 0
    fields = ["name", "nationality", "birth_date", "age_approved", "status"]


class CharacterInline(admin.TabularInline):
    model = Character
    extra = 0
    fields = ["name", "life_points"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "ruleset", "language"]
    list_filter = ["ruleset"]
    search_fields = ["name"]
    inlines = [CharacterInline, ParticipantInline]
    actions = ["redraw_group_stage"]

    @admin.action(description=_("Draw the group stage (seed: the tournament's name and date)"))
    def redraw_group_stage(self, request: HttpRequest, queryset: Any) -> None:
        for tournament in queryset:
            try:
                services.group_stage_draw(
                    tournament=tournament,
                    seed=f"{tournament.name} {tournament.date}",
                    actor=request.user,
                )
            except DomainError as error:
                self.message_user(request, f"{tournament}: {error}", messages.ERROR)
            else:
                self.message_user(request, _("%(t)s drawn.") % {"t": tournament}, messages.SUCCESS)


@admin.register(Character)
class CharacterAdmin(admin.ModelAdmin):
    list_display = ["name", "life_points", "tournament"]
    list_filter = ["tournament"]
    search_fields = ["name"]


class ParticipantAdminForm(forms.ModelForm):
    """Adds the tournament-wide checks of registration to the admin form."""

    class Meta:
        model = Participant
        fields = ["tournament", "name", "nationality", "birth_date", "age_approved", "status"]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        tournament = data.get("tournament")
        if tournament is not None and self.instance._state.adding:
            if tournament.tables.exists():
                raise forms.ValidationError(
                    _("Participants cannot be added after the group-stage draw."),
                    code="draw_locked",
                )
            limit = tournament.config.max_participants
            if tournament.participants.count() >= limit:
                raise forms.ValidationError(
                    _("The tournament allows at most %(limit)s participants."),
                    code="too_many_participants",
                    params={"limit": limit},
                )
        return data


@admin.register(Participant)
class ParticipantAdmin(admin.ModelAdmin):
    form = ParticipantAdminForm
    list_display = ["name", "nationality", "birth_date", "age_approved", "status", "tournament"]
    list_filter = ["tournament", "status", "nationality"]
    search_fields = ["name"]


class SeatInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = Seat
    extra = 0


@admin.register(Table)
class TableAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["tournament", "stage", "round", "number", "size"]
    list_filter = ["tournament", "stage"]
    inlines = [SeatInline]


@admin.register(GroupDraw)
class GroupDrawAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["tournament", "seed", "five_tables", "drawn_at", "drawn_by"]


class ResultSeatInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = ResultSeat
    extra = 0


@admin.register(Result)
class ResultAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = [
        "game",
        "version",
        "is_current",
        "winner",
        "signed",
        "recorded_by",
        "recorded_at",
    ]
    list_filter = ["game__tournament", "is_current"]
    inlines = [ResultSeatInline]


@admin.register(Game)
class GameAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = [
        "tournament",
        "stage",
        "round",
        "table",
        "sheriff_position",
        "status",
        "version",
    ]
    list_filter = ["tournament", "stage", "status"]


@admin.register(Penalty)
class PenaltyAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["participant", "kind", "amount", "reason", "referee", "created_at"]
    list_filter = ["tournament", "kind"]


@admin.register(Knockout)
class KnockoutAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["tournament", "field_size", "seed", "current_round", "champion"]


@admin.register(LotDraw)
class LotDrawAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["tournament", "purpose", "seed", "candidates", "order", "created_at"]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["created_at", "tournament", "actor", "action", "object_type", "object_id"]
    list_filter = ["tournament", "action"]
