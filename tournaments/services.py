"""Everything that changes a tournament goes through these functions.

Views, API endpoints, admin actions and management commands call them; none
of those hold rules. A service loads plain data, asks ``scoring`` what the
rules say, saves inside one transaction and writes an audit entry. Rule
violations raise ``tournaments.errors.DomainError`` subclasses and leave the
database as it was.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, Group
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django_countries import countries

from scoring import seating
from scoring.bounty import game_bounty
from scoring.results import GameSpec, SeatReport, evaluate_result, validate_result
from scoring.rulesets import Role, Ruleset

from .errors import (
    Conflict,
    ErrorItem,
    InvalidInput,
    NotAllowed,
    items_from_validation_error,
)
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
    Stage,
    Table,
    Tournament,
)
from .permissions import REFEREES
from .preferences import validate_settings

User = AbstractBaseUser


# --------------------------------------------------------------------------- audit


def audit_log(
    *,
    tournament: Tournament | None,
    actor: User | None,
    action: str,
    obj: Any = None,
    before: Any = None,
    after: Any = None,
) -> AuditEntry:
    """Write one audit entry (call inside the service's transaction)."""
    return AuditEntry.objects.create(
        tournament=tournament,
        actor=actor if actor is not None and actor.is_authenticated else None,
        action=action,
        object_type=type(obj).__name__ if obj is not None else "",
        object_id=str(getattr(obj, "pk", "") or ""),
        before=before,
        after=after,
    )


# --------------------------------------------------------------------------- referees


def referee_appoint(*, user: User, actor: User | None = None) -> None:
    """Make ``user`` a referee (the Django group ``referees``)."""
    with transaction.atomic():
        Group.objects.get(name=REFEREES).user_set.add(user)
        audit_log(
            tournament=None,
            actor=actor,
            action="referee_added",
            obj=user,
            after={"username": user.get_username()},
        )


def referee_dismiss(*, user: User, actor: User | None = None) -> None:
    """``user`` is no longer a referee."""
    with transaction.atomic():
        Group.objects.get(name=REFEREES).user_set.remove(user)
        audit_log(
            tournament=None,
            actor=actor,
            action="referee_removed",
            obj=user,
            before={"username": user.get_username()},
        )


# --------------------------------------------------------------------------- tournaments


def tournament_create(
    *,
    name: str,
    date: date,
    ruleset: str = Ruleset.BANG.value,
    language: str = "de",
    settings: Mapping[str, Any] | None = None,
    actor: User | None = None,
) -> Tournament:
    tournament = Tournament(
        name=name, date=date, ruleset=ruleset, language=language, settings=dict(settings or {})
    )
    try:
        tournament.full_clean()
    except ValidationError as error:
        raise InvalidInput(items_from_validation_error(error)) from None
    with transaction.atomic():
        tournament.save()
        audit_log(
            tournament=tournament,
            actor=actor,
            action="tournament_created",
            obj=tournament,
            after=_tournament_snapshot(tournament),
        )
    return tournament


def tournament_update(
    *, tournament: Tournament, actor: User | None = None, **changes: Any
) -> Tournament:
    """Change name, date, language or settings (the ruleset is fixed once a draw exists)."""
    allowed = {"name", "date", "language", "settings", "ruleset"}
    unknown = set(changes) - allowed
    if unknown:
        raise InvalidInput(
            [
                ErrorItem(code="unknown_field", message=_("Unknown field."), field=f)
                for f in sorted(unknown)
            ]
        )
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        before = _tournament_snapshot(tournament)
        if (
            "ruleset" in changes
            and changes["ruleset"] != tournament.ruleset
            and _group_drawn(tournament)
        ):
            raise Conflict.single(
                "draw_locked", _("The ruleset cannot change after the draw."), field="ruleset"
            )
        for key, value in changes.items():
            setattr(tournament, key, value)
        try:
            tournament.full_clean()
        except ValidationError as error:
            raise InvalidInput(items_from_validation_error(error)) from None
        tournament.save()
        audit_log(
            tournament=tournament,
            actor=actor,
            action="tournament_updated",
            obj=tournament,
            before=before,
            after=_tournament_snapshot(tournament),
        )
    return tournament


def _tournament_snapshot(tournament: Tournament) -> dict[str, Any]:
    return {
        "name": tournament.name,
        "date": tournament.date.isoformat() if tournament.date else None,
        "ruleset": tournament.ruleset,
        "language": tournament.language,
        "settings": validate_settings(tournament.settings),
    }


def character_add(
    *, tournament: Tournament, name: str, life_points: int, actor: User | None = None
) -> Character:
    """Add an expansion character for one tournament."""
    name = name.strip()
    if Character.objects.filter(tournament__isnull=True, name__iexact=name).exists():
        raise InvalidInput.single(
            "duplicate_character",
            _("%(name)s is a base-game character already.") % {"name": name},
            field="name",
        )
    character = Character(tournament=tournament, name=name, life_points=life_points)
    try:
        character.full_clean()
    except ValidationError as error:
        raise InvalidInput(items_from_validation_error(error)) from None
    with transaction.atomic():
        character.save()
        audit_log(
            tournament=tournament,
            actor=actor,
            action="character_added",
            obj=character,
            after={"name": name, "life_points": life_points},
        )
    return character


def tournament_characters(tournament: Tournament) -> dict[str, int]:
    """Name -> life points of every character the tournament allows."""
    rows = Character.objects.filter(tournament__isnull=True) | Character.objects.filter(
        tournament=tournament
    )
    return dict(rows.values_list("name", "life_points"))


# --------------------------------------------------------------------------- participants


@dataclass(frozen=True)
class ParticipantInput:
    name: str
    nationality: str
    birth_date: date | None = None
    age_approved: bool = False


def participants_register(
    *,
    tournament: Tournament,
    items: Sequence[ParticipantInput],
    actor: User | None = None,
    first_row: int | None = None,
) -> list[Participant]:
    """Register a list of participants: all of them, or none.

    Every item is checked first; problems name the item's ``index`` (or its
    spreadsheet ``row`` when ``first_row`` is given).
    """
    errors: list[ErrorItem] = []
    candidates: list[Participant] = []
    for index, item in enumerate(items):
        where = {"row": first_row + index} if first_row is not None else {"index": index}
        participant = Participant(
            tournament=tournament,
            name=(item.name or "").strip(),
            nationality=(item.nationality or "").strip().upper(),
            birth_date=item.birth_date,
            age_approved=bool(item.age_approved),
        )
        if participant.nationality and participant.nationality not in countries:
            errors.append(
                ErrorItem(
                    code="unknown_nationality",
                    message=_("“%(code)s” is not an ISO 3166 country code (e.g. DE, AT, CH).")
                    % {"code": item.nationality},
                    field="nationality",
                    **where,
                )
            )
            participant.nationality = ""
            exclude = ["nationality"]
        else:
            exclude = []
        try:
            participant.full_clean(exclude=exclude)
        except ValidationError as error:
            errors.extend(items_from_validation_error(error, **where))
        candidates.append(participant)
    with transaction.atomic():
        # Lock the tournament row so that two registrations cannot both pass the limit.
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if _group_drawn(locked):
            errors.insert(
                0,
                ErrorItem(
                    code="draw_locked",
                    message=_("Participants cannot be added after the group-stage draw."),
                ),
            )
        # A participant who withdrew before the draw frees their place.
        current = locked.participants.exclude(status=Participant.Status.WITHDRAWN).count()
        limit = locked.config.max_participants
        if current + len(candidates) > limit:
            errors.append(
                ErrorItem(
                    code="too_many_participants",
                    message=_(
                        "The tournament allows at most %(limit)s participants; %(current)s are "
                        "registered, %(new)s more would be too many."
                    )
                    % {"limit": limit, "current": current, "new": len(candidates)},
                )
            )
        if errors:
            if any(e.code == "draw_locked" for e in errors):
                raise Conflict(errors)
            raise InvalidInput(errors)
        created = []
        for participant in candidates:
            participant.save()
            created.append(participant)
        audit_log(
            tournament=locked,
            actor=actor,
            action="participants_registered",
            after=[
                {"id": p.pk, "name": p.name, "nationality": str(p.nationality)} for p in created
            ],
        )
    return created


def participant_withdraw(
    *, participant: Participant, actor: User | None = None, reason: str = ""
) -> Participant:
    """A participant leaves the tournament of their own accord (rules.md §7)."""
    return _participant_leave(
        participant=participant, status=Participant.Status.WITHDRAWN, actor=actor, reason=reason
    )


def _participant_leave(
    *, participant: Participant, status: str, actor: User | None, reason: str
) -> Participant:
    with transaction.atomic():
        participant = Participant.objects.select_for_update().get(pk=participant.pk)
        before = participant.status
        participant.status = status
        participant.save(update_fields=["status"])
        voided = _void_unplayable_games(participant)
        audit_log(
            tournament=participant.tournament,
            actor=actor,
            action=f"participant_{status}",
            obj=participant,
            before={"status": before},
            after={"status": status, "reason": reason, "voided_games": voided},
        )
    return participant


def _void_unplayable_games(participant: Participant) -> list[int]:
    """Open games that cannot be played without ``participant`` (rules.md §7).

    Group stage: the game in which they would have been Sheriff, and any game
    left with fewer than 4 players. Knockout: a game left with fewer than 2
    players; whoever is left there goes on without playing.
    """
    voided: list[int] = []
    open_games = Game.objects.filter(
        table__seats__participant=participant, status=Game.Status.OPEN
    ).select_related("table")
    seat_of = dict(Seat.objects.filter(participant=participant).values_list("table_id", "position"))
    for game in open_games:
        active = Seat.objects.filter(
            table=game.table, participant__status=Participant.Status.ACTIVE
        ).count()
        if game.stage == Stage.GROUP:
            unplayable = game.sheriff_position == seat_of.get(game.table_id) or active < 4
        else:
            unplayable = active < 2
        if unplayable:
            game.status = Game.Status.VOID
            game.save(update_fields=["status"])
            voided.append(game.pk)
    return voided


# --------------------------------------------------------------------------- group stage


def _group_drawn(tournament: Tournament) -> bool:
    return Table.objects.filter(tournament=tournament, stage=Stage.GROUP).exists()


def _group_results_exist(tournament: Tournament) -> bool:
    return Result.objects.filter(game__tournament=tournament, game__stage=Stage.GROUP).exists()


def group_stage_draw(
    *,
    tournament: Tournament,
    seed: str,
    five_tables: int | None = None,
    actor: User | None = None,
) -> list[Table]:
    """Split the active participants into tables of 5 and 6 and seat them by lot.

    Same participants (registration order) + same seed => same seating. A draw
    may be redone until the first group result is recorded.
    """
    seed = str(seed)
    if not seed.strip():
        raise InvalidInput.single("invalid_seed", _("The seed must not be empty."), field="seed")
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if _group_results_exist(tournament):
            raise Conflict.single(
                "draw_locked",
                _("The draw is locked: the first group-stage result has been recorded."),
            )
        if Table.objects.filter(tournament=tournament, stage=Stage.KNOCKOUT).exists():
            raise Conflict.single("draw_locked", _("The knockout has started."))
        participant_ids = list(
            tournament.participants.filter(status=Participant.Status.ACTIVE)
            .order_by("id")
            .values_list("id", flat=True)
        )
        try:
            sizes = seating.split_tables(len(participant_ids), five_tables=five_tables)
        except seating.NotSplittable as error:
            raise InvalidInput.single("not_splittable", error.message) from None
        except seating.InvalidFiveTables as error:
            raise InvalidInput.single(
                "invalid_five_tables", error.message, field="five_tables"
            ) from None
        layout = seating.draw_seating(participant_ids, sizes=sizes, seed=seed)

        previous = _draw_snapshot(tournament)
        Table.objects.filter(tournament=tournament, stage=Stage.GROUP).delete()
        tables = Table.objects.bulk_create(
            Table(
                tournament=tournament,
                stage=Stage.GROUP,
                round=0,
                number=n,
                size=len(members),
                seed=seed,
            )
            for n, members in enumerate(layout, start=1)
        )
        Seat.objects.bulk_create(
            Seat(table=table, position=position, participant_id=pid)
            for table, members in zip(tables, layout, strict=True)
            for position, pid in enumerate(members, start=1)
        )
        Game.objects.bulk_create(
            Game(
                tournament=tournament,
                table=table,
                stage=Stage.GROUP,
                round=r,
                sheriff_position=r,
            )
            for table in tables
            for r in range(1, table.size + 1)
        )
        GroupDraw.objects.update_or_create(
            tournament=tournament,
            defaults={
                "seed": seed,
                "five_tables": five_tables,
                "drawn_by": actor if actor is not None and actor.is_authenticated else None,
            },
        )
        audit_log(
            tournament=tournament,
            actor=actor,
            action="group_stage_drawn",
            before=previous,
            after={"seed": seed, "five_tables": five_tables, "tables": layout},
        )
    return tables


def _draw_snapshot(tournament: Tournament) -> dict[str, Any] | None:
    draw = GroupDraw.objects.filter(tournament=tournament).first()
    if draw is None:
        return None
    tables: dict[int, list[int]] = {}
    for number, pid in (
        Seat.objects.filter(table__tournament=tournament, table__stage=Stage.GROUP)
        .order_by("table__number", "position")
        .values_list("table__number", "participant_id")
    ):
        tables.setdefault(number, []).append(pid)
    return {"seed": draw.seed, "five_tables": draw.five_tables, "tables": list(tables.values())}


# --------------------------------------------------------------------------- results


@dataclass(frozen=True)
class SeatInput:
    """One seat of a scoresheet as a referee enters it."""

    position: int
    role: str | None
    character: str | None = None
    lives: int | None = None
    eliminated_by: int | None = None
    final_duel: bool = False

    @classmethod
    def from_snapshot(cls, seat: Mapping[str, Any]) -> SeatInput:
        """The entry for a seat of a stored result (``result_snapshot``), to resubmit it."""
        return cls(
            position=seat["position"],
            role=seat["role"],
            character=seat["character"],
            lives=seat["lives"],
            eliminated_by=seat["eliminated_by"],
            final_duel=seat["final_duel"],
        )

    @classmethod
    def from_report(cls, report: SeatReport) -> SeatInput:
        """The entry for a seat the rules engine describes (e.g. a simulated result)."""
        return cls(
            position=report.position,
            role=report.role.value if report.role else None,
            character=report.character,
            lives=report.lives,
            eliminated_by=report.eliminated_by,
            final_duel=report.final_duel,
        )


def game_spec(game: Game, *, seats: Sequence[Seat] | None = None) -> GameSpec:
    """The rules engine's view of a game: who plays, the Sheriff's seat, characters."""
    tournament = game.tournament
    seats = (
        list(seats) if seats is not None else list(game.table.seats.select_related("participant"))
    )
    if game.status == Game.Status.RECORDED or game.version:
        # A recorded game keeps the players who played it.
        positions = tuple(
            ResultSeat.objects.current()
            .filter(result__game=game)
            .order_by("position")
            .values_list("position", flat=True)
        ) or tuple(s.position for s in seats)
    else:
        positions = tuple(
            s.position for s in seats if s.participant.status == Participant.Status.ACTIVE
        )
    return GameSpec(
        ruleset=Ruleset(tournament.ruleset),
        positions=positions,
        sheriff_position=game.sheriff_position if game.stage == Stage.GROUP else None,
        characters=tournament_characters(tournament) if tournament.ruleset == Ruleset.BANG else {},
        tougher_sheriff=bool(tournament.config.tougher_sheriff),
    )


def result_record(
    *,
    game: Game,
    seats: Sequence[SeatInput],
    winner: str | int | None = None,
    signed: bool = False,
    reason: str = "",
    version: int | None = None,
    actor: User,
) -> Result:
    """Record a game's result, or correct it (a new version; the old one is kept).

    The rules engine checks the result first; an invalid result stores
    nothing. ``version`` is the version the caller is correcting: if the game
    has moved on since, ``version_conflict``. The game's row is locked for the
    write, so two referees saving the same game end with one version and one
    conflict.
    """
    reports = [
        SeatReport(
            position=s.position,
            role=Role(s.role) if s.role else None,
            character=s.character or None,
            lives=s.lives,
            eliminated_by=s.eliminated_by,
            final_duel=bool(s.final_duel),
        )
        for s in seats
    ]
    with transaction.atomic():
        game = (
            Game.objects.select_for_update().select_related("tournament", "table").get(pk=game.pk)
        )
        tournament = game.tournament
        if game.status == Game.Status.VOID:
            raise Conflict.single("game_not_played", _("This game is not played."))
        if game.stage == Stage.KNOCKOUT and _knockout_round_closed(game):
            raise Conflict.single(
                "round_closed", _("The next knockout round has been seated; this result is final.")
            )
        if game.stage == Stage.GROUP and Knockout.objects.filter(tournament=tournament).exists():
            raise Conflict.single(
                "round_closed",
                _("The knockout has started: the group-stage results are final."),
            )
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
        if game.version and not reason.strip():
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
            raise InvalidInput.single(
                "reason_required",
                _("A correction needs a reason."),
                field="reason",
            )
        table_seats = list(game.table.seats.select_related("participant"))
        spec = game_spec(game, seats=table_seats)
        problems = validate_result(spec, reports, winner=winner)
        if problems:
            raise InvalidInput(
                ErrorItem(code=p.code, message=str(p.message), field=p.field, position=p.position)
                for p in problems
            )
        outcome = evaluate_result(spec, reports, winner=winner)
        bounties: dict[int, int] = {}
        if game.stage == Stage.GROUP and outcome.side is not None:
            bounties = game_bounty(
                seats=reports,
                side=outcome.side,
                size_category=game.table.size,
                table=tournament.config.bounty_table,
            )
        participant_at = {s.position: s.participant_id for s in table_seats}

        previous = Result.objects.filter(game=game).current().first()
        before = result_snapshot(previous) if previous else None
        if previous:
            previous.is_current = False
            previous.save(update_fields=["is_current"])
        game.version += 1
        game.status = Game.Status.RECORDED
        game.save(update_fields=["version", "status"])
        try:
            result = Result.objects.create(
                game=game,
                version=game.version,
                winner=str(outcome.winner),
                signed=signed,
                reason=reason.strip(),
                recorded_by=actor,
            )
        except IntegrityError:  # pragma: no cover - the row lock makes this unreachable
            raise Conflict.single(
                "version_conflict", _("Someone else saved this game first.")
            ) from None
        ResultSeat.objects.bulk_create(
            ResultSeat(
                result=result,
                participant_id=participant_at[r.position],
                position=r.position,
                role=r.role.value if r.role else "",
                character=r.character or "",
                lives=r.lives,
                eliminated_by=r.eliminated_by,
                final_duel=r.final_duel,
                won=r.position in outcome.winning_positions,
                bounty=bounties.get(r.position) if game.stage == Stage.GROUP else None,
            )
            for r in reports
        )
        audit_log(
            tournament=tournament,
            actor=actor,
            action="result_corrected" if before else "result_recorded",
            obj=game,
            before=before,
            after=result_snapshot(result),
        )
    return result


def result_snapshot(result: Result) -> dict[str, Any]:
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
                "won": s.won,
                "bounty": s.bounty,
            }
            for s in result.seats.order_by("position")
        ],
    }


