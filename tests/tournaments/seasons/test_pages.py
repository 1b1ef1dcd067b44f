"""Season pages, the player profile and the staff's linking (rules.md §13)."""

from __future__ import annotations

from datetime import date

import pytest

from tests import factories
from tests.tournaments.seasons.helpers import finished_tournament, names
from tournaments import selectors, services
from tournaments.models import AuditEntry, Participant

pytestmark = pytest.mark.django_db


def test_the_profile_shows_tournaments_places_and_season_points_but_no_birth_date(
    client, organiser
):
    anna = services.player_create(name="Anna Amsel", nationality="DE")
    tournament = finished_tournament(
        ["Anna Amsel", *names("P", 9)],
        organiser=organiser,
        players={"Anna Amsel": anna},
        name="Frühjahrscup",
    )
    participant = anna.participants.get()
    services.participant_update(
        participant=participant,
        data=services.ParticipantInput(
            name="Anna Amsel", nationality="DE", birth_date=date(1984, 11, 12)
        ),
    )
    season = services.season_create(name="Saison 2027", actor=organiser)
    services.season_tournament_add(season=season, tournament=tournament, weight=1)
    row = next(r for r in selectors.season_standing(season).rows if r.player == anna.pk)
    page = client.get(f"/players/{anna.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Anna Amsel" in page and "Frühjahrscup" in page and "Saison 2027" in page
    assert f'<td class="num">{row.results[0].place}</td>' in page
    assert f"{float(round(row.score, 1)):.1f} points" in page
    assert "1984" not in page and "12.11." not in page
    assert client.get("/players/999/").status_code == 404


def test_the_season_page_lists_unfinished_tournaments_as_not_counted(client, organiser):
    done = finished_tournament(names("D", 10), organiser=organiser, seed="d", name="Fertig")
    running = finished_tournament(
        names("R", 10), organiser=organiser, seed="r", finish=False, name="Laufend"
    )
    season = services.season_create(name="S", min_events=1, actor=organiser)
    for t in (done, running):
        services.season_tournament_add(season=season, tournament=t, weight=1)
    page = client.get(f"/seasons/{season.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "no final ranking yet: not counted" in page
    assert "D 01" in page and "R 01" not in page
    assert "decides no rank" in page
    assert client.get(f"/seasons/{season.pk}/projector/").status_code == 200


def test_staff_see_suggestions_and_link_on_the_participant_page(client, organiser):
    tournament = factories.make_tournament()
    earlier = factories.make_tournament(name="Earlier")
    ben = services.player_create(name="Ben Bäcker", nationality="DE")
    services.participants_register(
        tournament=earlier,
        items=[services.ParticipantInput(name="Ben Bäcker", nationality="DE", player=ben.pk)],
    )
    participant = services.participants_register(
        tournament=tournament,
        items=[services.ParticipantInput(name="BEN BACKER", nationality="DE")],
    )[0]
    referee = factories.make_referee(tournament=tournament)
    client.force_login(referee)
    url = f"/t/{tournament.pk}/staff/participants/{participant.pk}/"
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-testid="player-suggestions"' in page and "Ben Bäcker" in page
    response = client.post(url, {"action": "link_player", "player": ben.pk})
    assert response.status_code == 302
    participant.refresh_from_db()
    assert participant.player == ben
    assert AuditEntry.objects.filter(
        tournament=tournament, action="participant_player_linked", actor=referee
    ).exists()
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-testid="linked-player"' in page
    # A referee may not create players; the group organisers may.
    other = services.participants_register(
        tournament=tournament, items=[services.ParticipantInput(name="Cleo", nationality="FR")]
    )[0]
    other_url = f"/t/{tournament.pk}/staff/participants/{other.pk}/"
    assert client.post(other_url, {"action": "new_player"}).status_code == 403
    client.force_login(organiser)
    client.post(other_url, {"action": "new_player"})
    other.refresh_from_db()
    assert other.player is not None and other.player.name == "Cleo"
    client.post(url, {"action": "unlink_player"})
    assert Participant.objects.get(pk=participant.pk).player is None


def test_a_merge_recomputes_the_ranking_and_the_rating(api, organiser):
    a = services.player_create(name="Anna", nationality="DE")
    b = services.player_create(name="Anna", nationality="DE")
    one = finished_tournament(
        ["Anna", *names("A", 9)], organiser=organiser, seed="m1", players={"Anna": a}
    )
    two = finished_tournament(
        ["Anna", *names("B", 9)], organiser=organiser, seed="m2", players={"Anna": b}
    )
    season = services.season_create(name="S", actor=organiser)
    for t in (one, two):
        services.season_tournament_add(season=season, tournament=t, weight=1)
    before = api.get(f"/api/seasons/{season.pk}/ranking/").json()
    assert {r["player"] for r in before["rows"]} >= {a.pk, b.pk}
    services.player_merge(player=b, into=a, actor=factories.make_user(is_superuser=True))
    after = api.get(f"/api/seasons/{season.pk}/ranking/").json()
    annas = [r for r in after["rows"] if r["name"] == "Anna"]
    assert [r["player"] for r in annas] == [a.pk]
    assert annas[0]["events"] == 2
    ratings = {r["player"]: r["rating"] for r in before["rows"]}
    assert annas[0]["rating"] not in (ratings[a.pk], ratings[b.pk])
