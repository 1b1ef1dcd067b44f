"""The result form: entry, live checks by the rules engine, corrections, confirmation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.results import evaluate_result, validate_result
from scoring.rulesets import Role, Side
from tournaments import selectors, services
from tournaments.errors import DomainError
from tournaments.forms import ResultForm, live_problems
from tournaments.models import Game, Result, Tournament

from .access import get_tournament, referee_required, render_staff


@dataclass
class ResultPage:
    """What the result form needs about one game."""

    tournament: Tournament
    game: Game
    seats: list[Any]
    spec: Any
    current: Result | None

    def form(self, data: Any = None) -> ResultForm:
        return ResultForm(
            data, game=self.game, spec=self.spec, seats=self.seats, current=self.current
        )


def _result_page(tournament_id: int, game_id: int) -> ResultPage:
    tournament = get_tournament(tournament_id)
    game = get_object_or_404(
        Game.objects.select_related("table", "tournament"), pk=game_id, tournament=tournament
    )
    seats = list(game.table.seats.select_related("participant").order_by("position"))
    spec = services.game_spec(game, seats=seats)
    return ResultPage(tournament, game, seats, spec, selectors.current_result(game))


def _winner_label(page: ResultPage, winner: str | int) -> str:
    if page.spec.player_count >= 4:
        return Side(winner).label
    if page.spec.player_count == 3:
        return Role(winner).label
    name = next((s.participant.name for s in page.seats if s.position == winner), "?")
    return _("seat %(position)s (%(name)s)") % {"position": winner, "name": name}


def _render_result(
    request: HttpRequest,
    page: ResultPage,
    form: ResultForm,
    *,
    problems: list[Any] = (),
    conflict: bool = False,
    status: int = 200,
) -> HttpResponse:
    table_problems = [p.message for p in problems if p.position is None]
    current = page.current
    double_check = page.tournament.config.double_check
    awaiting = double_check and current is not None and current.confirmed_by_id is None
    return render_staff(
        request,
        "result_form.html",
        {
            "tournament": page.tournament,
            "game": page.game,
            "form": form,
            "blocks": form.seat_blocks(problems),
            "table_problems": table_problems,
            "absent": [s for s in page.seats if s.position not in page.spec.positions],
            "current": current,
            "history": _history(page) if current is not None else [],
            "seats": page.seats,
            "double_check": double_check,
            "awaiting": awaiting,
            "can_confirm": awaiting and current.recorded_by_id != request.user.pk,
            "conflict": conflict,
            "lives_table": form.lives_table(),
        },
        status=status,
    )


@dataclass(frozen=True)
class HistorySeat:
    """One seat in one version of a result; ``changed``: differs from the version before."""

    role: str
    character: str
    lives: int | None
    won: bool
    changed: bool


@dataclass(frozen=True)
class HistoryRow:
    result: Result
    winner: str
    winner_changed: bool
    seats: list[HistorySeat | None]  # in the order of the table's seats; None: no entry


def _history(page: ResultPage) -> list[HistoryRow]:
    """Every version of the game's result, newest first, with what each one changed."""
    versions = list(
        Result.objects.filter(game=page.game)
        .select_related("recorded_by", "confirmed_by")
        .prefetch_related("seats")
        .order_by("version")
    )
    positions = [s.position for s in page.seats]
    rows: list[HistoryRow] = []
    previous: dict[int, tuple[Any, ...]] | None = None
    previous_winner: str | None = None
    for result in versions:
        entries = {
            rs.position: (rs.get_role_display() if rs.role else "", rs.character, rs.lives, rs.won)
            for rs in result.seats.all()
        }
        seats: list[HistorySeat | None] = []
        for position in positions:
            entry = entries.get(position)
            if entry is None:
                seats.append(None)
                continue
            changed = previous is not None and previous.get(position) != entry
            seats.append(HistorySeat(*entry, changed=changed))
        rows.append(
            HistoryRow(
                result=result,
                winner=_winner_label(page, _parse_winner(result.winner)),
                winner_changed=previous_winner is not None and previous_winner != result.winner,
                seats=seats,
            )
        )
        previous, previous_winner = entries, result.winner
    rows.reverse()
    return rows


