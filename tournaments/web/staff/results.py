"""The result form: entry, live checks by the rules engine, corrections, confirmation.

A **version** of a game's result is one stored ``Result``; a correction adds a
version, the newest is the current one. The **history** shows every version
with what it changed against the version before.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.bounty import has_condition
from scoring.results import GameSpec, evaluate_result, validate_result
from scoring.rulesets import Role, Side, side_label
from scoring.standings import METRICS
from tournaments import selectors, services
from tournaments.errors import DomainError
from tournaments.models import Game, Result, ResultSeat, Seat, Stage, Tournament
from tournaments.selectors import SeatingChange
from tournaments.templatetags.rounds import has_parts, part_numeral
from tournaments.web.forms import ResultEntry, live_problems

from .access import StaffRequest, get_tournament, in_background, referee_required, render_staff
from .actions import run_service
from .result_compare import ComparisonRow, result_comparison


@dataclass
class ResultPage:
    """What the result form needs about one game."""

    tournament: Tournament
    game: Game
    seats: list[Seat]
    spec: GameSpec
    current: Result | None

    @property
    def in_parts(self) -> bool:
        """A group game of a format in parts: its round is named with its part."""
        return self.game.stage == Stage.GROUP and has_parts(self.tournament)

    @property
    def priced(self) -> bool:
        """Whether the game earns points by the format's table (not a knockout game)."""
        return self.game.stage != Stage.KNOCKOUT

    def entry(self, data: Any = None) -> ResultEntry:
        fmt = self.tournament.config.format
        return ResultEntry(
            data,
            spec=self.spec,
            seats=self.seats,
            version=self.game.version,
            seating=self.game.table.seating,
            current=self.current,
            last_three=self.priced
            and has_condition(fmt.points, size=self.game.table.size, condition="last_three"),
        )

    def show_points(self, entry: ResultEntry, side: Side | None) -> str | None:
        """Put each seat's points of a valid result on its seat form (the format's points
        table, rules.md §14); the word for them ("Bounty" or "Points"), or None."""
        if not self.priced or side is None:
            return None
        fmt = self.tournament.config.format
        points = fmt.game_bounty(seats=entry.seat_reports(), side=side, size=self.game.table.size)
        for form in entry.seats:
            form.points = points.get(form.position)
        return str(METRICS["points" if "points" in fmt.tie_breaks else "bounty"].name)

    def winner_label(self, winner: str | int) -> str:
        """The winner as the referee reads it: a side, a role (3 players) or a seat (duel)."""
        if self.spec.player_count >= 4:
            return str(side_label(Side(str(winner)), self.spec.player_count))
        if self.spec.player_count == 3:
            return str(Role(str(winner)).label)
        name = next((s.participant.name for s in self.seats if s.position == winner), "?")
        return _("seat %(position)s (%(name)s)") % {"position": winner, "name": name}


def _result_page(tournament_id: int, game_id: int) -> ResultPage:
    tournament = get_tournament(tournament_id)
    game = get_object_or_404(
        Game.objects.select_related("table", "tournament"), pk=game_id, tournament=tournament
    )
    seats = list(game.table.seats.select_related("participant").order_by("position"))
    spec = selectors.game_spec(game, seats=seats)
    return ResultPage(tournament, game, seats, spec, selectors.current_result(game))


def _parse_winner(value: str) -> str | int:
    return int(value) if value.isdigit() else value


def _render_result(
    request: StaffRequest,
    page: ResultPage,
    entry: ResultEntry,
    *,
    table_problems: list[str] | None = None,
    conflict: bool = False,
    comparison: list[ComparisonRow] | None = None,
    seating: SeatingChange | None = None,
    refusal: str = "",
) -> HttpResponse:
    current = page.current
    double_check = page.tournament.config.double_check
    awaiting = current is not None and current.awaits_confirmation(double_check=double_check)
    return render_staff(
        request,
        "result_form.html",
        {
            "tournament": page.tournament,
            "game": page.game,
            "entry": entry,
            "form": entry.table,
            "table_problems": table_problems or [],
            "bar_problems": table_problems or [],
            "absent": [s for s in page.seats if s.position not in page.spec.positions],
            "current": current,
            "history": _history(page) if current is not None else [],
            "time": selectors.game_time(page.game, page.tournament),
            "seats": page.seats,
            "double_check": double_check,
            "awaiting": awaiting,
            "can_confirm": awaiting
            and current is not None
            and current.recorded_by_id != request.user.pk,
            "conflict": conflict,
            "comparison": comparison or [],
            "seating_change": seating,
            "refusal": refusal,
            "lives_table": entry.lives_table(),
            "parts": page.in_parts,
        },
    )


