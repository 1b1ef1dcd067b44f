"""Erasure of a player on request (rules.md §13, the GDPR's right to be forgotten).

**Erasing** a player replaces their name with a **placeholder** ("Gelöschter
Spieler N" / "Erased player N", N one number per erased player, in each
tournament's language) on the player and every linked participant, empties
birth date and PIN and withdraws the age approval. Results, places and season
points stay, under the placeholder; nationality stays (titles depend on it).

The name also leaves the history: older audit entries, penalty and correction
reasons and the notes of calls for a referee are rewritten, every archive
version holding it is withdrawn (its hash stays) and replaced by a new
version, and the stored answers of idempotent requests (a registration replayed
within 24 hours) are rewritten as the erased participant would be answered now
(``scrub_stored_answers``). Each affected tournament gets an audit entry
``player_erased`` (without the erased data), which moves its live version, so
no cached page shows the name again, and raises its live floor, so that no
document rendered before the erasure stands in for a newer one.

An erasure cannot be undone: it is **confirmed** with the player's current
name typed (``confirm``; compared as names are, ``tournaments.names.fold``),
on the staff page that first shows what will change
(``selectors.erasure_preview``) and in the API (api.md "The day's edges").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from ..errors import InvalidInput, NotAllowed
from ..live import live_floor_raise
from ..models import (
    AuditEntry,
    EventPackage,
    PackagePlayer,
    Participant,
    Penalty,
    Player,
    RefereeCall,
    Result,
    Tournament,
)
from ..names import fold, placeholder_name
from ..selectors.erasure import archives_holding, erasure_names
from .archive import archive_create, archive_withdraw_for_erasure
from .audit import audit_log
from .erasure_answers import ErasedPerson, scrub_stored_answers

__all__ = ["confirmation_matches", "placeholder_name", "player_erase"]


def _replace(value: Any, names: Iterable[str], placeholder: str) -> Any:
    """``value`` (JSON data) with every occurrence of ``names`` replaced."""
    if isinstance(value, str):
        for name in names:
            value = value.replace(name, placeholder)
        return value
    if isinstance(value, list):
        return [_replace(v, names, placeholder) for v in value]
    if isinstance(value, dict):
        return {k: _replace(v, names, placeholder) for k, v in value.items()}
    return value


def confirmation_matches(player: Player, confirm: str) -> bool:
    """Whether ``confirm`` is the player's current name (case, accents and spaces aside;
    an erased player's placeholder in the page's language too)."""
    typed = fold(confirm)
    return bool(typed) and typed in {fold(player.name), fold(player.shown_name)}


def player_erase(*, player: Player, confirm: str, actor: User | None = None) -> Player:
    """Erase ``player`` everywhere (site administrators only); see the module.

    ``confirm`` must be the player's current name, else ``400
    confirmation_required`` and nothing is erased."""
    if actor is not None and not actor.is_superuser:
        raise NotAllowed.single("not_allowed", _("Only site administrators erase players."))
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player.pk)
        if not confirmation_matches(player, confirm):
            raise InvalidInput.single(
                "confirmation_required",
                _("Type the player's name exactly as shown to confirm the erasure."),
                field="confirm",
            )
        participants = list(
            Participant.objects.select_for_update().filter(player=player).order_by("id")
        )
        names = erasure_names(
            player.name, (p.name for p in participants), erased_number=player.erased_number
        )
        if player.erased_number is None:
            newest = Player.objects.aggregate(newest=Max("erased_number"))["newest"]
            player.erased_number = (newest or 0) + 1
        number = player.erased_number
        player.name = placeholder_name(number, language=settings.LANGUAGE_CODE)
        player.save(update_fields=["name", "erased_number"])
        tournaments = {
            t.pk: t for t in Tournament.objects.filter(participants__in=participants).distinct()
        }
        people = []
        for participant in participants:
            tournament = tournaments[participant.tournament_id]
            people.append(
                ErasedPerson(
                    participant=participant.pk,
                    names=tuple(names),
                    pin=participant.pin,
                    placeholder=placeholder_name(number, language=tournament.language),
                )
            )
            participant.name = placeholder_name(number, language=tournament.language)
            participant.birth_date = None
            participant.pin = ""
            participant.age_approved = False
            participant.save(update_fields=["name", "birth_date", "pin", "age_approved"])
        _scrub_history(names, tournaments=list(tournaments.values()), number=number)
        _scrub_packages(player)
        scrub_stored_answers(people)
        for tournament in tournaments.values():
            audit_log(
                tournament=tournament,
                actor=actor,
                action="player_erased",
                obj=player,
                after={"player": player.pk, "number": number},
            )
            live_floor_raise(tournament_id=tournament.pk)
        audit_log(
            tournament=None,
            actor=actor,
            action="player_erased",
            obj=player,
            after={"player": player.pk, "number": number},
        )
        for tournament in tournaments.values():
            _renew_archives(tournament, names, actor=actor)
    return player


def _scrub_history(names: list[str], *, tournaments: list[Tournament], number: int) -> None:
    """Rewrite the stored history of ``tournaments`` (and entries outside any) without ``names``."""
    if not names:
        return
    by_language = {t.pk: placeholder_name(number, language=t.language) for t in tournaments}
    default = placeholder_name(number, language=settings.LANGUAGE_CODE)
    entries = AuditEntry.objects.filter(tournament__in=tournaments) | AuditEntry.objects.filter(
        tournament__isnull=True
    )
    for entry in entries.iterator():
        placeholder = by_language.get(entry.tournament_id or 0, default)
        before = _replace(entry.before, names, placeholder)
        after = _replace(entry.after, names, placeholder)
        if before != entry.before or after != entry.after:
            entry.before, entry.after = before, after
            entry.save(update_fields=["before", "after"])
    for penalty in Penalty.objects.filter(tournament__in=tournaments):
        reason = _replace(penalty.reason, names, by_language[penalty.tournament_id])
        if reason != penalty.reason:
            penalty.reason = reason
            penalty.save(update_fields=["reason"])
    for call in RefereeCall.objects.filter(tournament__in=tournaments).exclude(note=""):
        note = _replace(call.note, names, by_language[call.tournament_id])
        if note != call.note:
            call.note = note
            call.save(update_fields=["note"])
    for result in Result.objects.filter(game__tournament__in=tournaments).select_related("game"):
        reason = _replace(result.reason, names, by_language[result.game.tournament_id])
        if reason != result.reason:
            result.reason = reason
            result.save(update_fields=["reason"])


def _scrub_packages(player: Player) -> None:
    """The event packages this server made (rules.md §16) name the player by their
    placeholder from now on, as do the package players of tournaments made here
    from them."""
    # A few dozen packages a season; JSON "contains" is not available on SQLite.
    for package in EventPackage.objects.select_for_update().order_by("id"):
        named = [i for i in package.content.get("players", []) if i.get("id") == player.pk]
        for item in named:
            item["name"] = player.name
        if named:
            package.save(update_fields=["content"])
    PackagePlayer.objects.filter(
        federation_id=player.pk,
        tournament__package__in=EventPackage.objects.values("uuid"),
    ).update(name=player.name)


def _renew_archives(tournament: Tournament, names: list[str], *, actor: User | None) -> None:
    """Withdraw the versions holding ``names`` and make a new one (if any held them)."""
    holding = archives_holding([tournament.pk], names)
    if not holding:
        return
    for archive in holding:
        archive_withdraw_for_erasure(archive=archive, actor=actor)
    archive_create(tournament=tournament, actor=actor)
