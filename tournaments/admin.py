"""Django admin: the admin reads, the services write.

Superusers can look at everything here. Nothing a service owns is changed
by the admin's own forms: every model is read-only (no add, change or delete;
inlines read-only), and the few changes the admin offers go through
``tournaments.services``, so they keep the rules and write the audit entry:

- adding a participant calls ``services.participants_register`` (the
  registration rules: no additions after the draw, the participant limit, age);
- the action "Mark as withdrawn" calls ``services.participant_withdraw`` (which
  voids the games a withdrawn player would have been Sheriff in);
- the action "Draw the group stage" calls ``services.group_stage_draw``;
- the action "Erase" on players opens the staff page that shows what the
  erasure will change and asks for the player's name before it calls
  ``services.player_erase`` (rules.md §13).

Tournaments, settings and characters are created and changed on the staff
pages or through the API (``services.tournament_create``/``tournament_update``/
``character_add``); the admin shows them.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext_lazy as _

from . import services
from .errors import DomainError
from .models import (
    AuditEntry,
    Character,
    EventPackage,
    Game,
    GroupDraw,
    Knockout,
    LotDraw,
    PackagePlayer,
    Participant,
    Penalty,
    Player,
    RefereeCall,
    Result,
    ResultSeat,
    RoundClock,
    Season,
    SeasonTournament,
    Seat,
    SeatSwap,
    Table,
    Tournament,
    TournamentArchive,
    TournamentStaff,
)


def _actor(request: HttpRequest) -> User | None:
    """The signed-in user, as services record it in the audit log."""
    user = request.user
    return user if isinstance(user, User) else None


class ReadOnlyAdminMixin:
    """No add, change or delete: a service owns these rows; the admin shows them."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnlyTabularInline(ReadOnlyAdminMixin, admin.TabularInline):
    extra = 0
    show_change_link = True


class ParticipantInline(ReadOnlyTabularInline):
    model = Participant
    fields = ["name", "nationality", "birth_date", "age_approved", "status"]


class StaffInline(ReadOnlyTabularInline):
    """Who organises and referees the tournament (changed on its staff page)."""

    model = TournamentStaff
    fields = ["user", "role", "appointed_at"]
    readonly_fields = ["appointed_at"]
    show_change_link = False


