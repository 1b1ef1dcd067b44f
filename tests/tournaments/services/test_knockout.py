"""The knockout: qualification with lots, rounds to the champion, the final ranking."""

from __future__ import annotations

import random
from io import StringIO

import pytest
from django.core.management import call_command

from scoring.lots import LEGACY_ALGORITHM
from scoring.results import SeatReport, validate_result
from scoring.rulesets import Role
from scoring.seating import draw_knockout_tables
from scoring.simulate import random_result
from tests import factories
from tournaments import selectors, services
from tournaments.errors import Conflict
from tournaments.models import Game, Knockout, LotDraw, Participant, Result, Table, Tournament
from tournaments.selectors import final_ranking, group_standings
from tournaments.services.knockout import _seat_knockout_round
from tournaments.simulation import open_games, record_random_results, simulate_tournament

pytestmark = pytest.mark.django_db

CHARACTERS = [
    "Willy the Kid",
    "El Gringo",
    "Jourdonnais",
    "Black Jack",
    "Lucky Duke",
    "Kit Carlson",
]


def record(game: Game, actor, seats: dict[int, tuple], winner=None) -> None:
    """seats: position -> (role, lives, eliminated_by)."""
    services.result_record(
        game=game,
        seats=[
            SeatReport(
                position=p,
                role=Role(role) if role else None,
                character=CHARACTERS[i] if role or game.tournament.ruleset == "bang" else None,
                lives=lives,
                eliminated_by=by,
            )
            for i, (p, (role, lives, by)) in enumerate(sorted(seats.items()))
        ],
        winner=winner,
        actor=actor,
    )


def all_outlaws_win(tournament, actor) -> None:
    """Every group game: the Outlaws win, everyone out but the first Outlaw (rules.md
    §5.9: somebody is alive). Rotating roles give everyone the same bounty, wins and
    lives: a complete tie at every table."""
    for game in Game.objects.filter(tournament=tournament, stage="group").select_related("table"):
        size = game.table.size
        roles = (
            ["sheriff", "renegade", "outlaw", "outlaw", "deputy"]
            if size == 5
            else ["sheriff", "renegade", "outlaw", "outlaw", "outlaw", "deputy"]
        )
        seats = {
            (game.round - 1 + i) % size + 1: (role, 1 if i == 2 else 0, None)
            for i, role in enumerate(roles)
        }
        record(game, actor, seats)


def play_group(tournament, referee, seed=1) -> None:
    rng = random.Random(seed)
    record_random_results(open_games(tournament, stage="group"), rng=rng, referees=[referee])


def test_the_knockout_cannot_start_while_group_games_are_missing(referee):
    tournament = factories.drawn_tournament(10)
    with pytest.raises(Conflict) as error:
        services.knockout_start(tournament=tournament, seed="ko")
    assert error.value.errors[0].code == "round_incomplete"
    assert not Knockout.objects.exists()


@pytest.mark.parametrize(
    ("participants", "tables", "field"), [(6, 1, 4), (23, 4, 4), (126, 21, 21)]
)
def test_qualification_takes_each_table_winner_and_fills_to_the_field_size(
    participants, tables, field, referee
):
    tournament = factories.drawn_tournament(participants, settings={"max_participants": 126})
    play_group(tournament, referee)
    knockout = services.knockout_start(tournament=tournament, seed="ko")
    assert knockout.field_size == field and len(knockout.seeding) == field
    ranking = {row.participant.pk: row for row in final_ranking(tournament).rows}
    standings = group_standings(tournament)
    winners = {r.participant.pk for r in standings.rows if r.table_rank == 1}
    assert len({r.table for r in standings.rows}) == tables
    # every table's winner qualifies (ties at a table are settled by a recorded lot)
    for table in range(1, tables + 1):
        at_table = {r.participant.pk for r in standings.rows if r.table == table}
        assert at_table & set(knockout.seeding)
    assert len(winners & set(knockout.seeding)) >= tables
    assert set(ranking) == {p.pk for p in Participant.objects.filter(tournament=tournament)}


def test_a_field_size_larger_than_the_number_of_tables(referee):
    tournament = factories.drawn_tournament(23)
    play_group(tournament, referee)
    knockout = services.knockout_start(tournament=tournament, seed="ko", field_size=9)
    order = [r.participant.pk for r in group_standings(tournament).rows]
    assert len(knockout.seeding) == 9
    # seeding follows the group standings
    assert knockout.seeding == sorted(knockout.seeding, key=order.index)
    tables = Table.objects.filter(tournament=tournament, stage="knockout", round=1)
    assert sorted(t.size for t in tables) == [4, 5]


