"""Organisers set a tournament up: settings, characters, participants (one by one or
from Excel), withdrawals and penalties, the draw."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _

from scoring.formats import Format, SheriffRule
from tournaments import selectors, services
from tournaments.models import Character, Stage, Tournament
from tournaments.web.format_words import roman
from tournaments.web.forms import (
    CharacterForm,
    DrawForm,
    TournamentForm,
    random_seed,
)

from .access import (
    StaffRequest,
    creator_required,
    get_tournament,
    organiser_required,
    render_staff,
    scoresheets_url,
)
from .actions import on_stale, run_service


@creator_required
def tournament_new(request: StaffRequest) -> HttpResponse:
    """Create a tournament (name, date, ruleset, language, settings)."""
    form = TournamentForm(request.POST or None)
    if request.method == "POST":
        done = run_service(
            request,
            form,
            lambda: services.tournament_create(actor=request.user, **form.service_kwargs()),
            success_message=_("The tournament has been created."),
            redirect_to=lambda tournament: reverse("staff:tournament", args=[tournament.pk]),
            field_map=TournamentForm.field_map,
        )
        if done is not None:
            return done
    return render_staff(request, "tournament_form.html", {"form": form, "tournament": None})


@organiser_required
def tournament_settings(request: StaffRequest, tournament_id: int) -> HttpResponse:
    """Change a tournament's name, date, ruleset, language and settings; add characters."""
    tournament = get_tournament(tournament_id)
    action = request.POST.get("action")
    form = TournamentForm(request.POST if action == "settings" else None, tournament=tournament)
    character_form = CharacterForm(request.POST if action == "character" else None)
    here = reverse("staff:settings", args=[tournament.pk])
    done = None
    changes: list[dict[str, str]] = []

    def current() -> tuple[Mapping[str, Any], int]:
        fresh = get_tournament(tournament_id)
        return TournamentForm(tournament=fresh).initial, fresh.version

    if action == "settings":
        done = run_service(
            request,
            form,
            lambda: services.tournament_update(
                tournament=tournament,
                actor=request.user,
                version=form.cleaned_data.get("version"),
                **form.service_kwargs(),
            ),
            success_message=_("The settings have been saved."),
            redirect_to=here,
            on_error=on_stale(
                form, current=current, changes=changes, field_map=TournamentForm.field_map
            ),
        )
    elif action == "character":
        done = run_service(
            request,
            character_form,
            lambda: services.character_add(
                tournament=tournament, actor=request.user, **character_form.cleaned_data
            ),
            success_message=lambda character: (
                _("%(name)s has been added.") % {"name": character.name}
            ),
            redirect_to=here,
        )
    if done is not None:
        return done
    return render_staff(
        request,
        "tournament_form.html",
        {
            "form": form,
            "character_form": character_form,
            "tournament": tournament,
            "characters": Character.objects.filter(tournament=tournament).order_by("name"),
            "changes": changes,
        },
    )


@organiser_required
def draw(request: StaffRequest, tournament_id: int) -> HttpResponse:
    """Run (or redo) the group-stage draw and show the seating with its seed."""
    tournament = get_tournament(tournament_id)
    fmt = tournament.config.format
    unused = list(
        tournament.draw_commitments.filter(used_for="").values_list("commitment", flat=True)
    )
    if request.method == "POST" and "swap" in request.POST:
        return _seat_swap(request, tournament)
    if request.method == "POST" and "publish_commitment" in request.POST:
        done = run_service(
            request,
            None,
            lambda: services.draw_commitment_create(tournament=tournament, actor=request.user),
            success_message=_("A commitment has been published; draw with it to reveal its seed."),
            redirect_to=reverse("staff:draw", args=[tournament.pk]),
        )
        if done is not None:
            return done
    form = DrawForm(
        request.POST
        if request.method == "POST" and "publish_commitment" not in request.POST
        else None,
        initial={"seed": random_seed(), "commitment": unused[-1] if unused else ""},
        commitments=unused,
    )
    _fit_split_field(form, fmt)
    if form.is_bound:
        done = run_service(
            request,
            form,
            lambda: services.group_stage_draw(
                tournament=tournament,
                seed=None if form.cleaned_data["commitment"] else form.cleaned_data["seed"],
                commitment=form.cleaned_data["commitment"] or None,
                five_tables=form.cleaned_data.get("five_tables"),
                part=_posted_part(request),
                actor=request.user,
            ),
            success_message=(
                _("Part %(part)s has been drawn.") % {"part": roman(_posted_part(request) or 1)}
                if len(fmt.parts) > 1
                else _("The group stage has been drawn.")
            ),
            redirect_to=reverse("staff:draw", args=[tournament.pk]),
        )
        if done is not None:
            return done
    overview = selectors.draw_overview(tournament)
    parts = _parts_context(request, tournament) if len(fmt.parts) > 1 else {}
    shown = parts.get("shown")
    sheriffs = (
        selectors.sheriff_positions(tournament, part=shown.number)
        if shown is not None and fmt.sheriff == SheriffRule.LOT
        else {}
    )
    # Scoresheets of the games that are played: per round, and per table and round.
    seating = [
        (
            table,
            [
                (r, scoresheets_url(tournament.pk, stage=Stage.GROUP, round=r, table=table.number))
                for r in overview.played.get(table.pk, [])
            ],
            sheriffs.get(table.pk, []),
        )
        for table in selectors.group_tables(
            tournament, part=shown.number if shown is not None else None
        )
    ]
    rounds = sorted({r for rs in overview.played.values() for r in rs})
    return render_staff(
        request,
        "draw.html",
        {
            "tournament": tournament,
            "form": form,
            "group_draw": shown.draw if shown is not None else overview.group_draw,
            **parts,
            "commitments": selectors.draw_commitments(tournament),
            "seating": seating,
            "round_sheets": [
                (r, scoresheets_url(tournament.pk, stage=Stage.GROUP, round=r)) for r in rounds
            ],
            "locked": overview.locked,
            "active": overview.active,
            **_swap_context(tournament),
        },
    )


