"""The public pages: what they show, that they stay in their tournament, and what they cost.

Pages are requested in English (``Accept-Language: en``) so that the
assertions hold once the German translations exist.
"""

from __future__ import annotations

import random
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests import factories
from tournaments import demo, selectors, services
from tournaments.models import Game, Knockout, Participant, ResultSeat, Seat, Stage, Tournament
from tournaments.simulation import play_knockout

pytestmark = pytest.mark.django_db

RANK_CELL = re.compile(r'<td class="num">(\d+)\.</td>')


@pytest.fixture
def client() -> Client:
    return Client(headers={"accept-language": "en"})


def played(count: int, referee, *, rounds: range = range(1, 4)) -> Tournament:
    tournament = factories.drawn_tournament(count)
    demo.play_group_rounds(tournament, rounds=rounds, rng=random.Random(1), referees=[referee])
    return tournament


def body(response) -> str:
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def row_of(html: str, name: str) -> str:
    """The <tr> of the leaderboard that holds ``name``."""
    match = re.search(r"<tr[^>]*>(?:(?!</tr>).)*?" + re.escape(name) + r".*?</tr>", html, re.S)
    assert match, f"{name} not in the table"
    return match.group(0)


# --------------------------------------------------------------------------- pages exist


def test_home_lists_tournaments_and_links_them(client):
    tournament = factories.make_tournament(name="Kassel Open")
    html = body(client.get(reverse("home")))
    assert "Kassel Open" in html
    assert reverse("tournament", args=[tournament.pk]) in html


def test_tournament_home_shows_facts_and_stage(client, referee):
    tournament = factories.make_tournament(name="Kassel Open")
    factories.add_participants(tournament, 10)
    html = body(client.get(reverse("tournament", args=[tournament.pk])))
    assert "Kassel Open" in html
    assert re.search(r'data-testid="participant-count">10<', html)
    assert "Registration" in html
    services.group_stage_draw(tournament=tournament, seed="s")
    html = body(client.get(reverse("tournament", args=[tournament.pk])))
    assert "Group stage" in html
    for name in ("leaderboard", "seating", "knockout", "ranking", "projector"):
        assert reverse(name, args=[tournament.pk]) in html


def test_pages_are_german_by_default_and_english_on_request():
    tournament = factories.make_tournament()
    url = reverse("leaderboard", args=[tournament.pk])
    assert '<html lang="de">' in body(Client().get(url))
    assert '<html lang="en">' in body(Client(headers={"accept-language": "en"}).get(url))


@pytest.mark.parametrize(
    "name",
    [
        "tournament",
        "leaderboard",
        "leaderboard_fragment",
        "projector",
        "projector_fragment",
        "seating",
        "knockout",
        "ranking",
    ],
)
def test_unknown_tournament_is_404(client, name):
    assert client.get(reverse(name, args=[987654])).status_code == 404


def test_participant_of_another_tournament_is_404(client):
    mine = factories.drawn_tournament(10)
    other = factories.drawn_tournament(10)
    stranger = other.participants.first()
    assert client.get(reverse("player", args=[mine.pk, stranger.pk])).status_code == 404
    assert client.get(reverse("player", args=[other.pk, stranger.pk])).status_code == 200
    assert client.get(reverse("player", args=[mine.pk, 987654])).status_code == 404


# --------------------------------------------------------------------------- leaderboard


def test_leaderboard_shares_ranks_honestly(client):
    tournament = factories.drawn_tournament(10)  # nothing played: all equal on 1400 bonus
    html = body(client.get(reverse("leaderboard", args=[tournament.pk])))
    assert RANK_CELL.findall(html) == ["1"] * 10


def test_leaderboard_ranks_match_the_standings(client, referee):
    tournament = played(16, referee)  # tables of 5, 5 and 6: the 5-table bonus makes ties likely
    standings = selectors.group_standings(tournament)
    html = body(client.get(reverse("leaderboard", args=[tournament.pk])))
    assert RANK_CELL.findall(html) == [str(row.rank) for row in standings.rows]
    top = standings.rows[0]
    assert top.participant.name in row_of(html, top.participant.name)
    assert f"{top.wins}</td>" in row_of(html, top.participant.name)


