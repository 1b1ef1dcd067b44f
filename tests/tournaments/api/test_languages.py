"""Languages through the API (api.md "Languages"): a tournament's and a participant's
``language`` takes any of the seven, ``null`` clears a participant's, anything else
answers ``400 unknown_language``; documents print in the tournament's language (a
player card in its participant's) whoever fetches them."""

from __future__ import annotations

import io
import random

import pytest
from pypdf import PdfReader

from tests import factories
from tournaments import demo, services
from tournaments.models import Participant

pytestmark = pytest.mark.django_db

SEVEN = ["de", "en", "it", "cs", "fr", "es", "pl"]


def _text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def _create(api, **extra):
    body = {"name": "X", "date": "2027-03-13", "ruleset": "bang", **extra}
    return api.post("/api/tournaments/", body, format="json")


def test_a_tournament_takes_each_of_the_seven_languages_and_refuses_others(organiser_api):
    for code in SEVEN:
        created = _create(organiser_api, language=code)
        assert created.status_code == 201, created.json()
        assert created.json()["language"] == code
    for wrong in ("xx", "EN", "de-AT", "deutsch"):
        refused = _create(organiser_api, language=wrong)
        assert refused.status_code == 400
        assert refused.json()["errors"][0]["code"] == "unknown_language", wrong
        assert refused.json()["errors"][0]["field"] == "language"

    tournament = created.json()
    url = f"/api/tournaments/{tournament['id']}/"
    changed = organiser_api.patch(url, {"language": "cs"}, format="json")
    assert changed.status_code == 200 and changed.json()["language"] == "cs"
    refused = organiser_api.patch(url, {"language": "klingon"}, format="json")
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["code"] == "unknown_language"
    assert organiser_api.get(url).json()["language"] == "cs"


def test_a_participant_may_have_a_language_and_null_clears_it(organiser_api):
    tournament = factories.make_tournament(language="de")
    url = f"/api/tournaments/{tournament.pk}/participants/"
    created = organiser_api.post(
        url,
        [
            {"name": "Ada", "nationality": "FR", "language": "fr"},
            {"name": "Bo", "nationality": "DE"},
        ],
        format="json",
    )
    assert created.status_code == 201, created.json()
    assert [p["language"] for p in created.json()] == ["fr", None]
    ada = created.json()[0]["id"]

    refused = organiser_api.post(
        url, [{"name": "Cy", "nationality": "DE", "language": "fra"}], format="json"
    )
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["code"] == "unknown_language"

    detail = f"{url}{ada}/"
    assert organiser_api.patch(detail, {"language": "pl"}, format="json").json()["language"] == "pl"
    assert organiser_api.patch(detail, {"name": "Ada L."}, format="json").json()["language"] == "pl"
    wrong = organiser_api.patch(detail, {"language": "xx"}, format="json")
    assert wrong.status_code == 400 and wrong.json()["errors"][0]["code"] == "unknown_language"
    assert organiser_api.patch(detail, {"language": None}, format="json").json()["language"] is None
    assert Participant.objects.get(pk=ada).language == ""


@pytest.mark.parametrize("asked", ["de", "en"])
def test_a_scoresheet_is_printed_in_the_tournaments_language_whoever_asks(referee, asked):
    from rest_framework.test import APIClient

    in_english = factories.drawn_tournament(10, language="en")
    in_german = factories.drawn_tournament(10, language="de")
    client = APIClient(HTTP_ACCEPT_LANGUAGE=asked)
    client.force_authenticate(referee)
    url = "/api/tournaments/{}/scoresheets.pdf?stage=group&round=1&table=1"
    english = _text(client.get(url.format(in_english.pk)).content)
    german = _text(client.get(url.format(in_german.pk)).content)
    assert "Scoresheet" in english and "Signature" in english
    assert "Signature" not in german and "Unterschrift" in german


def test_a_player_card_is_printed_in_its_participants_language(referee):
    from rest_framework.test import APIClient

    tournament = factories.drawn_tournament(10, language="de")
    english, german = tournament.participants.order_by("name")[:2]
    services.participant_update(
        participant=english,
        data=services.ParticipantInput(name=english.name, nationality="GB", language="en"),
    )
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.force_authenticate(referee)
    text = _text(client.get(f"/api/tournaments/{tournament.pk}/player-cards.pdf").content)
    mine = text[text.index(english.name) : text.index(german.name)]
    theirs = text[text.index(german.name) :]
    assert "Player page" in mine and "Spielerseite" not in mine
    assert "Spielerseite" in theirs and "Player page" not in theirs


@pytest.mark.parametrize("language", ["de", "en"])
def test_standings_are_printed_in_the_tournaments_language_with_its_numbers(api, referee, language):
    tournament = factories.drawn_tournament(10, language=language)
    demo.play_group_rounds(tournament, rounds=range(1, 3), rng=random.Random(1), referees=[referee])
    other = "en" if language == "de" else "de"
    text = _text(
        api.get(
            f"/api/tournaments/{tournament.pk}/standings.pdf", HTTP_ACCEPT_LANGUAGE=other
        ).content
    )
    top = max(row.bounty for row in services_rows(tournament))
    assert top >= 1000
    if language == "de":
        assert "Zwischenstand" in text or "Tabelle" in text or "Rang" in text
        assert f"{top:,}".replace(",", ".") in text
    else:
        assert "Rank" in text
        assert f"{top:,}" in text


def services_rows(tournament):
    from tournaments import selectors

    return selectors.group_standings(tournament).rows


def test_the_participant_form_sets_and_clears_the_card_language(organiser):
    from django.test import Client
    from django.urls import reverse

    tournament = factories.make_tournament(language="de")
    anna = factories.add_participants(tournament, 1)[0]
    url = reverse("staff:participant", args=[tournament.pk, anna.pk])
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(organiser)
    form = client.get(url).content.decode()
    assert 'name="language"' in form and "Italiano" in form
    edit = {"action": "edit", "name": anna.name, "nationality": "DE"}
    client.post(url, {**edit, "language": "it"})
    anna.refresh_from_db()
    assert anna.language == "it"
    assert '<option value="it" selected>' in client.get(url).content.decode()
    client.post(url, {**edit, "language": ""})
    anna.refresh_from_db()
    assert anna.language == ""


def test_the_import_reads_an_optional_language_column(organiser_api):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from openpyxl import Workbook

    tournament = factories.make_tournament()

    def upload(rows):
        workbook = Workbook()
        for row in rows:
            workbook.active.append(row)
        buffer = io.BytesIO()
        workbook.save(buffer)
        return organiser_api.post(
            f"/api/tournaments/{tournament.pk}/participants/import/",
            {"file": SimpleUploadedFile("p.xlsx", buffer.getvalue())},
            format="multipart",
        )

    refused = upload([["name", "nationality", "Sprache"], ["A", "DE", "xx"]])
    assert refused.status_code == 400
    assert [e["code"] for e in refused.json()["errors"]] == ["unknown_language"]
    done = upload([["name", "nationality", "language"], ["A", "DE", "CS"], ["B", "DE", None]])
    assert done.status_code == 201, done.json()
    assert [p["language"] for p in done.json()] == ["cs", None]
