"""The site's own error pages, and JSON under ``/api/``, with ``DEBUG`` off (production)
and on (``make run``): issue 20."""

from __future__ import annotations

import re

import pytest
from django.test import Client, override_settings

from tests import factories
from tournaments.http import errors

pytestmark = pytest.mark.django_db

DEBUG = pytest.mark.parametrize("debug", [False, True], ids=["production", "make-run"])


def _visitor(language: str = "en", user=None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language, raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    return client


def _site_page(response, status: int) -> str:
    assert response.status_code == status
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert '<header class="site-header">' in html  # the site's look, not Django's page
    assert 'class="brand" href="/"' in html
    assert re.search(r'<section class="error-page"[^>]*>.*<a href="/">', html, re.S)  # home
    assert "Traceback" not in html and "Django" not in html
    return html


@DEBUG
@pytest.mark.parametrize("path", ["/no-such-page/", "/t/987654/", "/t/987654/leaderboard/"])
def test_an_unknown_page_shows_the_sites_404(debug, path):
    with override_settings(DEBUG=debug):
        html = _site_page(_visitor().get(path), 404)
    assert "Page not found" in html


@DEBUG
def test_the_404_page_speaks_german(debug):
    with override_settings(DEBUG=debug):
        html = _site_page(_visitor("de").get("/no-such-page/"), 404)
    assert "Seite nicht gefunden" in html
    assert '<html lang="de">' in html


@DEBUG
@pytest.mark.parametrize("language", ["en", "de"])
def test_a_staff_page_of_another_tournament_says_so_and_links_its_public_pages(debug, language):
    mine = factories.make_tournament(name="Mine")
    theirs = factories.make_tournament(name="Theirs")
    referee = factories.make_referee(tournament=mine)
    with override_settings(DEBUG=debug):
        response = _visitor(language, referee).get(f"/t/{theirs.pk}/staff/")
    html = _site_page(response, 403)
    reason = {"en": "You are not staff of this tournament.", "de": "nicht im Team"}[language]
    assert reason in html
    assert f'href="/t/{theirs.pk}/"' in html  # its public pages
    assert referee.username in html  # the header is the visitor's own


@DEBUG
def test_a_referee_on_an_organisers_page_is_told_it_is_for_organisers(debug):
    tournament = factories.make_tournament(name="Cup")
    referee = factories.make_referee(tournament=tournament)
    with override_settings(DEBUG=debug):
        response = _visitor("en", referee).get(f"/t/{tournament.pk}/staff/settings/")
    html = _site_page(response, 403)
    assert "for the organisers of this tournament" in html


@DEBUG
@pytest.mark.parametrize(
    "path",
    [
        "/api/no-such-endpoint/",
        "/api/games/1000000000000000000/",  # too large for the id converter
        "/api/tournaments/1/nothing-here/",
        "/api",
    ],
)
def test_an_unmatched_api_path_answers_json(debug, path):
    with override_settings(DEBUG=debug):
        response = _visitor().get(path)
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"errors": [{"code": "not_found", "message": "Not found."}]}


@DEBUG
def test_a_server_error_under_the_api_answers_json(debug, monkeypatch):
    from tournaments.api.tournaments import TournamentDetailApi

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    tournament = factories.make_tournament()
    monkeypatch.setattr(TournamentDetailApi, "get", broken)
    with override_settings(DEBUG=debug):
        response = _visitor().get(f"/api/tournaments/{tournament.pk}/")
    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    assert response.json()["errors"][0]["code"] == "server_error"


def test_the_500_page_needs_no_database(django_assert_num_queries, rf):
    with django_assert_num_queries(0):
        response = errors.server_error(rf.get("/t/1/leaderboard/"))
    html = _site_page(response, 500)
    assert "Something went wrong" in html


def test_the_400_page_is_the_sites(rf):
    request = rf.get("/somewhere/")
    from django.contrib.auth.models import AnonymousUser

    request.user = AnonymousUser()
    html = _site_page(errors.bad_request(request), 400)
    assert "Bad request" in html