class CharacterInline(ReadOnlyTabularInline):
    model = Character
    fields = ["name", "life_points"]


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["name", "date", "ruleset", "language"]
    list_filter = ["ruleset"]
    search_fields = ["name"]
    inlines = [StaffInline, CharacterInline, ParticipantInline]
    actions = ["redraw_group_stage"]

    @admin.action(description=_("Draw the group stage (seed: the tournament's name and date)"))
    def redraw_group_stage(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        for tournament in queryset:
            try:
                services.group_stage_draw(
                    tournament=tournament,
                    seed=f"{tournament.name} {tournament.date}",
                    actor=_actor(request),
                )
            except DomainError as error:
                self.message_user(request, f"{tournament}: {error}", messages.ERROR)
            else:
                self.message_user(request, _("%(t)s drawn.") % {"t": tournament}, messages.SUCCESS)


@admin.register(Character)
class CharacterAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["name", "life_points", "tournament"]
    list_filter = ["tournament"]
    search_fields = ["name"]


class ParticipantAddForm(forms.ModelForm):
    """Registers one participant through ``services.participants_register``.

    The service runs in ``clean()`` so that its refusals (after the draw, over
    the limit, too young, unknown country) become form errors; the admin's
    change view wraps the whole request in one transaction, so a later
    failure still rolls the registration back. ``save()`` returns the
    participant the service created.
    """

    class Meta:
        model = Participant
        fields = ["tournament", "name", "nationality", "birth_date", "age_approved"]

    #: Who registers (the audit entry's actor); ``ParticipantAdmin.get_form`` sets it.
    actor: User | None = None

    def _post_clean(self) -> None:
        # The service validates the participant (``full_clean``) itself.
        pass

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        item = services.ParticipantInput(
            name=data["name"],
            nationality=str(data["nationality"]),
            birth_date=data.get("birth_date"),
            age_approved=bool(data.get("age_approved")),
        )
        try:
            (self.instance,) = services.participants_register(
                tournament=data["tournament"], items=[item], actor=self.actor
            )
        except DomainError as error:
            for problem in error.errors:
                field = problem.field if problem.field in self.fields else None
                self.add_error(field, str(problem.message))
        return data

    def save(self, commit: bool = True) -> Participant:
        return self.instance

    def save_m2m(self) -> None:
        """Nothing to save: a participant has no many-to-many fields."""


@admin.register(Participant)
class ParticipantAdmin(admin.ModelAdmin):
    list_display = ["name", "nationality", "birth_date", "age_approved", "status", "tournament"]
    list_filter = ["tournament", "status", "nationality"]
    search_fields = ["name"]
    actions = ["withdraw"]

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def get_form(
        self,
        request: HttpRequest,
        obj: Participant | None = None,
        change: bool = False,
        **kwargs: Any,
    ) -> Any:
        if obj is not None:
            return super().get_form(request, obj, change, **kwargs)
        form = super().get_form(request, obj, change, form=ParticipantAddForm, **kwargs)
        # The admin instantiates the class itself: the actor rides on a subclass.
        return type(form.__name__, (form,), {"actor": _actor(request)})

    def save_model(self, request: HttpRequest, obj: Participant, form: Any, change: bool) -> None:
        """Nothing to save: ``services.participants_register`` saved the participant."""

    @admin.action(description=_("Mark as withdrawn"))
    def withdraw(self, request: HttpRequest, queryset: QuerySet[Participant]) -> None:
        """Withdraw each active participant through ``services.participant_withdraw``."""
        for participant in queryset:
            if participant.status == Participant.Status.EXCLUDED:
                self.message_user(
                    request,
                    _("%(name)s is already excluded.") % {"name": participant.name},
                    messages.WARNING,
                )
                continue
            if participant.status == Participant.Status.WITHDRAWN:
                self.message_user(
                    request,
                    _("%(name)s has withdrawn.") % {"name": participant.name},
                    messages.WARNING,
                )
                continue
            try:
                services.participant_withdraw(
                    participant=participant, actor=_actor(request), reason="Django admin"
                )
            except DomainError as error:
                self.message_user(request, f"{participant}: {error}", messages.ERROR)
            else:
                self.message_user(
                    request,
                    _("%(name)s has withdrawn.") % {"name": participant.name},
                    messages.SUCCESS,
                )


class SeatInline(ReadOnlyTabularInline):
    model = Seat


@admin.register(Table)
class TableAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["tournament", "stage", "round", "number", "size"]
    list_filter = ["tournament", "stage"]
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["table", "position", "participant"]
    list_filter = ["table__tournament", "table__stage"]


@admin.register(GroupDraw)
class GroupDrawAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["tournament", "seed", "five_tables", "drawn_at", "drawn_by"]


class ResultSeatInline(ReadOnlyTabularInline):
    model = ResultSeat


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


@admin.register(ResultSeat)
class ResultSeatAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["result", "position", "participant", "role", "character", "lives", "bounty"]
    list_filter = ["result__game__tournament", "result__is_current", "role"]


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


@admin.register(RoundClock)
class RoundClockAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["tournament", "state", "label", "ends_at", "left", "updated_at"]


@admin.register(RefereeCall)
class RefereeCallAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["created_at", "tournament", "table", "position", "status", "taken_by"]
    list_filter = ["tournament", "status"]


@admin.register(SeatSwap)
class SeatSwapAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["at", "tournament", "stage", "a", "b", "by"]


@admin.register(Player)
class PlayerAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Players across tournaments (rules.md §13). The action "Erase" (a person's
    request to be forgotten) erases nothing itself: it opens the staff page that
    shows what will change and asks for the player's name typed to confirm."""

    list_display = ["id", "name", "nationality", "erased_number", "created_at"]
    search_fields = ["name", "folded_name"]
    actions = ["erase"]

    @admin.action(description=_("Erase (on the person's request): name, birth date, PIN"))
    def erase(self, request: HttpRequest, queryset: QuerySet[Player]) -> HttpResponse | None:
        players = list(queryset[:2])
        if len(players) != 1:
            self.message_user(
                request,
                _("Choose one player: each erasure is confirmed with that player's name."),
                messages.ERROR,
            )
            return None
        return redirect("staff:player_erase", players[0].pk)


class SeasonTournamentInline(ReadOnlyTabularInline):
    model = SeasonTournament


@admin.register(Season)
class SeasonAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["name", "best_of", "min_events", "qualifiers", "created_at"]
    inlines = [SeasonTournamentInline]


@admin.register(TournamentArchive)
class TournamentArchiveAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["tournament", "version", "sha256", "withdrawn", "created_at"]
    exclude = ["content"]


@admin.register(EventPackage)
class EventPackageAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["uuid", "season", "created_by", "created_at"]


@admin.register(PackagePlayer)
class PackagePlayerAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["tournament", "federation_id", "name", "nationality"]