def test_leaderboard_marks_excluded_and_counts_missing_games(client, referee):
    tournament = played(10, referee)  # 2 tables of 5 games each, rounds 1-3 played
    cheat = tournament.participants.order_by("id")[3]
    services.penalty_give(participant=cheat, kind="exclusion", reason="Marked cards", actor=referee)
    html = body(client.get(reverse("leaderboard", args=[tournament.pk])))
    row = row_of(html, cheat.name)
    assert re.match(r'<tr class="excluded\b', row)
    assert ">excluded<" in row
    # Excluded players drop to the bottom.
    assert RANK_CELL.findall(html)[-1] == RANK_CELL.findall(row)[0]
    standings = selectors.group_standings(tournament)
    assert standings.games_missing > 0
    assert f"{standings.games_missing} games still missing" in html
    assert f"{standings.games_recorded} of {standings.games_total} games recorded" in html


def test_leaderboard_is_sortable(client, referee):
    tournament = played(10, referee)
    url = reverse("leaderboard", args=[tournament.pk])
    html = body(client.get(url, {"sort": "name"}))
    names = re.findall(r'<a href="/t/\d+/players/\d+/">([^<]+)</a>', html)
    assert names == sorted(names)
    assert 'aria-sort="ascending"' in html


def test_fragment_answers_304_until_something_changes(client, referee):
    tournament = played(10, referee)
    url = reverse("leaderboard_fragment", args=[tournament.pk])
    first = client.get(url)
    assert first.status_code == 200
    etag = first.headers["ETag"]
    assert "no-cache" in first.headers["Cache-Control"]

    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url, headers={"if-none-match": etag}).status_code == 304
    assert len(ctx.captured_queries) == 1  # nothing changed: one cheap query

    # A new result changes the tag: the page gets the new body.
    demo.play_group_rounds(tournament, rounds=range(4, 5), rng=random.Random(2), referees=[referee])
    after_result = client.get(url, headers={"if-none-match": etag})
    assert after_result.status_code == 200
    assert after_result.headers["ETag"] != etag
    assert "8 of 10 games recorded" in after_result.content.decode()

    # So does a penalty.
    etag = after_result.headers["ETag"]
    assert client.get(url, headers={"if-none-match": etag}).status_code == 304
    services.penalty_give(
        participant=tournament.participants.first(),
        kind="deduction",
        amount=500,
        reason="Slow play",
        actor=referee,
    )
    after_penalty = client.get(url, headers={"if-none-match": etag})
    assert after_penalty.status_code == 200
    assert after_penalty.headers["ETag"] != etag


def test_fragment_tag_depends_on_language_and_sort(client):
    tournament = factories.drawn_tournament(10)
    url = reverse("leaderboard_fragment", args=[tournament.pk])
    english = client.get(url).headers["ETag"]
    german = Client(headers={"accept-language": "de"}).get(url).headers["ETag"]
    by_name = client.get(url, {"sort": "name"}).headers["ETag"]
    assert len({english, german, by_name}) == 3


def test_leaderboard_page_carries_the_tag_for_its_first_poll(client):
    tournament = factories.drawn_tournament(10)
    page = body(client.get(reverse("leaderboard", args=[tournament.pk])))
    etag = client.get(reverse("leaderboard_fragment", args=[tournament.pk])).headers["ETag"]
    assert f'data-etag="{etag.replace(chr(34), "&quot;")}"' in page
    assert 'hx-trigger="every 3s"' in page


# --------------------------------------------------------------------------- projector


def test_projector_shows_qr_code_and_tables_still_playing(client, referee):
    tournament = played(10, referee)
    html = body(client.get(reverse("projector", args=[tournament.pk])))
    assert "<svg" in html
    assert f"http://testserver/t/{tournament.pk}/leaderboard/" in html
    assert "Table 1 · round 4" in html
    assert "Table 2 · round 4" in html
    assert 'data-rows-per-page="15"' in html
    assert len(RANK_CELL.findall(html)) == 10


