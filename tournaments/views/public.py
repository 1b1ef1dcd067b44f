"""Pages anyone may read: home, leaderboard, projector, seating, player page, knockout, ranking.

The views are thin: they load the tournament (404 if unknown), call a
selector from ``tournaments.selectors`` and hand plain rows to a template or
a django-tables2 table (``tournaments.tables``). Every query is scoped to the
tournament in the URL, so a participant id from another tournament is a 404.

**Live parts.** The leaderboard and the projector poll a *fragment* URL with
htmx every few seconds. Each answer carries an ``ETag`` (the *live version*,
see ``live_version``); the page's script sends it back as ``If-None-Match``,
and while nothing has changed the server answers ``304 Not Modified`` after a
single cheap query, which htmx is told not to swap (``static/js/live.js``).
"""

from __future__ import annotations

import hashlib
import unicodedata
from collections import defaultdict
from typing import Any

import segno
from django.db.models import OuterRef, Subquery
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import quote_etag
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import condition
from django_tables2 import RequestConfig

from tournaments import selectors
from tournaments.models import (
    AuditEntry,
    Game,
    Knockout,
    Participant,
    Penalty,
    Result,
    ResultSeat,
    Seat,
    Stage,
    Tournament,
)
from tournaments.tables import (
    KnockoutRankingTable,
    KnockoutSeatTable,
    PlayerGamesTable,
    ProjectorTable,
    SeatingTable,
    StandingsTable,
    format_points,
)

PROJECTOR_ROWS_PER_PAGE = 15
PROJECTOR_PAGE_SECONDS = 10
POLL_SECONDS = 3


# --------------------------------------------------------------------------- helpers


class PublicStage:
    """Where a tournament stands, as the public sees it."""

    REGISTRATION = "registration"
    GROUP = "group"
    KNOCKOUT = "knockout"
    FINISHED = "finished"

    LABELS = {
        REGISTRATION: _("Registration"),
        GROUP: _("Group stage"),
        KNOCKOUT: _("Knockout"),
        FINISHED: _("Finished"),
    }


def _load_tournament(tournament_id: int) -> Tournament:
    """The tournament with its draw and knockout (one query), or 404."""
    return get_object_or_404(
        Tournament.objects.select_related("group_draw", "knockout__champion"), pk=tournament_id
    )


def _knockout(tournament: Tournament) -> Knockout | None:
    return getattr(tournament, "knockout", None)


def tournament_stage(tournament: Tournament) -> str:
    """Registration, group stage, knockout or finished (no query after ``_load_tournament``)."""
    knockout = _knockout(tournament)
    if knockout is not None:
        return PublicStage.FINISHED if knockout.champion_id else PublicStage.KNOCKOUT
    if getattr(tournament, "group_draw", None) is not None:
        return PublicStage.GROUP
    return PublicStage.REGISTRATION


def _base_context(tournament: Tournament, nav: str) -> dict[str, Any]:
    stage = tournament_stage(tournament)
    return {
        "tournament": tournament,
        "nav": nav,
        "stage": stage,
        "stage_label": PublicStage.LABELS[stage],
    }