def result_confirm(*, game: Game, actor: User, version: int | None = None) -> Result:
    """A second person confirms the current result (setting ``double_check``)."""
    with transaction.atomic():
        game = Game.objects.select_for_update().select_related("tournament").get(pk=game.pk)
        result = Result.objects.filter(game=game).current().first()
        if result is None:
            raise Conflict.single("no_result", _("This game has no result to confirm yet."))
        if version is not None and version != result.version:
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
    return result


# --------------------------------------------------------------------------- penalties


def penalty_give(
    *,
    participant: Participant,
    kind: str,
    reason: str,
    amount: int = 0,
    actor: User,
) -> Penalty:
    """A referee's warning, bounty deduction or exclusion (rules.md §7)."""
    errors: list[ErrorItem] = []
    if kind not in Penalty.Kind.values:
        errors.append(
            ErrorItem(
                code="invalid_kind",
                message=_("The kind must be warning, deduction or exclusion."),
                field="kind",
            )
        )
    if not (reason or "").strip():
        errors.append(
            ErrorItem(
                code="reason_required", message=_("A penalty needs a reason."), field="reason"
            )
        )
    if kind == Penalty.Kind.DEDUCTION and (not isinstance(amount, int) or amount <= 0):
        errors.append(
            ErrorItem(
                code="invalid_amount",
                message=_("A deduction needs a positive amount."),
                field="amount",
            )
        )
    if kind != Penalty.Kind.DEDUCTION:
        amount = 0
    if participant.status == Participant.Status.EXCLUDED:
        errors.append(
            ErrorItem(
                code="already_excluded",
                message=_("%(name)s is already excluded.") % {"name": participant.name},
            )
        )
    if errors:
        raise InvalidInput(errors)
    with transaction.atomic():
        penalty = Penalty.objects.create(
            tournament=participant.tournament,
            participant=participant,
            kind=kind,
            amount=amount,
            reason=reason.strip(),
            referee=actor,
        )
        audit_log(
            tournament=participant.tournament,
            actor=actor,
            action="penalty_given",
            obj=penalty,
            after={
                "participant": participant.pk,
                "kind": kind,
                "amount": amount,
                "reason": penalty.reason,
            },
        )
        if kind == Penalty.Kind.EXCLUSION:
            _participant_leave(
                participant=participant,
                status=Participant.Status.EXCLUDED,
                actor=actor,
                reason=reason,
            )
    return penalty


