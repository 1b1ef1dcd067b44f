"""Staff pages around documents and checks: import, PDF/Excel links, audit log,
double-checking in the web UI, the result history, and the header's staff link."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from openpyxl import Workbook, load_workbook

from scoring.results import SeatReport
from scoring.rulesets import Role
from tests import factories
from tests.language import in_english
from tournaments import selectors, services
from tournaments.demo import play_group_rounds
from tournaments.models import AuditEntry, Game, Result, Stage, Tournament

pytestmark = pytest.mark.django_db

XLSX_HEADER = ["name", "nationality", "birth_date", "age_approved"]


def client_for(user: Any) -> Client:
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    client.force_login(user)
    return client


def xlsx_upload(rows: list[list[Any]], *, header: list[str] = XLSX_HEADER) -> SimpleUploadedFile:
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(header)
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return SimpleUploadedFile(
        "participants.xlsx",
        buffer.getvalue(),
        content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    )


def href(url: str) -> str:
    """How a URL appears in an ``href`` of our templates (``&`` escaped)."""
    return f'href="{url.replace("&", "&amp;")}"'


def scoresheets(tournament: Tournament, **query: Any) -> str:
    params = "&".join(f"{k}={v}" for k, v in query.items())
    return f"{reverse('api-scoresheets', args=[tournament.pk])}?{params}"


def group_game(tournament: Tournament, *, round: int = 1, table: int = 1) -> Game:
    return Game.objects.select_related("table").get(
        tournament=tournament, stage=Stage.GROUP, round=round, table__number=table
    )


SHOWDOWN_LAW_WINS = [
    SeatReport(position=p, role=Role(r), lives=3 if p == 1 else 0)
    for p, r in {1: "sheriff", 2: "renegade", 3: "outlaw", 4: "outlaw", 5: "deputy"}.items()
]


# --------------------------------------------------------------------------- import


def test_an_organiser_imports_126_participants_from_a_spreadsheet() -> None:
    tournament = factories.make_tournament()
    client = client_for(factories.make_organiser())
    url = reverse("staff:participants_import", args=[tournament.pk])
    page = client.get(url).content.decode()
    assert 'type="file"' in page and 'enctype="multipart/form-data"' in page
    assert href(reverse("staff:participants_import_template", args=[tournament.pk])) in page
    for column in XLSX_HEADER:
        assert f"<code>{column}</code>" in page

    rows = [[f"Spieler {i}", "DE", "1990-01-01", "nein"] for i in range(1, 127)]
    response = client.post(url, {"file": xlsx_upload(rows)}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("staff:participants", args=[tournament.pk])
    assert "126 participants have been imported." in response.content.decode()
    assert tournament.participants.count() == 126
    assert tournament.participants.order_by("id").first().name == "Spieler 1"


def test_bad_rows_are_listed_with_their_row_numbers_and_nothing_is_imported() -> None:
    tournament = factories.make_tournament()
    client = client_for(factories.make_organiser())
    rows = [[f"Spieler {i}", "DE", None, None] for i in range(1, 11)]
    rows[3][1] = None  # sheet row 5: no nationality
    rows[7][2] = "31.02.2001"  # sheet row 9: no such date
    response = client.post(
        reverse("staff:participants_import", args=[tournament.pk]), {"file": xlsx_upload(rows)}
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "Nothing was imported" in html
    errors = re.search(r'<table class="data staff-table import-errors">(.*?)</table>', html, re.S)
    assert errors
    assert re.findall(r'data-row="(\d+)"', errors.group(1)) == ["5", "9"]
    assert "The nationality is missing" in errors.group(1)
    assert "is not a date" in errors.group(1)
    assert not tournament.participants.exists()


def test_the_example_workbook_has_the_header_and_imports_as_it_is() -> None:
    tournament = factories.make_tournament()
    client = client_for(factories.make_organiser())
    response = client.get(reverse("staff:participants_import_template", args=[tournament.pk]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith(
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    )
    assert "attachment" in response["Content-Disposition"]
    content = b"".join(response) if response.streaming else response.content
    sheet = load_workbook(io.BytesIO(content)).worksheets[0]
    rows = list(sheet.iter_rows(values_only=True))
    assert list(rows[0]) == XLSX_HEADER
    assert len(rows) == 3 and all(row[0] and row[1] for row in rows[1:])

    upload = SimpleUploadedFile("template.xlsx", content)
    client.post(reverse("staff:participants_import", args=[tournament.pk]), {"file": upload})
    assert tournament.participants.count() == 2


def test_the_import_is_for_organisers_and_linked_from_the_participant_list() -> None:
    tournament = factories.make_tournament()
    referee = client_for(factories.make_referee())
    for name in ("staff:participants_import", "staff:participants_import_template"):
        assert referee.get(reverse(name, args=[tournament.pk])).status_code == 403
    response = referee.post(
        reverse("staff:participants_import", args=[tournament.pk]),
        {"file": xlsx_upload([["X", "DE", None, None]])},
    )
    assert response.status_code == 403 and not tournament.participants.exists()
    page = client_for(factories.make_organiser()).get(
        reverse("staff:participants", args=[tournament.pk])
    )
    assert href(reverse("staff:participants_import", args=[tournament.pk])) in page.content.decode()


# --------------------------------------------------------------------------- links to documents


def test_the_staff_pages_link_the_documents() -> None:
    tournament = factories.drawn_tournament(11)  # a table of 6 and one of 5
    organiser = client_for(factories.make_organiser())
    pk = tournament.pk

    overview = organiser.get(reverse("staff:tournament", args=[pk])).content.decode()
    for name in (
        "api-seating-pdf",
        "api-standings-pdf",
        "api-standings-xlsx",
        "api-results-xlsx",
        "api-ranking-pdf",
    ):
        assert href(reverse(name, args=[pk])) in overview, name
    assert href(reverse("staff:audit", args=[pk])) in overview
    assert href(reverse("staff:participants_import", args=[pk])) in overview

    draw = organiser.get(reverse("staff:draw", args=[pk])).content.decode()
    for r in range(1, 7):
        assert href(scoresheets(tournament, stage="group", round=r)) in draw
        assert href(scoresheets(tournament, stage="group", round=r, table=1)) in draw
    assert href(scoresheets(tournament, stage="group", round=5, table=2)) in draw
    assert href(scoresheets(tournament, stage="group", round=6, table=2)) not in draw  # 5 seats

    games = organiser.get(reverse("staff:games", args=[pk]), {"show": "all"}).content.decode()
    assert href(scoresheets(tournament, stage="group", round=1)) in games
    assert href(scoresheets(tournament, stage="group", round=6)) in games
    assert href(scoresheets(tournament, stage="group", round=3, table=2)) in games


def test_the_knockout_page_links_the_scoresheets_of_each_round_and_table() -> None:
    tournament = factories.drawn_tournament(10)
    organiser = factories.make_organiser()
    play_group_rounds(tournament, rounds=range(1, 6), rng=random.Random(3), referees=[organiser])
    services.knockout_start(tournament=tournament, seed="ko", actor=organiser)
    html = client_for(organiser).get(reverse("staff:knockout", args=[tournament.pk]))
    html = html.content.decode()
    assert href(scoresheets(tournament, stage="knockout", round=1)) in html
    assert href(scoresheets(tournament, stage="knockout", round=1, table=1)) in html
    # ...and the link answers a PDF for the staff member who follows it.
    pdf = client_for(organiser).get(scoresheets(tournament, stage="knockout", round=1))
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"


def test_the_public_pages_link_their_pdfs_and_spreadsheets() -> None:
    tournament = factories.drawn_tournament(10)
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    pk = tournament.pk
    seating = client.get(reverse("seating", args=[pk])).content.decode()
    assert href(reverse("api-seating-pdf", args=[pk])) in seating
    leaderboard = client.get(reverse("leaderboard", args=[pk])).content.decode()
    assert href(reverse("api-standings-pdf", args=[pk])) in leaderboard
    assert href(reverse("api-standings-xlsx", args=[pk])) in leaderboard
    ranking = client.get(reverse("ranking", args=[pk])).content.decode()
    assert href(reverse("api-ranking-pdf", args=[pk])) in ranking


# --------------------------------------------------------------------------- header link


def test_the_header_links_referees_to_the_staff_pages() -> None:
    tournament = factories.make_tournament()
    staff_index = href(reverse("staff:index"))
    staff_tournament = href(reverse("staff:tournament", args=[tournament.pk]))
    referee = client_for(factories.make_referee())
    assert staff_index in referee.get(reverse("home")).content.decode()
    public = referee.get(reverse("leaderboard", args=[tournament.pk])).content.decode()
    assert 'class="staff-link"' in public and staff_tournament in public

    for client in (Client(), client_for(factories.make_user())):
        html = client.get(reverse("leaderboard", args=[tournament.pk])).content.decode()
        assert 'class="staff-link"' not in html


def test_the_staff_link_costs_anonymous_visitors_no_query(settings: Any) -> None:
    tournament = factories.make_tournament()
    url = reverse("ranking", args=[tournament.pk])

    def queries() -> int:
        with CaptureQueriesContext(connection) as context:
            assert Client().get(url).status_code == 200
        return len(context)

    queries()  # warm caches
    with_link = queries()
    options = settings.TEMPLATES[0]["OPTIONS"]
    settings.TEMPLATES = [
        {
            **settings.TEMPLATES[0],
            "OPTIONS": {
                **options,
                "context_processors": [
                    p
                    for p in options["context_processors"]
                    if p != "tournaments.context_processors.staff"
                ],
            },
        }
    ]
    assert with_link == queries()


# --------------------------------------------------------------------------- audit log


def test_the_audit_log_shows_this_tournaments_entries_only() -> None:
    tournament = factories.drawn_tournament(10)
    other = factories.drawn_tournament(10, name="Anderes Turnier")
    organiser = factories.make_organiser(username="orga-1")
    game = group_game(other)
    services.penalty_give(
        participant=tournament.participants.first(),
        kind="warning",
        reason="Karten gezeigt",
        actor=organiser,
    )
    services.penalty_give(
        participant=other.participants.first(), kind="warning", reason="Fremd", actor=organiser
    )
    client = client_for(organiser)
    url = reverse("staff:audit", args=[tournament.pk])
    html = client.get(url).content.decode()
    own = AuditEntry.objects.filter(tournament=tournament)
    assert sorted(map(int, re.findall(r'data-audit="(\d+)"', html))) == sorted(
        own.values_list("pk", flat=True)
    )
    assert not any(
        f'data-audit="{pk}"' in html
        for pk in AuditEntry.objects.filter(tournament=other).values_list("pk", flat=True)
    )
    assert reverse("staff:result", args=[other.pk, game.pk]) not in html
    # Newest first, human labels, who, and the details as JSON.
    order = [int(pk) for pk in re.findall(r'data-audit="(\d+)"', html)]
    assert order == sorted(order, reverse=True)
    assert "Penalty given" in html and "Group stage drawn" in html
    assert "Tournament created" in html and "orga-1" in html
    assert "<details" in html and "Karten gezeigt" in html and "Fremd" not in html

    filtered = client.get(url, {"action": "penalty_given"}).content.decode()
    assert len(re.findall(r'data-audit="', filtered)) == 1
    assert 'data-action="penalty_given"' in filtered

    assert client_for(factories.make_referee()).get(url).status_code == 403
    assert Client().get(url).status_code == 302


@pytest.mark.parametrize("count", [10, 126])
def test_the_audit_log_has_a_constant_number_of_queries(
    count: int, django_assert_max_num_queries: Any
) -> None:
    tournament = factories.drawn_tournament(count)
    organiser = factories.make_organiser()
    play_group_rounds(tournament, rounds=range(1, 3), rng=random.Random(1), referees=[organiser])
    client = client_for(organiser)
    url = reverse("staff:audit", args=[tournament.pk])
    # 8: session, user, tournament, count, page, and games and names for readable labels.
    with django_assert_max_num_queries(8) as queries:
        response = client.get(url)
    print(f"audit log, {count} participants: {len(queries)} queries")
    entries = AuditEntry.objects.filter(tournament=tournament).count()
    assert response.content.decode().count("data-audit=") == min(entries, 100)


def test_the_audit_log_is_paginated_by_100() -> None:
    tournament = factories.drawn_tournament(126)
    organiser = factories.make_organiser()
    play_group_rounds(tournament, rounds=range(1, 6), rng=random.Random(1), referees=[organiser])
    total = AuditEntry.objects.filter(tournament=tournament).count()
    assert total > 100
    client = client_for(organiser)
    url = reverse("staff:audit", args=[tournament.pk])
    assert client.get(url).content.decode().count("data-audit=") == 100
    second = client.get(url, {"page": 2}).content.decode()
    assert second.count("data-audit=") == total - 100


# --------------------------------------------------------------------------- double-checking


@pytest.fixture
def double_checked() -> tuple[Tournament, Game]:
    tournament = factories.drawn_tournament(10, ruleset="showdown", settings={"double_check": True})
    return tournament, group_game(tournament)


def test_the_recorder_cannot_confirm_and_another_referee_can(double_checked) -> None:
    tournament, game = double_checked
    recorder, checker = factories.make_referee(), factories.make_referee()
    services.result_record(game=game, seats=SHOWDOWN_LAW_WINS, actor=recorder)
    assert selectors.group_standings(tournament).games_recorded == 0
    result_url = reverse("staff:result", args=[tournament.pk, game.pk])
    confirm_url = reverse("staff:result_confirm", args=[tournament.pk, game.pk])

    own = client_for(recorder)
    page = own.get(result_url).content.decode()
    assert "awaiting confirmation" in page
    assert "Confirm this result" not in page
    response = own.post(confirm_url, {"version": 1}, follow=True)
    assert (
        "A result must be confirmed by someone other than the person who entered it."
        in response.content.decode()
    )
    assert Result.objects.get(game=game).confirmed_by is None

    other = client_for(checker)
    page = other.get(result_url).content.decode()
    assert "Confirm this result" in page
    assert f'action="{confirm_url}"' in page and 'name="version" value="1"' in page
    # A stale version is refused with a message.
    response = other.post(confirm_url, {"version": 2}, follow=True)
    assert "The result changed in the meantime" in response.content.decode()
    assert Result.objects.get(game=game).confirmed_by is None

    response = other.post(confirm_url, {"version": 1}, follow=True)
    assert "Result confirmed (table 1, round 1, version 1)." in response.content.decode()
    result = Result.objects.get(game=game)
    assert result.confirmed_by == checker
    standings = selectors.group_standings(tournament)
    assert standings.games_recorded == 1
    assert max(row.bounty for row in standings.rows) > 1400  # more than the 5-table bonus
    page = other.get(result_url).content.decode()
    assert "Confirm this result" not in page and f"Confirmed by {checker.username}" in page
    assert other.get(confirm_url).status_code == 405


def test_without_double_check_there_is_no_confirm_button() -> None:
    tournament = factories.drawn_tournament(10, ruleset="showdown")
    game = group_game(tournament)
    services.result_record(game=game, seats=SHOWDOWN_LAW_WINS, actor=factories.make_referee())
    html = client_for(factories.make_referee()).get(
        reverse("staff:result", args=[tournament.pk, game.pk])
    )
    assert "Confirm this result" not in html.content.decode()


def test_the_progress_board_and_the_games_overview_show_results_awaiting_confirmation(
    double_checked, django_assert_max_num_queries: Any
) -> None:
    tournament, game = double_checked
    recorder, checker = factories.make_referee(), factories.make_referee()
    services.result_record(game=game, seats=SHOWDOWN_LAW_WINS, actor=recorder)
    second = group_game(tournament, table=2)
    services.result_record(game=second, seats=SHOWDOWN_LAW_WINS, actor=recorder)
    services.result_confirm(game=second, actor=checker, version=1)

    client = client_for(factories.make_organiser())
    with django_assert_max_num_queries(6):
        html = client.get(reverse("staff:progress", args=[tournament.pk])).content.decode()
    assert html.count('data-state="awaiting"') == 1
    assert html.count('data-state="recorded"') == 1
    assert "1 awaiting confirmation" in html
    assert 'class="cell-awaiting legend-item"' in html

    games = reverse("staff:games", args=[tournament.pk])
    html = client.get(games, {"show": "unconfirmed"}).content.decode()
    assert 'value="unconfirmed" selected' in html
    assert re.findall(r'data-game="(\d+)"', html) == [str(game.pk)]
    assert "Check and confirm" in html


def test_the_awaiting_state_needs_no_extra_queries(django_assert_max_num_queries: Any) -> None:
    for count in (10, 126):
        tournament = factories.drawn_tournament(count, settings={"double_check": True})
        organiser = factories.make_organiser()
        play_group_rounds(
            tournament, rounds=range(1, 3), rng=random.Random(1), referees=[organiser]
        )
        client = client_for(organiser)
        with django_assert_max_num_queries(6):
            html = client.get(reverse("staff:progress", args=[tournament.pk])).content.decode()
        assert html.count('data-state="awaiting"') == 2 * tournament.tables.count()
        with django_assert_max_num_queries(9):
            client.get(reverse("staff:games", args=[tournament.pk]), {"show": "unconfirmed"})


# --------------------------------------------------------------------------- history


def test_the_result_page_lists_every_version_with_its_changes() -> None:
    tournament = factories.drawn_tournament(10, ruleset="showdown", settings={"double_check": True})
    game = group_game(tournament)
    first, second = (
        factories.make_referee(username="erst"),
        factories.make_referee(username="zweit"),
    )
    services.result_record(game=game, seats=SHOWDOWN_LAW_WINS, actor=first)
    services.result_confirm(game=game, actor=second, version=1)
    corrected = [
        SeatReport(position=s.position, role=s.role, lives=2 if s.position == 1 else 0)
        for s in SHOWDOWN_LAW_WINS
    ]
    services.result_record(
        game=game, seats=corrected, reason="Leben falsch", version=1, actor=second
    )
    html = (
        client_for(first)
        .get(reverse("staff:result", args=[tournament.pk, game.pk]))
        .content.decode()
    )
    table = re.search(r'<table class="data staff-table history-table">(.*?)</table>', html, re.S)
    assert table
    rows = re.findall(r'<tr data-version="(\d+)"[^>]*>(.*?)</tr>', table.group(1), re.S)
    assert [v for v, _ in rows] == ["2", "1"]
    newest, oldest = rows[0][1], rows[1][1]
    assert "zweit" in newest and "Leben falsch" in newest
    assert "erst" in oldest and "zweit" in oldest  # recorded by erst, confirmed by zweit
    assert "Sheriff · 2 lives" in newest and "Sheriff · 3 lives" in oldest
    assert newest.count('class="changed"') == 1  # only the Sheriff's lives changed
    assert "Sheriff and Deputies" in newest
    # The recorder of version 1 may confirm version 2 (entered by someone else).
    assert "Confirm this result" in html
