"""Players through the API: list and search, create, links, suggestions, merge (rules.md §13)."""

from __future__ import annotations

from datetime import date

import pytest

from tests import factories
from tournaments import services
from tournaments.models import AuditEntry, Participant, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(organiser):
    factories.ensure_reference_data()
    return services.tournament_create(name="Cup", date=date(2027, 4, 1), actor=organiser)


def test_search_ignores_case_and_accents_and_shows_no_birth_date(api, tournament, organiser):
    zoe = services.player_create(name="Zoë Ångström", nationality="SE")
    services.player_create(name="Bert Bär", nationality="DE")
    services.participants_register(
        tournament=tournament,
        items=[
            services.ParticipantInput(
                name="Zoë Ångström", nationality="SE", birth_date=date(1990, 1, 2), player=zoe.pk
            )
        ],
        actor=organiser,
    )
    found = api.get("/api/players/", {"search": "ANGST"}).json()
    assert found == [
        {"id": zoe.pk, "name": "Zoë Ångström", "nationality": "SE", "tournaments": [tournament.pk]}
    ]
    assert api.get("/api/players/", {"search": "zoe"}).json()[0]["id"] == zoe.pk
    assert len(api.get("/api/players/").json()) == 2
    one = api.get(f"/api/players/{zoe.pk}/").json()
    assert one == found[0]
    assert "1990" not in str(one)


def test_a_search_with_a_nul_character_is_refused_clearly(api):
    services.player_create(name="Zoë Ångström", nationality="SE")
    answer = api.get("/api/players/", {"search": "Zo\x00"})
    assert answer.status_code == 400
    error = answer.json()["errors"][0]
    assert (error["code"], error["field"]) == ("invalid_search", "search")
    assert "NUL" in error["message"]


def test_create_by_organisers_group_or_superuser(api, organiser):
    body = {"name": "Anna Amsel", "nationality": "DE"}
    assert api.post("/api/players/", body, format="json").status_code == 401
    api.force_authenticate(factories.make_user())
    assert api.post("/api/players/", body, format="json").status_code == 403
    api.force_authenticate(organiser)
    answer = api.post("/api/players/", body, format="json")
    assert answer.status_code == 201
    assert answer.json()["name"] == "Anna Amsel" and answer.json()["tournaments"] == []
    assert AuditEntry.objects.filter(action="player_created").count() == 1
    bad = api.post("/api/players/", {"name": "X", "nationality": "XX"}, format="json")
    assert bad.status_code == 400 and bad.json()["errors"][0]["code"] == "unknown_nationality"


def test_every_participant_view_carries_the_player(api, organiser, tournament):
    anna = services.player_create(name="Anna Amsel", nationality="DE")
    api.force_authenticate(organiser)
    created = api.post(
        f"/api/tournaments/{tournament.pk}/participants/",
        [
            {"name": "Anna Amsel", "nationality": "DE", "player": anna.pk},
            {"name": "Bo", "nationality": "DE"},
        ],
        format="json",
    )
    assert created.status_code == 201
    assert [p["player"] for p in created.json()] == [anna.pk, None]
    staff = api.get(f"/api/tournaments/{tournament.pk}/participants/").json()
    assert [p["player"] for p in staff] == [anna.pk, None]
    api.force_authenticate(None)
    public = api.get(f"/api/tournaments/{tournament.pk}/participants/").json()
    assert [p["player"] for p in public] == [anna.pk, None]
    assert "pin" not in public[0] and "birth_date" not in public[0]


def test_registration_refuses_an_unknown_player_or_one_already_in_the_tournament(
    organiser_api, tournament
):
    anna = services.player_create(name="Anna Amsel", nationality="DE")
    url = f"/api/tournaments/{tournament.pk}/participants/"
    answer = organiser_api.post(
        url, [{"name": "X", "nationality": "DE", "player": 999}], format="json"
    )
    assert answer.status_code == 400
    assert answer.json()["errors"] == [
        {
            "code": "unknown_player",
            "message": "There is no player with this id.",
            "field": "player",
            "index": 0,
        }
    ]
    twice = [
        {"name": "A", "nationality": "DE", "player": anna.pk},
        {"name": "B", "nationality": "DE", "player": anna.pk},
    ]
    answer = organiser_api.post(url, twice, format="json")
    assert answer.status_code == 400
    assert [(e["code"], e["index"]) for e in answer.json()["errors"]] == [
        ("player_already_linked", 1)
    ]
    assert not Participant.objects.exists()


