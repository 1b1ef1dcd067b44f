"""The signing-key page, the season's import page and the import command (rules.md §16)."""

from __future__ import annotations

import io
import json
from datetime import date

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command

from tests import factories
from tests.tournaments.seasons.helpers import finished_tournament, names
from tests.tournaments.seasons.signed import register_installation_key, signed_archive
from tournaments import services, signing
from tournaments.models import AuditEntry, Participant, SeasonKey, Tournament
from tournaments.selectors.imports import imports_to_choose

pytestmark = pytest.mark.django_db


@pytest.fixture
def client(client):
    """The staff pages in English (they are German unless the browser asks)."""
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def test_the_signing_key_page_shows_key_and_fingerprint(client, organiser):
    url = "/staff/installation-key/"
    client.force_login(factories.make_referee())
    assert client.get(url).status_code == 403
    client.force_login(organiser)
    page = client.get(url).content.decode()
    raw = bytes(services.installation_key().public_key)
    assert signing.fingerprint(raw) in page and signing.b64(raw) in page


def _two_files(organiser):
    a = finished_tournament(
        ["Max Muster", *names("A", 9)],
        organiser=organiser,
        seed="page-a",
        day=date(2027, 3, 1),
    )
    b = finished_tournament(names("B", 10), organiser=organiser, seed="page-b")
    return [
        SimpleUploadedFile(
            f"t{t.pk}.signed.json", json.dumps(signed_archive(t, actor=organiser)).encode()
        )
        for t in (a, b)
    ]


def test_the_import_page_imports_several_files_and_lists_who_is_left_to_choose(
    client, organiser, django_assert_max_num_queries
):
    max1 = services.player_create(name="Max Muster", nationality="DE")
    max2 = services.player_create(name="Max Muster", nationality="CH")
    files = _two_files(organiser)
    season = services.season_create(name="S", actor=organiser)
    url = f"/staff/seasons/{season.pk}/imports/"
    client.force_login(factories.make_organiser(tournament="nowhere"))
    assert client.get(url).status_code == 403
    client.force_login(organiser)
    # Not registered yet: refused with the reason, nothing imported.
    answer = client.post(url, {"action": "import", "files": files}, follow=True)
    assert "not registered with this season" in answer.content.decode()
    assert not Tournament.objects.filter(imports__season=season).exists()
    public = signing.b64(bytes(services.installation_key().public_key))
    client.post(url, {"action": "key", "public_key": public, "label": "Laptop Bamberg"})
    assert SeasonKey.objects.get(season=season).label == "Laptop Bamberg"
    for f in files:
        f.seek(0)
    page = client.post(url, {"action": "import", "files": files}, follow=True).content.decode()
    assert page.count("imported; ") == 2
    assert "1 left to choose" in page
    waiting = Participant.objects.get(name="Max Muster", tournament__imports__season=season)
    assert f'data-testid="choose-{waiting.pk}"' in page
    assert [c.pk for c in imports_to_choose(season)[0].candidates] == [max1.pk, max2.pk]
    assert f'value="{max1.pk}"' in page and f'value="{max2.pk}"' in page
    with django_assert_max_num_queries(20):
        client.get(url)
    # More to choose costs no more queries: a second "Max Muster" tournament.
    third = finished_tournament(["Max Muster", *names("C", 9)], organiser=organiser, seed="pc")
    services.signed_archive_import(season=season, signed=signed_archive(third, actor=organiser))
    assert len(imports_to_choose(season)) == 2
    with django_assert_max_num_queries(20):
        client.get(url)
    chosen = client.post(
        url, {"action": "choose", "participant": waiting.pk, "player": max2.pk}, follow=True
    )
    waiting.refresh_from_db()
    assert waiting.player_id == max2.pk
    left = chosen.content.decode()
    assert f'data-testid="choose-{waiting.pk}"' not in left
    assert [item.participant.tournament_id for item in imports_to_choose(season)] == [
        Tournament.objects.get(imports__season=season, name=third.name).pk
    ]
    assert AuditEntry.objects.filter(
        action="participant_player_linked", object_id=str(waiting.pk), actor=organiser
    ).exists()


def test_a_staff_page_refuses_to_change_an_imported_tournament(client, organiser):
    tournament = finished_tournament(names("R", 10), organiser=organiser, seed="ro")
    signed = signed_archive(tournament, actor=organiser)
    season = services.season_create(name="S", actor=organiser)
    register_installation_key(season)
    imported = services.signed_archive_import(season=season, signed=signed).body["tournament"]
    client.force_login(organiser)
    participant = Participant.objects.filter(tournament_id=imported).first()
    answer = client.post(
        f"/t/{imported}/staff/participants/{participant.pk}/",
        {"action": "withdraw"},
        follow=True,
    )
    assert "imported from a signed archive" in answer.content.decode()
    participant.refresh_from_db()
    assert participant.status == "active"


def test_the_command_imports_and_names_each_refusal(organiser, tmp_path):
    tournament = finished_tournament(names("K", 10), organiser=organiser, seed="cmd")
    good = tmp_path / "good.signed.json"
    good.write_text(json.dumps(signed_archive(tournament, actor=organiser)))
    bad = tmp_path / "bad.signed.json"
    bad.write_text(json.dumps({**json.loads(good.read_text()), "sha256": "0" * 64}))
    season = services.season_create(name="S", actor=organiser)
    register_installation_key(season)
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(CommandError, match="1 of 2 files were refused"):
        call_command(
            "import_signed_archive", str(season.pk), str(good), str(bad), stdout=out, stderr=err
        )
    assert "good.signed.json: imported as tournament #" in out.getvalue()
    assert "bad.signed.json: bad_signature" in err.getvalue()
    call_command("import_signed_archive", str(season.pk), str(good), stdout=out)
    assert "already imported, nothing changed" in out.getvalue()
