"""Erasing asks first (rules.md §13, issue 32): the admin's "Erase" action and the API
erased at once; now the admin action opens a staff page that shows what will change
and erases only with the player's name typed, and the API takes the same confirmation."""

from __future__ import annotations

import html

import pytest
from django.test import Client
from django.utils import translation

from tests import factories
from tests.tournaments.seasons.helpers import finished_tournament, names
from tournaments import selectors, services
from tournaments.models import AuditEntry, Participant, Player, Season, TournamentArchive

pytestmark = pytest.mark.django_db

NAME = "Erika Mustermann"


@pytest.fixture
def root(db):
    return factories.make_user(username="root", is_staff=True, is_superuser=True)


@pytest.fixture
def root_client(root) -> Client:
    client = Client(headers={"accept-language": "en"})
    client.force_login(root)
    return client


@pytest.fixture
def registered():
    """Erika, registered (with a birth date) in one tournament, not yet drawn."""
    tournament = factories.make_tournament()
    player = services.player_create(name=NAME, nationality="DE")
    services.participants_register(
        tournament=tournament,
        items=[services.ParticipantInput(name=NAME, nationality="DE", player=player.pk)],
    )
    return player


def _untouched(player: Player) -> None:
    player.refresh_from_db()
    assert player.name == NAME and player.erased_number is None
    assert Participant.objects.get(player=player).name == NAME
    assert not AuditEntry.objects.filter(action="player_erased").exists()


def test_the_erase_action_opens_the_confirmation_page_and_erases_nothing(root_client, registered):
    response = root_client.post(
        "/admin/tournaments/player/", {"action": "erase", "_selected_action": [registered.pk]}
    )
    assert response.status_code == 302
    assert response["Location"] == f"/staff/players/{registered.pk}/erase/"
    _untouched(registered)
    # Several players at once: each needs its own name typed.
    other = services.player_create(name="Max Muster", nationality="DE")
    several = root_client.post(
        "/admin/tournaments/player/",
        {"action": "erase", "_selected_action": [registered.pk, other.pk]},
        follow=True,
    )
    assert "Choose one player" in several.content.decode()
    _untouched(registered)
    for url in (
        "/admin/tournaments/player/",
        "/admin/tournaments/season/",
        "/admin/tournaments/tournamentarchive/",
    ):
        assert root_client.get(url).status_code == 200
    assert not Season.objects.exists() and not TournamentArchive.objects.exists()


def test_the_page_erases_only_with_the_players_name(root_client, root, registered):
    url = f"/staff/players/{registered.pk}/erase/"
    page = root_client.get(url)
    assert page.status_code == 200
    assert "Type “Erika Mustermann” to confirm." in page.content.decode()
    wrong = root_client.post(url, {"confirm": "Erika Musterfrau"})
    assert wrong.status_code == 200
    assert "Type the player's name exactly as shown" in html.unescape(wrong.content.decode())
    _untouched(registered)
    done = root_client.post(url, {"confirm": " erika  MUSTERMANN "}, follow=True)
    assert "Erased: the player is now “Erased player 1”." in done.content.decode()
    participant = Participant.objects.get(player=registered)
    assert participant.name == "Gelöschter Spieler 1"  # the tournament's language: German
    assert participant.pin == "" and participant.birth_date is None
    entry = AuditEntry.objects.get(tournament=participant.tournament, action="player_erased")
    assert entry.actor == root


def test_only_site_administrators_see_the_page(client, registered):
    url = f"/staff/players/{registered.pk}/erase/"
    assert client.get(url).status_code == 302  # to the login
    organiser = factories.make_organiser(username="orga-erase")
    client.force_login(organiser)
    assert client.get(url).status_code == 403
    assert client.post(url, {"confirm": NAME}).status_code == 403
    _untouched(registered)


def test_the_page_shows_the_participants_tournaments_and_archives_it_changes(
    root_client, django_assert_max_num_queries
):
    organiser = factories.make_organiser(username="orga-preview")
    factories.ensure_reference_data()
    player = services.player_create(name=NAME, nationality="DE")
    spring = finished_tournament(
        [NAME, *names("S", 9)],
        organiser=organiser,
        seed="spring",
        players={NAME: player},
        name="Frühlingscup",
    )
    autumn = finished_tournament(
        [NAME, *names("A", 9)],
        organiser=organiser,
        seed="autumn",
        players={NAME: player},
        finish=False,
        name="Herbstcup",
    )
    archive = services.archive_create(tournament=spring, actor=organiser)
    with django_assert_max_num_queries(12):
        page = root_client.get(f"/staff/players/{player.pk}/erase/")
    text = page.content.decode()
    assert "Frühlingscup" in text and "Herbstcup" in text
    assert "The name is replaced on 2 participants" in text
    assert "Frühlingscup, version 1" in text and archive.sha256[:16] in text
    assert f'href="/t/{autumn.pk}/staff/"' in text
    # A preview writes nothing.
    assert Player.objects.get(pk=player.pk).name == NAME
    assert TournamentArchive.objects.get().withdrawn is None