# --------------------------------------------------------------------------- seating


def test_seating_lists_everyone_by_name_and_by_table(client):
    tournament = factories.drawn_tournament(11)  # tables of 6 and 5
    html = body(client.get(reverse("seating", args=[tournament.pk])))
    for seat in Seat.objects.filter(table__tournament=tournament).select_related(
        "participant", "table"
    ):
        assert seat.participant.name in html
    assert "(6 players)" in html
    assert "(5 players)" in html
    assert "test" in html  # the seed is shown


def test_seating_search_filters_by_name_ignoring_case_and_accents(client):
    tournament = factories.drawn_tournament(10)
    target = tournament.participants.order_by("id")[2]  # "Clara Müller 3"
    assert "Müller" in target.name
    query = target.name.replace("ü", "u").upper()
    html = body(client.get(reverse("seating", args=[tournament.pk]), {"q": query}))
    rows = re.findall(r"<tr ([^>]*data-name[^>]*)>\s*<td[^>]*><a[^>]*>([^<]+)</a>", html)
    assert len(rows) == 10  # all rendered; the script can widen the search again
    assert [name for attrs, name in rows if "hidden" not in attrs] == [target.name]
    assert "1 of 10 shown" in html
    assert f"<mark>{target.name}</mark>" in html


# --------------------------------------------------------------------------- player


def test_player_page_shows_seat_sheriff_round_and_recorded_games(client, referee):
    tournament = played(10, referee)
    seat = Seat.objects.select_related("table", "participant").get(
        table__tournament=tournament, table__stage=Stage.GROUP, table__number=2, position=2
    )
    player = seat.participant
    html = body(client.get(reverse("player", args=[tournament.pk, player.pk])))
    assert re.search(r'data-testid="table">2<', html)
    assert re.search(r'data-testid="seat">2<', html)
    assert re.search(r'data-testid="sheriff-round">2<', html)

    lines = ResultSeat.objects.filter(participant=player, result__is_current=True).select_related(
        "result__game"
    )
    assert lines.count() == 3
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", html.split('class="data player-games"')[1], re.S)
    rows = [r for r in rows if "<td" in r]
    assert len(rows) == 5  # a 5-table plays 5 rounds
    for line in lines:
        row = rows[line.result.game.round - 1]
        assert line.get_role_display() in row
        assert ("won" if line.won else "lost") in row
    assert "Sheriff" in rows[1]  # position 2 = Sheriff in round 2
    # Round 4 is not recorded: no role is shown.
    for role in ("Sheriff", "Deputy", "Outlaw", "Renegade"):
        assert role not in rows[3]
    assert "not yet played" in rows[3]

    row = next(r for r in selectors.group_standings(tournament).rows if r.participant == player)
    assert re.search(rf'data-testid="rank">{row.rank}\.<', html)


def test_player_page_shows_penalties(client, referee):
    tournament = factories.drawn_tournament(10)
    player = tournament.participants.first()
    services.penalty_give(
        participant=player, kind="warning", reason="Loud table talk", actor=referee
    )
    html = body(client.get(reverse("player", args=[tournament.pk, player.pk])))
    assert "Loud table talk" in html
    assert "warning" in html


# --------------------------------------------------------------------------- knockout, ranking


@pytest.fixture
def finished(referee) -> tuple[Tournament, Knockout]:
    tournament = played(10, referee, rounds=range(1, 6))
    return tournament, play_knockout(
        tournament, seed="ko", rng=random.Random(2), referees=[referee]
    )


def test_knockout_and_ranking_before_the_knockout(client, referee):
    tournament = played(10, referee)
    html = body(client.get(reverse("knockout", args=[tournament.pk])))
    assert "The knockout has not started yet." in html
    html = body(client.get(reverse("ranking", args=[tournament.pk])))
    assert "Ranking so far" in html
    assert 'data-testid="champion"' not in html
    assert len(re.findall(r'<td class="num">\d+\.</td>', html)) == 10


