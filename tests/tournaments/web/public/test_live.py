"""Live pages: fragments answer 304 by ETag until something changes.

Pages are requested in English (``Accept-Language: en``, the ``client``
fixture) so that the assertions hold once the German translations exist.
"""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests import factories
from tests.tournaments.web.public.pages import body, played
from tournaments import demo, services
from tournaments.models import Stage
from tournaments.simulation import open_games, record_random_results

pytestmark = pytest.mark.django_db


def test_fragment_answers_304_until_something_changes(client, referee):
    tournament = played(10, referee)
    url = reverse("leaderboard_fragment", args=[tournament.pk])
    first = client.get(url)
    assert first.status_code == 200
    etag = first.headers["ETag"]
    # Revalidated on every poll (a proxy may share it for a second: tournaments/http/headers.py).
    assert "max-age=0" in first.headers["Cache-Control"]
    assert "must-revalidate" in first.headers["Cache-Control"]

    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url, headers={"if-none-match": etag}).status_code == 304
    assert len(ctx.captured_queries) == 1  # nothing changed: one cheap query

    # A new result changes the tag: the page gets the new body.
    demo.play_group_rounds(tournament, rounds=range(4, 5), rng=random.Random(2), referees=[referee])
    after_result = client.get(url, headers={"if-none-match": etag})
    assert after_result.status_code == 200
    assert after_result.headers["ETag"] != etag
    assert "8 of 10 games recorded" in after_result.content.decode()

    # So does a penalty.
    etag = after_result.headers["ETag"]
    assert client.get(url, headers={"if-none-match": etag}).status_code == 304
    services.penalty_give(
        participant=tournament.participants.first(),
        kind="deduction",
        amount=500,
        reason="Slow play",
        actor=referee,
    )
    after_penalty = client.get(url, headers={"if-none-match": etag})
    assert after_penalty.status_code == 200
    assert after_penalty.headers["ETag"] != etag


def test_fragment_tag_depends_on_language_and_sort(client):
    tournament = factories.drawn_tournament(10)
    url = reverse("leaderboard_fragment", args=[tournament.pk])
    english = client.get(url).headers["ETag"]
    german = Client(headers={"accept-language": "de"}).get(url).headers["ETag"]
    by_name = client.get(url, {"sort": "name"}).headers["ETag"]
    assert len({english, german, by_name}) == 3


def test_leaderboard_page_carries_the_tag_for_its_first_poll(client):
    tournament = factories.drawn_tournament(10)
    page = body(client.get(reverse("leaderboard", args=[tournament.pk])))
    etag = client.get(reverse("leaderboard_fragment", args=[tournament.pk])).headers["ETag"]
    assert f'data-etag="{etag.replace(chr(34), "&quot;")}"' in page
    # Pushed by the tournament's event stream, polled every 3 s while it is cut.
    assert 'hx-trigger="bang:live, every 3s"' in page
    events = reverse("api-tournament-events", args=[tournament.pk])
    assert f'data-events="{events}"' in page


def test_the_knockout_page_follows_results_live(client, referee):
    tournament = played(10, referee, rounds=range(1, 6))
    services.knockout_start(tournament=tournament, seed="live", actor=referee)
    url = reverse("knockout_fragment", args=[tournament.pk])
    first = client.get(url)
    etag = first.headers["ETag"]
    assert client.get(url, headers={"if-none-match": etag}).status_code == 304

    record_random_results(
        open_games(tournament, stage=Stage.KNOCKOUT), rng=random.Random(4), referees=[referee]
    )
    changed = client.get(url, headers={"if-none-match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert "badge-win" in body(changed)  # a winner is marked now


@pytest.mark.parametrize(
    ("page", "kind"),
    [("leaderboard", "lb"), ("projector", "pj"), ("knockout", "ko")],
)
def test_every_live_page_serves_page_fragment_and_304_alike(client, referee, page, kind):
    tournament = played(10, referee)
    html = body(client.get(reverse(page, args=[tournament.pk])))
    fragment_url = reverse(f"{page}_fragment", args=[tournament.pk])
    first = client.get(fragment_url)
    etag = first.headers["ETag"]
    assert etag.startswith(f'"{kind}-')
    assert f'data-etag="{etag.replace(chr(34), "&quot;")}"' in html
    assert f'hx-get="{fragment_url}"' in html
    # Revalidated on every poll (a proxy may share it for a second: tournaments/http/headers.py).
    assert "max-age=0" in first.headers["Cache-Control"]
    assert "must-revalidate" in first.headers["Cache-Control"]
    assert {"Accept-Language", "Cookie"} <= {v.strip() for v in first.headers["Vary"].split(",")}
    assert client.get(fragment_url, headers={"if-none-match": etag}).status_code == 304


def test_a_poll_is_answered_304_by_a_weak_tag_or_any_and_names_its_tag(client):
    tournament = factories.drawn_tournament(10)
    url = reverse("leaderboard_fragment", args=[tournament.pk])
    etag = client.get(url).headers["ETag"]
    for held in (f"W/{etag}", f'"other", {etag}', "*"):
        again = client.get(url, headers={"if-none-match": held})
        assert again.status_code == 304, held
        assert again.headers["ETag"] == etag
        assert not again.content
    assert client.get(url, headers={"if-none-match": '"lb-0-0"'}).status_code == 200
    assert client.head(url, headers={"if-none-match": etag}).status_code == 304
