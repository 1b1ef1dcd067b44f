"""Leaving the tournament and the stages' locks (rules.md §7, §8): exclusion is final,
who left before the draw does not count, the final is locked once the champion is named."""

from __future__ import annotations

import pytest

from scoring.results import SeatReport
from tests import factories
from tests.tournaments.services.test_knockout import all_outlaws_win, play_group, record
from tournaments import services
from tournaments.errors import Conflict
from tournaments.models import Game, Participant, Table
from tournaments.selectors import final_ranking, group_standings

pytestmark = pytest.mark.django_db


def test_an_exclusion_is_final_a_later_withdrawal_is_refused(organiser, referee):
    tournament = factories.drawn_tournament(10)
    player = tournament.participants.first()
    services.penalty_give(participant=player, kind="exclusion", reason="Betrug", actor=referee)
    with pytest.raises(Conflict) as refused:
        services.participant_withdraw(participant=player, actor=organiser, reason="old page")
    assert refused.value.errors[0].code == "already_excluded"
    player.refresh_from_db()
    assert player.status == Participant.Status.EXCLUDED
    # leaving twice the same way is refused as well, and changes nothing
    other = tournament.participants.exclude(pk=player.pk).first()
    services.participant_withdraw(participant=other, actor=organiser)
    with pytest.raises(Conflict) as twice:
        services.participant_withdraw(participant=other, actor=organiser)
    assert twice.value.errors[0].code == "already_withdrawn"


def test_a_stale_participant_object_cannot_undo_an_exclusion(organiser, referee):
    tournament = factories.drawn_tournament(10)
    stale = tournament.participants.first()
    fresh = Participant.objects.get(pk=stale.pk)
    services.penalty_give(participant=fresh, kind="exclusion", reason="Betrug", actor=referee)
    assert stale.status == Participant.Status.ACTIVE  # what an old page saw
    with pytest.raises(Conflict):
        services.participant_leave(
            participant=stale, status=Participant.Status.WITHDRAWN, actor=organiser, reason=""
        )
    stale.refresh_from_db()
    assert stale.status == Participant.Status.EXCLUDED


def test_a_pre_draw_exclusion_does_not_count_for_tables_or_the_knockout_field(referee):
    tournament = factories.make_tournament()
    players = factories.add_participants(tournament, 21)
    services.penalty_give(participant=players[3], kind="exclusion", reason="früh", actor=referee)
    services.group_stage_draw(tournament=tournament, seed="x")
    tables = Table.objects.filter(tournament=tournament, stage="group")
    assert sorted(t.size for t in tables) == [5, 5, 5, 5]
    assert not players[3].seats.exists()
    all_outlaws_win(tournament, referee)
    knockout = services.knockout_start(tournament=tournament, seed="ko")  # default field
    assert knockout.field_size == 4
    assert players[3].pk not in knockout.seeding
    row = next(r for r in group_standings(tournament).rows if r.participant == players[3])
    assert row.excluded and row.table is None


def test_a_table_whose_best_player_was_excluded_sends_its_best_eligible_player(referee):
    tournament = factories.drawn_tournament(10)
    play_group(tournament, referee, seed=3)
    standings = group_standings(tournament)
    best_of_table_1 = min(
        (r for r in standings.rows if r.table == 1), key=lambda r: r.table_rank or 99
    )
    services.penalty_give(
        participant=best_of_table_1.participant, kind="exclusion", reason="x", actor=referee
    )
    knockout = services.knockout_start(tournament=tournament, seed="ko", field_size=2)
    standings = group_standings(tournament)
    eligible = sorted(
        (r for r in standings.rows if r.table == 1 and not r.excluded),
        key=lambda r: (r.table_rank, r.participant.pk),
    )
    assert best_of_table_1.participant.pk not in knockout.seeding
    assert eligible[0].participant.pk in knockout.seeding


def _final(tournament, organiser, referee):
    """Play a 6-player tournament to a duel; answer the duel's game and its seats."""
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
    return duel.games.get(), list(duel.seats.order_by("position"))


def test_the_final_is_locked_once_the_champion_is_named(organiser, referee):
    tournament = factories.drawn_tournament(6)
    game, (a, b) = _final(tournament, organiser, referee)
    duel = [SeatReport(position=a.position, role=None), SeatReport(position=b.position, role=None)]
    services.result_record(game=game, seats=duel, winner=b.position, actor=referee)
    # before the champion is named, a correction is still possible
    services.result_record(
        game=game, seats=duel, winner=a.position, reason="Tippfehler", version=1, actor=referee
    )
    knockout = services.knockout_next_round(tournament=tournament, actor=organiser)
    assert knockout.champion_id == a.participant_id
    with pytest.raises(Conflict) as refused:
        services.result_record(
            game=game, seats=duel, winner=b.position, reason="zu spät", version=2, actor=referee
        )
    assert refused.value.errors[0].code == "round_closed"
    game.refresh_from_db()
    assert game.version == 2
    assert final_ranking(tournament).champion == a.participant


def test_non_qualifiers_who_share_a_group_rank_share_their_final_place(organiser, referee):
    # Every group game the same ending with rotating roles: all ten tie on everything.
    tournament = factories.drawn_tournament(10)
    all_outlaws_win(tournament, referee)
    assert len({r.rank for r in group_standings(tournament).rows}) == 1
    services.knockout_start(tournament=tournament, seed="ko", field_size=4)
    ranking = final_ranking(tournament)
    assert [r.place for r in ranking.rows] == [1, 2, 3, 4, 5, 5, 5, 5, 5, 5]
    assert Game.objects.filter(tournament=tournament, stage="knockout").count() == 1
