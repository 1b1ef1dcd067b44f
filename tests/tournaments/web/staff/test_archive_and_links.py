"""Archiving from the tournament's staff page, and linking participants to players
in bulk, by a search and with a question when the names differ (rules.md §13)."""

from __future__ import annotations

import hashlib
from datetime import date

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.language import in_english
from tests.tournaments.seasons.helpers import finished_tournament, names
from tournaments import services
from tournaments.errors import InvalidInput
from tournaments.models import AuditEntry, Participant, TournamentArchive

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    client.force_login(user)
    return client


def test_an_organiser_archives_a_finished_tournament_from_its_staff_page(client, organiser):
    tournament = finished_tournament(names("A", 10), organiser=organiser, name="Herbstcup")
    staff = client_for(organiser)
    home = reverse("staff:tournament", args=[tournament.pk])
    assert "Archive the tournament" in staff.get(home).content.decode()
    response = staff.post(reverse("staff:archive", args=[tournament.pk]), follow=True)
    archive = TournamentArchive.objects.get(tournament=tournament)
    assert archive.sha256 == hashlib.sha256(bytes(archive.content)).hexdigest()
    page = response.content.decode()
    assert f"Archived as version 1, SHA-256 {archive.sha256}." in page
    assert "Archive a new version" in page
    # The public overview lists every version with its hash and its file.
    staff.post(reverse("staff:archive", args=[tournament.pk]))
    public = client.get(
        reverse("tournament", args=[tournament.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    for version in TournamentArchive.objects.filter(tournament=tournament):
        assert f"SHA-256 {version.sha256}" in public
        assert reverse("api-archive-file", args=[tournament.pk, version.version]) in public


def test_an_unfinished_tournament_offers_no_archive_and_a_post_is_refused(organiser):
    tournament = finished_tournament(names("B", 10), organiser=organiser, finish=False)
    staff = client_for(organiser)
    assert (
        'data-testid="archive"'
        not in staff.get(reverse("staff:tournament", args=[tournament.pk])).content.decode()
    )
    response = staff.post(reverse("staff:archive", args=[tournament.pk]), follow=True)
    assert response.status_code == 200
    assert "Only a tournament with a final ranking can be archived." in response.content.decode()
    assert not TournamentArchive.objects.exists()


def test_only_the_tournaments_organisers_archive(client, organiser):
    tournament = factories.make_tournament()
    url = reverse("staff:archive", args=[tournament.pk])
    assert "/accounts/login/" in client.post(url)["Location"]
    referee = factories.make_referee(tournament=tournament)
    assert client_for(referee).post(url).status_code == 403
    elsewhere = factories.make_organiser(tournament="nowhere")
    assert client_for(elsewhere).post(url).status_code == 403
    assert client_for(organiser).get(url).status_code == 405


def _with_known_players(organiser):
    """A tournament whose participants Anna, Ben and Cleo each have a player of an
    earlier tournament; Cleo's two namesakes make her choice the staff's."""
    earlier = factories.make_tournament(name="Earlier", date=date(2026, 5, 1))
    known = {
        name: services.player_create(name=name, nationality="DE")
        for name in ("Anna Amsel", "Ben Bäcker")
    }
    cleos = [services.player_create(name="Cleo", nationality="FR") for _ in range(2)]
    services.participants_register(
        tournament=earlier,
        items=[
            services.ParticipantInput(name=n, nationality="DE", player=p.pk)
            for n, p in known.items()
        ],
    )
    tournament = factories.make_tournament(name="Now")
    people = services.participants_register(
        tournament=tournament,
        items=[
            services.ParticipantInput(name=n, nationality="DE")
            for n in ("ANNA AMSEL", "Ben Backer", "Cleo", "Dora Neu")
        ],
    )
    return tournament, known, cleos, {p.name: p for p in people}


def test_the_suggestions_are_accepted_in_one_step(organiser):
    tournament, known, cleos, people = _with_known_players(organiser)
    referee = factories.make_referee(tournament=tournament)
    client = client_for(referee)
    url = reverse("staff:player_links", args=[tournament.pk])
    page = client.get(url).content.decode()
    # One suggestion: chosen already; two: the staff choose; none: a link to the search.
    assert f'name="p{people["ANNA AMSEL"].pk}" value="{known["Anna Amsel"].pk}" checked' in page
    assert f'name="p{people["Cleo"].pk}" value="" checked' in page
    assert reverse("staff:participant", args=[tournament.pk, people["Dora Neu"].pk]) in page
    form = {
        f"p{people['ANNA AMSEL'].pk}": known["Anna Amsel"].pk,
        f"p{people['Ben Backer'].pk}": known["Ben Bäcker"].pk,
        f"p{people['Cleo'].pk}": cleos[1].pk,
    }
    response = client.post(url, form, follow=True)
    assert "3 participants have been linked to their players." in response.content.decode()
    linked = dict(tournament.participants.values_list("name", "player_id"))
    assert linked == {
        "ANNA AMSEL": known["Anna Amsel"].pk,
        "Ben Backer": known["Ben Bäcker"].pk,
        "Cleo": cleos[1].pk,
        "Dora Neu": None,
    }
    assert (
        AuditEntry.objects.filter(
            tournament=tournament, action="participant_player_linked", actor=referee
        ).count()
        == 3
    )
    assert 'data-testid="no-suggestions"' in response.content.decode()


def test_a_player_that_was_no_suggestion_is_not_linked_in_bulk(organiser):
    tournament, known, _cleos, people = _with_known_players(organiser)
    url = reverse("staff:player_links", args=[tournament.pk])
    response = client_for(organiser).post(
        url, {f"p{people['Dora Neu'].pk}": known["Anna Amsel"].pk}, follow=True
    )
    assert "Choose at least one player to link." in response.content.decode()
    assert not tournament.participants.filter(player__isnull=False).exists()


def test_bulk_linking_checks_every_pair_before_it_links_any(organiser):
    tournament, known, _cleos, people = _with_known_players(organiser)
    anna = known["Anna Amsel"]
    with pytest.raises(InvalidInput) as refused:
        services.participants_link_players(
            tournament=tournament,
            links=[(people["ANNA AMSEL"], anna), (people["Ben Backer"], anna)],
        )
    assert refused.value.errors[0].code == "player_already_linked"
    assert not tournament.participants.filter(player__isnull=False).exists()


def test_the_linking_page_is_for_this_tournaments_staff_and_its_queries_are_counted(
    client, organiser, django_assert_max_num_queries
):
    tournament, _known, _cleos, _people = _with_known_players(organiser)
    url = reverse("staff:player_links", args=[tournament.pk])
    assert "/accounts/login/" in client.get(url)["Location"]
    other = factories.make_referee(tournament=factories.make_tournament())
    assert client_for(other).get(url).status_code == 403
    assert client_for(other).post(url, {}).status_code == 403
    staff = client_for(organiser)
    with django_assert_max_num_queries(12):
        assert staff.get(url).status_code == 200
    for i in range(8):
        player = services.player_create(name=f"Neu {i}", nationality="DE")
        services.participants_register(
            tournament=factories.make_tournament(),
            items=[services.ParticipantInput(name=f"Neu {i}", nationality="DE", player=player.pk)],
        )
        services.participants_register(
            tournament=tournament,
            items=[services.ParticipantInput(name=f"neu {i}", nationality="DE")],
        )
    with django_assert_max_num_queries(12):
        page = staff.get(url).content.decode()
    assert page.count('type="radio"') >= 8 * 2


def test_the_participant_page_searches_players_and_asks_when_the_names_differ(organiser):
    tournament, known, _cleos, people = _with_known_players(organiser)
    dora = people["Dora Neu"]
    client = client_for(factories.make_referee(tournament=tournament))
    url = reverse("staff:participant", args=[tournament.pk, dora.pk])
    page = client.get(url, {"player_q": "backer"}).content.decode()  # without the umlaut
    assert 'data-testid="player-results"' in page and "Ben Bäcker" in page
    assert "Anna Amsel" not in page
    assert "No player is called “zzz”." in client.get(url, {"player_q": "zzz"}).content.decode()
    ben = known["Ben Bäcker"]
    asked = client.post(url, {"action": "link_player", "player": ben.pk})
    assert asked.status_code == 200
    assert 'data-testid="name-mismatch"' in asked.content.decode()
    assert Participant.objects.get(pk=dora.pk).player is None
    done = client.post(url, {"action": "link_player", "player": ben.pk, "confirm_name": "1"})
    assert done.status_code == 302
    assert Participant.objects.get(pk=dora.pk).player == ben
    # The same name (ignoring case and accents) is linked without a question.
    anna = people["ANNA AMSEL"]
    anna_url = reverse("staff:participant", args=[tournament.pk, anna.pk])
    response = client.post(anna_url, {"action": "link_player", "player": known["Anna Amsel"].pk})
    assert response.status_code == 302
    assert Participant.objects.get(pk=anna.pk).player == known["Anna Amsel"]
