"""The organisers' season pages (rules.md §13): create a season, add and remove
tournaments with weights, change its settings, appoint and dismiss organisers;
every change through ``services.seasons``, every page only for the season's organisers."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.language import in_english
from tournaments import services
from tournaments.models import AuditEntry, Season, SeasonStaff, SeasonTournament

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    client.force_login(user)
    return client


def test_an_organiser_creates_a_season_and_becomes_its_organiser(organiser):
    client = client_for(organiser)
    response = client.post(
        reverse("staff:seasons"),
        {"name": "  Saison   2027 ", "best_of": "4", "min_events": "2", "qualifiers": "8"},
        follow=True,
    )
    season = Season.objects.get()
    assert (season.name, season.best_of, season.min_events, season.qualifiers) == (
        "Saison 2027",
        4,
        2,
        8,
    )
    assert response.redirect_chain[-1][0] == reverse("staff:season", args=[season.pk])
    assert "has been created" in response.content.decode()
    assert SeasonStaff.objects.filter(season=season, user=organiser).exists()
    listed = client.get(reverse("staff:seasons")).content.decode()
    assert "Saison 2027" in listed and "0 tournaments" in listed


def test_a_season_with_invalid_settings_is_not_created(organiser):
    response = client_for(organiser).post(
        reverse("staff:seasons"),
        {"name": "S", "best_of": "0", "min_events": "1", "qualifiers": "0"},
    )
    assert response.status_code == 200 and not Season.objects.exists()
    assert "greater than or equal to 1" in response.content.decode()


def test_who_may_open_the_season_pages(client, organiser):
    season = services.season_create(name="S", actor=organiser)
    detail = reverse("staff:season", args=[season.pk])
    for url in (reverse("staff:seasons"), detail):
        response = client.get(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    # A referee of a tournament has nothing to do with seasons.
    referee = factories.make_referee()
    factories.make_tournament()
    assert client_for(referee).get(reverse("staff:seasons")).status_code == 403
    assert client_for(referee).get(detail).status_code == 403
    # Another member of ``organisers`` creates seasons of their own, but not this one.
    other = factories.make_organiser(tournament="nowhere")
    other_client = client_for(other)
    assert other_client.get(reverse("staff:seasons")).status_code == 200
    assert "S" not in [
        s.name for s in other_client.get(reverse("staff:seasons")).context["seasons"]
    ]
    assert other_client.get(detail).status_code == 403
    posted = other_client.post(detail, {"action": "settings", "name": "Mine", "best_of": "1"})
    assert posted.status_code == 403
    assert Season.objects.get().name == "S"
    # Appointed, they may (and the site administrator always may).
    services.season_staff_appoint(season=season, user=other, role="organiser", actor=organiser)
    assert client_for(other).get(detail).status_code == 200
    admin = factories.make_user(is_superuser=True)
    assert client_for(admin).get(detail).status_code == 200


def test_an_appointed_season_organiser_reaches_the_seasons_from_the_staff_index(organiser):
    season = services.season_create(name="Liga", actor=organiser)
    helper = factories.make_user()
    services.season_staff_appoint(season=season, user=helper, role="organiser", actor=organiser)
    client = client_for(helper)
    index = client.get(reverse("staff:index"))
    assert index.status_code == 200
    assert reverse("staff:seasons") in index.content.decode()
    assert "Liga" in client.get(reverse("staff:seasons")).content.decode()
    # The season's own form to create another is for members of ``organisers`` only.
    response = client.post(reverse("staff:seasons"), {"name": "Eigene"})
    assert response.status_code == 405 and Season.objects.count() == 1


def test_tournaments_are_added_with_a_weight_and_removed(organiser):
    season = services.season_create(name="S", actor=organiser)
    cup = factories.make_tournament(name="Frühjahrscup")
    client = client_for(organiser)
    url = reverse("staff:season", args=[season.pk])
    response = client.post(
        url, {"action": "add", "tournament": cup.pk, "weight": "2.5"}, follow=True
    )
    assert "Frühjahrscup counts in the season with weight 2.5." in response.content.decode()
    entry = SeasonTournament.objects.get(season=season)
    assert (entry.tournament, entry.weight) == (cup, Decimal("2.5"))
    assert AuditEntry.objects.filter(action="season_tournament_added").count() == 1
    page = response.content.decode()
    assert "weight 2.5" in page
    # Added once: the form no longer offers it.
    assert cup not in response.context["add_form"].fields["tournament"].queryset
    again = client.post(url, {"action": "add", "tournament": cup.pk, "weight": "1"})
    assert again.status_code == 200 and SeasonTournament.objects.count() == 1
    negative = client.post(url, {"action": "add", "tournament": cup.pk, "weight": "-1"})
    assert negative.status_code == 200
    response = client.post(url, {"action": "remove", "tournament": cup.pk}, follow=True)
    assert "no longer counts in the season" in response.content.decode()
    assert not SeasonTournament.objects.exists()
    assert client.post(url, {"action": "remove", "tournament": cup.pk}).status_code == 404


def test_the_settings_are_saved_and_the_ranking_is_computed_afresh(organiser):
    season = services.season_create(name="S", actor=organiser)
    version = season.version
    client = client_for(organiser)
    url = reverse("staff:season", args=[season.pk])
    data = {"action": "settings", "name": "Saison 2028", "best_of": "3", "min_events": "2"}
    response = client.post(url, {**data, "qualifiers": "16"}, follow=True)
    assert "settings have been saved" in response.content.decode()
    season.refresh_from_db()
    assert (season.name, season.best_of, season.min_events, season.qualifiers) == (
        "Saison 2028",
        3,
        2,
        16,
    )
    assert season.version == version + 1  # a new state: no cached ranking is served
    entry = AuditEntry.objects.get(action="season_updated")
    assert entry.before["settings"]["best_of"] == 5 and entry.after["settings"]["best_of"] == 3
    refused = client.post(url, {**data, "qualifiers": "-1"})
    assert refused.status_code == 200 and "greater than or equal to 0" in refused.content.decode()
    # Saving the same again changes nothing and writes nothing.
    client.post(url, {**data, "qualifiers": "16"})
    assert AuditEntry.objects.filter(action="season_updated").count() == 1


def test_organisers_are_appointed_by_name_and_one_always_stays(organiser):
    season = services.season_create(name="S", actor=organiser)
    helper = factories.make_user(username="helferin")
    client = client_for(organiser)
    url = reverse("staff:season", args=[season.pk])
    unknown = client.post(url, {"action": "appoint", "username": "nobody"})
    assert "There is no user with this name." in unknown.content.decode()
    response = client.post(url, {"action": "appoint", "username": " helferin "}, follow=True)
    assert "helferin now organises this season." in response.content.decode()
    assert set(season.staff.values_list("user__username", flat=True)) == {"orga", "helferin"}
    response = client.post(url, {"action": "dismiss", "user": organiser.pk}, follow=True)
    assert "orga no longer organises this season." in response.content.decode()
    assert response.redirect_chain[-1][0] == reverse("staff:seasons")
    # The last organiser stays: the page says why, nothing changes.
    helper_client = client_for(helper)
    response = helper_client.post(url, {"action": "dismiss", "user": helper.pk}, follow=True)
    assert "always keeps at least one organiser" in response.content.decode()
    assert list(season.staff.values_list("user", flat=True)) == [helper.pk]
    # The dismissed organiser has no access any more.
    assert client_for(organiser).get(url).status_code == 403


def test_the_season_pages_cost_the_same_queries_however_long_their_lists(
    organiser, django_assert_max_num_queries
):
    season = services.season_create(name="S", actor=organiser)
    client = client_for(organiser)
    url = reverse("staff:season", args=[season.pk])

    def grow(n: int) -> None:
        for _ in range(n):
            services.season_tournament_add(
                season=season, tournament=factories.make_tournament(), weight=Decimal(1)
            )
            services.season_create(name="More", actor=organiser)
            services.season_staff_appoint(
                season=season, user=factories.make_user(), role="organiser", actor=organiser
            )

    grow(1)
    with django_assert_max_num_queries(14):
        assert client.get(url).status_code == 200
    with django_assert_max_num_queries(8):
        assert client.get(reverse("staff:seasons")).status_code == 200
    grow(6)
    with django_assert_max_num_queries(14):
        assert client.get(url).status_code == 200
    with django_assert_max_num_queries(8):
        assert client.get(reverse("staff:seasons")).status_code == 200
