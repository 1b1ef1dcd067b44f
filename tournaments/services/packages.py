"""Event packages (rules.md §16): made on a season's server, turned into a tournament on a laptop.

``package_make`` (the season's server) checks the tournament a package
describes as a tournament would be checked, takes its players' ids, names and
nationalities (nothing private) and keeps the package as answered.
``tournament_from_package`` (the laptop) creates the tournament with the
package's settings, keeps the package's players with it and the package's
``uuid`` on it: one tournament per package (``409 package_used``).
``participant_link_federation_player`` links a participant to one of them.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from scoring.formats import FormatKey
from scoring.rulesets import Ruleset

from ..errors import Conflict, DomainError, ErrorItem, InvalidInput, full_clean_or_raise
from ..models import EventPackage, PackagePlayer, Participant, Player, Season, Tournament
from .audit import audit_log
from .tournaments import tournament_create

__all__ = [
    "package_make",
    "package_used",
    "participant_link_federation_player",
    "tournament_from_package",
    "unknown_federation_player",
]


def package_make(
    *,
    season: Season,
    name: str,
    date: date,
    players: Sequence[int],
    ruleset: str = Ruleset.BANG.value,
    format: str = FormatKey.GERMAN_CHAMPIONSHIP.value,
    settings: Mapping[str, Any] | None = None,
    actor: User | None = None,
) -> EventPackage:
    """A package for a tournament of ``season`` to be played elsewhere (its organisers).

    The tournament is checked as ``tournament_create`` would check it (its
    settings for its format); every id of ``players`` must name a player here
    (``400 unknown_player``; repeated ids count once).
    """
    probe = Tournament(
        name=name, date=date, ruleset=ruleset, format=format, settings=dict(settings or {})
    )
    full_clean_or_raise(probe)
    wanted = list(dict.fromkeys(players))
    found = Player.objects.in_bulk(wanted)
    missing = [pid for pid in wanted if pid not in found]
    if missing:
        raise InvalidInput(
            ErrorItem(
                code="unknown_player",
                message=_("There is no player with the id %(id)s.") % {"id": pid},
                field="players",
            )
            for pid in missing
        )
    package = EventPackage(season=season, created_by=actor if _user(actor) else None)
    package.content = {
        "package": str(package.uuid),
        "season": {"id": season.pk, "name": season.name},
        "tournament": {
            "name": probe.name,
            "date": probe.date.isoformat(),
            "ruleset": probe.ruleset,
            "format": probe.format,
            "settings": probe.settings,
        },
        "players": [
            {
                "id": pid,
                "name": found[pid].shown_name,
                "nationality": str(found[pid].nationality),
            }
            for pid in wanted
        ],
    }
    with transaction.atomic():
        package.save()
        audit_log(
            tournament=None,
            actor=actor,
            action="package_made",
            obj=season,
            after={"package": str(package.uuid), "tournament": probe.name, "players": wanted},
        )
    return package


def package_used() -> DomainError:
    return Conflict.single(
        "package_used", _("A tournament has already been created from this package.")
    )


def tournament_from_package(
    *,
    package: uuid.UUID,
    tournament: Mapping[str, Any],
    players: Sequence[Mapping[str, Any]],
    actor: User | None = None,
) -> Tournament:
    """The tournament of an event package, on this installation; ``actor`` organises it.

    ``tournament`` holds the package's ``name``, ``date``, ``ruleset``, ``format``
    and ``settings``; ``players`` its players (``id`` on the season's server,
    ``name``, ``nationality``). A package already used here: ``409 package_used``.
    """
    if Tournament.objects.filter(package=package).exists():
        raise package_used()
    try:
        with transaction.atomic():
            made = tournament_create(
                name=tournament["name"],
                date=tournament["date"],
                ruleset=tournament.get("ruleset") or Ruleset.BANG.value,
                format=tournament.get("format") or FormatKey.GERMAN_CHAMPIONSHIP.value,
                settings=tournament.get("settings") or {},
                package=package,
                actor=actor,
            )
            PackagePlayer.objects.bulk_create(
                PackagePlayer(
                    tournament=made,
                    federation_id=p["id"],
                    name=" ".join(str(p["name"]).split()),
                    nationality=(p.get("nationality") or "").upper(),
                )
                for p in {p["id"]: p for p in players}.values()
            )
            audit_log(
                tournament=made,
                actor=actor,
                action="package_used",
                obj=made,
                after={"package": str(package), "players": len(players)},
            )
    except IntegrityError:
        # Two uploads of one package at once: the unique package gives one tournament.
        raise package_used() from None
    return made


def unknown_federation_player(**where: Any) -> ErrorItem:
    return ErrorItem(
        code="unknown_federation_player",
        message=_("This is not one of the players of the tournament's event package."),
        field="federation_player",
        **where,
    )


def federation_player_taken(**where: Any) -> ErrorItem:
    return ErrorItem(
        code="federation_player_already_linked",
        message=_("This package player is already linked to another participant."),
        field="federation_player",
        **where,
    )


def federation_problems(tournament: Tournament, wanted: Sequence[int | None]) -> list[ErrorItem]:
    """The problems of registering participants with these federation links (one per
    item, None: no link), each naming its item's ``index``: an id that is none of
    the package's players, or one already taken (here or by an earlier item)."""
    ids = [fid for fid in wanted if fid is not None]
    if not ids:
        return []
    known = set(
        tournament.package_players.filter(federation_id__in=ids).values_list(
            "federation_id", flat=True
        )
    )
    taken = set(
        tournament.participants.filter(federation_player__in=ids).values_list(
            "federation_player", flat=True
        )
    )
    seen: set[int] = set()
    errors: list[ErrorItem] = []
    for index, fid in enumerate(wanted):
        if fid is None:
            continue
        if fid not in known:
            errors.append(unknown_federation_player(index=index))
        elif fid in taken or fid in seen:
            errors.append(federation_player_taken(index=index))
        seen.add(fid)
    return errors


def participant_link_federation_player(
    *, participant: Participant, federation_player: int | None, actor: User | None = None
) -> Participant:
    """Link ``participant`` to one of its tournament's package players (their id on the
    season's server), or remove the link with None (rules.md §16)."""
    with transaction.atomic():
        participant = Participant.objects.select_for_update().get(pk=participant.pk)
        before = participant.federation_player
        if before == federation_player:
            return participant
        tournament = participant.tournament
        if federation_player is not None:
            if not tournament.package_players.filter(federation_id=federation_player).exists():
                raise InvalidInput(unknown_federation_player())
            taken = tournament.participants.filter(federation_player=federation_player)
            if taken.exclude(pk=participant.pk).exists():
                raise InvalidInput(federation_player_taken())
        participant.federation_player = federation_player
        participant.save(update_fields=["federation_player"])
        audit_log(
            tournament=tournament,
            actor=actor,
            action="federation_player_linked",
            obj=participant,
            before={"federation_player": before},
            after={"federation_player": federation_player},
        )
    return participant


def _user(actor: User | None) -> bool:
    return actor is not None and actor.is_authenticated
