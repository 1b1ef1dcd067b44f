"""Four installations in one process (rules.md §16): a season's server and three laptops.

The season's server makes an event package for each laptop; each laptop creates its
tournament from the package, registers its participants (some linked to a package
player, some left to the name, one new, one ambiguous), plays it to the end and signs
its archive with a key of its own. The season's server registers the three keys and
imports the three files: its ranking equals, row for row (ids aside), the season of
the same tournaments counted where they were played, with the same players linked.
"""

from __future__ import annotations

import base64
import hashlib
import random
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from django.contrib.auth.models import User

from tests.tournaments.seasons.helpers import season_rows
from tests.tournaments.seasons.signed import signed_archive
from tournaments import services, signing
from tournaments.models import Player, Stage, Tournament
from tournaments.simulation import open_games, play_knockout, record_random_results

pytestmark = pytest.mark.django_db


class Laptop:
    """One laptop: its own signing key, its tournament made from a package."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.key = Ed25519PrivateKey.generate()
        self.public_key = signing.b64(
            self.key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        )
        self.tournament: Tournament | None = None

    def sign(self, archive: dict[str, Any]) -> dict[str, Any]:
        """The archive's exact bytes, signed with this laptop's key."""
        data = base64.b64decode(archive["archive"])
        return {
            **archive,
            "sha256": hashlib.sha256(data).hexdigest(),
            "signature": signing.b64(self.key.sign(data)),
            "public_key": self.public_key,
        }


def _play(
    api,
    organiser,
    laptop: Laptop,
    package: dict[str, Any],
    people: list[tuple[str, Any]],
    seed: str,
) -> Tournament:
    """The laptop's day: the tournament from the package, its participants, every game."""
    made = api.post("/api/tournaments/from-package/", package, format="json")
    assert made.status_code == 201, made.content
    tournament = Tournament.objects.get(pk=made.json()["id"])
    # A request loads its user afresh (the roles are cached on the user object).
    api.force_authenticate(User.objects.get(pk=organiser.pk))
    for name, federation_player in people:
        body: dict[str, Any] = {"name": name, "nationality": "DE"}
        if federation_player is not None:
            body["federation_player"] = federation_player
        answer = api.post(f"/api/tournaments/{tournament.pk}/participants/", [body], format="json")
        assert answer.status_code == 201, answer.content
    services.group_stage_draw(tournament=tournament, seed=seed)
    rng = random.Random(seed)
    record_random_results(open_games(tournament, stage=Stage.GROUP), rng=rng, referees=[organiser])
    play_knockout(tournament, seed=seed, rng=rng, referees=[organiser])
    laptop.tournament = tournament
    return tournament


def test_three_laptops_from_packages_make_the_season_the_server_would(api, organiser):
    anna = services.player_create(name="Anna Amsel", nationality="DE")
    bert = services.player_create(name="Bert Bär", nationality="AT")
    carl = services.player_create(name="Carl Cäsar", nationality="IT")
    max1 = services.player_create(name="Max Muster", nationality="DE")
    services.player_create(name="Max Muster", nationality="CH")
    federation = services.season_create(name="Federation", best_of=2, qualifiers=3, actor=organiser)
    api.force_authenticate(organiser)
    laptops = [Laptop("Bamberg"), Laptop("Brno"), Laptop("Bologna")]
    filler = [[(f"{letter} {i:02d}", None) for i in range(1, 11)] for letter in "ABC"]
    rosters = [
        # By the package's id (Carl under another spelling), by a single name match
        # (Bert), new (the fillers), and one of two "Max Muster" left to choose.
        [
            ("Anna Amsel", anna.pk),
            ("C. Cäsar", carl.pk),
            ("Bert Bär", None),
            ("Max Muster", None),
            *filler[0][:6],
        ],
        [("Anna Amsel", anna.pk), ("Bert Bär", bert.pk), *filler[1][:8]],
        [
            ("Bert Bär", None),
            ("Carl Cäsar", carl.pk),
            *filler[2][:4],
            ("Neu Ling", None),
            ("Zweite Neue", None),
            ("Dritte Neue", None),
            ("Vierte Neue", None),
        ],
    ]
    signed = []
    for number, (laptop, roster) in enumerate(zip(laptops, rosters, strict=True), start=1):
        players = [pid for _name, pid in roster if pid is not None]
        made = api.post(
            f"/api/seasons/{federation.pk}/packages/",
            {"name": f"Cup {laptop.name}", "date": f"2027-0{number + 2}-01", "players": players},
            format="json",
        )
        assert made.status_code == 201, made.content
        tournament = _play(api, organiser, laptop, made.json(), roster, seed=f"laptop-{number}")
        signed.append(laptop.sign(signed_archive(tournament, actor=organiser)))

    # The season's server: the three keys registered, the three files imported.
    for laptop in laptops:
        answer = api.post(
            f"/api/seasons/{federation.pk}/keys/",
            {"public_key": laptop.public_key, "label": f"Laptop {laptop.name}"},
            format="json",
        )
        assert answer.status_code == 201, answer.content
    bodies = []
    for archive in signed:
        answer = api.post(f"/api/seasons/{federation.pk}/imports/", archive, format="json")
        assert answer.status_code == 201, answer.content
        bodies.append(answer.json())
    assert [(b["linked"], b["new_players"], b["to_choose"]) for b in bodies] == [
        (3, 6, 1),  # Anna and Carl by id, Bert by his name; Max has two candidates
        (2, 8, 0),
        (2, 8, 0),
    ]
    imported = [Tournament.objects.get(pk=b["tournament"]) for b in bodies]
    ambiguous = imported[0].participants.get(name="Max Muster", player=None)
    api.force_authenticate(User.objects.get(pk=organiser.pk))  # staff of the imports now
    chosen = api.patch(
        f"/api/tournaments/{imported[0].pk}/participants/{ambiguous.pk}/",
        {"player": max1.pk},
        format="json",
    )
    assert chosen.status_code == 200, chosen.content

    # The same tournaments counted where they were played, the same players linked.
    central = services.season_create(name="Central", best_of=2, qualifiers=3, actor=organiser)
    links = {
        "Anna Amsel": anna,
        "C. Cäsar": carl,
        "Carl Cäsar": carl,
        "Bert Bär": bert,
        "Max Muster": max1,
    }
    for laptop in laptops:
        played = laptop.tournament
        assert played is not None
        for participant in played.participants.all():
            linked = links.get(participant.name)
            if linked is None:  # the season's server made a new player by the same name
                linked = Player.objects.filter(name=participant.name).get()
            participant.player = linked
            participant.save(update_fields=["player"])
        services.season_tournament_add(season=central, tournament=played, weight=1)
    expected = api.get(f"/api/seasons/{central.pk}/ranking/").json()
    got = api.get(f"/api/seasons/{federation.pk}/ranking/").json()
    order_here = [laptop.tournament.pk for laptop in laptops if laptop.tournament]
    assert season_rows(got, [t.pk for t in imported]) == season_rows(expected, order_here)
    assert any(row["qualified"] for row in got["rows"])
