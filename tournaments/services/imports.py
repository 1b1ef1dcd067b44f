"""Import of a laptop's signed archive into a season (rules.md §16).

A **signed archive** is ``{archive, sha256, signature, public_key, package}``
(api.md "Many laptops, one season"). The checks run in this order and a
refusal stores nothing: the key is registered with the season
(``unknown_key``), the signature verifies over the exact bytes and their
SHA-256 is ``sha256`` (``bad_signature``), the document is an archive with a
final ranking (``invalid_archive``). The laptop's tournament is known by its
``uid``: the same archive again answers as the first import did and changes
nothing; another version of it is refused (``already_imported``).

The import makes an **imported tournament**: read-only here (only the player
links of its participants change), its participants linked as §16 says
(``linked`` by package id or by a single candidate by name, a ``new_players``
where no player has the name, ``to_choose`` where several do), and its
**record** (the places and the games in the laptop's order, by participant
here, without names) in ``ArchiveImport``; it joins the season with weight 1.0.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import User
from django.db import models, transaction
from django.utils.translation import gettext as _

from tournaments import signing
from tournaments.errors import Conflict, InvalidInput
from tournaments.models import (
    ArchiveImport,
    Participant,
    Player,
    Season,
    SeasonKey,
    Tournament,
    TournamentStaff,
)
from tournaments.names import fold, placeholder_name
from tournaments.selectors.archive import FORMAT

from .audit import audit_log
from .players import player_create
from .seasons import season_tournament_add

__all__ = ["ImportAnswer", "imported_guard", "signed_archive_import"]


@dataclass(frozen=True)
class ImportAnswer:
    """The answer of an import; ``created`` is false for the same archive sent again."""

    body: dict[str, int]
    created: bool


def _bad_signature() -> InvalidInput:
    return InvalidInput.single(  # type: ignore[return-value]
        "bad_signature",
        _(
            "The signature does not match the archive: the file was changed or signed "
            "by another key. Nothing was imported."
        ),
    )


def _invalid(message: str) -> InvalidInput:
    return InvalidInput.single("invalid_archive", message)  # type: ignore[return-value]


def _verified(season: Season, signed: dict[str, Any]) -> tuple[bytes, SeasonKey]:
    """The archive's exact bytes, once key, signature and SHA-256 passed."""
    public = signing.b64_decode(str(signed.get("public_key") or ""))
    key = (
        SeasonKey.objects.filter(season=season, fingerprint=signing.fingerprint(public)).first()
        if public is not None and len(public) == signing.KEY_BYTES
        else None
    )
    if key is None or bytes(key.public_key) != public:
        raise InvalidInput.single(
            "unknown_key",
            _(
                "This archive was signed by a key that is not registered with this season. "
                "Register the laptop's public key first."
            ),
            field="public_key",
        )
    content = signing.b64_decode(str(signed.get("archive") or ""))
    signature = signing.b64_decode(str(signed.get("signature") or ""))
    if (
        content is None
        or signature is None
        or not signing.verify(bytes(key.public_key), signature, content)
        or hashlib.sha256(content).hexdigest() != signed.get("sha256")
    ):
        raise _bad_signature()
    return content, key


def _document(content: bytes) -> dict[str, Any]:
    try:
        document = json.loads(content.decode("utf-8"))
        uuid.UUID(str(document["tournament"]["uid"]))
        final = document["final_ranking"]["final"]
    except (ValueError, KeyError, TypeError):
        raise _invalid(_("This file is not a tournament archive.")) from None
    if document.get("format") != FORMAT:
        raise _invalid(_("This file is not a tournament archive."))
    if not final:
        raise _invalid(_("Only an archive with a final ranking can be imported."))
    return dict(document)


def signed_archive_import(
    *, season: Season, signed: dict[str, Any], actor: User | None = None
) -> ImportAnswer:
    """Import ``signed`` (a signed archive) into ``season``."""
    content, key = _verified(season, signed)
    document = _document(content)
    sha256 = hashlib.sha256(content).hexdigest()
    uid = uuid.UUID(str(document["tournament"]["uid"]))
    with transaction.atomic():
        Season.objects.select_for_update().get(pk=season.pk)
        earlier = ArchiveImport.objects.filter(season=season, uid=uid).first()
        if earlier is not None:
            if earlier.sha256 == sha256:
                return ImportAnswer(body=dict(earlier.answer), created=False)
            raise Conflict.single(
                "already_imported",
                _(
                    "This tournament was already imported from archive version %(version)s; "
                    "another version is not imported."
                )
                % {"version": earlier.archive_version},
            )
        try:
            body = _create(season, document, sha256=sha256, key=key, signed=signed, actor=actor)
        except (KeyError, TypeError, ValueError, AttributeError):
            # Signed by a trusted key, yet not shaped as an archive: nothing is kept.
            raise _invalid(_("This file is not a tournament archive.")) from None
        return ImportAnswer(body=body, created=True)


def _choice(value: object, field: str) -> Any:
    """``value`` if it is one of the tournament field's choices, else its default."""
    model_field = Tournament._meta.get_field(field)
    assert isinstance(model_field, models.Field)
    choices = {key for key, _label in model_field.choices or ()}
    return value if value in choices else model_field.default


def _package(signed: dict[str, Any]) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(signed["package"])) if signed.get("package") else None
    except ValueError:
        return None


