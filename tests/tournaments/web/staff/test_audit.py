"""The audit log reads in words: games and participants by name, not by id."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.language import in_english
from tournaments import services
from tournaments.models import Game, TournamentArchive
from tournaments.simulation import open_games, record_random_results
from tournaments.web.staff.audit import AUDIT_ACTIONS, SITE_ACTIONS

pytestmark = pytest.mark.django_db


def test_the_audit_log_names_games_and_participants(
    organiser, referee, django_assert_max_num_queries
):
    tournament = factories.drawn_tournament(23)
    record_random_results(
        open_games(tournament, stage="group"), rng=random.Random(1), referees=[referee]
    )
    knockout = services.knockout_start(tournament=tournament, seed="ko")
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    client.force_login(organiser)
    url = reverse("staff:audit", args=[tournament.pk])
    with django_assert_max_num_queries(12):
        html = client.get(url).content.decode()
    assert "Round 1 · table 1" in html
    assert "Game #" not in html
    first_seed = tournament.participants.get(pk=knockout.seeding[0]).name
    # The seeding by name, in words: a row "Seeding" with the names, no JSON.
    seeding_row = re.search(r'<th scope="row">Seeding</th><td>[^<]*</td><td>([^<]*)</td>', html)
    assert seeding_row is not None
    assert seeding_row.group(1).startswith(first_seed + ", ")
    assert "&quot;" not in html.split('class="audit-diff"', 1)[1][:2000]


def _written_actions() -> tuple[set[str], set[str]]:
    """The action codes the code passes to ``audit_log``: constants, and the prefixes of
    codes built with an f-string."""
    codes: set[str] = set()
    prefixes: set[str] = set()
    root = Path(__file__).resolve().parents[4] / "tournaments"
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "audit_log"):
                continue
            for keyword in node.keywords:
                if keyword.arg != "action":
                    continue
                values = [keyword.value]
                if isinstance(keyword.value, ast.IfExp):
                    values = [keyword.value.body, keyword.value.orelse]
                for value in values:
                    if isinstance(value, ast.Constant):
                        codes.add(value.value)
                    elif isinstance(value, ast.JoinedStr):
                        prefixes.add(value.values[0].value)
    return codes, prefixes


def test_every_action_the_services_write_has_a_label():
    codes, prefixes = _written_actions()
    assert {"result_recorded", "seat_swapped", "call_created", "archive_created"} <= codes
    assert not codes - set(AUDIT_ACTIONS), "actions without a label"
    assert prefixes == {"clock_", "participant_"}
    built = {f"clock_{past}" for past in ("started", "paused", "resumed", "extended", "stopped")}
    built |= {f"participant_{status}" for status in ("withdrawn", "excluded")}
    assert built <= set(AUDIT_ACTIONS)


def test_the_log_reads_in_words_and_the_filter_lists_every_action(organiser, referee):
    tournament = factories.drawn_tournament(10)
    factories.appoint(organiser, tournament, "organiser")
    services.clock_start(tournament=tournament, minutes=45, label="Runde 1", actor=organiser)
    game = Game.objects.get(tournament=tournament, round=1, table__number=1)
    seats = {s.position: s.participant for s in game.table.seats.select_related("participant")}
    services.call_create(game=game, position=2, pin=seats[2].pin)
    other = Game.objects.get(tournament=tournament, round=1, table__number=2)
    moved = other.table.seats.select_related("participant").get(position=1).participant
    services.seat_swap(tournament=tournament, a=seats[1].pk, b=moved.pk, actor=organiser)
    services.penalty_give(participant=seats[3], kind="warning", reason="late", actor=referee)
    archive = TournamentArchive.objects.create(
        tournament=tournament, version=2, content=b"{}", sha256="0" * 64
    )
    with transaction.atomic():
        services.audit_log(
            tournament=tournament,
            actor=organiser,
            action="archive_created",
            obj=archive,
            after={"version": 2, "sha256": archive.sha256},
        )
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    client.force_login(organiser)
    html = client.get(reverse("staff:audit", args=[tournament.pk])).content.decode()
    for raw in ("<code>", "TournamentArchive", "RoundClock", "RefereeCall", "SeatSwap", " #"):
        assert raw not in html
    for words in (
        "Round clock started",
        "Round clock",
        "Referee called",
        "Call · Round 1 · table 1, seat 2",
        "Seats swapped",
        f"Seat swap · {seats[1].name} and {moved.name}",
        f"Penalty · {seats[3].name}",
        "Archive, version 2",
    ):
        assert words in html, words
    action_filter = html[html.index('<select name="action">') :]
    action_filter = action_filter[: action_filter.index("</select>")]
    options = set(re.findall(r'<option value="([a-z_]+)"', action_filter))
    assert options == set(AUDIT_ACTIONS) - SITE_ACTIONS
    assert {"clock_started", "call_created", "seat_swapped", "archive_created"} <= options