def _fit_split_field(form: DrawForm, fmt: Format) -> None:
    """The field that fixes the tables of the smallest size, named for the format's
    sizes (the German 5-tables; the Czech 4-tables); none with one size only."""
    sizes = set(fmt.table_sizes)
    if len(sizes) < 2:
        del form.fields["five_tables"]
    elif min(sizes) != 5:
        form.fields["five_tables"].label = _(
            "Number of tables of %(size)s (empty: as few as possible)"
        ) % {"size": min(sizes)}


def _posted_part(request: StaffRequest) -> int | None:
    """The part a draw form names (formats of several parts), else None."""
    value = request.POST.get("part", "")
    return int(value) if value.isascii() and value.isdigit() else None


def _parts_context(request: StaffRequest, tournament: Tournament) -> dict[str, Any]:
    """The parts of the qualifying stage (rules.md §14): which one the page shows
    (``?part=``, else the latest drawn), and what can be drawn next."""
    parts = selectors.draw_parts(tournament, tournament.config.format)
    drawn = [part for part in parts if part.draw is not None]
    latest = drawn[-1] if drawn else None
    asked = request.GET.get("part", "")
    shown = next((part for part in drawn if str(part.number) == asked), latest)
    # What the page offers: draw a part, redo the latest, wait for the games, or nothing.
    action, target, waiting = "locked", None, ""
    if latest is None:
        action, target = "draw", parts[0]
    elif not latest.has_result:
        action, target = "redo", latest
    elif latest.number < len(parts):
        target = parts[latest.number]
        if latest.open_games:
            action = "wait"
            waiting = _(
                "Part %(part)s can be drawn once every game of part %(previous)s is recorded."
            ) % {"part": roman(target.number), "previous": roman(latest.number)}
        else:
            action = "draw"
    return {
        "parts": [(part, roman(part.number)) for part in parts],
        "shown": shown,
        "shown_name": roman(shown.number) if shown else "",
        "part_action": action,
        "part_target": target,
        "part_target_name": roman(target.number) if target else "",
        "part_waiting": waiting,
    }


def _swap_context(tournament: Tournament) -> dict[str, object]:
    """The seats an organiser may still swap (rules.md §12), and the swaps so far."""
    options = selectors.swap_options(tournament)
    return {
        "swap_stage": options.stage,
        "swap_choices": [
            (
                seat.participant_id,
                _("Table %(t)s, seat %(p)s: %(name)s")
                % {"t": seat.table.number, "p": seat.position, "name": seat.participant.name},
            )
            for seat in options.seats
        ],
        "swaps": [
            {"a": swap.a.name, "b": swap.b.name, "at": swap.at, "stage": swap.stage}
            for swap in options.swaps
        ],
    }


def _reprint(tables: list[int]) -> str:
    """Ask for the new scoresheets of the tables a swap changed (one or two)."""
    if len(tables) == 1:
        return _(
            "Reprint the scoresheets of table %(table)s: the printed ones show the old seats."
        ) % {"table": tables[0]}
    return _(
        "Reprint the scoresheets of tables %(a)s and %(b)s: the printed ones show the old seats."
    ) % {"a": tables[0], "b": tables[-1]}


def _seat_swap(request: StaffRequest, tournament: Tournament) -> HttpResponse:
    """Swap two seated players of the current stage (a correction after the draw)."""
    here = reverse("staff:draw", args=[tournament.pk])
    try:
        a, b = int(request.POST.get("a", "")), int(request.POST.get("b", ""))
    except ValueError:
        messages.error(request, _("Choose two participants."))
        return redirect(here)
    done = run_service(
        request,
        None,
        lambda: services.seat_swap(tournament=tournament, a=a, b=b, actor=request.user),
        success_message=lambda swap: (
            _("The two seats have been swapped; the draw record shows it as a correction.")
            + " "
            + _reprint(selectors.swapped_tables(swap))
        ),
        redirect_to=here,
    )
    return done or redirect(here)