def test_a_tie_for_qualifying_places_is_settled_by_a_recorded_lot(referee, organiser_api):
    tournament = factories.drawn_tournament(10)
    all_outlaws_win(tournament, referee)
    standings = organiser_api.get(f"/api/tournaments/{tournament.pk}/standings/").json()
    assert {r["rank"] for r in standings["rows"]} == {1}  # everyone shares rank 1
    assert {r["bounty"] for r in standings["rows"]} == {2 * 2000 + 150 + 1400}  # 150: survived once

    response = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/knockout/start/", {"seed": "Los"}, format="json"
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    purposes = sorted(lot["purpose"] for lot in body["lots"])
    assert purposes == ["last_place", "seeding", "table_winner", "table_winner"]
    table_lots = [lot for lot in body["lots"] if lot["purpose"] == "table_winner"]
    assert all(lot["order"][0] in body["seeding"] for lot in table_lots)
    assert LotDraw.objects.filter(tournament=tournament).count() == 4
    assert len(body["seeding"]) == 4

    # the lots are shown with the knockout, in the order they were drawn
    shown = organiser_api.get(f"/api/tournaments/{tournament.pk}/knockout/").json()["lots"]
    assert shown == body["lots"]


def _roles_for(table: Table, roles: list[tuple]) -> dict[int, tuple]:
    return {seat.position: roles[i] for i, seat in enumerate(table.seats.order_by("position"))}


def test_renegade_winner_moves_to_the_top_and_the_three_player_game_decides(organiser, referee):
    tournament = factories.drawn_tournament(12)
    play_group(tournament, referee, seed=3)
    knockout = services.knockout_start(tournament=tournament, seed="ko", field_size=8)
    first_seeding = list(knockout.seeding)
    table1, table2 = Table.objects.filter(tournament=tournament, stage="knockout").order_by(
        "number"
    )
    assert (table1.size, table2.size) == (4, 4)
    assert table1.pick_order == [p for p in first_seeding if p in table1.pick_order]

    # table 1: the Renegade wins (the Sheriff is out, the Renegade is the only one alive)
    t1 = _roles_for(
        table1,
        [("sheriff", 0, None), ("renegade", 2, None), ("outlaw", 0, None), ("outlaw", 0, None)],
    )
    record(table1.games.get(), referee, t1)
    # table 2: the Outlaws win
    t2 = _roles_for(
        table2,
        [("sheriff", 0, None), ("renegade", 0, None), ("outlaw", 1, None), ("outlaw", 0, None)],
    )
    record(table2.games.get(), referee, t2)

    renegade = table1.seats.get(position=next(p for p, v in t1.items() if v[0] == "renegade"))
    outlaws = [
        table2.seats.get(position=p).participant_id for p, v in t2.items() if v[0] == "outlaw"
    ]
    knockout = services.knockout_next_round(tournament=tournament, actor=organiser)
    assert knockout.seeding[0] == renegade.participant_id
    assert knockout.seeding[1:] == [p for p in first_seeding if p != renegade.participant_id]
    assert knockout.current_round == 2 and knockout.champion_id is None

    [final] = Table.objects.filter(tournament=tournament, stage="knockout", round=2)
    assert final.size == 3
    assert set(final.seats.values_list("participant_id", flat=True)) == {
        renegade.participant_id,
        *outlaws,
    }
    # three players: the Deputy eliminates the Renegade, their own target, and wins at once
    seats = list(final.seats.order_by("position"))
    result = {
        seats[0].position: ("deputy", 2, None),
        seats[1].position: ("renegade", 0, seats[0].position),
        seats[2].position: ("outlaw", 1, None),
    }
    with pytest.raises(services.InvalidInput):  # the winner named must match
        record(final.games.get(), referee, result, winner="outlaw")
    record(final.games.get(), referee, result, winner="deputy")
    knockout = services.knockout_next_round(tournament=tournament, actor=organiser)
    assert knockout.champion_id == seats[0].participant_id

    ranking = final_ranking(tournament)
    assert ranking.final and ranking.champion.pk == seats[0].participant_id
    order = [row.participant.pk for row in ranking.rows]
    # then the two out in round 2, by the seeding list (the Renegade first: moved to the top)
    round2_out = [
        p for p in knockout.seeding if p in {seats[1].participant_id, seats[2].participant_id}
    ]
    assert order[1:3] == round2_out
    # then the five out in round 1, by the seeding list
    round1_out = [p for p in knockout.seeding if p not in {*round2_out, seats[0].participant_id}]
    assert order[3:8] == round1_out
    assert [r.knockout_round_reached for r in ranking.rows[:8]] == [2, 2, 2, 1, 1, 1, 1, 1]
    # then the four non-qualifiers in group-standings order
    group_order = [r.participant.pk for r in group_standings(tournament).rows]
    assert order[8:] == [p for p in group_order if p not in knockout.seeding]
    assert ranking.title_holder.pk == order[0]  # everyone in the factory is German


