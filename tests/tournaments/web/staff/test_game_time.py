"""A game's time on the staff pages and the projector (rules.md §14 "Time limit").

The pages carry each open game's deadline (``data-deadline-ms``) and show "High
Noon in force" from then on; a page drawn after the deadline shows it at once.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests import factories
from tests.language import in_english
from tests.tournaments.web.staff.test_pages import client_for
from tournaments import services
from tournaments.models import AuditEntry, Game, Tournament

pytestmark = pytest.mark.django_db


def _game(tournament: Tournament, *, round: int = 1, table: int = 1) -> Game:
    return Game.objects.get(tournament=tournament, stage="group", round=round, table__number=table)


def _started(game: Game, *, seconds_ago: float) -> datetime.datetime:
    at = timezone.now() - datetime.timedelta(seconds=seconds_ago)
    Game.objects.filter(pk=game.pk).update(started_at=at)
    return at


def _notices(html: str) -> list[str]:
    """The time-rule notices of a page: their opening tags."""
    return re.findall(r'<span class="time-rule"[^>]*>', html)


def _ms(at: datetime.datetime) -> int:
    return round(at.timestamp() * 1000)


def test_a_referee_marks_the_game_started_on_its_page() -> None:
    tournament = factories.drawn_tournament(10)
    game = _game(tournament)
    referee = factories.make_referee()
    client = client_for(referee)
    page = client.get(reverse("staff:result", args=[tournament.pk, game.pk])).content.decode()
    assert 'data-testid="game-start"' in page
    url = reverse("staff:game_time", args=[tournament.pk, game.pk])
    assert f'hx-post="{url}"' in page

    box = client.post(url, HTTP_HX_REQUEST="true").content.decode()
    game.refresh_from_db()
    assert game.started_at is not None
    assert box.startswith('<section class="game-time" id="game-time"')
    assert "Started at " + timezone.localtime(game.started_at).strftime("%H:%M:%S") in box
    assert 'data-testid="game-start"' not in box
    assert AuditEntry.objects.filter(action="game_started", object_id=str(game.pk)).exists()

    again = client.post(url, HTTP_HX_REQUEST="true").content.decode()
    assert "This game started at" in again  # the refusal, in the box
    assert AuditEntry.objects.filter(action="game_started").count() == 1


def test_without_htmx_the_start_returns_to_the_game_page() -> None:
    tournament = factories.drawn_tournament(10)
    game = _game(tournament)
    client = client_for(factories.make_referee())
    answer = client.post(reverse("staff:game_time", args=[tournament.pk, game.pk]))
    assert answer.status_code == 302
    assert answer["Location"] == reverse("staff:result", args=[tournament.pk, game.pk])


def test_only_the_tournaments_staff_start_a_game_on_the_page() -> None:
    tournament = factories.drawn_tournament(10)
    game = _game(tournament)
    outsider = client_for(factories.make_referee(tournament="nowhere"))
    answer = outsider.post(reverse("staff:game_time", args=[tournament.pk, game.pk]))
    assert answer.status_code == 403
    game.refresh_from_db()
    assert game.started_at is None


def test_the_game_page_carries_the_deadline_and_shows_the_rule_once_it_passed() -> None:
    tournament = factories.drawn_tournament(10, settings={"time_limit_minutes": 15})
    game, other = _game(tournament, table=1), _game(tournament, table=2)
    started = _started(game, seconds_ago=14 * 60)
    _started(other, seconds_ago=16 * 60)
    client = client_for(factories.make_referee())

    page = client.get(reverse("staff:result", args=[tournament.pk, game.pk])).content.decode()
    deadline = started + datetime.timedelta(minutes=15)
    assert _notices(page) == [
        f'<span class="time-rule" data-deadline-ms="{_ms(deadline)}" data-testid="time-rule"'
        ' role="status" hidden>'
    ]
    assert "High Noon in force" in page

    past = client.get(reverse("staff:result", args=[tournament.pk, other.pk])).content.decode()
    assert len(_notices(past)) == 1
    assert " hidden" not in _notices(past)[0]


def test_without_a_limit_no_page_carries_a_deadline() -> None:
    tournament = factories.drawn_tournament(10)
    game = _game(tournament)
    _started(game, seconds_ago=3600)
    client = client_for(factories.make_referee())
    page = client.get(reverse("staff:result", args=[tournament.pk, game.pk])).content.decode()
    assert "Started at" in page
    assert "data-deadline-ms" not in page
    games = client.get(reverse("staff:games", args=[tournament.pk])).content.decode()
    assert "data-deadline-ms" not in games


def test_the_referees_list_shows_each_running_games_deadline() -> None:
    tournament = factories.drawn_tournament(10, settings={"time_limit_minutes": 1})
    running = _started(_game(tournament, table=1), seconds_ago=10)
    _started(_game(tournament, table=2), seconds_ago=61)
    client = client_for(factories.make_referee())
    html = client.get(reverse("staff:games", args=[tournament.pk])).content.decode()
    notices = _notices(html)
    assert len(notices) == 2
    deadline = _ms(running + datetime.timedelta(minutes=1))
    assert f'data-deadline-ms="{deadline}"' in notices[0] and notices[0].endswith(" hidden>")
    assert " hidden" not in notices[1]  # past its deadline when the list was drawn


@pytest.fixture
def client() -> Client:
    return in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))


def test_the_projector_lists_the_running_games_and_shows_those_past_their_deadline(
    client: Client,
) -> None:
    tournament = factories.drawn_tournament(10, settings={"time_limit_minutes": 1})
    _started(_game(tournament, table=1), seconds_ago=10)
    _started(_game(tournament, table=2), seconds_ago=61)
    services.clock_start(tournament=tournament, minutes=45, label="Runde 1")  # moves the state
    html = client.get(reverse("projector", args=[tournament.pk])).content.decode()
    box = re.search(r'<p class="time-rules"[^>]*>(.*?)</p>', html, re.S)
    assert box is not None
    assert "hidden" not in box.group(0).split(">")[0]  # one game is past its deadline
    chips = re.findall(r'<span class="chip time-rule"[^>]*>[^<]*</span>', box.group(1))
    assert len(chips) == 2
    assert chips[0].endswith(" hidden>Table 1</span>")
    assert chips[1].endswith(">Table 2</span>") and " hidden" not in chips[1]


@pytest.mark.parametrize("count", [10, 126])
def test_the_referees_list_with_times_has_a_constant_number_of_queries(
    count: int, django_assert_max_num_queries: Any
) -> None:
    tournament = factories.drawn_tournament(count, settings={"time_limit_minutes": 15})
    services.clock_start(tournament=tournament, minutes=45, label="Runde 1")
    assert Game.objects.filter(tournament=tournament).exclude(started_at=None).count() > 1
    client = client_for(factories.make_referee())
    url = reverse("staff:games", args=[tournament.pk])
    client.get(url)  # the session's first visit
    with django_assert_max_num_queries(12) as queries:
        html = client.get(url).content.decode()
    print(f"games list, {count} participants: {len(queries)} queries")
    assert len(_notices(html)) == tournament.tables.count()


@pytest.mark.parametrize("count", [10, 126])
def test_the_projector_with_a_time_limit_keeps_its_query_budget(
    count: int, client: Client, django_assert_max_num_queries: Any
) -> None:
    tournament = factories.drawn_tournament(count, settings={"time_limit_minutes": 15})
    services.clock_start(tournament=tournament, minutes=45, label="Runde 1")
    with django_assert_max_num_queries(8) as queries:
        html = client.get(reverse("projector", args=[tournament.pk])).content.decode()
    print(f"projector, {count} participants: {len(queries)} queries")
    assert html.count('class="chip time-rule"') == tournament.tables.count()
