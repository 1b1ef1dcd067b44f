"""Results: a referee's scoresheet, checked by the rules engine and kept as history.

A **result** is what the scoresheet of one game reports: one
``scoring.results.SeatReport`` per seat (position, role, character, lives left,
who eliminated the seat, the Renegade's final duel) and optionally the
**winner** the table names. The rules engine (``scoring.results``) checks it
and derives who won; in the group stage ``scoring.bounty`` prices each seat.

Results are **versions**: recording a game again (a **correction**, which needs
a reason) keeps the old version and makes the new one **current**. The game's
``version`` counts them; a caller names the version it corrects, and a game
that moved on in the meantime answers ``version_conflict``. Where the
tournament double-checks, a second person **confirms** the current version
before it counts (``Result.objects.counting``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.results import GameSpec, Outcome, ResultInvalid, SeatReport, evaluate_result

from ..errors import Conflict, ErrorItem, InvalidInput, NotAllowed
from ..models import Game, Result, ResultSeat, Stage, Table
from ..selectors.rules import game_spec
from ..selectors.seatings import seating_change
from ..selectors.tournament import Phase, tournament_phase
from .audit import audit_log
from .final_table import final_table_settle
from .outbox import outbox_sent


def result_record(
    *,
    game: Game,
    seats: Sequence[SeatReport],
    winner: str | int | None = None,
    signed: bool = False,
    reason: str = "",
    version: int | None = None,
    seating: int | None = None,
    actor: User,
    entered_at: datetime | None = None,
) -> Result:
    """Record a game's result, or correct it (a new version; the old one is kept).

    The rules engine checks the result first; an invalid result stores
    nothing. ``version`` is the version the caller is correcting: if the game
    has moved on since, ``version_conflict``. The game's row is locked for the
    write, so two referees saving the same game end with one version and one
    conflict. ``seating`` is the table's seating the result was filled in
    against (api.md "The day's edges"): if a seat swap has changed it since,
    ``seating_changed`` and nothing is stored. ``entered_at``: when the
    referee saved it on the phone, if the phone's outbox sends it late
    (rules.md §12); kept where it is more than a minute before now, never in
    the future. The actor's phone no longer reports the game as unsent
    (``outbox_sent``).
    """
    with transaction.atomic():
        game = (
            Game.objects.select_for_update().select_related("tournament", "table").get(pk=game.pk)
        )
        _guard_writable(game)
        _guard_seating(game, seating=seating)
        _guard_version(game, version=version, reason=reason)
        table_seats = list(game.table.seats.select_related("participant"))
        outcome = _evaluate(game_spec(game, seats=table_seats), seats, winner=winner)
        previous = Result.objects.filter(game=game).current().first()
        before = result_snapshot(previous) if previous else None
        result = _store_version(
            game,
            seats,
            outcome,
            participant_at={s.position: s.participant_id for s in table_seats},
            signed=signed,
            reason=reason.strip(),
            actor=actor,
            entered_at=_late_entry(entered_at),
        )
        if game.stage == Stage.FINAL:
            final_table_settle(game.tournament)
        outbox_sent(game=game, actor=actor)
        audit_log(
            tournament=game.tournament,
            actor=actor,
            action="result_corrected" if previous else "result_recorded",
            obj=game,
            before=before,
            after=result_snapshot(result),
        )
    return result


#: An entry that arrives later than this after it was made on the phone is "sent late".
LATE_AFTER = timedelta(minutes=1)


def _late_entry(entered_at: datetime | None) -> datetime | None:
    """``entered_at`` if it lies more than ``LATE_AFTER`` in the past, else None."""
    if entered_at is None:
        return None
    now = timezone.now()
    return entered_at if entered_at < now - LATE_AFTER else None


def _guard_writable(game: Game) -> None:
    """Refuse a game that is not played or whose stage is closed (the tournament's phase
    says whether the knockout has begun or named its champion)."""
    if game.status == Game.Status.VOID:
        raise Conflict.single("game_not_played", _("This game is not played."))
    if game.stage == Stage.KNOCKOUT and _later_round_seated(game):
        raise Conflict.single(
            "round_closed", _("The next knockout round has been seated; this result is final.")
        )
    phase = tournament_phase(game.tournament)
    if game.stage == Stage.KNOCKOUT and phase is Phase.FINISHED:
        raise Conflict.single(
            "round_closed", _("The champion has been named: the final's result is final.")
        )
    if game.stage == Stage.GROUP and phase in (Phase.KNOCKOUT, Phase.FINISHED):
        raise Conflict.single(
            "round_closed",
            _("The knockout has started: the group-stage results are final."),
        )
    # A final table's games stay correctable (services.final_table): its champion follows.


def _later_round_seated(game: Game) -> bool:
    return Table.objects.filter(
        tournament_id=game.tournament_id, stage=Stage.KNOCKOUT, round__gt=game.round
    ).exists()


def _guard_seating(game: Game, *, seating: int | None) -> None:
    """The result was filled in against the table's seats as they are now."""
    if seating is None or seating == game.table.seating:
        return
    change = seating_change(game.table, then=seating)
    shown = change.changed or change.rows

    def seats(index: int) -> str:
        return ", ".join(
            _("seat %(position)s %(name)s") % {"position": row[0], "name": row[index]}
            for row in shown
        )

    raise Conflict.single(
        "seating_changed",
        _(
            "The seats at table %(table)s were changed after this result was filled in "
            "(a seat swap). You had: %(then)s. Now: %(now)s. Nothing was saved: check "
            "the result against the seats as they are now."
        )
        % {"table": change.table, "then": seats(1), "now": seats(2)},
        field="seating",
    )