def _final_duel(organiser, referee) -> tuple[Tournament, Table]:
    """A knockout of four whose first table the outlaws win: two go on to a duel."""
    tournament = factories.drawn_tournament(6)
    play_group(tournament, referee, seed=5)
    services.knockout_start(tournament=tournament, seed="duel", field_size=4)
    [table] = Table.objects.filter(tournament=tournament, stage="knockout")
    seats = [s.position for s in table.seats.order_by("position")]
    record(
        table.games.get(),
        referee,
        {
            seats[0]: ("sheriff", 0, None),
            seats[1]: ("renegade", 0, None),
            seats[2]: ("outlaw", 1, None),
            seats[3]: ("outlaw", 0, None),
        },
    )
    services.knockout_next_round(tournament=tournament, actor=organiser)
    [duel] = Table.objects.filter(tournament=tournament, stage="knockout", round=2)
    return tournament, duel


def test_a_duel_needs_a_winner_and_the_survivor_wins(organiser, referee):
    tournament, duel = _final_duel(organiser, referee)
    assert duel.size == 2
    a, b = duel.seats.order_by("position")
    game = duel.games.get()
    with pytest.raises(services.InvalidInput) as error:
        services.result_record(
            game=game,
            seats=[
                SeatReport(position=a.position, role=None),
                SeatReport(position=b.position, role=None),
            ],
            actor=referee,
        )
    assert error.value.errors[0].code == "winner_required"
    services.result_record(
        game=game,
        seats=[
            SeatReport(position=a.position, role=None),
            SeatReport(position=b.position, role=None),
        ],
        winner=b.position,
        actor=referee,
    )
    knockout = services.knockout_next_round(tournament=tournament, actor=organiser)
    assert knockout.champion_id == b.participant_id
    with pytest.raises(Conflict):
        services.knockout_next_round(tournament=tournament, actor=organiser)


@pytest.mark.parametrize(
    ("participants", "seed"), [(5, "a"), (6, "b"), (11, "c"), (17, "d"), (30, "e"), (58, "f")]
)
def test_rehearsals_of_whole_tournaments_end_with_a_champion(participants, seed, organiser):
    tournament = simulate_tournament(participants=participants, seed=seed, organiser=organiser)
    ranking = final_ranking(tournament)
    assert ranking.final and ranking.champion is not None
    places = [r.place for r in ranking.rows]
    # one place each, but non-qualifiers who share a group rank share a place (1, 2, 2, 4)
    assert len(places) == participants and places[0] == 1
    assert all(p in (i + 1, places[i - 1]) for i, p in enumerate(places) if i)
    assert ranking.rows[0].participant == ranking.champion
    assert not Game.objects.filter(tournament=tournament, status="open").exists()
    # every recorded result passes the rules engine again
    for result in Result.objects.filter(game__tournament=tournament).prefetch_related("seats"):
        game = result.game
        reports = selectors.seat_reports(result)
        winner = int(result.winner) if result.winner.isdigit() else result.winner
        assert validate_result(selectors.game_spec(game), reports, winner=winner) == []


def test_simulate_tournament_command_126_players_prints_its_time():
    out = StringIO()
    call_command("simulate_tournament", participants=126, seed="cmd", stdout=out)
    text = out.getvalue()
    assert "126 participants, 126 group games" in text
    assert "Champion:" in text and "Simulated in" in text


def test_whole_flow_through_the_api_alone(organiser_api, referee):
    created = organiser_api.post(
        "/api/tournaments/",
        {"name": "API-Turnier", "date": "2027-03-13", "ruleset": "showdown"},
        format="json",
    ).json()
    tid = created["id"]
    organiser_api.post(
        f"/api/tournaments/{tid}/participants/",
        [{"name": f"P{i}", "nationality": "AT" if i % 3 else "DE"} for i in range(11)],
        format="json",
    )
    assert (
        organiser_api.post(
            f"/api/tournaments/{tid}/group-stage/draw/", {"seed": "api"}, format="json"
        ).status_code
        == 201
    )
    rng = random.Random(7)

    def play(stage: str) -> None:
        for game in organiser_api.get(f"/api/tournaments/{tid}/games/?stage={stage}").json():
            if game["status"] != "open":
                continue
            spec = selectors.game_spec(Game.objects.get(pk=game["id"]))
            reports, winner = random_result(spec, rng)
            body = factories.result_json(reports, winner)
            response = organiser_api.put(f"/api/games/{game['id']}/result/", body, format="json")
            assert response.status_code == 200, response.json()

    early = organiser_api.post(
        f"/api/tournaments/{tid}/knockout/start/", {"seed": "k"}, format="json"
    )
    assert early.status_code == 409 and early.json()["errors"][0]["code"] == "round_incomplete"
    play("group")
    started = organiser_api.post(
        f"/api/tournaments/{tid}/knockout/start/", {"seed": "k"}, format="json"
    )
    assert started.status_code == 201
    assert started.json()["round"] == 1 and len(started.json()["seeding"]) == 4
    for _ in range(10):
        play("knockout")
        response = organiser_api.post(
            f"/api/tournaments/{tid}/knockout/next-round/", {"seed": "n"}, format="json"
        )
        if response.status_code == 200:
            champion = response.json()["champion"]
            break
        assert response.status_code == 201
    ranking = organiser_api.get(f"/api/tournaments/{tid}/ranking/").json()
    assert ranking["final"] is True and ranking["champion"] == champion
    assert ranking["rows"][0]["participant"] == champion
    german = [r["participant"] for r in ranking["rows"] if r["nationality"] == "DE"]
    assert ranking["title_holder"] == german[0]


