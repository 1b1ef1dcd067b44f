"""Players across tournaments: create, link participants, merge (rules.md §13).

A **player** is a person known across tournaments; a **link** ties one
participant to one (at most one participant per player in a tournament).
Linking and merging write an audit entry in every tournament they touch, so
that tournament's live version moves and every page and season ranking that
shows it is computed afresh.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django_countries import countries

from ..errors import Conflict, DomainError, InvalidInput, NotAllowed
from ..models import Participant, Player, Tournament
from .audit import audit_log


def _check_nationality(nationality: str) -> str:
    code = (nationality or "").strip().upper()
    if code and code not in countries:
        raise InvalidInput.single(
            "unknown_nationality",
            _("“%(code)s” is not an ISO 3166 country code (e.g. DE, AT, CH).") % {"code": code},
            field="nationality",
        )
    return code


def player_create(*, name: str, nationality: str = "", actor: User | None = None) -> Player:
    """A new player (members of ``organisers`` and site administrators)."""
    name = " ".join((name or "").split())
    if not name:
        raise InvalidInput.single("required", _("A name is required."), field="name")
    code = _check_nationality(nationality)
    with transaction.atomic():
        player = Player.objects.create(name=name, nationality=code)
        audit_log(
            tournament=None,
            actor=actor,
            action="player_created",
            obj=player,
            after={"name": player.name, "nationality": code},
        )
    return player


def player_get(player_id: int | None) -> Player | None:
    """The player of an id given with a participant; ``400 unknown_player`` if none."""
    if player_id is None:
        return None
    player = Player.objects.filter(pk=player_id).first()
    if player is None:
        raise InvalidInput.single(
            "unknown_player", _("There is no player with this id."), field="player"
        )
    return player


def _already_linked() -> DomainError:
    return InvalidInput.single(
        "player_already_linked",
        _("This player is already linked to another participant of this tournament."),
        field="player",
    )


def participant_link_player(
    *, participant: Participant, player: Player | None, actor: User | None = None
) -> Participant:
    """Link ``participant`` to ``player`` (or remove the link with None)."""
    with transaction.atomic():
        participant = Participant.objects.select_for_update().get(pk=participant.pk)
        before = participant.player_id
        if before == (player.pk if player else None):
            return participant
        if (
            player is not None
            and Participant.objects.filter(tournament_id=participant.tournament_id, player=player)
            .exclude(pk=participant.pk)
            .exists()
        ):
            raise _already_linked()
        participant.player = player
        try:
            with transaction.atomic():
                participant.save(update_fields=["player"])
        except IntegrityError:
            raise _already_linked() from None
        audit_log(
            tournament=participant.tournament,
            actor=actor,
            action="participant_player_linked",
            obj=participant,
            before={"player": before},
            after={"player": participant.player_id},
        )
    return participant


def participants_link_players(
    *,
    tournament: Tournament,
    links: Sequence[tuple[Participant, Player]],
    actor: User | None = None,
) -> list[Participant]:
    """Link several participants of ``tournament`` to players at once (accepting
    the suggestions in one step): every pair is checked first, then all are
    written in one transaction, each with its audit entry; a refused pair
    links none."""
    chosen = [player.pk for _participant, player in links]
    if any(p.tournament_id != tournament.pk for p, _player in links):
        raise InvalidInput.single(
            "unknown_participant", _("A participant is not in this tournament."), field="player"
        )
    taken = set(
        Participant.objects.filter(tournament=tournament, player_id__in=chosen)
        .exclude(pk__in=[p.pk for p, _player in links])
        .values_list("player_id", flat=True)
    )
    if taken or len(set(chosen)) != len(chosen):
        raise _already_linked()
    with transaction.atomic():
        return [
            participant_link_player(participant=participant, player=player, actor=actor)
            for participant, player in links
        ]


def player_merge(*, player: Player, into: Player, actor: User | None = None) -> Player:
    """``player`` and ``into`` are one person: ``player``'s participants carry ``into``
    and ``player`` no longer exists (site administrators; audited)."""
    if actor is not None and not actor.is_superuser:
        raise NotAllowed.single("not_allowed", _("Only site administrators merge players."))
    if player.pk == into.pk:
        raise InvalidInput.single(
            "same_player", _("A player cannot be merged into itself."), field="into"
        )
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player.pk)
        into = Player.objects.select_for_update().get(pk=into.pk)
        moving = list(Participant.objects.filter(player=player).select_related("tournament"))
        shared = Participant.objects.filter(
            player=into, tournament_id__in=[p.tournament_id for p in moving]
        )
        if shared.exists():
            raise Conflict.single(
                "same_tournament",
                _("Both players took part in the same tournament; they are two people."),
            )
        Participant.objects.filter(player=player).update(player=into)
        snapshot = {"merged": player.pk, "merged_name": player.name, "into": into.pk}
        for participant in moving:
            audit_log(
                tournament=participant.tournament,
                actor=actor,
                action="player_merged",
                obj=participant,
                before={"player": player.pk},
                after={"player": into.pk},
            )
        audit_log(tournament=None, actor=actor, action="player_merged", obj=into, after=snapshot)
        if not into.nationality and player.nationality:
            into.nationality = player.nationality
            into.save(update_fields=["nationality"])
        player.delete()
    return into
