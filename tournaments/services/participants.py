"""Participants: registering them, and their leaving the tournament.

A **participant** is one player registered for one tournament, with a name, an
ISO 3166 **nationality** and optionally a birth date (and whether an organiser
approved their age). Registration is possible until the group stage is drawn
and up to the tournament's ``max_participants``.

A participant **leaves** by withdrawing (of their own accord) or by being
**excluded** (a referee's penalty). Leaving **voids** the open games that
cannot be played without them (rules.md §7); their recorded games stay. Before
the group-stage draw a withdrawal can be undone (**reinstated**: a latecomer
after "withdraw everyone not checked in"); an exclusion cannot.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django_countries import countries

from ..errors import Conflict, DomainError, ErrorItem, InvalidInput, items_from_validation_error
from ..models import Game, Participant, Player, Seat, Stage, Tournament
from ..selectors.tournament import group_stage_drawn
from .audit import audit_log
from .final_table import final_table_settle
from .packages import federation_problems
from .versions import edit_version, edit_version_check


@dataclass(frozen=True)
class ParticipantInput:
    """One participant as an organiser enters them (a form, a spreadsheet row, the API)."""

    name: str
    nationality: str
    birth_date: date | None = None
    age_approved: bool = False
    #: The id of the player this participant is (rules.md §13); None: not linked.
    player: int | None = None
    #: The id on the season's server of one of the tournament's package players
    #: (rules.md §16); None: not linked.
    federation_player: int | None = None
    language: str | None = None  # of their player card (rules.md §15); None: the tournament's


def participants_check(
    *, tournament: Tournament, items: Sequence[ParticipantInput]
) -> list[ErrorItem]:
    """Every problem of registering ``items``, each naming its item's ``index``
    (the draw and the participant limit name none). Writes nothing."""
    errors: list[ErrorItem] = []
    for index, item in enumerate(items):
        errors.extend(_candidate(tournament, item, index=index)[1])
    errors.extend(_player_problems(tournament, items))
    errors.extend(federation_problems(tournament, [item.federation_player for item in items]))
    return [
        e for e in (_draw_locked(tournament), *errors, _too_many(tournament, new=len(items))) if e
    ]


def registration_refused(errors: Sequence[ErrorItem]) -> DomainError:
    """The refusal of a registration with these problems: ``409`` once the draw locks
    it, else ``400``."""
    if any(e.code == "draw_locked" for e in errors):
        return Conflict(list(errors))
    return InvalidInput(list(errors))


def participants_register(
    *,
    tournament: Tournament,
    items: Sequence[ParticipantInput],
    actor: User | None = None,
) -> list[Participant]:
    """Register a list of participants: all of them, or none.

    Every item is checked first (``participants_check``); problems name the
    item's ``index``. One transaction, one audit entry naming everyone registered.
    """
    with transaction.atomic():
        # Lock the tournament row so that two registrations cannot both pass the limit.
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        errors = participants_check(tournament=locked, items=items)
        if errors:
            raise registration_refused(errors)
        candidates = [_candidate(locked, item, index=index)[0] for index, item in enumerate(items)]
        for participant in candidates:
            participant.save()
        audit_log(
            tournament=locked,
            actor=actor,
            action="participants_registered",
            after=[
                {"id": p.pk, "name": p.name, "nationality": str(p.nationality)}
                | ({"player": p.player_id} if p.player_id else {})
                | ({"federation_player": p.federation_player} if p.federation_player else {})
                for p in candidates
            ],
        )
    return candidates


def _player_problems(tournament: Tournament, items: Sequence[ParticipantInput]) -> list[ErrorItem]:
    """Player links that name no player, or a player already in this tournament."""
    wanted = [item.player for item in items if item.player is not None]
    if not wanted:
        return []
    known = set(Player.objects.filter(pk__in=wanted).values_list("pk", flat=True))
    taken = set(
        tournament.participants.filter(player__in=wanted).values_list("player_id", flat=True)
    )
    seen: set[int] = set()
    errors: list[ErrorItem] = []
    for index, item in enumerate(items):
        if item.player is None:
            continue
        where = {"index": index}
        if item.player not in known:
            errors.append(
                ErrorItem(
                    code="unknown_player",
                    message=_("There is no player with this id."),
                    field="player",
                    **where,
                )
            )
        elif item.player in taken or item.player in seen:
            errors.append(
                ErrorItem(
                    code="player_already_linked",
                    message=_(
                        "This player is already linked to another participant of this tournament."
                    ),
                    field="player",
                    **where,
                )
            )
        seen.add(item.player)
    return errors


def _candidate(
    tournament: Tournament, item: ParticipantInput, *, index: int | None
) -> tuple[Participant, list[ErrorItem]]:
    """The participant an item describes (unsaved), and its problems."""
    participant = Participant(
        tournament=tournament,
        name=(item.name or "").strip(),
        nationality=(item.nationality or "").strip().upper(),
        birth_date=item.birth_date,
        age_approved=bool(item.age_approved),
        player_id=item.player,
        federation_player=item.federation_player,
        language=item.language or "",
    )
    errors: list[ErrorItem] = []
    exclude: list[str] = []
    if participant.nationality and participant.nationality not in countries:
        errors.append(
            ErrorItem(
                code="unknown_nationality",
                message=_("“%(code)s” is not an ISO 3166 country code (e.g. DE, AT, CH).")
                % {"code": item.nationality},
                field="nationality",
                index=index,
            )
        )
        participant.nationality = ""
        exclude = ["nationality"]
    try:
        participant.full_clean(exclude=[*exclude, "player"], validate_constraints=False)
    except ValidationError as error:
        errors.extend(items_from_validation_error(error, index=index))
    return participant, errors


def _draw_locked(tournament: Tournament) -> ErrorItem | None:
    if not group_stage_drawn(tournament):
        return None
    return ErrorItem(
        code="draw_locked",
        message=_("Participants cannot be added after the group-stage draw."),
    )


def _too_many(tournament: Tournament, *, new: int) -> ErrorItem | None:
    # A participant who withdrew before the draw frees their place.
    current = tournament.participants.exclude(status=Participant.Status.WITHDRAWN).count()
    limit = tournament.config.max_participants
    if current + new <= limit:
        return None
    return ErrorItem(
        code="too_many_participants",
        message=_(
            "The tournament allows at most %(limit)s participants; %(current)s are "
            "registered, %(new)s more would be too many."
        )
        % {"limit": limit, "current": current, "new": new},
    )


def participant_withdraw(
    *, participant: Participant, actor: User | None = None, reason: str = ""
) -> Participant:
    """A participant leaves the tournament of their own accord (rules.md §7)."""
    return participant_leave(
        participant=participant, status=Participant.Status.WITHDRAWN, actor=actor, reason=reason
    )


def participant_leave(
    *, participant: Participant, status: str, actor: User | None, reason: str
) -> Participant:
    """``participant`` leaves with ``status`` (withdrawn or excluded); their open games
    that cannot be played without them are voided. ``penalty_give`` excludes this way."""
    with transaction.atomic():
        participant = Participant.objects.select_for_update().get(pk=participant.pk)
        _guard_leave(participant, status=status)
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


def _guard_leave(participant: Participant, *, status: str) -> None:
    """An exclusion is final (rules.md §7); leaving twice the same way is refused too."""
    if participant.status == Participant.Status.EXCLUDED:
        raise Conflict.single(
            "already_excluded",
            _("%(name)s is excluded; an exclusion is final.") % {"name": participant.name},
        )
    if participant.status == status:
        raise Conflict.single(
            "already_withdrawn",
            _("%(name)s has already withdrawn.") % {"name": participant.name},
        )


def participant_reinstate(
    *, participant: Participant, actor: User | None = None, check_in: bool = False
) -> Participant:
    """Undo a withdrawal before the group-stage draw: the participant is active again,
    with the same PIN and player link (rules.md §12, "Who is here").

    An excluded participant stays excluded (``409 already_excluded``), an active one
    needs nothing (``409 not_withdrawn``); after the draw ``409 draw_locked``, and
    ``409 too_many_participants`` where their place has been taken meanwhile.
    ``check_in`` also checks them in, in the same transaction (the latecomer at
    the door: one tap).
    """
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=participant.tournament_id)
        participant = Participant.objects.select_for_update().get(pk=participant.pk)
        if participant.status == Participant.Status.EXCLUDED:
            _guard_leave(participant, status=Participant.Status.WITHDRAWN)
        if participant.status != Participant.Status.WITHDRAWN:
            raise Conflict.single(
                "not_withdrawn", _("%(name)s has not withdrawn.") % {"name": participant.name}
            )
        if group_stage_drawn(tournament):
            raise Conflict.single(
                "draw_locked",
                _("A withdrawal can only be undone before the group-stage draw."),
            )
        if too_many := _too_many(tournament, new=1):
            raise Conflict(too_many)
        participant.status = Participant.Status.ACTIVE
        fields = ["status"]
        if check_in and not participant.checked_in:
            participant.checked_in = True
            fields.append("checked_in")
        participant.save(update_fields=fields)
        audit_log(
            tournament=tournament,
            actor=actor,
            action="participant_reinstated",
            obj=participant,
            before={"status": Participant.Status.WITHDRAWN.value},
            after={"status": Participant.Status.ACTIVE.value}
            | ({"checked_in": True} if "checked_in" in fields else {}),
        )
    return participant


def _void_unplayable_games(participant: Participant) -> list[int]:
    """Open games that cannot be played without ``participant`` (rules.md §7).

    Group stage and final table: the game in which they would have been Sheriff,
    and any game left with fewer than 4 players. Knockout: a game left with fewer than 2
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
        if game.stage in (Stage.GROUP, Stage.FINAL):  # a seated Sheriff, as in the group
            unplayable = game.sheriff_position == seat_of.get(game.table_id) or active < 4
        else:
            unplayable = active < 2
        if unplayable:
            game.status = Game.Status.VOID
            game.save(update_fields=["status"])
            voided.append(game.pk)
            if game.stage == Stage.FINAL:
                final_table_settle(game.tournament)
    return voided