def _create(
    season: Season,
    document: dict[str, Any],
    *,
    sha256: str,
    key: SeasonKey,
    signed: dict[str, Any],
    actor: User | None,
) -> dict[str, int]:
    about = document["tournament"]
    tournament = Tournament.objects.create(
        name=str(about.get("name", ""))[:200],
        date=date.fromisoformat(about["date"]),
        ruleset=_choice(about.get("ruleset"), "ruleset"),
        format=_choice(about.get("format"), "format"),
        settings=about.get("settings") or {},
    )
    for staff in season.staff.all():
        TournamentStaff.objects.get_or_create(
            tournament=tournament, user_id=staff.user_id, defaults={"role": "organiser"}
        )
    counts = {"linked": 0, "new_players": 0, "to_choose": 0}
    mapping: dict[str, int] = {}
    taken: set[int] = set()
    before = _earlier_links(uuid.UUID(str(about["uid"])))
    for person in document.get("participants", []):
        participant, how = _participant(
            tournament, person, taken=taken, earlier=before.get(str(person["id"])), actor=actor
        )
        mapping[str(person["id"])] = participant.pk
        if how:
            counts[how] += 1
    here = {int(k): v for k, v in mapping.items()}
    record = {
        "places": {
            str(here[row["participant"]]): row["place"]
            for row in document["final_ranking"]["rows"]
            if not row.get("excluded")
        },
        "games": [
            [[here[seat["participant"]], bool(seat["won"])] for seat in result["seats"]]
            for result in document.get("results", [])
        ],
    }
    body = {"tournament": tournament.pk, **counts}
    ArchiveImport.objects.create(
        tournament=tournament,
        season=season,
        uid=uuid.UUID(str(about["uid"])),
        archive_version=int(document.get("archive_version") or 0),
        sha256=sha256,
        fingerprint=key.fingerprint,
        package=_package(signed),
        participants=mapping,
        record=record,
        answer=body,
    )
    audit_log(
        tournament=tournament,
        actor=actor,
        action="archive_imported",
        obj=tournament,
        after={
            "uid": str(about["uid"]),
            "archive_version": document.get("archive_version"),
            "sha256": sha256,
            "key": key.fingerprint,
        },
    )
    season_tournament_add(season=season, tournament=tournament, weight=Decimal(1), actor=actor)
    return body


def _earlier_links(uid: uuid.UUID) -> dict[str, Player]:
    """Archive participant id → the player it was linked to when the same tournament
    was imported into another season: the link (and an erasure since) holds again."""
    links: dict[str, Player] = {}
    for earlier in ArchiveImport.objects.filter(uid=uid).order_by("id"):
        here = {v: k for k, v in earlier.participants.items()}
        for participant in Participant.objects.filter(
            pk__in=list(here), player__isnull=False
        ).select_related("player"):
            assert participant.player is not None
            links.setdefault(here[participant.pk], participant.player)
    return links


def _participant(
    tournament: Tournament,
    person: dict[str, Any],
    *,
    taken: set[int],
    earlier: Player | None,
    actor: User | None,
) -> tuple[Participant, str | None]:
    """The participant here for one of the archive's, linked as §16 says."""
    name = str(person.get("name", ""))[:120]
    nationality = str(person.get("nationality") or "")
    player: Player | None = None
    how: str | None = None
    source = ""
    federation = person.get("federation_player")
    if earlier is not None and earlier.pk not in taken:
        player, how = earlier, "linked"
    elif isinstance(federation, int):
        player = Player.objects.filter(pk=federation).exclude(pk__in=taken).first()
        how = "linked" if player is not None else None
    if player is None:
        candidates = list(
            Player.objects.filter(folded_name=fold(name)).exclude(pk__in=taken).order_by("id")[:2]
        )
        if len(candidates) == 1:
            player, how = candidates[0], "linked"
        elif not candidates:
            player = player_create(name=name, nationality=nationality, actor=actor)
            how = "new_players"
        else:
            how = "to_choose"
    if player is not None:
        source = _how(player, federation=federation, earlier=earlier, new=how == "new_players")
        taken.add(player.pk)
        if player.erased_number is not None:
            # An erased person stays erased: an old archive does not bring the name back.
            name = placeholder_name(player.erased_number, language=tournament.language)
    status = str(person.get("status") or "")
    participant = Participant.objects.create(
        tournament=tournament,
        name=name,
        nationality=nationality,
        status=status if status in Participant.Status.values else Participant.Status.ACTIVE,
        player=player,
    )
    if player is not None:
        audit_log(
            tournament=tournament,
            actor=actor,
            action="participant_player_linked",
            obj=participant,
            before={"player": None},
            after={"player": player.pk, "how": source},
        )
    return participant, how


def _how(player: Player, *, federation: object, earlier: Player | None, new: bool) -> str:
    """How an imported participant found its player (for the audit entry)."""
    if new:
        return "new_player"
    if earlier is not None and earlier.pk == player.pk:
        return "earlier_import"
    return "package" if federation == player.pk else "name"


def imported_guard(tournament_id: int | None, *, links_players: bool = False) -> None:
    """Refuse a write to an imported tournament: it is read-only here (rules.md §16).
    Only linking its participants to players (``links_players``) is allowed."""
    if links_players or tournament_id is None:
        return
    if ArchiveImport.objects.filter(tournament_id=tournament_id).exists():
        raise Conflict.single(
            "imported_read_only",
            _(
                "This tournament was imported from a signed archive and cannot be changed "
                "here; only its participants' players can be chosen."
            ),
        )
