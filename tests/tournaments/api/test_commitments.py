"""Verifiable draws through the API: commitments, the draw record and the verifier."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.lots import ALGORITHM, LEGACY_ALGORITHM, cut, shuffle_legacy
from scoring.verify_draw import differences
from tests import factories
from tests.tournaments.services.test_knockout import play_group
from tournaments import services
from tournaments.api.draw import DrawOutput, _draw_payload
from tournaments.models import GroupDraw, Participant, Seat, Table

ROOT = Path(__file__).resolve().parents[3]


def _verify(tmp_path: Path, record: dict) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "draw.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-S", "-m", "scoring.verify_draw", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.fixture
def tournament(db):
    tournament = factories.make_tournament()
    factories.add_participants(tournament, 17)
    return tournament


def test_a_commitment_hides_its_seed_until_the_draw_reveals_it(organiser_api, api, tournament):
    url = f"/api/tournaments/{tournament.pk}/draw-commitments/"
    published = organiser_api.post(url, format="json")
    assert published.status_code == 201
    body = published.json()
    assert body["seed"] is None and body["used_for"] is None
    assert len(body["commitment"]) == 64 and body["commitment"] == body["commitment"].lower()
    assert organiser_api.get(url).json()[0]["seed"] is None  # not even for staff

    drawn = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/group-stage/draw/",
        {"commitment": body["commitment"]},
        format="json",
    )
    assert drawn.status_code == 201
    seed = drawn.json()["seed"]
    assert len(seed) >= 32  # 128 bits as hex
    assert hashlib.sha256(seed.encode()).hexdigest() == body["commitment"]
    assert drawn.json()["commitment"] == body["commitment"]

    api.force_authenticate(None)
    listed = api.get(url).json()
    assert [(c["seed"], c["used_for"]) for c in listed] == [(seed, "group")]


def test_the_revealed_seed_as_a_plain_seed_seats_everyone_the_same(organiser_api, tournament):
    commitment = services.draw_commitment_create(tournament=tournament)
    draw_url = f"/api/tournaments/{tournament.pk}/group-stage/draw/"
    with_commitment = organiser_api.post(
        draw_url, {"commitment": commitment.commitment}, format="json"
    ).json()
    plain = organiser_api.post(draw_url, {"seed": with_commitment["seed"]}, format="json").json()
    assert plain["tables"] == with_commitment["tables"]
    assert plain["commitment"] is None


def test_a_used_commitment_cannot_be_reused(organiser_api, tournament):
    commitment = services.draw_commitment_create(tournament=tournament)
    draw_url = f"/api/tournaments/{tournament.pk}/group-stage/draw/"
    body = {"commitment": commitment.commitment}
    assert organiser_api.post(draw_url, body, format="json").status_code == 201
    before = list(GroupDraw.objects.values_list("seed", flat=True))
    again = organiser_api.post(draw_url, body, format="json")
    assert again.status_code == 409
    assert again.json()["errors"][0]["code"] == "commitment_used"
    assert list(GroupDraw.objects.values_list("seed", flat=True)) == before


def test_another_tournaments_commitment_is_unknown(organiser_api, tournament):
    other = factories.make_tournament()
    foreign = services.draw_commitment_create(tournament=other)
    answer = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/group-stage/draw/",
        {"commitment": foreign.commitment},
        format="json",
    )
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["code"] == "unknown_commitment"
    foreign.refresh_from_db()
    assert foreign.used_for == ""
    assert not GroupDraw.objects.filter(tournament=tournament).exists()


def test_only_organisers_publish_commitments(api, referee_api, tournament):
    url = f"/api/tournaments/{tournament.pk}/draw-commitments/"
    assert referee_api.post(url, format="json").status_code == 403
    api.force_authenticate(None)
    assert api.post(url, format="json").status_code in (401, 403)


def test_the_draw_json_verifies_and_a_tampered_one_does_not(organiser_api, tmp_path, tournament):
    commitment = services.draw_commitment_create(tournament=tournament)
    url = f"/api/tournaments/{tournament.pk}/group-stage/draw/"
    organiser_api.post(url, {"commitment": commitment.commitment}, format="json")
    record = organiser_api.get(url).json()
    assert record["algorithm"] == ALGORITHM
    assert record["participants"] == sorted(record["participants"])
    assert record["five_tables"] == 1  # 17 = 6 + 6 + 5

    checked = _verify(tmp_path, record)
    assert checked.returncode == 0, checked.stdout + checked.stderr

    seats = record["tables"][0]["seats"]
    seats[0]["participant"], seats[1]["participant"] = (
        seats[1]["participant"],
        seats[0]["participant"],
    )
    tampered = _verify(tmp_path, record)
    assert tampered.returncode == 1
    assert "DIFFERENT" in tampered.stdout


def test_a_seed_that_does_not_match_the_commitment_is_a_difference(organiser_api, tournament):
    commitment = services.draw_commitment_create(tournament=tournament)
    url = f"/api/tournaments/{tournament.pk}/group-stage/draw/"
    organiser_api.post(url, {"commitment": commitment.commitment}, format="json")
    record = organiser_api.get(url).json()
    record["seed"] += "x"
    assert any("commitment" in d for d in differences(record))


def test_a_legacy_draw_keeps_verifying(organiser_api, tournament):
    """Records made before version 1 carry the legacy algorithm (the migration's default)."""
    services.group_stage_draw(tournament=tournament, seed="alt")
    ids = list(tournament.participants.order_by("id").values_list("id", flat=True))
    layout = cut(shuffle_legacy(ids, seed="alt"), [6, 6, 5])
    for table in Table.objects.filter(tournament=tournament).order_by("number"):
        for seat in Seat.objects.filter(table=table):
            Seat.objects.filter(pk=seat.pk).update(participant_id=-seat.participant_id)
    for table, members in zip(Table.objects.order_by("number"), layout, strict=True):
        for position, pid in enumerate(members, start=1):
            Seat.objects.filter(table=table, position=position).update(participant_id=pid)
    GroupDraw.objects.filter(tournament=tournament).update(
        algorithm=LEGACY_ALGORITHM, participants=[]
    )
    record = organiser_api.get(f"/api/tournaments/{tournament.pk}/group-stage/draw/").json()
    assert record["participants"] == ids
    assert differences(record) == []


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    count=st.sampled_from([5, 6, 10, 11, 12, 15, 16, 17, 18, 23, 30]),
    seed=st.text(min_size=1, max_size=30).filter(str.strip),
    withdrawn=st.sets(st.integers(min_value=0, max_value=4), max_size=2),
)
def test_the_verifier_accepts_every_draw_the_service_makes(db, api, count, seed, withdrawn):
    tournament = factories.make_tournament()
    people = factories.add_participants(tournament, count + len(withdrawn))
    Participant.objects.filter(pk__in=[people[i].pk for i in withdrawn]).update(
        status=Participant.Status.WITHDRAWN
    )
    services.group_stage_draw(tournament=tournament, seed=seed)
    tournament.refresh_from_db()
    record = json.loads(json.dumps(DrawOutput(_draw_payload(tournament)).data))
    assert differences(record) == []


def test_a_knockout_round_drawn_with_a_commitment_reveals_its_seed(organiser_api, referee):
    tournament = factories.drawn_tournament(23)
    play_group(tournament, referee, seed=8)
    commitment = services.draw_commitment_create(tournament=tournament)
    started = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/knockout/start/",
        {"commitment": commitment.commitment, "field_size": 9},
        format="json",
    )
    assert started.status_code == 201, started.json()
    assert hashlib.sha256(started.json()["seed"].encode()).hexdigest() == commitment.commitment
    listed = organiser_api.get(f"/api/tournaments/{tournament.pk}/draw-commitments/").json()
    assert listed[0]["used_for"] == "knockout-1"