# --------------------------------------------------------------------------- knockout helpers


def _knockout_round_closed(game: Game) -> bool:
    return Table.objects.filter(
        tournament_id=game.tournament_id, stage=Stage.KNOCKOUT, round__gt=game.round
    ).exists()


# --------------------------------------------------------------------------- knockout


def _require_complete(tournament: Tournament, *, stage: str, round: int | None = None) -> None:
    """Refuse with ``round_incomplete`` while games of the stage (round) count no result."""
    from .selectors import counting_results

    scheduled = Game.objects.filter(tournament=tournament, stage=stage)
    if round is not None:
        scheduled = scheduled.filter(round=round)
    games = scheduled.exclude(status=Game.Status.VOID)  # void games are not played
    total = games.count()
    counted = counting_results(tournament).filter(game__in=games).count()
    if not scheduled.exists() or counted < total:
        raise Conflict.single(
            "round_incomplete",
            _("%(missing)s of %(total)s games have no (confirmed) result yet.")
            % {"missing": total - counted, "total": total},
        )


def knockout_start(
    *,
    tournament: Tournament,
    seed: str,
    field_size: int | None = None,
    actor: User | None = None,
) -> Knockout:
    """Qualify the knockout field, record any lots, and seat knockout round 1 (rules.md §8)."""
    from scoring import knockout as rules
    from scoring.standings import PlayerLine, RankedLine

    from .selectors import group_standings

    seed = str(seed)
    if not seed.strip():
        raise InvalidInput.single("invalid_seed", _("The seed must not be empty."), field="seed")
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if Knockout.objects.filter(tournament=tournament).exists():
            raise Conflict.single("knockout_started", _("The knockout has already started."))
        _require_complete(tournament, stage=Stage.GROUP)
        standings = group_standings(tournament)
        ranked = [
            RankedLine(
                line=PlayerLine(
                    participant=row.participant.pk,
                    table=row.table or 0,
                    position=row.position or 0,
                    bounty=row.bounty,
                    wins=row.wins,
                    lives=row.lives,
                    games_played=row.games_played,
                    # Withdrawn players have left: they cannot qualify either.
                    excluded=row.excluded or row.withdrawn,
                ),
                rank=row.rank,
                table_rank=row.table_rank or 0,
            )
            for row in standings.rows
        ]
        tables = len({row.table for row in standings.rows if row.table})
        size = (
            field_size or tournament.config.knockout_field_size or rules.default_field_size(tables)
        )
        try:
            qualification = rules.qualify(ranked, field_size=size, seed=seed)
        except rules.QualificationError as error:
            raise InvalidInput.single(
                "invalid_field_size", error.message, field="field_size"
            ) from None
        knockout = Knockout.objects.create(
            tournament=tournament, field_size=size, seed=seed, seeding=qualification.seeding
        )
        LotDraw.objects.bulk_create(
            LotDraw(
                tournament=tournament,
                purpose=lot.purpose,
                seed=seed,
                candidates=list(lot.candidates),
                order=list(lot.order),
                places=lot.places,
            )
            for lot in qualification.lots
        )
        layout = _seat_knockout_round(knockout, players=qualification.seeding, round=1)
        audit_log(
            tournament=tournament,
            actor=actor,
            action="knockout_started",
            obj=knockout,
            after={
                "seed": seed,
                "field_size": size,
                "seeding": qualification.seeding,
                "lots": [
                    {"purpose": lot.purpose, "candidates": lot.candidates, "order": lot.order}
                    for lot in qualification.lots
                ],
                "tables": layout,
            },
        )
    return knockout


