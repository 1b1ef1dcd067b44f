"""Tournament archives: a public, versioned, hash-published record (rules.md §13).

An **archive version** is the exact bytes of ``selectors.archive_document`` at
the time it was made, and their SHA-256. Nothing changes a version; a later
correction needs a new one. An erasure withdraws every version that holds the
erased name (it keeps only its hash, ``withdrawn = "erasure"``) and makes a new one.
"""

from __future__ import annotations

import hashlib

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from ..errors import Conflict
from ..models import Tournament, TournamentArchive
from ..selectors.archive import archive_bytes, archive_document
from ..selectors.knockout import final_ranking
from .audit import audit_log


def archive_create(*, tournament: Tournament, actor: User | None = None) -> TournamentArchive:
    """A new archive version of ``tournament`` (it must have a final ranking)."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if not final_ranking(tournament).final:
            raise Conflict.single(
                "not_final", _("Only a tournament with a final ranking can be archived.")
            )
        newest = TournamentArchive.objects.filter(tournament=tournament).aggregate(
            newest=Max("version")
        )["newest"]
        version = (newest or 0) + 1
        content = archive_bytes(archive_document(tournament, version=version))
        archive = TournamentArchive.objects.create(
            tournament=tournament,
            version=version,
            content=content,
            sha256=hashlib.sha256(content).hexdigest(),
        )
        audit_log(
            tournament=tournament,
            actor=actor,
            action="archive_created",
            obj=archive,
            after={"version": version, "sha256": archive.sha256},
        )
    return archive


def archive_withdraw_for_erasure(*, archive: TournamentArchive, actor: User | None) -> None:
    """Withdraw a version that holds an erased name: only its hash stays."""
    archive.content = b""
    archive.withdrawn = TournamentArchive.Withdrawn.ERASURE
    archive.save(update_fields=["content", "withdrawn"])
    audit_log(
        tournament=archive.tournament,
        actor=actor,
        action="archive_withdrawn",
        obj=archive,
        after={"version": archive.version, "sha256": archive.sha256, "withdrawn": "erasure"},
    )
