"""Helpers for the signed-archive tests (rules.md §16): a laptop's key registered
with a season, a tournament's signed archive, a re-signed changed document."""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any

from rest_framework.test import APIClient

from tournaments import services, signing
from tournaments.models import Season, Tournament


def signed_archive(tournament: Tournament, *, actor: Any) -> dict[str, Any]:
    """A new archive version of ``tournament``, fetched signed through the API."""
    archive = services.archive_create(tournament=tournament, actor=actor)
    answer = APIClient().get(
        f"/api/tournaments/{tournament.pk}/archive/{archive.version}.signed.json"
    )
    assert answer.status_code == 200, answer.content
    return dict(answer.json())


def register_installation_key(season: Season, *, label: str = "Laptop") -> None:
    key = bytes(services.installation_key().public_key)
    services.season_key_add(season=season, public_key=signing.b64(key), label=label)


def document_of(signed: dict[str, Any]) -> dict[str, Any]:
    return dict(json.loads(base64.b64decode(signed["archive"])))


def resigned(signed: dict[str, Any], document: dict[str, Any]) -> dict[str, Any]:
    """``document`` as this installation would sign it (a laptop's archive that
    carried, say, package player ids)."""
    content = json.dumps(document, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    data = content.encode()
    return {
        **signed,
        "archive": signing.b64(data),
        "sha256": hashlib.sha256(data).hexdigest(),
        "signature": signing.b64(services.archive_sign(data)),
    }