def _entered_at(request: StaffRequest) -> datetime | None:
    """When the phone's outbox says the referee saved this (header ``X-Entered-At``)."""
    value = parse_datetime(request.headers.get("X-Entered-At", ""))
    if value is None:
        return None
    if timezone.is_naive(value):
        return None
    return value


@dataclass(frozen=True)
class HistoryRow:
    """One version of a game's result; ``cells``: per seat of the table, in order, the
    stored seat (None: no entry for that seat) and whether it differs from the
    version before."""

    result: Result
    winner: str
    winner_changed: bool
    cells: list[tuple[ResultSeat | None, bool]]


def _history(page: ResultPage) -> list[HistoryRow]:
    """Every version of the game's result, newest first, with what each one changed."""
    positions = [s.position for s in page.seats]
    rows = [
        HistoryRow(
            result=version.result,
            winner=page.winner_label(_parse_winner(version.result.winner)),
            winner_changed=version.winner_changed,
            cells=[(version.seats.get(p), p in version.changed) for p in positions],
        )
        for version in selectors.result_history(page.game)
    ]
    rows.reverse()
    return rows


@referee_required
def result(request: StaffRequest, tournament_id: int, game_id: int) -> HttpResponse:
    """Enter or correct a game's result; only a valid result is stored."""
    page = _result_page(tournament_id, game_id)
    if page.game.status == Game.Status.VOID:
        return render_staff(
            request, "result_void.html", {"tournament": page.tournament, "game": page.game}
        )
    if (
        request.method != "POST"
        and page.game.stage == Stage.KNOCKOUT
        and (champion := selectors.champion_of(page.tournament)) is not None
    ):
        # The final's result is final once the champion is named (rules.md §8): no form.
        return render_staff(
            request,
            "result_closed.html",
            {
                "tournament": page.tournament,
                "game": page.game,
                "champion": champion,
                "result": selectors.current_result(page.game),
            },
        )
    if request.method != "POST":
        return _render_result(request, page, page.entry())
    entry = page.entry(request.POST)
    refusal: list[DomainError] = []
    done = run_service(
        request,
        entry,
        lambda: services.result_record(
            game=page.game,
            seats=entry.seat_reports(),
            winner=entry.winner(),
            signed=entry.table.cleaned_data["signed"],
            reason=entry.table.cleaned_data["reason"],
            version=entry.table.cleaned_data["version"],
            seating=entry.table.cleaned_data["seating"],
            actor=request.user,
            entered_at=_entered_at(request),
        ),
        success_message=lambda saved: (
            (
                _("Result saved (table %(table)s, part %(part)s, round %(round)s): %(winner)s won.")
                if page.in_parts
                else _("Result saved (table %(table)s, round %(round)s): %(winner)s won.")
            )
            % {
                "table": page.game.table.number,
                "part": part_numeral(page.game.part),
                "round": page.game.round,
                "winner": page.winner_label(_parse_winner(saved.winner)),
            }
            # An unsigned sheet is saved, but nobody should miss it (issue 13).
            + ("" if saved.signed else " " + _("The sheet is not marked as signed."))
        ),
        # Back to the open games of every round, the referee's own tables kept: the
        # next open table is at the top (a round filter would now show nothing).
        redirect_to=f"{reverse('staff:games', args=[page.tournament.pk])}?show=open",
        on_error=refusal.append,
    )
    if done is not None:
        return done
    if not refusal:  # the form did not parse
        return _render_result(request, page, entry)
    errors = refusal[0].errors
    # A conflict's own section says what happened (and the API's words "reload"
    # would throw the comparison away): only the other messages are placed.
    others = [e for e in errors if e.code not in ("seating_changed", "version_conflict")]
    if len(others) < len(errors) and any(e.code == "seating_changed" for e in errors):
        return _render_seating_conflict(request, page, entry, problems=entry.place(others))
    if len(others) < len(errors):
        return _render_conflict(request, page, entry, problems=entry.place(others))
    return _render_result(
        request,
        page,
        entry,
        # At its seat, on the winner or reason field, or above the seats for the table.
        table_problems=entry.place(errors),
        # ... and the first of them in the save bar, where Save was tapped.
        refusal=str(errors[0].message),
    )


