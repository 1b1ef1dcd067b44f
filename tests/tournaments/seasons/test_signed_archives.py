"""The installation's key, signed archives and the keys a season trusts (rules.md §16)."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
from pathlib import Path

import pytest
from django.core.management import call_command

from tests import factories
from tests.tournaments.seasons.helpers import finished_tournament, names
from tests.tournaments.seasons.signed import document_of, signed_archive
from tournaments import services, signing
from tournaments.models import InstallationKey, SeasonKey
from tournaments.services.backup.graph import tournament_graph

pytestmark = pytest.mark.django_db

DOCS = Path(__file__).resolve().parents[3] / "docs" / "archive.md"


def test_the_installation_key_is_made_once_and_shown_to_organisers(api, organiser):
    url = "/api/installation/key/"
    assert api.get(url).status_code == 401
    api.force_authenticate(factories.make_referee())
    assert api.get(url).status_code == 403
    assert not InstallationKey.objects.exists()  # made on first use, not before
    api.force_authenticate(organiser)
    first, second = api.get(url), api.get(url)
    assert first.status_code == 200 and first.json() == second.json()
    raw = base64.b64decode(first.json()["public_key"], validate=True)
    assert len(raw) == 32
    assert first.json()["fingerprint"] == hashlib.sha256(raw).hexdigest()[:16]
    assert InstallationKey.objects.count() == 1


def test_the_command_prints_key_and_fingerprint(db):
    out = io.StringIO()
    call_command("installation_key", stdout=out)
    key = services.installation_key()
    assert signing.b64(bytes(key.public_key)) in out.getvalue()
    assert signing.fingerprint(bytes(key.public_key)) in out.getvalue()


def test_no_backup_ever_holds_a_key():
    labels = {node.label for node in tournament_graph(include_excluded=True)}
    assert "tournaments.InstallationKey" not in labels
    assert "tournaments.SeasonKey" not in labels


def test_a_backup_export_does_not_carry_the_private_key(organiser):
    tournament = finished_tournament(names("B", 6), organiser=organiser, seed="bk")
    signed_archive(tournament, actor=organiser)
    private = bytes(services.installation_key().private_key)
    exported = json.dumps(services.export_tournament(tournament))
    for form in (signing.b64(private), private.hex()):
        assert form not in exported


def test_the_signed_archive_is_the_plain_bytes_signed(api, organiser):
    tournament = finished_tournament(names("S", 10), organiser=organiser, seed="signed")
    signed = signed_archive(tournament, actor=organiser)
    assert set(signed) == {"archive", "sha256", "signature", "public_key", "package"}
    plain = api.get(f"/api/tournaments/{tournament.pk}/archive/1.json").content
    data = base64.b64decode(signed["archive"], validate=True)
    assert data == plain and hashlib.sha256(data).hexdigest() == signed["sha256"]
    key = base64.b64decode(signed["public_key"])
    assert signing.verify(key, base64.b64decode(signed["signature"]), data)
    assert not signing.verify(key, base64.b64decode(signed["signature"]), data + b" ")
    assert signed["package"] is None
    document = document_of(signed)
    assert document["format_version"] == 2
    assert document["tournament"]["uid"] == str(tournament.uid)
    assert all(p["federation_player"] is None for p in document["participants"])
    assert api.get(f"/api/tournaments/{tournament.pk}/archive/2.signed.json").status_code == 404


def _verification_lines() -> str:
    text = DOCS.read_text()
    block = re.search(r"## Checking a signature.*?```python\n(.*?)```", text, re.S)
    assert block, "docs/archive.md shows how to verify a signed archive"
    return block.group(1)


def test_the_lines_in_docs_archive_md_verify_a_signed_archive(organiser, tmp_path, monkeypatch):
    tournament = finished_tournament(names("V", 6), organiser=organiser, seed="verify")
    signed = signed_archive(tournament, actor=organiser)
    monkeypatch.chdir(tmp_path)
    lines = _verification_lines()
    (tmp_path / "archive-7-1.signed.json").write_text(json.dumps(signed))
    printed = io.StringIO()
    monkeypatch.setattr("sys.stdout", printed)
    exec(compile(lines, "archive.md", "exec"), {})
    assert signing.fingerprint(bytes(services.installation_key().public_key)) in printed.getvalue()
    data = bytearray(base64.b64decode(signed["archive"]))
    data[10] ^= 1
    changed = {**signed, "archive": signing.b64(bytes(data))}
    (tmp_path / "archive-7-1.signed.json").write_text(json.dumps(changed))
    with pytest.raises(Exception):  # noqa: B017 - the lines stop at the first failed check
        exec(compile(lines, "archive.md", "exec"), {})


def test_a_season_registers_keys(api, organiser):
    season = services.season_create(name="S", actor=organiser)
    url = f"/api/seasons/{season.pk}/keys/"
    key = signing.b64(bytes(range(32)))
    assert api.post(url, {"public_key": key, "label": "L"}, format="json").status_code == 401
    api.force_authenticate(factories.make_organiser(tournament="nowhere"))
    assert api.post(url, {"public_key": key, "label": "L"}, format="json").status_code == 403
    assert api.get(url).status_code == 403
    api.force_authenticate(organiser)
    answer = api.post(url, {"public_key": key, "label": "Laptop Bamberg"}, format="json")
    assert answer.status_code == 201
    assert answer.json() == {
        "fingerprint": hashlib.sha256(bytes(range(32))).hexdigest()[:16],
        "label": "Laptop Bamberg",
    }
    assert api.get(url).json() == [answer.json()]
    for bad in (signing.b64(bytes(31)), signing.b64(bytes(33)), "not base64!"):
        refused = api.post(url, {"public_key": bad}, format="json")
        assert refused.status_code == 400
        assert refused.json()["errors"][0]["code"] == "invalid_key"
    assert SeasonKey.objects.count() == 1
