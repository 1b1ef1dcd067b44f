"""A whole championship played through the REST API, compared with a stored transcript.

This is the safety net of refactors: the code behind the API may move into other
modules and packages, but every answer a program can see must stay the same. The
test plays one scripted BANG! tournament (registration, a settings change and a
withdrawal on the staff pages, the group draw, every group game, corrections,
conflicts, penalties, the knockout to the champion, the ranking, a game's history,
the audit log, the documents) and a small Showdown tournament with double-checking,
and records every exchange: who asked, the method, the path, the request body, the
status and the JSON answer (for PDFs and workbooks: the content type and the file
name; for the staff pages: where they redirect).

Words:

- **exchange**: one request and its answer, as stored in the transcript.
- **alias**: a database id replaced by a stable name (``participant#3``,
  ``game#17``, ...), numbered per kind in the order of first appearance, so the
  transcript is the same on SQLite and PostgreSQL and whatever ran before.
  Timestamps become ``"<time>"``, tokens ``"<token>"`` and PINs ``"<pin>"``;
  everything else (bounties, ranks, error codes, English messages, field names)
  is kept exactly.

Results are made by the project's own generator of valid results,
``scoring.simulate.random_result``, driven by a fixed seed; every draw gets a seed.

The transcript lives in ``transcripts/championship.json``. To (re)generate it::

    UPDATE_TRANSCRIPT=1 uv run --frozen pytest tests/tournaments/api/test_transcript.py

Regenerate only when the API contract deliberately grows (a new field, a new
endpoint in the script), never to make a refactor pass: a difference after moving
code is a change a user or a program would see. Without ``UPDATE_TRANSCRIPT`` the
test compares and names the first differing exchange (step, actor, method, path).
"""

from __future__ import annotations

import difflib
import json
import os
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponse
from rest_framework.test import APIClient

from scoring.formats import FORMAT_KEYS
from scoring.results import GameSpec
from scoring.rulesets import Ruleset
from scoring.simulate import random_result
from tests import factories

pytestmark = pytest.mark.django_db

TRANSCRIPT = Path(__file__).resolve().parent / "transcripts" / "championship.json"
#: The same day as answered before formats existed (issue 29): the German championship
#: must answer it byte for byte once the fields api.md "Formats" added are left out.
BEFORE_FORMATS = TRANSCRIPT.with_name("championship-before-formats.json")
#: The fields api.md "Formats" added (a tournament's format and its settings, a game's
#: part, a draw record's parts and Sheriffs, a seat's last_three, a row's points).
FORMAT_FIELDS = frozenset(
    {
        *(FORMAT_KEYS - {"final"}),  # "final" is an older key too (a knockout's last game)
        "format",
        "part",
        "games",
        "sheriff",
        "earlier",
        "sheriff_positions",
        "last_three",
        "started_at",
        "time_rule",
    }
)
#: The fields api.md "Many laptops, one season" added (a participant's federation player).
PACKAGE_FIELDS = frozenset({"federation_player"})
#: The field api.md "Languages" added to a participant (a tournament had its language
#: before): left out of the objects that are participants (they have ``checked_in``).
PARTICIPANT_LANGUAGE = "language"
CHARACTERS = {
    row["fields"]["name"]: row["fields"]["life_points"]
    for row in json.loads(factories.CHARACTERS_FIXTURE.read_text(encoding="utf-8"))
}
PASSWORD = "secret-password-42"  # what tests.factories gives every user

#: Keys whose integer values (or lists of them) are ids of that kind.
ID_KEYS = {
    "participant": "participant",
    "participants": "participant",
    "champion": "participant",
    "title_holder": "participant",
    "seeding": "participant",
    "pick_order": "participant",
    "candidates": "participant",
    "order": "participant",
    "game": "game",
    "voided_games": "game",
    "tournament": "tournament",
    "tables": "participant",  # in the audit log: the seating as lists of participant ids
    "missing": "game",  # the standings' games without a counting result
}
#: The kind of the objects a path answers with, by its last word.
ANSWER_KINDS = {
    "tournaments": "tournament",
    "participants": "participant",
    "games": "game",
    "penalties": "penalty",
}
#: The kind of a path segment's id, by the segment before it.
PATH_KINDS = {
    "tournaments": "tournament",
    "t": "tournament",  # the staff pages: /t/<id>/staff/...
    "games": "game",
    "participants": "participant",
}
#: The kind of the ``"id"`` in the snapshots of an audit entry without ``object_type``.
AUDIT_ACTION_KINDS = {"participants_registered": "participant"}
TIMESTAMP = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}")


