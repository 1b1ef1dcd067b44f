"""Two app servers behind one address: stateless processes over one database and one Redis.

A result recorded through one server is on the other's leaderboard at its
next poll (no time-based staleness), and both answer the same standings.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from scoring.results import GameSpec
from scoring.rulesets import Ruleset
from scoring.simulate import random_result
from tests import factories
from tests.servers import (
    app_server,
    call,
    own_database,
    prepare,
    production_env,
    redis_server,
)

pytestmark = pytest.mark.servers


def _showdown_cup(base: str) -> dict:
    status, _, body = call("GET", f"{base}/api/tournaments/")
    assert status == 200
    listed = json.loads(body)
    rows = listed["results"] if isinstance(listed, dict) else listed
    return next(t for t in rows if t["ruleset"] == "showdown")


def _valid_result(tournament: dict, game: dict) -> dict:
    spec = GameSpec(
        ruleset=Ruleset.SHOWDOWN,
        positions=tuple(seat["position"] for seat in game["seats"]),
        sheriff_position=game["sheriff_position"],
        tougher_sheriff=bool(tournament["settings"].get("tougher_sheriff")),
    )
    reports, winner = random_result(spec, random.Random(game["id"]))
    return factories.result_json(reports, winner)


@pytest.fixture(scope="module")
def servers(tmp_path_factory) -> Iterator[tuple[str, str]]:
    """Two gunicorn processes over one database and one Redis, behind one trusted proxy."""
    tmp_path = tmp_path_factory.mktemp("servers")
    with redis_server() as redis_url, own_database(tmp_path) as database_url:
        env = {**production_env(database_url, redis_url), "DJANGO_TRUSTED_PROXIES": "1"}
        prepare(env)
        with app_server(env) as first, app_server(env) as second:
            yield first, second


def test_a_result_saved_on_one_server_is_on_the_others_next_poll(servers):
    first, second = servers
    cup = _showdown_cup(first)
    fragment = f"/t/{cup['id']}/leaderboard/live/"
    poll = {"HX-Request": "true"}

    # The second server renders the leaderboard and then answers "unchanged".
    status, headers, before = call("GET", second + fragment, headers=poll)
    assert status == 200
    etag = headers["etag"]
    status, _, _ = call("GET", second + fragment, headers={**poll, "If-None-Match": etag})
    assert status == 304

    # Both servers have the standings and the page in their (shared) cache.
    api = f"/api/tournaments/{cup['id']}/standings/"
    page = f"/t/{cup['id']}/leaderboard/"
    cached_api = call("GET", second + api)[2]
    cached_page = call("GET", first + page)[2]
    assert call("GET", second + page)[2] == cached_page

    # A referee saves a result through the first server.
    status, _, body = call(
        "POST",
        f"{first}/api/auth/token/",
        body={"username": "schiri", "password": "bang-demo"},
    )
    assert status == 200, body
    token = json.loads(body)["token"]
    status, _, body = call("GET", f"{first}/api/tournaments/{cup['id']}/games/?stage=group")
    game = next(g for g in json.loads(body) if g["status"] == "open")
    status, _, body = call(
        "PUT",
        f"{first}/api/games/{game['id']}/result/",
        body=_valid_result(cup, game),
        headers={"Authorization": f"Token {token}"},
    )
    assert status == 200, body

    # The second server's very next poll shows it.
    status, headers, after = call("GET", second + fragment, headers={**poll, "If-None-Match": etag})
    assert status == 200
    assert headers["etag"] != etag
    assert after != before

    # Both servers answer the same standings, with the new game counted.
    standings = [
        json.loads(call("GET", f"{base}/api/tournaments/{cup['id']}/standings/")[2])
        for base in (first, second)
    ]
    assert standings[0] == standings[1]
    assert standings[1] != json.loads(cached_api)
    assert call("GET", second + page)[2] != cached_page
    played = {row["participant"]: row["games_played"] for row in standings[0]["rows"]}
    assert all(played[seat["participant"]] >= 1 for seat in game["seats"])


def test_a_login_lockout_is_counted_across_both_servers(servers):
    """30 wrong passwords for one account, half on each server, from 30 addresses:
    both servers then refuse that account, right password included; another
    account still logs in from the same address."""
    first, second = servers

    def token(base: str, username: str, password: str, address: str) -> int:
        status, _, _ = call(
            "POST",
            f"{base}/api/auth/token/",
            body={"username": username, "password": password},
            headers={"X-Forwarded-For": address},
        )
        return status

    statuses = [
        token(first if attempt % 2 else second, "schiri2", "wrong", f"10.1.{attempt}.1")
        for attempt in range(30)
    ]
    assert set(statuses[:29]) == {400}  # every server counted the other's failures
    for base in (first, second):
        assert token(base, "schiri2", "bang-demo", "10.2.0.1") == 429
    assert token(second, "orga", "bang-demo", "10.1.29.1") == 200


def _token(base: str, username: str = "schiri") -> str:
    status, _, body = call(
        "POST", f"{base}/api/auth/token/", body={"username": username, "password": "bang-demo"}
    )
    assert status == 200, body
    return str(json.loads(body)["token"])


def _open_game(base: str, cup: dict, skip: int = 0) -> dict:
    status, _, body = call("GET", f"{base}/api/tournaments/{cup['id']}/games/?stage=group")
    assert status == 200
    return [g for g in json.loads(body) if g["status"] == "open"][skip]


def _versions(base: str, game: dict) -> int:
    _status, _, body = call("GET", f"{base}/api/games/{game['id']}/")
    result = json.loads(body).get("result")
    return 0 if result is None else int(result["version"])


def test_a_request_repeated_on_the_other_server_answers_the_stored_answer(servers):
    """api.md "Idempotency": the key is claimed in the shared database, not in a process."""
    first, second = servers
    cup = _showdown_cup(first)
    game = _open_game(first, cup)
    headers = {"Authorization": f"Token {_token(first)}", "Idempotency-Key": "two-servers-1"}
    body = _valid_result(cup, game)
    status, sent_headers, sent = call(
        "PUT", f"{first}/api/games/{game['id']}/result/", body=body, headers=headers
    )
    assert status == 200, sent
    assert "idempotent-replayed" not in sent_headers
    # The answer was lost; the phone, now balanced to the other server, resends.
    status, replayed_headers, replayed = call(
        "PUT", f"{second}/api/games/{game['id']}/result/", body=body, headers=headers
    )
    assert status == 200
    assert replayed == sent
    assert replayed_headers["idempotent-replayed"] == "true"
    assert _versions(second, game) == 1


def test_eight_requests_with_one_key_at_once_store_one_version(tmp_path):
    """Eight threads send the same keyed PUT at the same moment to a server with eight
    threads (and so eight database connections): one version, and no 5xx. Each one
    that came while the first was processed answers 409 with Retry-After at once;
    sent again, it replays the first one's answer."""
    import threading

    with redis_server() as redis_url, own_database(tmp_path) as database_url:
        env = production_env(database_url, redis_url)
        prepare(env)
        with app_server(env, threads=8) as base:
            cup = _showdown_cup(base)
            game = _open_game(base, cup)
            body = _valid_result(cup, game)
            headers = {"Authorization": f"Token {_token(base)}", "Idempotency-Key": "eight"}
            start = threading.Barrier(8)
            answers: list[tuple[int, dict[str, str], bytes]] = []

            def send() -> None:
                start.wait()
                path = f"{base}/api/games/{game['id']}/result/"
                answers.append(call("PUT", path, body=body, headers=headers))

            threads = [threading.Thread(target=send) for _ in range(8)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(60)
            assert len(answers) == 8
            statuses = sorted(status for status, _, _ in answers)
            assert set(statuses) <= {200, 409}, statuses
            busy = [(h, json.loads(b)) for status, h, b in answers if status == 409]
            assert all(h["retry-after"] == "1" for h, _ in busy)
            assert all(b["errors"][0]["code"] == "request_in_progress" for _, b in busy)
            (first,) = [b for s, h, b in answers if s == 200 and "idempotent-replayed" not in h]
            assert all(b == first for s, _, b in answers if s == 200)
            for _ in busy:  # their resend, a second later, replays the first answer
                path = f"{base}/api/games/{game['id']}/result/"
                status, resent_headers, resent = call("PUT", path, body=body, headers=headers)
                assert (status, resent_headers["idempotent-replayed"]) == (200, "true")
                assert resent == first
            assert _versions(base, game) == 1
