"""django-tables2 tables of people and results for the public pages.

Every table takes plain rows from ``tournaments.selectors`` (dataclasses or
dicts), never a queryset: the selector has already fetched everything in a
fixed number of queries, and sorting a table re-orders those rows in Python.

Words used here:

- **rank**: the overall group-stage placement; equal players share it
  (standard competition ranking, shown honestly as "2." twice).
- **seat**: a participant's position at their group table; the player at
  position *n* is the Sheriff in round *n*.

The group-stage standings (leaderboard, projector) are drawn without
django-tables2, by ``tournaments.web.public.board``.
"""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from tournaments.numbers import grouped

TABLE_TEMPLATE = "tournaments/public/partials/table.html"


def _number_attrs() -> dict[str, dict[str, str]]:
    return {"th": {"class": "num"}, "td": {"class": "num"}}


def participant_link(tournament_id: int, participant: Any, *, excluded: bool = False) -> SafeString:
    """The participant's name linking to their player page, marked if excluded."""
    url = reverse("player", args=[tournament_id, participant.pk])
    if excluded:
        return format_html(
            '<a href="{}">{}</a> <span class="badge badge-out">{}</span>',
            url,
            participant.name,
            _("excluded"),
        )
    return format_html('<a href="{}">{}</a>', url, participant.name)


def nationality_html(country: Any) -> SafeString:
    """The ISO code with the country's name as a tooltip and for screen readers."""
    if not country:
        return format_html("{}", "")
    return format_html('<abbr title="{}">{}</abbr>', country.name, country.code)


def format_points(value: int | None) -> str:
    """Bounty with its thousands grouped as the language writes them ("9.450" in
    German, "9,450" in English: ``tournaments.numbers``)."""
    if value is None:
        return "—"
    return grouped(value)


class TournamentTable(tables.Table):
    """A table of one tournament's participants: names link to their player page.

    Rows are objects (``StandingRow``, ``RankingRow``) or dicts built by a view;
    either way they carry ``participant`` and, where it applies, ``excluded``.
    """

    def __init__(self, *args: Any, tournament_id: int, **kwargs: Any) -> None:
        self.tournament_id = tournament_id
        super().__init__(*args, **kwargs)

    @staticmethod
    def _field(record: Any, name: str, default: Any = None) -> Any:
        if isinstance(record, dict):
            return record.get(name, default)
        return getattr(record, name, default)

    def render_name(self, record: Any) -> SafeString:
        return participant_link(
            self.tournament_id,
            self._field(record, "participant"),
            excluded=bool(self._field(record, "excluded", False)),
        )

    def render_nationality(self, value: Any) -> SafeString:
        return nationality_html(value)


class SeatingTable(TournamentTable):
    """Alphabetical list: name → table and position (dict rows from the view)."""

    name = tables.Column(verbose_name=_("Name"), accessor="participant__name")
    nationality = tables.Column(
        verbose_name=_("Nation"),
        accessor="participant__nationality",
        order_by=("participant__nationality__code",),
    )
    table = tables.Column(verbose_name=_("Table"), attrs=_number_attrs())
    position = tables.Column(verbose_name=_("Seat"), attrs=_number_attrs())
    sheriff_round = tables.Column(
        verbose_name=_("Sheriff in round"), accessor="position", attrs=_number_attrs()
    )

    class Meta:
        template_name = TABLE_TEMPLATE
        order_by = ("name",)
        attrs = {"class": "data seating", "id": "seating-list"}
        row_attrs = {
            "data-name": lambda record: record["search_key"],
            "hidden": lambda record: None if record["matches"] else "hidden",
        }
        empty_text = _("Nobody matches.")


class PlayerGamesTable(tables.Table):
    """One participant's games (dict rows from the view); roles only for recorded games."""

    stage = tables.Column(verbose_name=_("Stage"))
    round = tables.Column(verbose_name=_("Round"), attrs=_number_attrs())
    table = tables.Column(verbose_name=_("Table"), attrs=_number_attrs())
    # The result next to the round: on a phone it must not hide behind scrolling.
    outcome = tables.Column(verbose_name=_("Result"), default="—")
    role = tables.Column(verbose_name=_("Role"), default="—")
    lives = tables.Column(verbose_name=_("Lives"), attrs=_number_attrs(), default="—")
    bounty = tables.Column(verbose_name=_("Bounty"), attrs=_number_attrs(), default="—")

    class Meta:
        template_name = TABLE_TEMPLATE
        attrs = {"class": "data player-games"}
        empty_text = _("No games yet.")

    def render_outcome(self, value: str, record: dict[str, Any]) -> SafeString:
        css = {"won": "badge-win", "lost": "badge-out"}.get(record["outcome_key"], "")
        return format_html('<span class="badge {}">{}</span>', css, value)

    def render_bounty(self, value: int) -> str:
        return format_points(value)


class KnockoutRankingTable(TournamentTable):
    """The final ranking: ``selectors.final_ranking(...).rows``."""

    place = tables.Column(verbose_name=_("Place"), attrs=_number_attrs())
    name = tables.Column(
        verbose_name=_("Name"), accessor="participant__name", order_by=("participant__name",)
    )
    knockout_round_reached = tables.Column(
        verbose_name=_("K.O. round"), attrs=_number_attrs(), default="—"
    )
    nationality = tables.Column(
        verbose_name=_("Nation"),
        accessor="participant__nationality",
        order_by=("participant__nationality__code",),
    )

    class Meta:
        template_name = TABLE_TEMPLATE
        order_by = ("place",)
        attrs = {"class": "data ranking"}
        row_attrs = {"class": lambda record: "excluded" if record.excluded else ""}
        empty_text = _("No ranking yet.")

    def render_place(self, value: int) -> str:
        return f"{value}."


class KnockoutSeatTable(TournamentTable):
    """The players at one knockout table (dict rows from the view)."""

    position = tables.Column(verbose_name=_("Seat"), attrs=_number_attrs())
    name = tables.Column(verbose_name=_("Name"), accessor="participant__name")
    outcome = tables.Column(verbose_name=_("Result"))
    role = tables.Column(verbose_name=_("Role"), default="—")
    pick = tables.Column(verbose_name=_("Pick"), attrs=_number_attrs(), default="—")

    class Meta:
        template_name = TABLE_TEMPLATE
        order_by = ("position",)
        # Two to four players in seat order: nothing to sort, and a page that
        # reads no sort parameter per table keeps one cache entry per state.
        orderable = False
        attrs = {"class": "data knockout-seats"}
        empty_text = _("Nobody seated yet.")

    def render_outcome(self, value: str, record: dict[str, Any]) -> SafeString:
        css = {"won": "badge-win", "lost": "badge-out"}.get(record["outcome_key"], "")
        return format_html('<span class="badge {}">{}</span>', css, value)
