"""A stale form that edits a whole object is refused, with the changes shown (issue 25 item 9).

The review: two organisers open the settings page; one saves a new 5-table
bonus; the other saves the stale form with only a new name, and the bonus
silently went back. Now the form carries the tournament's ``version``
(participants: an edit version), a stale save is refused, nothing is lost, and
the page shows the other person's values beside the submitted ones.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests import factories
from tournaments.models import Participant, Tournament
from tournaments.services import edit_version
from tournaments.web.forms import ParticipantForm, TournamentForm

pytestmark = pytest.mark.django_db


def _opened(tournament: Tournament) -> dict[str, Any]:
    """What the settings form posts as the browser got it (unchecked boxes left out)."""
    form = TournamentForm(tournament=tournament)
    data: dict[str, Any] = {"action": "settings"}
    for name, value in form.initial.items():
        if value is True:
            data[name] = "on"
        elif value not in (False, None):
            data[name] = value.isoformat() if hasattr(value, "isoformat") else value
    return data


def _client(user) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


def test_a_stale_settings_form_is_refused_and_the_bonus_stays():
    tournament = factories.make_tournament(name="Pokal")
    url = f"/t/{tournament.pk}/staff/settings/"
    anna = _client(factories.make_organiser(username="anna"))
    ben = _client(factories.make_organiser(username="ben"))
    assert b'name="version"' in anna.get(url).content
    annas, bens = _opened(tournament), _opened(tournament)  # both open the page

    annas["setting_five_table_bonus"] = 1000
    assert anna.post(url, annas).status_code == 302
    tournament.refresh_from_db()
    assert tournament.config.values["five_table_bonus"] == 1000
    assert tournament.version == 2

    bens["name"] = "Pokal 2027"
    refused = ben.post(url, bens)
    assert refused.status_code == 200
    tournament.refresh_from_db()
    assert (tournament.name, tournament.config.values["five_table_bonus"]) == ("Pokal", 1000)
    page = refused.content.decode()
    assert "Someone else has changed this" in page
    changes = refused.context["changes"]
    by_label = {c["label"]: (c["theirs"], c["yours"]) for c in changes}
    assert by_label["Name"] == ("Pokal", "Pokal 2027")
    bonus = str(TournamentForm().fields["setting_five_table_bonus"].label)
    assert by_label[bonus] == ("1000", "1400")
    assert 'class="theirs">1000<' in page and 'class="yours">1400<' in page
    # Ben's values stay on the form; it now carries the current version ...
    assert 'value="Pokal 2027"' in page and 'name="version" value="2"' in page
    # ... so saving again is a deliberate overwrite.
    again = {**bens, "version": 2, "setting_five_table_bonus": 1000}
    assert ben.post(url, again).status_code == 302
    tournament.refresh_from_db()
    assert (tournament.name, tournament.config.values["five_table_bonus"]) == ("Pokal 2027", 1000)


def test_a_stale_participant_form_is_refused_with_the_changes_shown():
    tournament = factories.make_tournament()
    [player] = factories.add_participants(tournament, 1)
    url = f"/t/{tournament.pk}/staff/participants/{player.pk}/"
    organiser = factories.make_organiser(username="orga")
    opened = {
        "action": "edit",
        "name": player.name,
        "nationality": str(player.nationality),
        "version": edit_version(player),
    }
    first = _client(organiser).post(url, {**opened, "name": "Lena Vogel-Klein"})
    assert first.status_code == 302
    stale = _client(factories.make_organiser(username="orga2")).post(
        url, {**opened, "birth_date": "2001-05-02"}
    )
    assert stale.status_code == 200
    player.refresh_from_db()
    assert player.name == "Lena Vogel-Klein" and player.birth_date is None
    by_label = {c["label"]: (c["theirs"], c["yours"]) for c in stale.context["changes"]}
    assert by_label[str(ParticipantForm().fields["name"].label)] == (
        "Lena Vogel-Klein",
        opened["name"],
    )
    assert by_label[str(ParticipantForm().fields["birth_date"].label)] == ("—", "2001-05-02")


def test_patch_takes_the_version_and_refuses_a_stale_one(organiser_api):
    tournament = factories.make_tournament(name="Pokal")
    url = f"/api/tournaments/{tournament.pk}/"
    read = organiser_api.get(url).json()
    assert read["version"] == 1
    saved = organiser_api.patch(
        url, {"settings": {"five_table_bonus": 1000}, "version": 1}, format="json"
    )
    assert saved.status_code == 200, saved.json()
    assert saved.json()["version"] == 2 and saved.json()["settings"]["five_table_bonus"] == 1000
    stale = organiser_api.patch(url, {"name": "Pokal 2027", "version": 1}, format="json")
    assert stale.status_code == 409
    assert stale.json()["errors"][0]["code"] == "version_conflict"
    tournament.refresh_from_db()
    assert (tournament.name, tournament.config.values["five_table_bonus"]) == ("Pokal", 1000)
    # only the keys given change; no version: not checked
    named = organiser_api.patch(url, {"name": "Pokal 2027"}, format="json").json()
    assert (named["name"], named["settings"]["five_table_bonus"], named["version"]) == (
        "Pokal 2027",
        1000,
        3,
    )
    assert organiser_api.patch(url, {"colour": "red"}, format="json").status_code == 400
    # a save that changes nothing keeps the version
    assert organiser_api.patch(url, {"name": "Pokal 2027"}, format="json").json()["version"] == 3


def test_only_the_tournaments_organisers_patch(api, referee):
    tournament = factories.make_tournament(name="Pokal")
    url = f"/api/tournaments/{tournament.pk}/"
    assert api.patch(url, {"name": "x"}, format="json").status_code == 401
    api.force_authenticate(referee)
    assert api.patch(url, {"name": "x"}, format="json").status_code == 403
    assert Participant.objects.count() == 0 and Tournament.objects.get().name == "Pokal"


def test_patch_checks_the_language_against_the_choices(organiser_api):
    tournament = factories.make_tournament()
    url = f"/api/tournaments/{tournament.pk}/"
    refused = organiser_api.patch(url, {"language": "nl"}, format="json")
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["field"] == "language"
    for code in ("en", "fr", "pl"):  # any of the seven (rules.md §15)
        assert (
            organiser_api.patch(url, {"language": code}, format="json").json()["language"] == code
        )
