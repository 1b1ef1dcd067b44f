"""An archive carries the format (rules.md §13, §14; docs/archive.md, format version 2).

A Czech tournament's document holds its format and effective settings (the
points table), both parts' draws, the part and Sheriff of every game and the
``last_three`` flags; an archive of format version 1, made before formats,
keeps its bytes and hash and reads as the German championship it was.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from tests import factories
from tests.tournaments.seasons.helpers import finished_tournament, names
from tournaments import services
from tournaments.models import Game, GroupDraw, ResultSeat, Stage, TournamentArchive
from tournaments.selectors.archive import archive_bytes, archive_document, upgrade_archive
from tournaments.simulation import open_games, record_random_results

pytestmark = pytest.mark.django_db


def test_a_czech_archive_document_carries_the_format_parts_and_last_three(referee):
    tournament = factories.make_tournament(
        format="czech_club", settings={"points": {"4": {"renegade": {"renegade": 60}}}}
    )
    factories.add_participants(tournament, 23)
    for part in (1, 2):
        services.group_stage_draw(tournament=tournament, seed=f"cz-{part}", part=part)
        record_random_results(
            open_games(tournament, stage=Stage.GROUP, part=part),
            rng=random.Random(part),
            referees=[referee],
        )
    document = json.loads(archive_bytes(archive_document(tournament, version=1)))

    assert document["format_version"] == 2
    assert document["tournament"]["format"] == "czech_club"
    effective = document["tournament"]["effective_settings"]
    assert effective["points"] == tournament.config.values["points"]
    assert effective["points"]["4"]["renegade"]["renegade"] == 60
    assert effective["sheriff"] == "lot" and effective["tie_breaks"] == ["points", "wins", "lives"]
    assert [(d["part"], d["seed"]) for d in document["group_draws"]] == [(1, "cz-1"), (2, "cz-2")]
    assert document["group_draw"] == document["group_draws"][0]
    assert sorted({(t["stage"], t["part"]) for t in document["tables"]}) == [
        ("group", 1),
        ("group", 2),
    ]
    games = {
        g.pk: (g.part, g.round, g.sheriff_position)
        for g in Game.objects.filter(tournament=tournament)
    }
    assert len(document["results"]) == 25
    for result in document["results"]:
        assert (result["part"], result["round"], result["sheriff_position"]) == games[
            result["game"]
        ]
    flagged = {
        (s.result.game_id, s.position)
        for s in ResultSeat.objects.counting(tournament).filter(last_three=True)
    }
    assert flagged  # random results claim it for some Deputies
    assert {
        (r["game"], s["position"])
        for r in document["results"]
        for s in r["seats"]
        if s["last_three"]
    } == flagged
    assert upgrade_archive(document) == document


def _as_version_1(document: dict) -> dict:
    """The document as format version 1 wrote it (before formats)."""
    old = json.loads(json.dumps(document))
    old["format_version"] = 1
    del old["tournament"]["format"], old["tournament"]["effective_settings"]
    del old["group_draws"], old["group_draw"]["part"]
    for table in old["tables"]:
        del table["part"]
    for result in old["results"]:
        del result["part"], result["sheriff_position"]
        for seat in result["seats"]:
            del seat["last_three"]
    return old


def test_a_version_1_archive_keeps_its_bytes_and_reads_as_the_german_championship(api, organiser):
    tournament = finished_tournament(names("V", 10), organiser=organiser, seed="v1")
    current = archive_document(tournament, version=1)
    old_bytes = archive_bytes(_as_version_1(current))
    TournamentArchive.objects.create(
        tournament=tournament,
        version=1,
        content=old_bytes,
        sha256=hashlib.sha256(old_bytes).hexdigest(),
    )
    # A new version is made in the current format; the old one is served unchanged.
    new = services.archive_create(tournament=tournament, actor=organiser)
    assert new.version == 2
    served = api.get(f"/api/tournaments/{tournament.pk}/archive/1.json")
    assert served.status_code == 200 and served.content == old_bytes
    listed = api.get(f"/api/tournaments/{tournament.pk}/archive/").json()
    assert [a["sha256"] for a in listed] == [
        hashlib.sha256(old_bytes).hexdigest(),
        new.sha256,
    ]
    newest = json.loads(bytes(new.content))
    assert newest["format_version"] == 2
    assert newest["tournament"]["format"] == "german_championship"

    upgraded = upgrade_archive(json.loads(old_bytes))
    # Version 1 did not keep last_three: it reads as false.
    for result in newest["results"]:
        for seat in result["seats"]:
            seat["last_three"] = False
    assert upgraded == {**newest, "archive_version": 1}
    assert upgraded["group_draws"][0]["seed"] == GroupDraw.objects.get(tournament=tournament).seed
    with pytest.raises(ValueError):
        upgrade_archive({**json.loads(old_bytes), "format_version": 9})