def _render_conflict(
    request: StaffRequest, page: ResultPage, entry: ResultEntry, *, problems: list[str]
) -> HttpResponse:
    """The game moved on while this entry was on its way (rules.md §12): the stored version
    and the entry side by side, differences marked. Nothing is overwritten: the referee
    keeps the stored version or sends the entry again as a correction of the current one."""
    comparison = result_comparison(page, entry)
    data = request.POST.copy()
    data["version"] = str(page.game.version)
    again = page.entry(data)
    again.is_valid()
    return _render_result(
        request, page, again, table_problems=problems, conflict=True, comparison=comparison
    )


def _render_seating_conflict(
    request: StaffRequest, page: ResultPage, entry: ResultEntry, *, problems: list[str]
) -> HttpResponse:
    """A seat swap changed the table after the form was opened (api.md "The day's
    edges"): nothing was stored. Both seatings by name, the entry kept as typed; the
    form now names the current seating, so saving again is the referee's decision
    after checking each seat against the names shown now."""
    change = selectors.seating_change(page.game.table, then=entry.table.cleaned_data["seating"])
    data = request.POST.copy()
    data["seating"] = str(page.game.table.seating)
    again = page.entry(data)
    again.is_valid()
    return _render_result(request, page, again, table_problems=problems, seating=change)


@referee_required
@require_POST
def result_confirm(request: StaffRequest, tournament_id: int, game_id: int) -> HttpResponse:
    """A second person confirms the result version they were shown (setting ``double_check``)."""
    tournament = get_tournament(tournament_id)
    game = get_object_or_404(
        Game.objects.select_related("table"), pk=game_id, tournament=tournament
    )
    try:
        version: int | None = int(request.POST.get("version", ""))
    except ValueError:
        version = None
    done = run_service(
        request,
        None,
        lambda: services.result_confirm(game=game, actor=request.user, version=version),
        success_message=lambda confirmed: (
            _("Result confirmed (table %(table)s, round %(round)s, version %(version)s).")
            % {"table": game.table.number, "round": game.round, "version": confirmed.version}
        ),
        redirect_to=f"{reverse('staff:games', args=[tournament.pk])}?show=unconfirmed",
    )
    if done is not None:
        return done
    return redirect("staff:result", tournament.pk, game.pk)


@referee_required
@require_POST
@in_background
def result_check(request: StaffRequest, tournament_id: int, game_id: int) -> HttpResponse:
    """The rules engine's verdict on the entries so far, without saving (htmx, while typing).

    Answers with out-of-band fragments: the messages of every seat form and of
    the whole table.
    """
    page = _result_page(tournament_id, game_id)
    if page.game.status == Game.Status.VOID:
        return HttpResponse(status=204)
    entry = page.entry(request.POST)
    parsed = entry.is_valid()  # fills cleaned_data with whatever could be read
    reports = entry.seat_reports()
    problems = validate_result(page.spec, reports, winner=entry.winner())
    verdict = None
    points_label = None
    if entry.is_complete() and not problems and parsed:
        outcome = evaluate_result(page.spec, reports, winner=entry.winner())
        verdict = _("Valid: %(winner)s won.") % {"winner": page.winner_label(outcome.winner)}
        points_label = page.show_points(entry, outcome.side)
    table_problems = entry.place(live_problems(entry, problems))
    # The live check redraws the problems, not the form: a winner that contradicts
    # the lives must show here, in words, or the verdict would just vanish.
    table_problems += [str(error) for error in entry.table.errors.get("winner", [])]
    # The game or its seats moved on: said, but Save stays (it shows both sides).
    stale: list[str] = []
    seating = entry.table.cleaned_data.get("seating")
    if seating is not None and seating != page.game.table.seating:
        stale.append(
            _(
                "The seats at this table were changed after this form was opened (a seat "
                "swap). Saving shows the seats then and now; nothing is stored until you "
                "have checked them."
            ),
        )
    sent = entry.table.cleaned_data.get("version")
    if sent is not None and sent != page.game.version:
        stale.append(
            _(
                "This result was changed by someone else in the meantime (now version "
                "%(current)s). Saving shows both versions side by side; nothing is "
                "overwritten."
            )
            % {"current": page.game.version},
        )
    return render_staff(
        request,
        "partials/result_check.html",
        {
            "entry": entry,
            "table_problems": stale + table_problems,
            "bar_problems": table_problems,
            "stale": stale,
            "verdict": verdict,
            "points_label": points_label,
            "live": True,
        },
    )
