"""Duplicates are said before they exist (issue 23, item 1): the import warns about
names registered already or repeated in the file, a name added by hand asks first,
and several participants can be removed at once before the draw."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from openpyxl import Workbook

from tests import factories
from tests.language import in_english
from tournaments import services
from tournaments.models import AuditEntry, Participant

pytestmark = pytest.mark.django_db


def workbook(*names: str) -> io.BytesIO:
    book = Workbook()
    sheet = book.active
    sheet.append(["name", "nationality"])
    for name in names:
        sheet.append([name, "DE"])
    data = io.BytesIO()
    book.save(data)
    data.seek(0)
    data.name = "players.xlsx"
    return data


@pytest.fixture
def registered(client, organiser):
    tournament = factories.make_tournament()
    services.participants_register(
        tournament=tournament,
        items=[services.ParticipantInput(name=n, nationality="DE") for n in ("Ada", "Bea", "Cem")],
    )
    client.force_login(organiser)
    in_english(client)
    return tournament


def _upload(client, tournament, *names):
    url = reverse("staff:participants_import", args=[tournament.pk])
    return client.post(url, {"file": workbook(*names)})


def test_the_import_names_duplicates_before_importing_anything(client, registered):
    html = _upload(client, registered, "ada ", "Dora", "Ema", "Dora").content.decode()
    assert 'data-testid="import-duplicates"' in html
    assert "row 2: registered already" in html
    assert "row 5: the same name as row 3" in html
    assert Participant.objects.filter(tournament=registered).count() == 3  # nothing yet
    registered_entries = AuditEntry.objects.filter(
        action="participants_registered", tournament=registered
    )
    assert registered_entries.count() == 1  # the fixture's: the check wrote nothing


def test_the_organiser_skips_the_duplicates(client, registered):
    html = _upload(client, registered, "Ada", "Dora", "Ema", "Dora").content.decode()
    token = html.split('name="token" value="')[1].split('"')[0]
    url = reverse("staff:participants_import", args=[registered.pk])
    answer = client.post(url, {"step": "confirm", "token": token, "choice": "skip"})
    assert answer.status_code == 302
    names = sorted(Participant.objects.filter(tournament=registered).values_list("name", flat=True))
    assert names == ["Ada", "Bea", "Cem", "Dora", "Ema"]
    entries = AuditEntry.objects.filter(tournament=registered, action="participants_registered")
    assert [len(e.after) for e in entries.order_by("id")] == [3, 2]  # one entry, each once


def test_the_organiser_imports_anyway(client, registered):
    html = _upload(client, registered, "Ada", "Dora").content.decode()
    token = html.split('name="token" value="')[1].split('"')[0]
    url = reverse("staff:participants_import", args=[registered.pk])
    client.post(url, {"step": "confirm", "token": token, "choice": "all"})
    names = Participant.objects.filter(tournament=registered).values_list("name", flat=True)
    assert sorted(names) == ["Ada", "Ada", "Bea", "Cem", "Dora"]
    # The choice is used once: the same token again imports nothing.
    again = client.post(url, {"step": "confirm", "token": token, "choice": "all"})
    assert again.status_code == 302
    assert Participant.objects.filter(tournament=registered).count() == 5


def test_a_file_without_duplicates_imports_at_once(client, registered):
    answer = _upload(client, registered, "Dora", "Ema")
    assert answer.status_code == 302
    assert Participant.objects.filter(tournament=registered).count() == 5


def test_a_name_added_by_hand_asks_before_the_duplicate_exists(client, registered):
    url = reverse("staff:participants", args=[registered.pk])
    data = {"name": "bea", "nationality": "DE"}
    answer = client.post(url, data)
    assert answer.status_code == 200
    html = answer.content.decode()
    assert 'data-testid="duplicate-warning"' in html and "Registered twice?" in html
    assert Participant.objects.filter(tournament=registered).count() == 3
    answer = client.post(url, {**data, "confirm_duplicate": "1"})
    assert answer.status_code == 302
    assert Participant.objects.filter(tournament=registered, name="bea").exists()


def test_several_participants_are_removed_at_once_before_the_draw(client, registered):
    url = reverse("staff:participants", args=[registered.pk])
    page = client.get(url).content.decode()
    assert 'id="remove-form"' in page and 'form="remove-form"' in page
    ids = list(
        Participant.objects.filter(tournament=registered, name__in=["Ada", "Cem"]).values_list(
            "pk", flat=True
        )
    )
    confirm = client.post(url, {"action": "remove", "participant": ids}).content.decode()
    assert 'data-testid="remove-confirm"' in confirm and "Remove these 2 participants?" in confirm
    assert Participant.objects.filter(tournament=registered).count() == 3  # asked first
    done = client.post(url, {"action": "remove", "participant": ids, "confirm": "1"})
    assert done.status_code == 302
    assert list(
        Participant.objects.filter(tournament=registered).values_list("name", flat=True)
    ) == ["Bea"]
    deleted = AuditEntry.objects.filter(tournament=registered, action="participant_deleted")
    assert sorted(e.before["name"] for e in deleted) == ["Ada", "Cem"]


def test_removing_after_the_draw_is_refused_with_a_clear_message(client, organiser):
    tournament = factories.drawn_tournament(10)
    client.force_login(organiser)
    in_english(client)
    url = reverse("staff:participants", args=[tournament.pk])
    assert 'id="remove-form"' not in client.get(url).content.decode()
    ids = list(Participant.objects.filter(tournament=tournament).values_list("pk", flat=True)[:2])
    answer = client.post(url, {"action": "remove", "participant": ids, "confirm": "1"}, follow=True)
    assert "cannot be deleted after the group-stage draw; mark a withdrawal" in (
        answer.content.decode()
    )
    assert Participant.objects.filter(tournament=tournament).count() == 10


def test_a_referee_cannot_remove(client, referee):
    tournament = factories.make_tournament()
    factories.add_participants(tournament, 2)
    client.force_login(referee)
    url = reverse("staff:participants", args=[tournament.pk])
    ids = list(Participant.objects.filter(tournament=tournament).values_list("pk", flat=True))
    answer = client.post(url, {"action": "remove", "participant": ids, "confirm": "1"})
    assert answer.status_code == 403
    assert Participant.objects.filter(tournament=tournament).count() == 2