def test_the_api_erases_only_with_the_players_current_name(api, registered):
    api.force_authenticate(factories.make_user(username="admin-api", is_superuser=True))
    url = f"/api/players/{registered.pk}/erase/"
    for body in ({}, {"confirm": ""}, {"confirm": "Erika"}, {"confirm": "Max Muster"}):
        answer = api.post(url, body, format="json")
        assert answer.status_code == 400, body
        [error] = answer.json()["errors"]
        assert error["code"] == "confirmation_required"
        _untouched(registered)
    assert api.post(url, format="json").status_code == 400  # no body at all
    _untouched(registered)
    answer = api.post(url, {"confirm": NAME}, format="json")
    assert answer.status_code == 200
    assert answer.json()["name"] == "Erased player 1"  # the answer's language: English
    assert Participant.objects.get(player=registered).name == "Gelöschter Spieler 1"


def test_the_erased_players_placeholder_follows_the_pages_language(client, api, registered):
    """Issue 32 (minor): "Gelöschter Spieler 1" showed on English pages."""
    services.player_erase(
        player=registered, confirm=NAME, actor=factories.make_user(is_superuser=True)
    )
    english = client.get(f"/players/{registered.pk}/", headers={"accept-language": "en"})
    assert "<h1>Erased player 1</h1>" in english.content.decode()
    assert "Gelöschter" not in english.content.decode()
    german = client.get(f"/players/{registered.pk}/", headers={"accept-language": "de"})
    assert "<h1>Gelöschter Spieler 1</h1>" in german.content.decode()
    assert api.get(f"/api/players/{registered.pk}/").json()["name"] == "Erased player 1"
    # Erasing again (what was added since) is confirmed with the placeholder as shown.
    again = factories.make_user(username="root-again", is_superuser=True)
    with translation.override("en"):
        services.player_erase(player=registered, confirm="Erased player 1", actor=again)


def test_erasing_again_withdraws_no_archive_for_the_placeholder(root):
    """After an erasure the new archive holds the placeholder: it is not "the name"."""
    organiser = factories.make_organiser(username="orga-again")
    factories.ensure_reference_data()
    player = services.player_create(name=NAME, nationality="DE")
    cup = finished_tournament(
        [NAME, *names("S", 9)], organiser=organiser, seed="again", players={NAME: player}
    )
    services.archive_create(tournament=cup, actor=organiser)
    services.player_erase(player=player, confirm=NAME, actor=root)
    assert TournamentArchive.objects.filter(tournament=cup).count() == 2
    player.refresh_from_db()
    assert selectors.erasure_preview(player).archives == ()
    services.player_erase(player=player, confirm=player.name, actor=root)
    assert TournamentArchive.objects.filter(tournament=cup).count() == 2


def test_the_season_ranking_says_the_placeholder_in_the_readers_language(client, api, root):
    organiser = factories.make_organiser(username="orga-season")
    factories.ensure_reference_data()
    player = services.player_create(name=NAME, nationality="DE")
    cup = finished_tournament(
        [NAME, *names("S", 9)], organiser=organiser, seed="lang", players={NAME: player}
    )
    season = services.season_create(name="Saison", qualifiers=2, actor=organiser)
    services.season_tournament_add(season=season, tournament=cup, weight=1)
    services.player_erase(player=player, confirm=NAME, actor=root)
    page = f"/seasons/{season.pk}/"
    english = client.get(page, headers={"accept-language": "en"}).content.decode()
    assert "Erased player 1" in english and "Gelöschter" not in english
    german = client.get(page, headers={"accept-language": "de"}).content.decode()
    assert "Gelöschter Spieler 1" in german and "Erased player" not in german
    rows = api.get(f"/api/seasons/{season.pk}/ranking/").json()["rows"]
    assert "Erased player 1" in [row["name"] for row in rows]