def participant_update(
    *,
    participant: Participant,
    data: ParticipantInput,
    actor: User | None = None,
    version: str | None = None,
) -> Participant:
    """Correct a participant's name, nationality, birth date or age approval (any time:
    a misspelt name is fixed also after the draw). A stale ``version``
    (``services.versions``) is refused with ``409 version_conflict``."""
    with transaction.atomic():
        participant = Participant.objects.select_for_update().get(pk=participant.pk)
        edit_version_check(edit_version(participant), version)
        changed, errors = _candidate(participant.tournament, data, index=None)
        if errors:
            raise InvalidInput(errors)
        fields = ["name", "nationality", "birth_date", "age_approved", "language"]
        before = {f: _plain(getattr(participant, f)) for f in fields}
        for field in fields:
            setattr(participant, field, getattr(changed, field))
        participant.save(update_fields=fields)
        audit_log(
            tournament=participant.tournament,
            actor=actor,
            action="participant_updated",
            obj=participant,
            before=before,
            after={f: _plain(getattr(participant, f)) for f in fields},
        )
    return participant


def participant_delete(*, participant: Participant, actor: User | None = None) -> None:
    """Remove a participant registered by mistake: only before the group-stage draw."""
    participants_delete(tournament=participant.tournament, participants=[participant], actor=actor)


def participants_delete(
    *, tournament: Tournament, participants: Sequence[Participant], actor: User | None = None
) -> int:
    """Remove several participants registered by mistake (e.g. a file imported twice),
    all or none, only before the group-stage draw; one audit entry each. Answers how
    many were removed."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if _draw_locked(tournament):
            raise Conflict.single(
                "draw_locked",
                _("Participants cannot be deleted after the group-stage draw; mark a withdrawal."),
            )
        rows = list(
            Participant.objects.filter(
                tournament=tournament, pk__in=[p.pk for p in participants]
            ).order_by("id")
        )
        for participant in rows:
            audit_log(
                tournament=tournament,
                actor=actor,
                action="participant_deleted",
                obj=participant,
                before={"name": participant.name, "nationality": str(participant.nationality)},
            )
        Participant.objects.filter(pk__in=[p.pk for p in rows]).delete()
    return len(rows)


def _plain(value: object) -> object:
    """A field's value as the audit log stores it (JSON)."""
    if value is None or isinstance(value, bool | str):
        return value
    return value.isoformat() if isinstance(value, date) else str(value)
