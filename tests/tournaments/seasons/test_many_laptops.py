"""One season from many laptops (rules.md §16, api.md "Many laptops, one season").

The tournaments are played on this server, archived and fetched signed, then
imported into a fresh season: its ranking equals, row for row (ids aside),
the season of the same tournaments played here with their participants linked
to the same players. Then every refusal, one by one.
"""

from __future__ import annotations

import base64
import hashlib
from datetime import date
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from django.contrib.auth.models import User

from tests import factories
from tests.tournaments.seasons.helpers import finished_tournament, names, season_rows
from tests.tournaments.seasons.signed import (
    document_of,
    register_installation_key,
    resigned,
    signed_archive,
)
from tournaments import services, signing
from tournaments.models import (
    ArchiveImport,
    AuditEntry,
    Participant,
    Player,
    Season,
    SeasonTournament,
    Tournament,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(db) -> dict[str, Player]:
    return {
        "anna": services.player_create(name="Anna Amsel", nationality="DE"),
        "bert": services.player_create(name="Bert Bär", nationality="AT"),
        "carl": services.player_create(name="Carl Cäsar", nationality="IT"),
        "max1": services.player_create(name="Max Muster", nationality="DE"),
        "max2": services.player_create(name="Max Muster", nationality="CH"),
    }


@pytest.fixture
def played(organiser, people) -> list[Tournament]:
    """Three tournaments played here, participants linked as the laptops would be."""
    anna, bert, carl, max1 = people["anna"], people["bert"], people["carl"], people["max1"]
    return [
        finished_tournament(
            ["Anna Amsel", "Bert Bär", "Max Muster", "C. Cäsar", *names("A", 6)],
            organiser=organiser,
            seed="laptop-a",
            day=date(2027, 3, 1),
            players={"Anna Amsel": anna, "Bert Bär": bert, "Max Muster": max1, "C. Cäsar": carl},
        ),
        finished_tournament(
            ["Anna Amsel", "Bert Bär", *names("B", 8)],
            organiser=organiser,
            seed="laptop-b",
            day=date(2027, 4, 1),
            players={"Anna Amsel": anna, "Bert Bär": bert},
        ),
        finished_tournament(
            ["Bert Bär", "Carl Cäsar", *names("C", 10)],
            organiser=organiser,
            seed="laptop-c",
            day=date(2027, 5, 1),
            players={"Bert Bär": bert, "Carl Cäsar": carl},
        ),
    ]


def _signed(played: list[Tournament], organiser, people) -> list[dict[str, Any]]:
    """Each tournament's signed archive; the first as a laptop with a package sends it:
    "C. Cäsar" carries Carl's id on the season server (its name differs)."""
    archives = [signed_archive(t, actor=organiser) for t in played]
    first = document_of(archives[0])
    for person in first["participants"]:
        if person["name"] == "C. Cäsar":
            person["federation_player"] = people["carl"].pk
    archives[0] = resigned(archives[0], first)
    return archives


def test_a_season_from_signed_archives_equals_the_season_played_here(
    api, organiser, people, played
):
    central = services.season_create(name="Central", best_of=2, qualifiers=3, actor=organiser)
    for tournament in played:
        services.season_tournament_add(season=central, tournament=tournament, weight=1)
    signed = _signed(played, organiser, people)

    season = services.season_create(name="Imported", best_of=2, qualifiers=3, actor=organiser)
    register_installation_key(season)
    api.force_authenticate(organiser)
    answers = [api.post(f"/api/seasons/{season.pk}/imports/", s, format="json") for s in signed]
    assert [a.status_code for a in answers] == [201, 201, 201]
    bodies = [a.json() for a in answers]
    # Anna and Bert by a single candidate, "C. Cäsar" by the package's id; the two
    # "Max Muster" players leave one to choose; the others are new players.
    assert [(b["linked"], b["new_players"], b["to_choose"]) for b in bodies] == [
        (3, 6, 1),
        (2, 8, 0),
        (2, 10, 0),
    ]
    imported = [Tournament.objects.get(pk=b["tournament"]) for b in bodies]
    assert [t.name for t in imported] == [t.name for t in played]
    record = ArchiveImport.objects.get(tournament=imported[0])
    assert (record.uid, record.archive_version) == (played[0].uid, 1)
    assert record.sha256 == signed[0]["sha256"]
    assert list(
        SeasonTournament.objects.filter(season=season).values_list("tournament_id", "weight")
    ) == [(t.pk, 1) for t in imported]
    carl_here = imported[0].participants.get(name="C. Cäsar")
    assert carl_here.player_id == people["carl"].pk
    assert AuditEntry.objects.filter(
        tournament=imported[0], action="participant_player_linked", object_id=str(carl_here.pk)
    ).exists()

    # The season's organiser chooses the ambiguous one with §13's participant PATCH.
    ambiguous = imported[0].participants.get(name="Max Muster", player=None)
    chosen = api.patch(
        f"/api/tournaments/{imported[0].pk}/participants/{ambiguous.pk}/",
        {"player": people["max1"].pk},
        format="json",
    )
    assert chosen.status_code == 200, chosen.content

    expected = api.get(f"/api/seasons/{central.pk}/ranking/").json()
    got = api.get(f"/api/seasons/{season.pk}/ranking/").json()
    assert season_rows(got, [t.pk for t in imported]) == season_rows(
        expected, [t.pk for t in played]
    )
    assert any(r["qualified"] for r in got["rows"])
    assert all(r["rating"] is not None for r in got["rows"])


@pytest.fixture
def ready(api, organiser, people, played):
    """A season with this installation's key registered and the laptops' archives."""
    season = services.season_create(name="Imported", actor=organiser)
    register_installation_key(season)
    api.force_authenticate(organiser)
    return season, _signed(played, organiser, people)


def _counts() -> tuple[int, ...]:
    return (
        Tournament.objects.count(),
        Participant.objects.count(),
        Player.objects.count(),
        ArchiveImport.objects.count(),
        SeasonTournament.objects.count(),
    )


def _refused(api, season: Season, body: dict[str, Any], status: int, code: str) -> None:
    before = _counts()
    answer = api.post(f"/api/seasons/{season.pk}/imports/", body, format="json")
    assert answer.status_code == status, answer.content
    assert answer.json()["errors"][0]["code"] == code
    assert _counts() == before  # nothing stored


def _other_key() -> tuple[Ed25519PrivateKey, str]:
    key = Ed25519PrivateKey.generate()
    return key, signing.b64(key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw))


