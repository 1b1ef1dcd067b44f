"""The django-tables2 tables of the staff pages."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django_countries.fields import Country

from tournaments.models import Game, Participant, Stage
from tournaments.names import fold
from tournaments.selectors import STATE_LABELS, GameTime, GameView, game_state

from .access import scoresheets_url


@dataclass(frozen=True)
class GameCard:
    """One game on the referees' list: its seats, its state and its one big action."""

    game: Game
    state: str
    label: str
    seats: list[tuple[int, str, bool]]  # position, name, is the Sheriff
    action_url: str
    action_label: str
    sheet_url: str
    time: GameTime | None = None  # when it started; its deadline with a time limit
    parts: bool = False  # the format has parts: the heading names the part


def game_card(
    view: GameView, *, awaiting: bool = False, time: GameTime | None = None, parts: bool = False
) -> GameCard:
    """The card of a game as ``selectors.games_list`` returns it; ``parts``: the
    tournament's format plays its group stage in parts."""
    game = view.game
    state = game_state(game, awaiting=awaiting)
    void = game.status == Game.Status.VOID
    if game.status == Game.Status.OPEN:
        action = _("Enter result")
    elif awaiting:
        action = _("Check and confirm")
    else:
        action = _("Correct")
    return GameCard(
        game=game,
        state=state,
        label=str(STATE_LABELS[state]),
        seats=[
            (s.position, s.participant.name, s.position == game.sheriff_position)
            for s in view.seats
        ],
        action_url="" if void else reverse("staff:result", args=[game.tournament_id, game.pk]),
        action_label="" if void else action,
        sheet_url=""
        if void
        else scoresheets_url(
            game.tournament_id,
            stage=game.stage,
            round=game.round,
            table=game.table.number,
            # Rounds restart in each part: the part names the round (rules.md §14).
            part=game.part if parts and game.stage == Stage.GROUP else None,
        ),
        time=time,
        parts=parts,
    )


class ParticipantTable(tables.Table):
    name = tables.Column(verbose_name=gettext_lazy("Name"))
    nationality = tables.Column(verbose_name=gettext_lazy("Nationality"))
    birth_date = tables.DateColumn(
        verbose_name=gettext_lazy("Birth date"),
        short=True,
        # Hidden on phones (staff.css), whichever place the column has.
        attrs={"th": {"class": "col-birth"}, "td": {"class": "col-birth"}},
    )
    status = tables.Column(verbose_name=gettext_lazy("Status"))
    checked_in = tables.TemplateColumn(
        verbose_name=gettext_lazy("Checked in"),
        template_name="tournaments/staff/partials/check_in.html",
    )
    player = tables.Column(
        verbose_name=gettext_lazy("Player no."), accessor="player_id", default="–"
    )

    class Meta:
        # Check-in next to the name: on a phone both are in view without scrolling.
        sequence = ("name", "checked_in", "status", "nationality", "birth_date", "player")
        attrs = {"class": "data staff-table participants-table"}
        row_attrs = {
            "data-participant": lambda record: record.pk,
            "id": lambda record: f"p{record.pk}",
            # What the search box compares as you type (static/js/check_in.js).
            "data-name": lambda record: fold(record.name),
        }

    def __init__(self, *args: Any, selectable: bool = False, **kwargs: Any) -> None:
        """``selectable``: a first column of tick boxes for the list's "remove" action
        (before the draw); they belong to the form ``remove-form`` below the table."""
        if selectable:
            kwargs["extra_columns"] = [
                (
                    "select",
                    tables.CheckBoxColumn(
                        accessor="pk",
                        attrs={
                            "td__input": {
                                "form": "remove-form",
                                "name": "participant",
                                "aria-label": lambda record: (
                                    _("Tick %(name)s") % {"name": record.name}
                                ),
                            },
                            "th__input": {"hidden": "hidden", "disabled": "disabled"},
                        },
                    ),
                )
            ]
            kwargs["sequence"] = ("select", "name", "checked_in", "status", "...")
        super().__init__(*args, **kwargs)

    def render_name(self, record: Participant) -> str:
        url = reverse("staff:participant", args=[record.tournament_id, record.pk])
        return format_html('<a href="{}">{}</a>', url, record.name)

    def render_nationality(self, record: Participant) -> str:
        # The stubs read a CountryField as ``str``; it gives a ``Country``.
        country = cast(Country, record.nationality)
        return format_html('<abbr title="{}">{}</abbr>', country.name, country.code)

    def render_status(self, record: Participant) -> str:
        return format_html(
            '<span id="status-{}" class="status status-{}">{}</span>',
            record.pk,
            record.status,
            record.get_status_display(),
        )


class StaffTable(tables.Table):
    """A tournament's staff (``TournamentStaff`` rows) with a button to dismiss each."""

    username = tables.Column(accessor="user__username", verbose_name=gettext_lazy("User name"))
    role = tables.Column(verbose_name=gettext_lazy("Role"))
    last_login = tables.DateTimeColumn(
        accessor="user__last_login", verbose_name=gettext_lazy("Last login"), short=True
    )
    remove = tables.TemplateColumn(
        verbose_name="",
        orderable=False,
        template_code=(
            '<form method="post">{% csrf_token %}<input type="hidden" name="action" '
            'value="remove"><input type="hidden" name="user" value="{{ record.user_id }}">'
            '<button type="submit" class="small">{% load i18n %}{% translate "Remove" %}'
            "</button></form>"
        ),
    )

    class Meta:
        attrs = {"class": "data staff-table referees-table"}