class Aliases:
    """Database ids to stable names, per kind, numbered in order of first appearance."""

    def __init__(self) -> None:
        self.names: dict[str, dict[int, str]] = {}

    def __call__(self, kind: str, value: Any) -> Any:
        if isinstance(value, str) and value.isdigit():
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool):
            return value
        names = self.names.setdefault(kind, {})
        return names.setdefault(value, f"{kind}#{len(names) + 1}")

    def path(self, path: str) -> str:
        parts = path.split("/")
        for i, part in enumerate(parts):
            if part.isdigit() and i and parts[i - 1] in PATH_KINDS:
                parts[i] = self(PATH_KINDS[parts[i - 1]], int(part))
        return "/".join(parts)

    def normalise(self, value: Any, *, id_kind: str | None = None) -> Any:
        """``value`` with ids aliased, timestamps and tokens masked.

        ``id_kind`` names what an ``"id"`` key is in the objects of this answer.
        """
        if isinstance(value, list):
            return [self.normalise(item, id_kind=id_kind) for item in value]
        if isinstance(value, str):
            return "<time>" if TIMESTAMP.match(value) else value
        if not isinstance(value, dict):
            return value
        if "object_type" in value and "action" in value:  # an audit entry
            return self._audit_entry(value)
        out: dict[str, Any] = {}
        for key, item in value.items():
            if key in ("token", "pin"):  # random per run
                out[key] = f"<{key}>"
            elif key == "id":
                out[key] = self(id_kind or "object", item)
            elif key in ID_KEYS:
                out[key] = self._ids(ID_KEYS[key], item)
            else:
                out[key] = self.normalise(item, id_kind=id_kind)
        return out

    def _ids(self, kind: str, value: Any) -> Any:
        """Ids of ``kind``, also in (nested) lists; objects are normalised as usual."""
        if isinstance(value, list):
            return [self._ids(kind, item) for item in value]
        if isinstance(value, dict):
            return self.normalise(value, id_kind=kind)
        return self(kind, value)

    def _audit_entry(self, entry: dict[str, Any]) -> dict[str, Any]:
        object_kind = entry["object_type"].lower() or AUDIT_ACTION_KINDS.get(entry["action"])
        return {
            **entry,
            "id": self("audit", entry["id"]),
            "created_at": "<time>",
            "object_id": self(object_kind or "object", entry["object_id"]),
            "before": self.normalise(entry["before"], id_kind=object_kind),
            "after": self.normalise(entry["after"], id_kind=object_kind),
        }


