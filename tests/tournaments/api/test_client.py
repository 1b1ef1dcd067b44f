"""A real client: generated from the live schema, it plays a short tournament.

openapi-python-client (a dev dependency; it runs offline) generates a Python
package from ``/api/schema/`` into a temporary folder; the test imports it and
talks to a live server as a program written against the API would:
registration, draw, a result refused with its code, a result accepted,
standings. If the schema does not tell the truth (an undocumented answer, a
wrong field), the client cannot parse the answer and the test fails.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
import urllib.request
from datetime import date
from pathlib import Path

import pytest
from rest_framework.authtoken.models import Token

from tests import factories

pytestmark = [pytest.mark.django_db(transaction=True)]

CHARACTERS = [
    "Willy the Kid",
    "El Gringo",
    "Jourdonnais",
    "Black Jack",
    "Lucky Duke",
    "Kit Carlson",
]


@pytest.fixture
def bang_client(live_server, tmp_path):
    """The package ``bang_client``, generated from the live server's schema."""
    schema = tmp_path / "openapi.json"
    with urllib.request.urlopen(f"{live_server.url}/api/schema/?format=json") as answer:
        schema.write_bytes(answer.read())
    config = tmp_path / "config.yaml"
    config.write_text("package_name_override: bang_client\npost_hooks: []\n")
    generator = Path(sys.executable).with_name("openapi-python-client")
    subprocess.run(
        [
            generator,
            "generate",
            "--path",
            schema,
            "--config",
            config,
            "--meta",
            "none",
            "--output-path",
            tmp_path / "bang_client",
        ],
        check=True,
        capture_output=True,
        cwd=tmp_path,
    )
    sys.path.insert(0, str(tmp_path))
    try:
        yield importlib.import_module("bang_client")
    finally:
        sys.path.remove(str(tmp_path))
        for name in [m for m in sys.modules if m == "bang_client" or m.startswith("bang_client.")]:
            del sys.modules[name]


def test_a_generated_client_plays_a_short_tournament(bang_client, live_server):
    from bang_client import AuthenticatedClient, Client

    token = Token.objects.create(user=factories.make_organiser()).key
    with (
        AuthenticatedClient(base_url=live_server.url, token=token, prefix="Token") as api,
        Client(base_url=live_server.url) as anonymous,
    ):
        play(api, anonymous)


def play(api, anonymous) -> None:
    """Register six players, draw, record the first game (refused once), read the standings."""
    from bang_client.api.games import games_result_update
    from bang_client.api.tournaments import (
        tournaments_create,
        tournaments_games_list,
        tournaments_group_stage_draw_create,
        tournaments_participants_create,
        tournaments_standings_retrieve,
    )
    from bang_client.models import (
        Error,
        GroupDrawApiInput,
        ParticipantListApiInput,
        ResultApiInput,
        ResultApiInputSeatIn,
        RoleEnum,
        RulesetEnum,
        TournamentListApiInput,
    )

    tournament = tournaments_create.sync(
        client=api,
        body=TournamentListApiInput(
            name="Client Cup", date=date(2027, 3, 13), ruleset=RulesetEnum.BANG
        ),
    )
    assert not isinstance(tournament, Error) and tournament.settings.max_participants == 126

    players = tournaments_participants_create.sync(
        tournament.id,
        client=api,
        body=[ParticipantListApiInput(name=f"Spieler {i}", nationality="DE") for i in range(6)],
    )
    assert isinstance(players, list) and len(players) == 6

    draw = tournaments_group_stage_draw_create.sync(
        tournament.id, client=api, body=GroupDrawApiInput(seed="client")
    )
    assert not isinstance(draw, Error) and [t.size for t in draw.tables] == [6]
    assert tournaments_group_stage_draw_create.sync(
        tournament.id, client=api, body=GroupDrawApiInput(seed="")
    ).errors[0].code in {"required", "invalid_seed"}

    games = tournaments_games_list.sync(tournament.id, client=api, round_=1)
    assert isinstance(games, list) and len(games) == 1
    game = games[0]
    sheriff = game.sheriff_position
    others = [s.position for s in game.seats if s.position != sheriff]
    roles = dict(zip(others, ["deputy", "outlaw", "outlaw", "outlaw", "renegade"], strict=True))
    roles[sheriff] = "sheriff"

    def seats(renegade_lives: int) -> list[ResultApiInputSeatIn]:
        lives = {"sheriff": 2, "deputy": 1, "outlaw": 0, "renegade": renegade_lives}
        return [
            ResultApiInputSeatIn(
                position=position,
                role=RoleEnum(roles[position]),
                character=CHARACTERS[position - 1],
                lives=lives[roles[position]],
            )
            for position in sorted(roles)
        ]

    # The Renegade still alive: the game is not over, and the client hands over the code.
    refused = games_result_update.sync_detailed(
        game.id, client=api, body=ResultApiInput(seats=seats(renegade_lives=2), signed=True)
    )
    assert refused.status_code == 400
    assert isinstance(refused.parsed, Error)
    assert "game_not_finished" in {e.code for e in refused.parsed.errors}

    recorded = games_result_update.sync(
        game.id, client=api, body=ResultApiInput(seats=seats(renegade_lives=0), signed=True)
    )
    assert not isinstance(recorded, Error), recorded
    assert recorded.winner == "law" and recorded.version == 1

    standings = tournaments_standings_retrieve.sync(tournament.id, client=anonymous)
    assert not isinstance(standings, Error) and standings.games_recorded == 1
    assert standings.rows[0].rank == 1 and standings.rows[0].bounty == 3000 + 150
    assert standings.rows[0].participant == next(
        s.participant for s in game.seats if s.position == sheriff
    )
