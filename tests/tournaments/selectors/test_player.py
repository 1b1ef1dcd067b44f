"""``selectors.player_record``: one participant's page as frozen dataclasses."""

from __future__ import annotations

import dataclasses
import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests import factories
from tournaments import demo, selectors, services
from tournaments.models import Participant, ResultSeat, Seat, Stage, Tournament
from tournaments.simulation import play_knockout

pytestmark = pytest.mark.django_db


def _loaded(tournament: Tournament) -> Tournament:
    """The tournament as the page loads it (knockout selected with it)."""
    return Tournament.objects.select_related("knockout__champion").get(pk=tournament.pk)


def test_record_is_a_frozen_read_model(referee):
    tournament = factories.drawn_tournament(10)
    player = tournament.participants.order_by("id").first()
    record = selectors.player_record(_loaded(tournament), player)
    assert isinstance(record, selectors.PlayerRecord)
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.seed_number = 3  # type: ignore[misc]
    for game in record.games:
        assert isinstance(game, selectors.PlayerGame)


def test_seat_and_table_mates_come_from_the_draw(referee):
    tournament = factories.drawn_tournament(11)  # tables of 6 and 5
    seat = Seat.objects.select_related("table", "participant").get(
        table__tournament=tournament, table__stage=Stage.GROUP, table__number=1, position=3
    )
    record = selectors.player_record(_loaded(tournament), seat.participant)
    assert record.group_seat == selectors.GroupSeat(table=1, position=3)
    expected = [
        (s.position, s.participant_id, s.participant.name)
        for s in Seat.objects.filter(table=seat.table).select_related("participant")
    ]
    assert [(m.position, m.participant_id, m.name) for m in record.table_mates] == expected


def test_before_the_draw_there_is_no_seat():
    tournament = factories.make_tournament()
    player = factories.add_participants(tournament, 10)[0]
    record = selectors.player_record(_loaded(tournament), player)
    assert record.group_seat is None
    assert record.table_mates == ()
    assert record.games == ()


def test_games_carry_outcome_role_and_figures(referee):
    tournament = factories.drawn_tournament(10)
    demo.play_group_rounds(tournament, rounds=range(1, 3), rng=random.Random(1), referees=[referee])
    player = tournament.participants.order_by("id").first()
    record = selectors.player_record(_loaded(tournament), player)
    assert [g.round for g in record.games] == [1, 2, 3, 4, 5]
    lines = {
        line.result.game.round: line
        for line in ResultSeat.objects.counting(tournament)
        .filter(participant=player)
        .select_related("result__game")
    }
    for game in record.games:
        line = lines.get(game.round)
        if line is None:
            assert (game.outcome, game.role, game.lives, game.bounty) == ("open", None, None, None)
        else:
            assert game.outcome == ("won" if line.won else "lost")
            assert game.role == line.role
            assert game.role_label == line.get_role_display()
            assert (game.lives, game.bounty) == (line.lives, line.bounty)


def test_games_after_leaving_are_not_played(referee):
    tournament = factories.drawn_tournament(10)
    player = tournament.participants.order_by("id").first()
    services.penalty_give(participant=player, kind="exclusion", reason="Cheating", actor=referee)
    demo.play_group_rounds(tournament, rounds=range(1, 2), rng=random.Random(1), referees=[referee])
    player.refresh_from_db()
    assert player.status != Participant.Status.ACTIVE
    record = selectors.player_record(_loaded(tournament), player)
    assert record.games[0].outcome == "void"
    assert [p.kind for p in record.penalties] == ["exclusion"]
    assert record.penalties[0].kind_label == "exclusion"
    assert record.penalties[0].reason == "Cheating"


def test_knockout_path_seed_and_champion(referee):
    tournament = factories.drawn_tournament(10)
    demo.play_group_rounds(tournament, rounds=range(1, 6), rng=random.Random(1), referees=[referee])
    knockout = play_knockout(tournament, seed="ko", rng=random.Random(2), referees=[referee])
    champion = Participant.objects.get(pk=knockout.champion_id)
    record = selectors.player_record(_loaded(tournament), champion)
    assert record.seed_number == knockout.seeding.index(champion.pk) + 1
    assert record.knockout_path
    assert [step.champion for step in record.knockout_path][-1] is True
    assert sum(step.champion for step in record.knockout_path) == 1
    assert all(step.outcome == "won" for step in record.knockout_path)


def test_a_constant_number_of_queries(referee):
    counts = []
    for size in (10, 40):
        tournament = factories.drawn_tournament(size)
        demo.play_group_rounds(
            tournament, rounds=range(1, 3), rng=random.Random(1), referees=[referee]
        )
        loaded = _loaded(tournament)
        player = tournament.participants.order_by("id").last()
        with CaptureQueriesContext(connection) as ctx:
            selectors.player_record(loaded, player)
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1]
    # The standings, then the games, the result lines and the penalties.
    standings = len(_standings_queries(loaded))
    assert counts[0] == standings + 3


def _standings_queries(tournament: Tournament) -> list[dict[str, str]]:
    with CaptureQueriesContext(connection) as ctx:
        selectors.group_standings(tournament)
    return ctx.captured_queries