def search_key(text: str) -> str:
    """Lower case without accents, so that "kruger" finds "Krüger"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def live_version(tournament_id: int) -> str | None:
    """A tag that changes whenever anything the live pages show may have changed.

    One query: the newest audit entry, result and penalty of the tournament.
    Every service writes an audit entry (results, corrections, confirmations,
    penalties, withdrawals, draws); results and penalties are read directly
    too, so that even a change made outside the services moves the tag.
    ``None`` for an unknown tournament (the view then answers 404).
    """
    newest = (
        Tournament.objects.filter(pk=tournament_id)
        .annotate(
            audit=Subquery(
                AuditEntry.objects.filter(tournament=OuterRef("pk"))
                .order_by("-id")
                .values("id")[:1]
            ),
            result=Subquery(
                Result.objects.filter(game__tournament=OuterRef("pk"))
                .order_by("-id")
                .values("id")[:1]
            ),
            penalty=Subquery(
                Penalty.objects.filter(tournament=OuterRef("pk")).order_by("-id").values("id")[:1]
            ),
        )
        .values_list("audit", "result", "penalty")
        .first()
    )
    if newest is None:
        return None
    return "-".join(str(n or 0) for n in newest)


def _etag(kind: str, request: HttpRequest, tournament_id: int) -> str | None:
    """The live version, qualified by page, language and sort order."""
    version = live_version(tournament_id)
    if version is None:
        return None
    variant = hashlib.blake2s(
        f"{get_language()}|{request.GET.urlencode()}".encode(), digest_size=4
    ).hexdigest()
    return f"{kind}-{version}-{variant}"


def _leaderboard_etag(request: HttpRequest, tournament_id: int) -> str | None:
    return _etag("lb", request, tournament_id)


def _projector_etag(request: HttpRequest, tournament_id: int) -> str | None:
    return _etag("pj", request, tournament_id)


def _live_response(response: HttpResponse) -> HttpResponse:
    """Fragments are revalidated on every poll and differ by language."""
    patch_cache_control(response, no_cache=True)
    patch_vary_headers(response, ["Accept-Language", "Cookie"])
    return response


def _still_playing(missing_games: list[Game]) -> list[dict[str, int]]:
    """Each table with a game still missing, and the lowest such round."""
    by_table: dict[int, int] = {}
    for game in missing_games:
        number = game.table.number
        by_table[number] = min(by_table.get(number, game.round), game.round)
    return [
        {"table": table, "round": rnd}
        for table, rnd in sorted(by_table.items(), key=lambda item: (item[1], item[0]))
    ]


# --------------------------------------------------------------------------- home


def home(request: HttpRequest) -> HttpResponse:
    """All tournaments, newest first."""
    tournaments = Tournament.objects.order_by("-date", "-id")
    return render(request, "tournaments/home.html", {"tournaments": tournaments})


def tournament_home(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """A tournament's overview: date, ruleset, participants, stage, links."""
    tournament = _load_tournament(tournament_id)
    context = _base_context(tournament, "tournament")
    context["participant_count"] = tournament.participants.exclude(
        status=Participant.Status.WITHDRAWN
    ).count()
    return render(request, "tournaments/public/tournament.html", context)


# --------------------------------------------------------------------------- leaderboard


def _leaderboard_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    standings = selectors.group_standings(tournament, with_missing=True)
    table = StandingsTable(standings.rows, tournament_id=tournament.pk)
    RequestConfig(request, paginate=False).configure(table)
    return {
        **_base_context(tournament, "leaderboard"),
        "standings": standings,
        "table": table,
        "still_playing": _still_playing(standings.missing_games),
        "fragment_url": _with_query(reverse("leaderboard_fragment", args=[tournament.pk]), request),
        "poll_seconds": POLL_SECONDS,
    }


def _with_query(url: str, request: HttpRequest) -> str:
    query = request.GET.urlencode()
    return f"{url}?{query}" if query else url