def _seat_knockout_round(
    knockout: Knockout, *, players: Sequence[int], round: int
) -> list[list[int]]:
    """Seat one knockout round by a seeded draw; one game per table, roles random."""
    seed = f"{knockout.seed}:round-{round}"
    layout = seating.draw_knockout_tables(list(players), seed=seed)
    for number, members in enumerate(layout, start=1):
        table = Table.objects.create(
            tournament=knockout.tournament,
            stage=Stage.KNOCKOUT,
            round=round,
            number=number,
            size=len(members),
            pick_order=knockout_pick_order(knockout.seeding, members),
            seed=seed,
        )
        Seat.objects.bulk_create(
            Seat(table=table, position=position, participant_id=pid)
            for position, pid in enumerate(members, start=1)
        )
        Game.objects.create(
            tournament=knockout.tournament, table=table, stage=Stage.KNOCKOUT, round=round
        )
    knockout.current_round = round
    knockout.save(update_fields=["current_round"])
    return layout


def knockout_pick_order(seeding: Sequence[int], players: Sequence[int]) -> list[int]:
    from scoring.knockout import pick_order

    return pick_order(seeding, players=players)


def knockout_next_round(
    *, tournament: Tournament, seed: str | None = None, actor: User | None = None
) -> Knockout:
    """Close the current knockout round: winners go on, Renegade winners move to the
    top of the seeding list; seat the next round, or name the champion."""
    from scoring.knockout import advance_seeding

    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        knockout = Knockout.objects.filter(tournament=tournament).first()
        if knockout is None:
            raise Conflict.single("knockout_not_started", _("The knockout has not started yet."))
        if knockout.champion_id is not None:
            raise Conflict.single(
                "knockout_finished", _("The knockout is over: the champion is known.")
            )
        if seed:
            knockout.seed = str(seed)
        current = knockout.current_round
        _require_complete(tournament, stage=Stage.KNOCKOUT, round=current)
        from .selectors import counting_results

        result_ids = list(
            counting_results(tournament)
            .filter(game__stage=Stage.KNOCKOUT, game__round=current)
            .order_by()
            .values_list("pk", flat=True)
        )
        winners = list(
            ResultSeat.objects.filter(result_id__in=result_ids, won=True)
            .order_by()
            .values_list("participant_id", "role")
        )
        # A game voided because players left (rules.md §7): whoever is left goes on.
        walkovers = Seat.objects.filter(
            table__games__tournament=tournament,
            table__games__stage=Stage.KNOCKOUT,
            table__games__round=current,
            table__games__status=Game.Status.VOID,
        ).values_list("participant_id", flat=True)
        still_in = set(
            tournament.participants.filter(status=Participant.Status.ACTIVE).values_list(
                "pk", flat=True
            )
        )
        renegades = [pid for pid, role in winners if role == Role.RENEGADE.value]
        before = list(knockout.seeding)
        knockout.seeding = advance_seeding(
            knockout.seeding, renegade_winners=[p for p in before if p in renegades]
        )
        advancing = {pid for pid, _role in winners} | set(walkovers)
        going_on = [p for p in knockout.seeding if p in advancing and p in still_in]
        if not going_on:
            raise Conflict.single(
                "nobody_left", _("Nobody who is still in the tournament won this round.")
            )
        if len(going_on) == 1:
            knockout.champion_id = going_on[0]
            knockout.save(update_fields=["seeding", "champion", "seed"])
            layout: list[list[int]] = []
        else:
            knockout.save(update_fields=["seeding", "seed"])
            layout = _seat_knockout_round(knockout, players=going_on, round=current + 1)
        audit_log(
            tournament=tournament,
            actor=actor,
            action="knockout_champion" if knockout.champion_id else "knockout_round_seated",
            obj=knockout,
            before={"round": current, "seeding": before},
            after={
                "round": knockout.current_round,
                "seed": knockout.seed,
                "seeding": knockout.seeding,
                "tables": layout,
                "champion": knockout.champion_id,
            },
        )
    return knockout
