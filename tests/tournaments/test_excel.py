"""Spreadsheets: the exports read back with openpyxl, and the participant import."""

from __future__ import annotations

import io
import random
from datetime import date, datetime
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import Workbook, load_workbook
from rest_framework.test import APIClient

from tests import factories
from tournaments import demo, selectors, services
from tournaments.models import Game, Participant, Result, ResultSeat, Stage

pytestmark = pytest.mark.django_db

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _workbook(content: bytes):
    return load_workbook(io.BytesIO(content))


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


@pytest.fixture
def played(referee):
    """11 players (a 6- and a 5-table), two group rounds recorded."""
    tournament = factories.drawn_tournament(11, language="en")
    demo.play_group_rounds(tournament, rounds=range(1, 3), rng=random.Random(1), referees=[referee])
    return tournament


# --------------------------------------------------------------------------- exports


def test_standings_workbook_matches_the_standings(api, played):
    response = api.get(f"/api/tournaments/{played.pk}/standings.xlsx")
    assert response.status_code == 200
    assert response["Content-Type"] == XLSX
    assert response["Content-Disposition"].startswith("attachment;")
    assert 'standings.xlsx"' in response["Content-Disposition"]

    sheet = _workbook(response.content).worksheets[0]
    assert sheet.title == "Standings"
    assert sheet.freeze_panes == "A2"
    header = [cell.value for cell in sheet[1]]
    assert header[:7] == [
        "Rank",
        "Name",
        "Nationality",
        "Table",
        "Position",
        "Table rank",
        "Bounty",
    ]
    assert all(cell.font.bold for cell in sheet[1])
    assert sheet.column_dimensions["B"].width >= 25

    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    standings = selectors.group_standings(played).rows
    assert len(rows) == len(standings) == 11
    for values, row in zip(rows, standings, strict=True):
        assert values[:13] == (
            row.rank,
            row.participant.name,
            "DE",
            row.table,
            row.position,
            row.table_rank,
            row.bounty,
            row.game_bounty,
            row.bonus,
            row.deductions,
            row.wins,
            row.lives,
            row.games_played,
        )
        assert all(type(v) is int for v in values[3:13])
    assert sheet.cell(row=2, column=7).number_format == "#,##0"


def test_results_workbook_has_a_row_per_seat_of_the_current_results(api, played, referee):
    game = Game.objects.get(tournament=played, stage=Stage.GROUP, round=1, table__number=1)
    current = services.result_snapshot(Result.objects.get(game=game, is_current=True))
    services.result_record(
        game=game,
        seats=services.seat_reports(Result.objects.get(game=game, is_current=True)),
        winner=current["winner"],
        reason="typo",
        actor=referee,
    )

    response = api.get(f"/api/tournaments/{played.pk}/results.xlsx")
    assert response.status_code == 200
    workbook = _workbook(response.content)
    assert workbook.sheetnames == ["Group stage"]  # no knockout yet
    sheet = workbook["Group stage"]
    assert sheet.freeze_panes == "A2"
    assert [c.value for c in sheet[1]] == [
        "Round", "Table", "Position", "Name", "Role", "Character", "Lives left", "Won",
        "Final duel", "Bounty", "Version", "Recorded by",
    ]  # fmt: skip

    stored = list(
        ResultSeat.objects.filter(result__game__tournament=played, result__is_current=True)
        .select_related("participant", "result__game__table", "result__recorded_by")
        .order_by("result__game__round", "result__game__table__number", "position")
    )
    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    assert len(rows) == len(stored) == 22  # 2 rounds x 11 seats
    roles = dict(ResultSeat.RoleChoice.choices)
    for values, seat in zip(rows, stored, strict=True):
        assert values == (
            seat.result.game.round,
            seat.result.game.table.number,
            seat.position,
            seat.participant.name,
            str(roles[seat.role]),
            seat.character,
            seat.lives,
            seat.won,
            seat.final_duel,
            seat.bounty,
            seat.result.version,
            "referee",
        )
        assert type(values[9]) is int and type(values[6]) is int
    assert {r[10] for r in rows if (r[0], r[1]) == (1, 1)} == {2}  # the correction only


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
    assert set(created[0]) == {"id", "name", "nationality", "birth_date", "age_approved", "status"}
    assert created[0] == {
        "id": created[0]["id"], "name": "Spieler 1", "nationality": "AT",
        "birth_date": "1990-05-01", "age_approved": False, "status": "active",
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