def test_patch_links_a_participant_and_is_audited(api, organiser, tournament):
    anna = services.player_create(name="Anna Amsel", nationality="DE")
    participant = services.participants_register(
        tournament=tournament, items=[services.ParticipantInput(name="Anna", nationality="DE")]
    )[0]
    url = f"/api/tournaments/{tournament.pk}/participants/{participant.pk}/"
    assert api.patch(url, {"player": anna.pk}, format="json").status_code == 401
    referee = factories.make_referee(tournament=tournament)
    api.force_authenticate(referee)
    answer = api.patch(url, {"player": anna.pk}, format="json")
    assert answer.status_code == 200
    assert answer.json()["player"] == anna.pk and answer.json()["id"] == participant.pk
    # A referee links; only organisers correct the participant's data.
    assert api.patch(url, {"name": "Anna A."}, format="json").status_code == 403
    api.force_authenticate(organiser)
    answer = api.patch(url, {"name": "Anna Amsel", "player": None}, format="json")
    assert answer.status_code == 200
    assert answer.json()["player"] is None and answer.json()["name"] == "Anna Amsel"
    links = AuditEntry.objects.filter(tournament=tournament, action="participant_player_linked")
    assert [(e.before, e.after) for e in links] == [
        ({"player": None}, {"player": anna.pk}),
        ({"player": anna.pk}, {"player": None}),
    ]
    missing = api.patch(url, {"player": 12345}, format="json")
    assert missing.status_code == 400 and missing.json()["errors"][0]["code"] == "unknown_player"


def test_suggestions_same_name_ignoring_case_and_accents_unless_birth_dates_differ(
    referee_api, organiser, tournament
):
    same = services.player_create(name="Jürgen Müller", nationality="DE")
    other_birthday = services.player_create(name="JURGEN MULLER", nationality="DE")
    no_birthday = services.player_create(name="jurgen  muller", nationality="DE")
    services.player_create(name="Jürgen Meier", nationality="DE")
    earlier = services.tournament_create(name="Old", date=date(2026, 4, 1), actor=organiser)
    services.participants_register(
        tournament=earlier,
        items=[
            services.ParticipantInput(
                name="Jürgen Müller", nationality="DE", birth_date=date(1980, 5, 5), player=same.pk
            ),
            services.ParticipantInput(
                name="Jurgen Muller",
                nationality="DE",
                birth_date=date(1999, 9, 9),
                player=other_birthday.pk,
            ),
        ],
    )
    participant = services.participants_register(
        tournament=tournament,
        items=[
            services.ParticipantInput(
                name="Jürgen Müller", nationality="DE", birth_date=date(1980, 5, 5)
            )
        ],
    )[0]
    url = f"/api/tournaments/{tournament.pk}/participants/{participant.pk}/player-suggestions/"
    answer = referee_api.get(url)
    assert answer.status_code == 200
    assert [p["id"] for p in answer.json()] == [same.pk, no_birthday.pk]
    assert "1980" not in answer.content.decode()
    referee_api.force_authenticate(None)
    assert referee_api.get(url).status_code == 401


def test_merge_by_site_administrators(api, organiser, tournament):
    keep = services.player_create(name="Anna Amsel", nationality="DE")
    gone = services.player_create(name="Anna Amsel", nationality="")
    services.participants_register(
        tournament=tournament,
        items=[services.ParticipantInput(name="Anna Amsel", nationality="DE", player=gone.pk)],
    )
    url = f"/api/players/{gone.pk}/merge/"
    api.force_authenticate(organiser)
    assert api.post(url, {"into": keep.pk}, format="json").status_code == 403
    api.force_authenticate(factories.make_user(is_superuser=True))
    assert (
        api.post(url, {"into": gone.pk}, format="json").json()["errors"][0]["code"] == "same_player"
    )
    answer = api.post(url, {"into": keep.pk}, format="json")
    assert answer.status_code == 200
    assert answer.json() == {
        "id": keep.pk,
        "name": "Anna Amsel",
        "nationality": "DE",
        "tournaments": [tournament.pk],
    }
    assert api.get(f"/api/players/{gone.pk}/").status_code == 404
    assert not Player.objects.filter(pk=gone.pk).exists()
    entry = AuditEntry.objects.get(tournament=tournament, action="player_merged")
    assert (entry.before, entry.after) == ({"player": gone.pk}, {"player": keep.pk})
    assert AuditEntry.objects.filter(tournament=None, action="player_merged").count() == 1


def test_merge_refuses_two_players_of_one_tournament(api, tournament):
    a = services.player_create(name="A", nationality="DE")
    b = services.player_create(name="A", nationality="DE")
    services.participants_register(
        tournament=tournament,
        items=[
            services.ParticipantInput(name="A", nationality="DE", player=a.pk),
            services.ParticipantInput(name="A", nationality="DE", player=b.pk),
        ],
    )
    api.force_authenticate(factories.make_user(is_superuser=True))
    answer = api.post(f"/api/players/{a.pk}/merge/", {"into": b.pk}, format="json")
    assert answer.status_code == 409 and answer.json()["errors"][0]["code"] == "same_tournament"