def leaderboard(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The live group-stage leaderboard; its body refreshes itself (see the module doc)."""
    tournament = _load_tournament(tournament_id)
    context = _leaderboard_context(request, tournament)
    context["etag"] = quote_etag(_leaderboard_etag(request, tournament.pk) or "")
    return render(request, "tournaments/public/leaderboard.html", context)


@condition(etag_func=_leaderboard_etag)
def leaderboard_fragment(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The leaderboard's body alone, for htmx polling; 304 while nothing changed."""
    tournament = _load_tournament(tournament_id)
    context = _leaderboard_context(request, tournament)
    response = render(request, "tournaments/public/partials/leaderboard_body.html", context)
    return _live_response(response)


# --------------------------------------------------------------------------- projector


def qr_svg(url: str) -> SafeString:
    """An inline SVG QR code for ``url`` (segno; nothing loaded from anywhere)."""
    svg = segno.make(url, error="m").svg_inline(
        scale=6, dark="#000", light="#fff", border=2, omitsize=True
    )
    # segno writes the SVG itself; the URL only becomes QR modules, never text.
    return mark_safe(svg)


def _projector_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    standings = selectors.group_standings(tournament, with_missing=True)
    table = ProjectorTable(standings.rows, tournament_id=tournament.pk)
    RequestConfig(request, paginate=False).configure(table)
    return {
        **_base_context(tournament, "projector"),
        "standings": standings,
        "table": table,
        "still_playing": _still_playing(standings.missing_games),
    }


def projector(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The big screen: large type, pages itself, tables still playing, a QR code."""
    tournament = _load_tournament(tournament_id)
    context = _projector_context(request, tournament)
    leaderboard_url = request.build_absolute_uri(reverse("leaderboard", args=[tournament.pk]))
    context.update(
        {
            "etag": quote_etag(_projector_etag(request, tournament.pk) or ""),
            "fragment_url": reverse("projector_fragment", args=[tournament.pk]),
            "leaderboard_url": leaderboard_url,
            "qr": qr_svg(leaderboard_url),
            "rows_per_page": PROJECTOR_ROWS_PER_PAGE,
            "page_seconds": PROJECTOR_PAGE_SECONDS,
            "poll_seconds": POLL_SECONDS,
        }
    )
    return render(request, "tournaments/public/projector.html", context)


@condition(etag_func=_projector_etag)
def projector_fragment(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The projector's body alone, for htmx polling; 304 while nothing changed."""
    tournament = _load_tournament(tournament_id)
    context = _projector_context(request, tournament)
    response = render(request, "tournaments/public/partials/projector_body.html", context)
    return _live_response(response)


# --------------------------------------------------------------------------- seating


def seating(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Who sits where: an alphabetical list and one list per table, searchable by name."""
    tournament = _load_tournament(tournament_id)
    query = request.GET.get("q", "").strip()
    needle = search_key(query)
    group_tables = selectors.group_tables(tournament)
    # Every row is rendered; those not matching ?q= carry ``hidden``, so that the
    # page works without JavaScript and the script can still widen the search.
    rows: list[dict[str, Any]] = []
    per_table: list[dict[str, Any]] = []
    for table in group_tables:
        seats = []
        for seat in table.seats.all():
            participant = seat.participant
            key = search_key(participant.name)
            seats.append(
                {
                    "participant": participant,
                    "table": table.number,
                    "position": seat.position,
                    "excluded": participant.status == Participant.Status.EXCLUDED,
                    "withdrawn": participant.status == Participant.Status.WITHDRAWN,
                    "search_key": key,
                    "matches": not needle or needle in key,
                }
            )
        rows.extend(seats)
        per_table.append(
            {"table": table, "seats": seats, "any_match": any(s["matches"] for s in seats)}
        )
    seating_table = SeatingTable(rows, tournament_id=tournament.pk)
    RequestConfig(request, paginate=False).configure(seating_table)
    context = {
        **_base_context(tournament, "seating"),
        "query": query,
        "table": seating_table,
        "per_table": per_table,
        "shown": sum(1 for r in rows if r["matches"]),
        "total": len(rows),
        "drawn": bool(group_tables),
        "seed": getattr(getattr(tournament, "group_draw", None), "seed", ""),
    }
    return render(request, "tournaments/public/seating.html", context)


# --------------------------------------------------------------------------- player


def player(request: HttpRequest, tournament_id: int, participant_id: int) -> HttpResponse:
    """One participant: seat, Sheriff round, games, rank and bounty, penalties, knockout path.

    A constant number of queries: the standings once, then one query each for
    the group seat, the table-mates, the games, the participant's result
    lines and the penalties.
    """
    tournament = _load_tournament(tournament_id)
    participant = get_object_or_404(tournament.participants.all(), pk=participant_id)
    standings = selectors.group_standings(tournament)
    row = next((r for r in standings.rows if r.participant.pk == participant.pk), None)

    group_seat = (
        Seat.objects.filter(participant=participant, table__stage=Stage.GROUP)
        .select_related("table")
        .first()
    )
    table_mates = (
        list(Seat.objects.filter(table_id=group_seat.table_id).select_related("participant"))
        if group_seat
        else []
    )
    games = list(
        Game.objects.filter(tournament=tournament, table__seats__participant=participant)
        .select_related("table")
        .order_by("stage", "round", "table__number")
    )
    lines = (
        ResultSeat.objects.counting(tournament)
        .filter(participant=participant)
        .select_related("result")
    )
    line_by_game = {line.result.game_id: line for line in lines}
    penalties = list(Penalty.objects.filter(tournament=tournament, participant=participant))

    knockout = _knockout(tournament)
    game_rows: list[dict[str, Any]] = []
    knockout_path: list[dict[str, Any]] = []
    for game in games:
        line = line_by_game.get(game.pk)
        outcome_key = _outcome_key(
            game, line, active=participant.status == Participant.Status.ACTIVE
        )
        game_rows.append(
            {
                "stage": STAGE_SHORT[game.stage],
                "round": game.round,
                "table": game.table.number,
                "role": line.get_role_display() if line and line.role else None,
                "outcome": OUTCOME_LABELS[outcome_key],
                "outcome_key": outcome_key,
                "lives": line.lives if line else None,
                "bounty": line.bounty if line else None,
            }
        )
        if game.stage == Stage.KNOCKOUT:
            knockout_path.append(
                {
                    "round": game.round,
                    "table": game.table.number,
                    "outcome_key": outcome_key,
                    "champion": False,
                }
            )
    if knockout_path and knockout is not None and knockout.champion_id == participant.pk:
        knockout_path[-1]["champion"] = True  # the final they won
    games_table = PlayerGamesTable(game_rows)
    RequestConfig(request, paginate=False).configure(games_table)
    seed_number = (
        knockout.seeding.index(participant.pk) + 1
        if knockout is not None and participant.pk in knockout.seeding
        else None
    )
    context = {
        **_base_context(tournament, "player"),
        "participant": participant,
        "row": row,
        "bounty_display": format_points(row.bounty) if row else "",
        "group_seat": group_seat,
        "table_mates": table_mates,
        "games_table": games_table,
        "penalties": penalties,
        "knockout_path": knockout_path,
        "seed_number": seed_number,
    }
    return render(request, "tournaments/public/player.html", context)


STAGE_SHORT = {Stage.GROUP: _("Group"), Stage.KNOCKOUT: _("K.O.")}

OUTCOME_LABELS = {
    "won": _("won"),
    "lost": _("lost"),
    "open": _("not yet played"),
    "void": _("not played"),
}


def _outcome_key(game: Game, line: ResultSeat | None, *, active: bool = True) -> str:
    """won / lost from the participant's result line; otherwise open or not played."""
    if line is not None:
        return "won" if line.won else "lost"
    if game.status == Game.Status.VOID:
        return "void"
    if game.status == Game.Status.RECORDED and not active:
        return "void"  # played after this participant had left the table
    return "open"  # not played yet, or its result is awaiting confirmation


# --------------------------------------------------------------------------- knockout


def _knockout_etag(request: HttpRequest, tournament_id: int) -> str | None:
    return _etag("ko", request, tournament_id)


def _knockout_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    """Tables per round with seats, pick order and results; the lot draws."""
    tables = selectors.knockout_tables(tournament)
    rounds: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for table in tables:
        result_seats = {s.position: s for s in table.result.seats.all()} if table.result else {}
        pick_number = {p.pk: i for i, p in enumerate(table.pick_list, start=1)}
        rows = []
        for seat in table.seat_list:
            line = result_seats.get(seat.position)
            rows.append(
                {
                    "position": seat.position,
                    "participant": seat.participant,
                    "pick": pick_number.get(seat.participant_id),
                    "role": line.get_role_display() if line and line.role else None,
                    "outcome_key": ("won" if line.won else "lost") if line else "open",
                    "outcome": OUTCOME_LABELS[("won" if line.won else "lost") if line else "open"],
                }
            )
        seat_table = KnockoutSeatTable(rows, tournament_id=tournament.pk, prefix=f"t{table.pk}-")
        RequestConfig(request, paginate=False).configure(seat_table)
        rounds[table.round].append(
            {"table": table, "seat_table": seat_table, "recorded": table.result is not None}
        )
    return {
        **_base_context(tournament, "knockout"),
        "rounds": sorted(rounds.items()),
        "lot_draws": selectors.lot_draws(tournament),
        "knockout": _knockout(tournament),
        "fragment_url": reverse("knockout_fragment", args=[tournament.pk]),
        "poll_seconds": POLL_SECONDS,
    }


def knockout(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The knockout; its body refreshes itself like the leaderboard's."""
    tournament = _load_tournament(tournament_id)
    context = _knockout_context(request, tournament)
    context["etag"] = quote_etag(_knockout_etag(request, tournament.pk) or "")
    return render(request, "tournaments/public/knockout.html", context)


@condition(etag_func=_knockout_etag)
def knockout_fragment(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The knockout's body alone, for htmx polling; 304 while nothing changed."""
    tournament = _load_tournament(tournament_id)
    context = _knockout_context(request, tournament)
    response = render(request, "tournaments/public/partials/knockout_body.html", context)
    return _live_response(response)


def ranking(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The final ranking, with the champion and the German title holder."""
    tournament = _load_tournament(tournament_id)
    result = selectors.final_ranking(tournament)
    table = KnockoutRankingTable(result.rows, tournament_id=tournament.pk)
    RequestConfig(request, paginate=False).configure(table)
    context = {**_base_context(tournament, "ranking"), "ranking": result, "table": table}
    return render(request, "tournaments/public/ranking.html", context)