class Script:
    """Plays requests as named actors and records every exchange."""

    def __init__(self) -> None:
        self.aliases = Aliases()
        self.exchanges: list[dict[str, Any]] = []
        self.clients: dict[str, APIClient] = {"anonymous": APIClient(HTTP_ACCEPT_LANGUAGE="en")}
        self.step = ""

    def call(
        self,
        actor: str,
        method: str,
        path: str,
        body: Any = None,
        *,
        expect: int | None = None,
    ) -> Any:
        client = self.clients[actor]
        if method == "GET":
            response = client.get(path)
        else:
            response = getattr(client, method.lower())(path, body, format="json")
        return self._record(actor, method, path, body, response, expect=expect)

    def form(self, actor: str, path: str, data: dict[str, Any], *, expect: int = 302) -> None:
        """A staff page's form, posted with the actor's session."""
        response = self.clients[actor].post(path, data)
        self._record(actor, "POST", path, data, response, expect=expect)

    def _record(
        self,
        actor: str,
        method: str,
        path: str,
        body: Any,
        response: HttpResponse,
        *,
        expect: int | None,
    ) -> Any:
        exchange: dict[str, Any] = {
            "step": self.step,
            "actor": actor,
            "method": method,
            "path": self.aliases.path(path),
        }
        if body is not None:
            exchange["request"] = self.aliases.normalise(body)
        exchange["status"] = response.status_code
        content_type = response.get("Content-Type", "")
        data: Any = None
        if content_type.startswith("application/json"):
            data = json.loads(response.content)
            words = [w for w in path.split("?")[0].split("/") if w and not w.isdigit()]
            id_kind = ANSWER_KINDS.get(words[-1]) if words else None
            exchange["response"] = self.aliases.normalise(data, id_kind=id_kind)
        elif response.status_code in (301, 302, 303):
            exchange["location"] = self.aliases.path(response["Location"])
        else:
            exchange["content_type"] = content_type
            if response.get("Content-Disposition"):
                exchange["content_disposition"] = response["Content-Disposition"]
        self.exchanges.append(exchange)
        if expect is not None:
            assert response.status_code == expect, json.dumps(exchange, indent=1)[:3000]
        return data

    def login(self, username: str) -> None:
        """A token from ``POST /api/auth/token/``, and a session for the staff pages."""
        self.clients[username] = client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
        body = {"username": username, "password": PASSWORD}
        answer = self.call("anonymous", "POST", "/api/auth/token/", body, expect=200)
        client.credentials(HTTP_AUTHORIZATION=f"Token {answer['token']}")
        client.force_login(User.objects.get(username=username))


# --------------------------------------------------------------------------- results


def seats_json(reports: Any) -> list[dict[str, Any]]:
    return [
        {
            "position": r.position,
            "role": r.role.value if r.role else None,
            "character": r.character,
            "lives": r.lives,
            "eliminated_by": r.eliminated_by,
            "final_duel": r.final_duel,
        }
        for r in reports
    ]


def result_body(
    game: dict[str, Any], *, ruleset: str, active: set[int], rng: random.Random
) -> dict[str, Any]:
    """A valid result for ``game`` (an API game or knockout table) from the generator."""
    positions = tuple(s["position"] for s in game["seats"] if s["participant"] in active)
    spec = GameSpec(
        ruleset=Ruleset(ruleset),
        positions=positions,
        sheriff_position=game.get("sheriff_position"),
        characters=CHARACTERS if ruleset == "bang" else {},
    )
    reports, winner = random_result(spec, rng)
    body: dict[str, Any] = {"seats": seats_json(reports), "signed": True}
    if winner is not None:
        body["winner"] = winner
    return body


def active_ids(script: Script, tournament: int) -> set[int]:
    listed = script.call("anonymous", "GET", f"/api/tournaments/{tournament}/participants/")
    return {p["id"] for p in listed if p["status"] == "active"}


def open_group_games(script: Script, tournament: int, round_: int) -> Iterator[dict[str, Any]]:
    path = f"/api/tournaments/{tournament}/games/?stage=group&round={round_}"
    games = script.call("anonymous", "GET", path, expect=200)
    yield from (game for game in games if game["status"] == "open")