def test_a_changed_byte_is_refused(api, ready):
    season, signed = ready
    data = bytearray(base64.b64decode(signed[1]["archive"]))
    data[-20] ^= 1
    _refused(api, season, {**signed[1], "archive": signing.b64(bytes(data))}, 400, "bad_signature")
    # The SHA-256 made to fit does not help: the signature is over the original bytes.
    fitted = {**signed[1], "archive": signing.b64(bytes(data))}
    fitted["sha256"] = hashlib.sha256(bytes(data)).hexdigest()
    _refused(api, season, fitted, 400, "bad_signature")
    _refused(api, season, {**signed[1], "sha256": "0" * 64}, 400, "bad_signature")


def test_a_signature_by_another_key_is_refused(api, ready):
    season, signed = ready
    other, _public = _other_key()
    data = base64.b64decode(signed[1]["archive"])
    forged = {**signed[1], "signature": signing.b64(other.sign(data))}
    _refused(api, season, forged, 400, "bad_signature")


def test_an_unregistered_key_is_refused_first(api, organiser, ready):
    season, signed = ready
    other, public = _other_key()
    data = base64.b64decode(signed[1]["archive"])
    _refused(
        api,
        season,
        {**signed[1], "public_key": public, "signature": signing.b64(other.sign(data))},
        400,
        "unknown_key",
    )
    # Checked before the signature: an unregistered key with a broken signature too.
    fresh = services.season_create(name="No keys", actor=organiser)
    api.force_authenticate(User.objects.get(pk=organiser.pk))  # its roles read anew
    _refused(api, fresh, {**signed[1], "signature": signing.b64(bytes(64))}, 400, "unknown_key")


def test_the_same_file_twice_changes_nothing_and_a_second_version_is_refused(
    api, organiser, played, ready
):
    season, signed = ready
    url = f"/api/seasons/{season.pk}/imports/"
    first = api.post(url, signed[1], format="json")
    assert first.status_code == 201
    before = _counts()
    audit = AuditEntry.objects.count()
    again = api.post(url, signed[1], format="json")
    assert again.status_code == 200 and again.json() == first.json()
    assert _counts() == before and AuditEntry.objects.count() == audit
    second_version = signed_archive(played[1], actor=organiser)
    assert document_of(second_version)["archive_version"] == 2
    _refused(api, season, second_version, 409, "already_imported")