def _guard_version(game: Game, *, version: int | None, reason: str) -> None:
    """The caller corrects the current version, and a correction gives a reason."""
    if version is not None and version != game.version:
        raise Conflict.single(
            "version_conflict",
            _(
                "This result was changed by someone else in the meantime (now version "
                "%(current)s, you sent %(sent)s). Reload and check it before saving."
            )
            % {"current": game.version, "sent": version},
            field="version",
        )
    if not game.version or reason.strip():
        return
    if version is None:
        # Sent as a first entry, but someone recorded this game meanwhile.
        raise Conflict.single(
            "version_conflict",
            _(
                "This game already has a result (version %(current)s). Check it; "
                "to correct it, give a reason."
            )
            % {"current": game.version},
            field="version",
        )
    raise InvalidInput.single("reason_required", _("A correction needs a reason."), field="reason")


def _evaluate(spec: GameSpec, seats: Sequence[SeatReport], *, winner: str | int | None) -> Outcome:
    """Who won, by the rules engine; every broken rule becomes an ``InvalidInput`` item."""
    try:
        return evaluate_result(spec, seats, winner=winner)
    except ResultInvalid as invalid:
        raise InvalidInput(
            ErrorItem(code=p.code, message=str(p.message), field=p.field, position=p.position)
            for p in invalid.problems
        ) from None


def _store_version(
    game: Game,
    seats: Sequence[SeatReport],
    outcome: Outcome,
    *,
    participant_at: dict[int, int],
    signed: bool,
    reason: str,
    actor: User,
    entered_at: datetime | None = None,
) -> Result:
    """Save the result as the game's new current version, its seats with their bounty."""
    Result.objects.filter(game=game).current().update(is_current=False)
    game.version += 1
    game.status = Game.Status.RECORDED
    game.save(update_fields=["version", "status"])
    try:
        result = Result.objects.create(
            game=game,
            version=game.version,
            winner=str(outcome.winner),
            signed=signed,
            reason=reason,
            recorded_by=actor,
            entered_at=entered_at,
        )
    except IntegrityError:  # pragma: no cover - the row lock makes this unreachable
        raise Conflict.single(
            "version_conflict", _("Someone else saved this game first.")
        ) from None
    bounties = _bounties(game, seats, outcome)
    ResultSeat.objects.bulk_create(
        ResultSeat(
            result=result,
            participant_id=participant_at[seat.position],
            position=seat.position,
            role=str(seat.role or ""),
            character=seat.character or "",
            lives=seat.lives,
            eliminated_by=seat.eliminated_by,
            final_duel=seat.final_duel,
            last_three=seat.last_three,
            won=seat.position in outcome.winning_positions,
            bounty=bounties.get(seat.position),
        )
        for seat in seats
    )
    return result


def _bounties(game: Game, seats: Sequence[SeatReport], outcome: Outcome) -> dict[int, int]:
    """Position -> bounty; only qualifying and final-table games of 4 to 7 players
    earn one, by the format's points table (rules.md §14)."""
    if game.stage == Stage.KNOCKOUT or outcome.side is None:
        return {}
    return game.tournament.config.format.game_bounty(
        seats=seats, side=outcome.side, size=game.table.size
    )


def result_snapshot(result: Result) -> dict[str, Any]:
    """A result version as JSON-ready data (the audit log's before/after)."""
    return {
        "version": result.version,
        "winner": result.winner,
        "signed": result.signed,
        "reason": result.reason,
        "seats": [
            {
                "position": s.position,
                "participant": s.participant_id,
                "role": s.role or None,
                "character": s.character or None,
                "lives": s.lives,
                "eliminated_by": s.eliminated_by,
                "final_duel": s.final_duel,
                **({"last_three": True} if s.last_three else {}),
                "won": s.won,
                "bounty": s.bounty,
            }
            for s in result.seats.order_by("position")
        ],
    }


def result_confirm(*, game: Game, actor: User, version: int | None = None) -> Result:
    """A second person confirms the result version they have seen (setting ``double_check``).

    ``version`` is required: one confirms what one has seen (``400 version_required``);
    a version that is no longer current answers ``409 version_conflict``.
    """
    if version is None:
        raise InvalidInput.single(
            "version_required",
            _("Say which version of the result you are confirming."),
            field="version",
        )
    with transaction.atomic():
        game = Game.objects.select_for_update().select_related("tournament").get(pk=game.pk)
        result = Result.objects.filter(game=game).current().first()
        if result is None:
            raise Conflict.single("no_result", _("This game has no result to confirm yet."))
        if version != result.version:
            raise Conflict.single(
                "version_conflict",
                _("The result changed in the meantime; check the new version before confirming."),
                field="version",
            )
        if result.recorded_by_id == actor.pk:
            raise NotAllowed.single(
                "cannot_confirm_own_entry",
                _("A result must be confirmed by someone other than the person who entered it."),
            )
        if result.confirmed_by_id is None:
            result.confirmed_by = actor
            result.confirmed_at = timezone.now()
            result.save(update_fields=["confirmed_by", "confirmed_at"])
            audit_log(
                tournament=game.tournament,
                actor=actor,
                action="result_confirmed",
                obj=game,
                after={"version": result.version},
            )
            if game.stage == Stage.FINAL:
                final_table_settle(game.tournament)
    return result