def settings_form(tournament: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """The staff settings page's form data: the tournament as it is, with ``changes``."""
    data = {
        "action": "settings",
        "name": tournament["name"],
        "date": tournament["date"],
        "ruleset": tournament["ruleset"],
        "language": tournament["language"],
    }
    for key, value in {**tournament["settings"], **changes}.items():
        if key == "title" and value is None:
            continue  # the default title: a form without the field keeps it
        if key in FORMAT_KEYS:
            continue  # the format's settings: the format page edits them, not this form
        if value is True:
            data[f"setting_{key}"] = "on"
        elif value is not False:
            data[f"setting_{key}"] = "" if value is None else value
    return data


# --------------------------------------------------------------------------- the script


def championship(script: Script) -> None:
    """The BANG! championship: 23 players, tables 6/6/6/5, to the champion."""
    rng = random.Random("transcript-championship")
    script.step = "login"
    script.login("orga")
    script.login("ref-ann")
    script.login("ref-ben")
    script.call("anonymous", "GET", "/api/settings/", expect=200)

    script.step = "create"
    script.call("ref-ann", "POST", "/api/tournaments/", {"name": "X"}, expect=403)
    bad = {"name": "X", "date": "2027-03-13", "ruleset": "bang", "settings": {"max_particpants": 3}}
    script.call("orga", "POST", "/api/tournaments/", bad, expect=400)
    body = {
        "name": "Deutsche Meisterschaft 2027",
        "date": "2027-03-13",
        "ruleset": "bang",
        "language": "en",
        "settings": {"max_participants": 40},
    }
    created = script.call("orga", "POST", "/api/tournaments/", body, expect=201)
    t = created["id"]
    base = f"/api/tournaments/{t}"

    script.step = "settings change (staff page)"
    form = settings_form(created, bounty_survivor=200, five_table_bonus=1500)
    script.form("orga", f"/t/{t}/staff/settings/", form)
    script.call("anonymous", "GET", f"{base}/", expect=200)

    script.step = "register"
    names = [
        ("Anna Vogel", "DE"),
        ("Matteo Rossi", "IT"),
        ("Lena Huber", "AT"),
        ("Jan de Vries", "NL"),
        ("Claire Martin", "FR"),
        ("Tomáš Novák", "CZ"),
        ("Sofie Jensen", "DK"),
        ("Kasia Nowak", "PL"),
        ("Luca Meier", "CH"),
        ("Ben Schmidt", "DE"),
        ("Clara Fischer", "DE"),
        ("David Weber", "DE"),
        ("Emma Wagner", "DE"),
        ("Felix Becker", "DE"),
        ("Greta Schulz", "DE"),
        ("Hannes Koch", "DE"),
        ("Ida Richter", "DE"),
        ("Jonas Wolf", "DE"),
        ("Karl Neumann", "DE"),
        ("Lotte Schwarz", "DE"),
        ("Max Zimmermann", "DE"),
        ("Nina Braun", "DE"),
        ("=Oskar Krüger", "DE"),
    ]
    items: list[dict[str, Any]] = [{"name": name, "nationality": nat} for name, nat in names]
    items[2]["birth_date"] = "2011-05-01"
    items[2]["age_approved"] = True
    refused = [
        {"name": "Gut", "nationality": "DE"},
        {"name": "Kind", "nationality": "DE", "birth_date": "2020-01-01"},
        {"name": "Nirgends", "nationality": "XX"},
    ]
    script.call("orga", "POST", f"{base}/participants/", refused, expect=400)
    script.call("orga", "POST", f"{base}/participants/", items[:7])
    script.step = "draw refused"
    script.call("orga", "POST", f"{base}/group-stage/draw/", {"seed": "early"}, expect=400)
    script.step = "register"
    script.call("orga", "POST", f"{base}/participants/", items[7:], expect=201)
    script.call("anonymous", "GET", f"{base}/participants/", expect=200)

    script.step = "draw"
    script.call("ref-ann", "POST", f"{base}/group-stage/draw/", {"seed": "x"}, expect=403)
    script.call("orga", "POST", f"{base}/group-stage/draw/", {"seed": "DM-2027"}, expect=201)
    script.call("anonymous", "GET", f"{base}/group-stage/draw/", expect=200)
    games = script.call("anonymous", "GET", f"{base}/games/", expect=200)
    rounds = sorted({g["round"] for g in games})
    script.call("anonymous", "GET", f"{base}/standings/", expect=200)

    participants = script.call("orga", "GET", f"{base}/participants/")
    by_name = {p["name"]: p["id"] for p in participants}
    five_table = next(g for g in games if g["size"] == 5)
    withdrawing = five_table["seats"][-1]["participant"]

    for round_ in rounds:
        script.step = f"group round {round_}"
        active = active_ids(script, t)
        for number, game in enumerate(open_group_games(script, t, round_)):
            path = f"/api/games/{game['id']}/result/"
            result = result_body(game, ruleset="bang", active=active, rng=rng)
            if round_ == 1 and number == 0:
                script.step = "invalid result"
                wrong = json.loads(json.dumps(result))
                wrong["seats"][0]["lives"] = 9
                wrong["seats"][1]["character"] = wrong["seats"][2]["character"]
                wrong["seats"][3]["role"] = "sheriff"
                script.call("ref-ann", "PUT", path, wrong, expect=400)
                script.call("anonymous", "PUT", path, result, expect=401)
                script.step = f"group round {round_}"
            script.call("ref-ann", "PUT", path, result, expect=200)
            if round_ == 1 and number == 0:
                script.step = "correction"
                corrected = result_body(game, ruleset="bang", active=active, rng=rng)
                script.call("ref-ben", "PUT", path, {**corrected, "version": 1}, expect=400)
                corrected["reason"] = "Lives misread on the scoresheet"
                script.call("ref-ben", "PUT", path, {**corrected, "version": 1}, expect=200)
                stale = {**result, "version": 1, "reason": "Late second sheet"}
                script.call("ref-ann", "PUT", path, stale, expect=409)
                script.call("anonymous", "GET", f"/api/games/{game['id']}/", expect=200)
                script.call("ref-ann", "GET", f"/api/games/{game['id']}/history/", expect=200)
                script.call("anonymous", "GET", f"/api/games/{game['id']}/history/", expect=401)
                script.step = f"group round {round_}"
        if round_ == 1:
            script.step = "draw locked"
            script.call("orga", "POST", f"{base}/group-stage/draw/", {"seed": "again"}, expect=409)
            script.step = "standings after round 1"
            script.call("anonymous", "GET", f"{base}/standings/", expect=200)
            early = {"seed": "too-early"}
            script.call("orga", "POST", f"{base}/knockout/start/", early, expect=409)
        if round_ == 2:
            script.step = "withdrawal (staff page)"
            script.form(
                "orga",
                f"/t/{t}/staff/participants/{withdrawing}/",
                {"action": "withdraw", "reason": "Train leaves early"},
            )
            listed = script.call("anonymous", "GET", f"{base}/games/")
            void = next(g for g in listed if g["status"] == "void")
            body = result_body(void, ruleset="bang", active=active, rng=rng)
            script.call("ref-ann", "PUT", f"/api/games/{void['id']}/result/", body, expect=409)
        if round_ == 3:
            script.step = "penalties"
            penalties = f"{base}/penalties/"
            script.call(
                "ref-ann",
                "POST",
                penalties,
                {"participant": by_name["Jan de Vries"], "kind": "warning", "reason": "Slow play"},
                expect=201,
            )
            script.call(
                "ref-ben",
                "POST",
                penalties,
                {
                    "participant": by_name["Claire Martin"],
                    "kind": "deduction",
                    "amount": 500,
                    "reason": "Second warning",
                },
                expect=201,
            )
            script.call(
                "ref-ann",
                "POST",
                penalties,
                {"participant": by_name["Ben Schmidt"], "kind": "deduction", "reason": "Late"},
                expect=400,
            )
            script.call("anonymous", "POST", penalties, {"kind": "warning"}, expect=401)
            script.call(
                "orga",
                "POST",
                penalties,
                {
                    "participant": by_name["Luca Meier"],
                    "kind": "exclusion",
                    "reason": "Marked cards",
                },
                expect=201,
            )
            script.call(
                "orga",
                "POST",
                penalties,
                {"participant": by_name["Luca Meier"], "kind": "warning", "reason": "Again"},
                expect=400,
            )
            script.call("anonymous", "GET", penalties, expect=200)
            script.call("anonymous", "GET", f"{base}/games/", expect=200)

    script.step = "group stage complete"
    script.call("anonymous", "GET", f"{base}/standings/", expect=200)
    script.call("anonymous", "GET", f"{base}/participants/")
    script.call("anonymous", "GET", f"{base}/ranking/", expect=200)
    script.call("anonymous", "GET", f"{base}/knockout/", expect=200)

    script.step = "knockout start"
    script.call("ref-ann", "POST", f"{base}/knockout/start/", {"seed": "KO"}, expect=403)
    start = {"seed": "KO", "field_size": 12}
    knockout = script.call("orga", "POST", f"{base}/knockout/start/", start, expect=201)
    script.call("orga", "POST", f"{base}/knockout/start/", {"seed": "KO-again"}, expect=409)
    round_ = 1
    while True:
        script.step = f"knockout round {round_}"
        active = active_ids(script, t)
        for number, table in enumerate(knockout["tables"]):
            if number == 1 and round_ == 1:
                script.call(
                    "orga", "POST", f"{base}/knockout/next-round/", {"seed": "soon"}, expect=409
                )
            game = {**table, "sheriff_position": None}
            body = result_body(game, ruleset="bang", active=active, rng=rng)
            script.call("ref-ann", "PUT", f"/api/games/{table['game']}/result/", body, expect=200)
            script.call("anonymous", "GET", f"/api/games/{table['game']}/", expect=200)
        script.call("anonymous", "GET", f"{base}/games/?stage=knockout&round={round_}")
        round_ += 1
        body = {"seed": f"KO-{round_}"}
        knockout = script.call("orga", "POST", f"{base}/knockout/next-round/", body)
        if "tables" not in knockout:  # 200 {"champion": ...}: one player is left
            break
        assert round_ < 10, "the knockout does not end"

    script.step = "final"
    script.call("anonymous", "GET", f"{base}/knockout/", expect=200)
    script.call("anonymous", "GET", f"{base}/ranking/", expect=200)
    script.call("anonymous", "GET", f"{base}/standings/", expect=200)
    script.call("anonymous", "GET", f"{base}/audit/", expect=401)
    script.call("ref-ann", "GET", f"{base}/audit/", expect=403)
    script.call("orga", "GET", f"{base}/audit/", expect=200)
    script.call("anonymous", "GET", "/api/tournaments/", expect=200)

    script.step = "documents"
    # Workbooks are quick: their content type and file name. PDFs take seconds to
    # render (tests/tournaments/test_pdf.py reads them): only their JSON refusals.
    for document in ("standings.xlsx", "results.xlsx"):
        script.call("anonymous", "GET", f"{base}/{document}", expect=200)
    script.call("anonymous", "GET", f"{base}/scoresheets.pdf?stage=group&round=1", expect=401)
    script.call("ref-ann", "GET", f"{base}/scoresheets.pdf?stage=group&round=99", expect=404)
    script.call("orga", "GET", f"{base}/scoresheets.pdf?stage=nope", expect=400)
    script.call("anonymous", "GET", f"/api/tournaments/{t + 1000}/seating.pdf", expect=404)


def showdown(script: Script) -> None:
    """A Showdown tournament of ten with double-checking: two 5-tables, the group stage."""
    rng = random.Random("transcript-showdown")
    script.step = "showdown create"
    body = {
        "name": "Showdown Cup",
        "date": "2027-06-05",
        "ruleset": "showdown",
        "settings": {"double_check": True, "tougher_sheriff": False},
    }
    t = script.call("orga", "POST", "/api/tournaments/", body, expect=201)["id"]
    base = f"/api/tournaments/{t}"
    items = [{"name": f"Spieler {i:02d}", "nationality": "DE"} for i in range(1, 11)]
    script.call("orga", "POST", f"{base}/participants/", items, expect=201)
    script.call("orga", "POST", f"{base}/group-stage/draw/", {"seed": "SD"}, expect=201)
    games = script.call("anonymous", "GET", f"{base}/games/", expect=200)
    active = active_ids(script, t)
    for number, game in enumerate(games):
        script.step = f"showdown round {game['round']}"
        path = f"/api/games/{game['id']}/"
        body = result_body(game, ruleset="showdown", active=active, rng=rng)
        answer = script.call("ref-ann", "PUT", f"{path}result/", body, expect=200)
        if number == 0:
            script.step = "double check"
            script.call("anonymous", "GET", f"{base}/standings/", expect=200)
            script.call("ref-ann", "POST", f"{path}confirm/", {"version": 1}, expect=403)
            script.call("ref-ben", "POST", f"{path}confirm/", {}, expect=400)
            script.call("ref-ben", "POST", f"{path}confirm/", {"version": 1}, expect=200)
            script.call("ref-ben", "POST", f"{path}confirm/", {"version": 7}, expect=409)
        script.call("ref-ben", "POST", f"{path}confirm/", {"version": answer["version"]})
        if number == 0:
            script.call("anonymous", "GET", path, expect=200)
            script.call("anonymous", "GET", f"{base}/standings/", expect=200)
    script.step = "showdown standings"
    script.call("anonymous", "GET", f"{base}/standings/", expect=200)
    script.call("anonymous", "GET", f"{base}/ranking/", expect=200)


# --------------------------------------------------------------------------- the test


def first_difference(expected: list[dict[str, Any]], actual: list[dict[str, Any]]) -> str:
    for index, (want, got) in enumerate(zip(expected, actual, strict=False)):
        if want != got:
            diff = difflib.unified_diff(
                json.dumps(want, indent=1, ensure_ascii=False, sort_keys=True).splitlines(),
                json.dumps(got, indent=1, ensure_ascii=False, sort_keys=True).splitlines(),
                "transcript",
                "now",
                lineterm="",
                n=3,
            )
            return (
                f"exchange {index} differs: {want.get('step')!r} as {want.get('actor')}: "
                f"{want.get('method')} {want.get('path')}\n" + "\n".join(diff)
            )
    return (
        f"the transcript has {len(expected)} exchanges, the run {len(actual)}; "
        f"the first extra one: {(expected + actual)[min(len(expected), len(actual))]}"
    )


def test_a_championship_through_the_api_answers_as_the_transcript_says():
    for username, make in (
        ("orga", factories.make_organiser),
        ("ref-ann", factories.make_referee),
        ("ref-ben", factories.make_referee),
    ):
        make(username=username)
    script = Script()
    championship(script)
    showdown(script)

    if os.environ.get("UPDATE_TRANSCRIPT"):
        TRANSCRIPT.parent.mkdir(exist_ok=True)
        text = json.dumps(script.exchanges, indent=1, ensure_ascii=False)
        TRANSCRIPT.write_text(text + "\n", encoding="utf-8")
        pytest.skip(f"wrote {len(script.exchanges)} exchanges to {TRANSCRIPT.name}")
    expected = json.loads(TRANSCRIPT.read_text(encoding="utf-8"))
    if script.exchanges != expected:
        pytest.fail(first_difference(expected, script.exchanges), pytrace=False)
    before = json.loads(BEFORE_FORMATS.read_text(encoding="utf-8"))
    assert not _with_keys(before, FORMAT_FIELDS), "the fields were new, the old day has none"
    without = json.loads(json.dumps(_without(script.exchanges, FORMAT_FIELDS | PACKAGE_FIELDS)))
    _drop_participant_language(without)
    for exchange in without:  # the format's "final" setting, in the settings only
        for holder in _settings_of(exchange.get("response")):
            holder.pop("final", None)
    if without != before:
        pytest.fail(first_difference(before, without), pytrace=False)


def _without(value: Any, keys: frozenset[str]) -> Any:
    """``value`` with every object's ``keys`` left out, at any depth."""
    if isinstance(value, dict):
        return {k: _without(v, keys) for k, v in value.items() if k not in keys}
    if isinstance(value, list):
        return [_without(item, keys) for item in value]
    return value


def _drop_participant_language(value: Any) -> None:
    """Leave out a participant's ``language`` (issue 30), at any depth, in place."""
    if isinstance(value, dict):
        if "checked_in" in value:
            value.pop(PARTICIPANT_LANGUAGE, None)
        for item in value.values():
            _drop_participant_language(item)
    elif isinstance(value, list):
        for item in value:
            _drop_participant_language(item)


def _settings_of(value: Any) -> list[dict[str, Any]]:
    """Every tournament's ``settings`` object in an answer."""
    if isinstance(value, list):
        return [found for item in value for found in _settings_of(item)]
    if isinstance(value, dict):
        own = [value["settings"]] if isinstance(value.get("settings"), dict) else []
        return own + [found for item in value.values() for found in _settings_of(item)]
    return []


def _with_keys(value: Any, keys: frozenset[str]) -> set[str]:
    """Which of ``keys`` occur anywhere in ``value``."""
    if isinstance(value, dict):
        found = {k for k in value if k in keys}
        return found.union(*(_with_keys(v, keys) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_with_keys(item, keys) for item in value))
    return set()
