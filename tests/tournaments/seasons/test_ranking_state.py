"""A season's ranking is cached per state of the season: a repeat costs one query for the
state, the API answers it with 304 by ETag, and the player page reads the cached rows."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.tournaments.seasons.helpers import finished_tournament, names
from tournaments import services
from tournaments.live import seasons as season_cache

pytestmark = pytest.mark.django_db


def _season(organiser, count: int, *, prefix: str, players=None):
    season = services.season_create(name=f"{prefix} season", actor=organiser)
    for i in range(count):
        tournament = finished_tournament(
            names(f"{prefix}{i}", 10), organiser=organiser, seed=f"{prefix}{i}", players=players
        )
        services.season_tournament_add(season=season, tournament=tournament, weight=1)
    return season


def test_a_repeat_answers_304_by_etag_in_the_same_queries_for_2_and_6_tournaments(
    api, organiser, django_assert_max_num_queries
):
    for count in (2, 6):
        season = _season(organiser, count, prefix=f"R{count}-")
        url = f"/api/seasons/{season.pk}/ranking/"
        first = api.get(url)
        assert first.status_code == 200
        etag = first["ETag"]
        assert etag and "no-cache" in first["Cache-Control"]
        assert len(first.json()["tournaments"]) == count
        # The season with its state: one query, whatever the number of tournaments.
        with django_assert_max_num_queries(1):
            repeat = api.get(url, HTTP_IF_NONE_MATCH=etag)
        assert repeat.status_code == 304
        assert repeat["ETag"] == etag and "no-cache" in repeat["Cache-Control"]
        with django_assert_max_num_queries(1):
            again = api.get(url)  # another client: the cached bytes
        assert again.status_code == 200 and again.json() == first.json()


def test_a_change_in_a_tournament_or_the_season_gives_a_new_etag(api, organiser):
    season = _season(organiser, 2, prefix="C")
    url = f"/api/seasons/{season.pk}/ranking/"
    first = api.get(url)
    tournament = season.entries.first().tournament
    services.participant_check_in(participant=tournament.participants.first(), actor=organiser)
    moved = api.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert moved.status_code == 200 and moved["ETag"] != first["ETag"]
    services.season_tournament_remove(season=season, tournament=tournament)
    removed = api.get(url, HTTP_IF_NONE_MATCH=moved["ETag"])
    assert removed.status_code == 200 and removed["ETag"] != moved["ETag"]
    assert [t["tournament"] for t in removed.json()["tournaments"]] == [
        e.tournament_id for e in season.entries.all()
    ]
    german = api.get(url, HTTP_ACCEPT_LANGUAGE="de", HTTP_IF_NONE_MATCH=removed["ETag"])
    assert german.status_code == 200 and german["ETag"] != removed["ETag"]


def test_the_player_page_reads_the_cached_rankings(client, organiser, monkeypatch):
    anna = services.player_create(name="S0 01", nationality="DE")
    first = _season(organiser, 1, prefix="S", players={"S0 01": anna})
    second = services.season_create(name="Second", actor=organiser)
    services.season_tournament_add(
        season=second, tournament=first.entries.first().tournament, weight=2
    )
    url = reverse("player_profile", args=[anna.pk])
    shown = client.get(url).content.decode()
    assert "Second" in shown and "S season" in shown
    points = season_cache.season_standing(second).rows[0].score
    assert points == 2 * season_cache.season_standing(first).rows[0].score

    def recomputed(*args, **kwargs):
        raise AssertionError("the season ranking was computed again")

    monkeypatch.setattr(season_cache, "compute_standing", recomputed)
    again = client.get(url)
    assert again.status_code == 200
    token = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')
    assert token.sub("", again.content.decode()) == token.sub("", shown)