def test_knockout_page_shows_tables_picks_and_results(client, finished):
    tournament, knockout = finished
    html = body(client.get(reverse("knockout", args=[tournament.pk])))
    assert f'Champion: <a href="/t/{tournament.pk}/players/{knockout.champion_id}/">' in html
    for table in selectors.knockout_tables(tournament):
        assert f"Round {table.round}" in html
        for seat in table.seat_list:
            assert seat.participant.name in html
    assert "won" in html
    assert "lost" in html


def test_ranking_names_champion_and_title_holder(client, finished):
    tournament, knockout = finished
    html = body(client.get(reverse("ranking", args=[tournament.pk])))
    champion = knockout.champion
    assert "Final ranking" in html
    assert champion.name in html.split('data-testid="champion"')[1].split("</div>")[0]
    # Everyone is German here: the champion holds the title too.
    assert champion.name in html.split('data-testid="title-holder"')[1].split("</div>")[0]

    # A foreign champion: the best-placed German gets the title.
    champion.nationality = "FR"
    champion.save()
    rows = selectors.final_ranking(tournament).rows
    best_german = next(r.participant for r in rows if r.participant.pk != champion.pk)
    html = body(client.get(reverse("ranking", args=[tournament.pk])))
    holder = html.split('data-testid="title-holder"')[1].split("</div>")[0]
    assert best_german.name in holder
    assert champion.name not in holder


def test_player_page_shows_the_knockout_path(client, finished):
    tournament, knockout = finished
    html = body(client.get(reverse("player", args=[tournament.pk, knockout.champion_id])))
    assert "Knockout path" in html
    assert html.count(">champion<") == 1  # only the last game they won
    loser = next(
        s.participant
        for s in Seat.objects.filter(table__tournament=tournament, table__stage=Stage.KNOCKOUT)
        if s.participant_id != knockout.champion_id
    )
    html = body(client.get(reverse("player", args=[tournament.pk, loser.pk])))
    assert "Knockout path" in html
    assert ">out<" in html
    assert f"Knockout seed</dt><dd>{knockout.seeding.index(loser.pk) + 1}<" in html


# --------------------------------------------------------------------------- query counts


def _count(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


def _urls(tournament: Tournament) -> dict[str, str]:
    player = Participant.objects.filter(tournament=tournament).order_by("id").last()
    return {
        "leaderboard": reverse("leaderboard", args=[tournament.pk]),
        "leaderboard_fragment": reverse("leaderboard_fragment", args=[tournament.pk]),
        "projector": reverse("projector", args=[tournament.pk]),
        "player": reverse("player", args=[tournament.pk, player.pk]),
        "seating": reverse("seating", args=[tournament.pk]),
    }


MAX_QUERIES = {
    "leaderboard": 8,
    "leaderboard_fragment": 8,
    "projector": 8,
    "player": 12,
    "seating": 4,
}


def test_query_counts_do_not_grow_with_the_tournament(
    client, referee, django_assert_max_num_queries
):
    small = played(10, referee)
    large = played(126, referee)
    assert Game.objects.filter(tournament=large, status=Game.Status.RECORDED).count() == 63
    counts = {}
    for size, tournament in (("small", small), ("large", large)):
        for page, url in _urls(tournament).items():
            with django_assert_max_num_queries(MAX_QUERIES[page]):
                assert client.get(url).status_code == 200
            counts[size, page] = _count(client, url)
    for page in MAX_QUERIES:
        assert counts["small", page] == counts["large", page], page


def test_the_knockout_page_follows_results_live(client, referee):
    from tournaments.simulation import open_games, record_random_results

    tournament = played(10, referee, rounds=range(1, 6))
    services.knockout_start(tournament=tournament, seed="live", actor=referee)
    url = reverse("knockout_fragment", args=[tournament.pk])
    first = client.get(url)
    etag = first.headers["ETag"]
    assert client.get(url, headers={"if-none-match": etag}).status_code == 304

    record_random_results(
        open_games(tournament, stage=Stage.KNOCKOUT), rng=random.Random(4), referees=[referee]
    )
    changed = client.get(url, headers={"if-none-match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert "badge-win" in body(changed)  # a winner is marked now