def test_every_knockout_round_records_its_seed_and_the_draw_can_be_rerun(organiser, referee):
    tournament = factories.drawn_tournament(23)
    play_group(tournament, referee, seed=8)
    knockout = services.knockout_start(tournament=tournament, seed="Bamberg", field_size=9)
    tables = list(Table.objects.filter(tournament=tournament, stage="knockout").order_by("number"))
    assert {t.seed for t in tables} == {"Bamberg"}
    assert {t.algorithm["name"] for t in tables} == {"sha256-fisher-yates"}
    seated = [
        list(t.seats.order_by("position").values_list("participant_id", flat=True)) for t in tables
    ]
    assert draw_knockout_tables(knockout.seeding, seed="Bamberg", round=1) == seated


def test_a_knockout_begun_under_the_legacy_algorithm_goes_on_under_it(organiser, referee):
    tournament = factories.drawn_tournament(23)
    play_group(tournament, referee, seed=8)
    knockout = services.knockout_start(tournament=tournament, seed="Bamberg", field_size=9)
    Knockout.objects.filter(pk=knockout.pk).update(algorithm=LEGACY_ALGORITHM)
    knockout.refresh_from_db()
    players = knockout.seeding[:9]
    Table.objects.filter(tournament=tournament, stage="knockout").delete()
    layout = _seat_knockout_round(knockout, players=players, round=1)
    assert layout == draw_knockout_tables(
        players, seed="Bamberg:round-1", algorithm=LEGACY_ALGORITHM
    )


def test_a_player_excluded_in_the_final_duel_hands_the_title_to_the_other(organiser, referee):
    tournament, duel = _final_duel(organiser, referee)
    leaving, staying = (s.participant for s in duel.seats.order_by("position"))
    services.penalty_give(participant=leaving, kind="exclusion", reason="Betrug", actor=referee)

    game = duel.games.get()
    assert game.status == Game.Status.VOID
    with pytest.raises(Conflict):  # nothing to record for a game that is not played
        services.result_record(
            game=game,
            seats=[SeatReport(position=1, role=None), SeatReport(2, None)],
            winner=1,
            actor=referee,
        )
    knockout = services.knockout_next_round(tournament=tournament, actor=organiser)
    assert knockout.champion_id == staying.pk
    ranking = final_ranking(tournament)
    assert ranking.champion == staying
    assert ranking.rows[-1].participant == leaving and ranking.rows[-1].excluded


def test_an_excluded_player_leaves_a_knockout_table_of_four_playing_three(organiser, referee):
    tournament = factories.drawn_tournament(12)
    play_group(tournament, referee, seed=6)
    services.knockout_start(tournament=tournament, seed="drei", field_size=4)
    [table] = Table.objects.filter(tournament=tournament, stage="knockout")
    leaving = table.seats.order_by("position").first().participant
    services.participant_withdraw(participant=leaving, actor=organiser)
    game = table.games.get()
    assert game.status == Game.Status.OPEN
    assert len(selectors.game_spec(game).positions) == 3  # now the three-player game


def test_group_results_are_final_once_the_knockout_has_started(organiser, referee):
    tournament = factories.drawn_tournament(10)
    play_group(tournament, referee, seed=9)
    services.knockout_start(tournament=tournament, seed="ko")
    result = tournament.games.filter(stage="group").first().results.get()
    with pytest.raises(Conflict) as refused:
        services.result_record(
            game=result.game,
            seats=selectors.seat_reports(result),
            reason="zu spät",
            version=1,
            actor=referee,
        )
    assert refused.value.errors[0].code == "round_closed"
    assert result.game.results.count() == 1