@referee_required
def result(request: HttpRequest, tournament_id: int, game_id: int) -> HttpResponse:
    """Enter or correct a game's result; only a valid result is stored."""
    page = _result_page(tournament_id, game_id)
    if page.game.status == Game.Status.VOID:
        return render_staff(
            request, "result_void.html", {"tournament": page.tournament, "game": page.game}
        )
    if request.method != "POST":
        return _render_result(request, page, page.form())
    form = page.form(request.POST)
    if not form.is_valid():
        return _render_result(request, page, form)
    data = form.cleaned_data
    try:
        saved = services.result_record(
            game=page.game,
            seats=form.seat_inputs(),
            winner=form.winner(),
            signed=data["signed"],
            reason=data["reason"],
            version=data["version"],
            actor=request.user,
        )
    except DomainError as error:
        problems = []
        for item in error.errors:
            if item.position is None and item.field in ("winner", "reason"):
                form.add_error(item.field, str(item.message))
            else:
                problems.append(item)  # at its seat, or above the seats for the table
        conflict = any(e.code == "version_conflict" for e in error.errors)
        return _render_result(request, page, form, problems=problems, conflict=conflict)
    messages.success(
        request,
        _("Result saved (table %(table)s, round %(round)s): %(winner)s won.")
        % {
            "table": page.game.table.number,
            "round": page.game.round,
            "winner": _winner_label(page, _parse_winner(saved.winner)),
        },
    )
    return redirect(f"{reverse('staff:games', args=[page.tournament.pk])}?round={page.game.round}")


def _parse_winner(value: str) -> str | int:
    return int(value) if value.isdigit() else value


@referee_required
@require_POST
def result_confirm(request: HttpRequest, tournament_id: int, game_id: int) -> HttpResponse:
    """A second person confirms the result version they were shown (setting ``double_check``)."""
    tournament = get_tournament(tournament_id)
    game = get_object_or_404(
        Game.objects.select_related("table"), pk=game_id, tournament=tournament
    )
    try:
        version: int | None = int(request.POST.get("version", ""))
    except ValueError:
        version = None
    try:
        confirmed = services.result_confirm(game=game, actor=request.user, version=version)
    except DomainError as error:
        for item in error.errors:
            messages.error(request, str(item.message))
        return redirect("staff:result", tournament.pk, game.pk)
    messages.success(
        request,
        _("Result confirmed (table %(table)s, round %(round)s, version %(version)s).")
        % {"table": game.table.number, "round": game.round, "version": confirmed.version},
    )
    return redirect(f"{reverse('staff:games', args=[tournament.pk])}?show=unconfirmed")


@referee_required
@require_POST
def result_check(request: HttpRequest, tournament_id: int, game_id: int) -> HttpResponse:
    """The rules engine's verdict on the entries so far, without saving (htmx, while typing).

    Answers with out-of-band fragments: the messages of every seat block and of
    the whole table.
    """
    page = _result_page(tournament_id, game_id)
    if page.game.status == Game.Status.VOID:
        return HttpResponse(status=204)
    form = page.form(request.POST)
    form.is_valid()  # fills cleaned_data with whatever could be read
    reports = form.seat_reports()
    problems = validate_result(page.spec, reports, winner=form.winner())
    shown = live_problems(form, problems)
    verdict = None
    if form.is_complete() and not problems and not form.errors:
        outcome = evaluate_result(page.spec, reports, winner=form.winner())
        verdict = _("Valid: %(winner)s won.") % {"winner": _winner_label(page, outcome.winner)}
    table_problems = [p.message for p in shown if p.position is None]
    sent = form.cleaned_data.get("version")
    if sent is not None and sent != page.game.version:
        table_problems.insert(
            0,
            _(
                "This result was changed by someone else in the meantime (now version "
                "%(current)s). Reload the page before saving."
            )
            % {"current": page.game.version},
        )
    return render_staff(
        request,
        "partials/result_check.html",
        {
            "blocks": form.seat_blocks(shown, live=True),
            "table_problems": table_problems,
            "verdict": verdict,
        },
    )