def test_who_may_import(api, ready):
    season, signed = ready
    api.force_authenticate(None)
    assert (
        api.post(f"/api/seasons/{season.pk}/imports/", signed[1], format="json").status_code == 401
    )
    other = factories.make_organiser(tournament="nowhere")
    services.season_create(name="Theirs", actor=other)
    api.force_authenticate(other)
    before = _counts()
    assert (
        api.post(f"/api/seasons/{season.pk}/imports/", signed[1], format="json").status_code == 403
    )
    assert _counts() == before


def test_an_imported_tournament_is_read_only_but_its_players_can_be_chosen(
    api, organiser, people, ready
):
    season, signed = ready
    body = api.post(f"/api/seasons/{season.pk}/imports/", signed[0], format="json").json()
    tournament = Tournament.objects.get(pk=body["tournament"])
    ambiguous = tournament.participants.get(name="Max Muster")
    url = f"/api/tournaments/{tournament.pk}/participants/{ambiguous.pk}/"
    renamed = api.patch(url, {"name": "Someone"}, format="json")
    assert renamed.status_code == 409
    assert renamed.json()["errors"][0]["code"] == "imported_read_only"
    added = api.post(
        f"/api/tournaments/{tournament.pk}/participants/",
        [{"name": "New", "nationality": "DE"}],
        format="json",
    )
    assert added.status_code == 409
    assert api.patch(url, {"player": people["max2"].pk}, format="json").status_code == 200
    ambiguous.refresh_from_db()
    assert (ambiguous.name, ambiguous.player_id) == ("Max Muster", people["max2"].pk)


def test_erasure_reaches_imported_tournaments_and_an_old_archive_keeps_it(
    api, organiser, people, ready
):
    season, signed = ready
    url = f"/api/seasons/{season.pk}/imports/"
    body = api.post(url, signed[1], format="json").json()
    anna = people["anna"]
    admin = factories.make_user(is_superuser=True)
    services.player_erase(player=anna, confirm="Anna Amsel", actor=admin)
    here = Participant.objects.get(tournament_id=body["tournament"], player=anna)
    assert "Anna" not in here.name
    # The same old archive again: nothing changes, the name does not come back.
    assert api.post(url, signed[1], format="json").json() == body
    assert not Participant.objects.filter(name="Anna Amsel").exists()
    # Into another season: the earlier import's link holds, and so does the erasure.
    other = services.season_create(name="Another", actor=organiser)
    register_installation_key(other)
    api.force_authenticate(User.objects.get(pk=organiser.pk))  # its roles read anew
    again = api.post(f"/api/seasons/{other.pk}/imports/", signed[1], format="json")
    assert again.status_code == 201
    assert not Participant.objects.filter(name="Anna Amsel").exists()
    assert Participant.objects.get(tournament_id=again.json()["tournament"], player=anna).name == (
        here.name
    )


def test_a_lost_laptops_key_is_removed_its_imports_stay(api, ready):
    season, signed = ready
    url = f"/api/seasons/{season.pk}/imports/"
    body = api.post(url, signed[1], format="json").json()
    fingerprint = api.get(f"/api/seasons/{season.pk}/keys/").json()[0]["fingerprint"]
    removed = api.delete(f"/api/seasons/{season.pk}/keys/{fingerprint}/")
    assert removed.status_code == 204
    assert api.get(f"/api/seasons/{season.pk}/keys/").json() == []
    # What was imported stays in the season; what it signs now (or signed before and
    # was not imported yet) is refused: a signature carries no time.
    assert SeasonTournament.objects.filter(season=season, tournament_id=body["tournament"]).exists()
    _refused(api, season, signed[2], 400, "unknown_key")


def test_a_trusted_signature_over_something_else_is_refused(api, ready):
    season, signed = ready
    document = document_of(signed[1])
    unfinished = {**document, "final_ranking": {**document["final_ranking"], "final": False}}
    _refused(api, season, resigned(signed[1], unfinished), 400, "invalid_archive")
    broken = {**document, "tournament": {**document["tournament"], "date": "someday"}}
    _refused(api, season, resigned(signed[1], broken), 400, "invalid_archive")
    _refused(api, season, resigned(signed[1], {"hello": "world"}), 400, "invalid_archive")
