"""A format's final table through the services (rules.md §14): start, champion, leaving."""

from __future__ import annotations

import json
import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests import factories
from tests.tournaments.services.test_backup import _answers
from tournaments import selectors, services
from tournaments.errors import Conflict
from tournaments.models import Game, Knockout, Participant, Seat, Stage
from tournaments.simulation import open_games, record_random_results

pytestmark = pytest.mark.django_db


def played_czech(count: int, referee, *, nationality: str = "DE", **settings):
    """A Czech club tournament with both parts drawn and played."""
    tournament = factories.make_tournament(format="czech_club", settings=settings or None)
    factories.add_participants(tournament, count, nationality=nationality)
    for part, seed in ((1, "Praha"), (2, "Brno")):
        services.group_stage_draw(tournament=tournament, seed=seed, part=part)
        games = open_games(tournament, stage=Stage.GROUP).filter(part=part)
        record_random_results(games, rng=random.Random(part), referees=[referee])
    return tournament


def play_final(tournament, referee, *, seed: int = 5) -> None:
    record_random_results(
        open_games(tournament, stage=Stage.FINAL), rng=random.Random(seed), referees=[referee]
    )


def queries(function, *args) -> int:
    with CaptureQueriesContext(connection) as context:
        function(*args)
    return len(context.captured_queries)


def test_standings_and_ranking_take_as_many_queries_with_more_players(referee):
    counts = []
    for players in (12, 30):
        tournament = played_czech(players, referee)
        services.knockout_start(tournament=tournament, seed="final")
        play_final(tournament, referee)
        tournament.refresh_from_db()
        assert selectors.final_ranking(tournament).final
        counts.append(
            (
                queries(selectors.group_standings, tournament),
                queries(selectors.final_ranking, tournament),
                queries(selectors.final_table_view, tournament),
            )
        )
    assert counts[0] == counts[1]


def confirm_all(tournament, stage: str, checker) -> None:
    for game in Game.objects.filter(tournament=tournament, stage=stage, status="recorded"):
        services.result_confirm(game=game, actor=checker, version=game.version)


def test_the_champion_waits_for_a_confirmed_correction(referee):
    checker = factories.make_referee()
    tournament = factories.make_tournament(format="czech_club", settings={"double_check": True})
    factories.add_participants(tournament, 12)
    for part, seed in ((1, "Praha"), (2, "Brno")):
        services.group_stage_draw(tournament=tournament, seed=seed, part=part)
        games = open_games(tournament, stage=Stage.GROUP).filter(part=part)
        record_random_results(games, rng=random.Random(part), referees=[referee])
        confirm_all(tournament, Stage.GROUP, checker)
    services.knockout_start(tournament=tournament, seed="final")
    play_final(tournament, referee)
    assert Knockout.objects.get(tournament=tournament).champion_id is None  # not confirmed yet
    confirm_all(tournament, Stage.FINAL, checker)
    knockout = Knockout.objects.get(tournament=tournament)
    champion = knockout.champion_id
    assert champion == selectors.final_ranking(tournament).rows[0].participant.pk
    assert selectors.tournament_phase(tournament) is selectors.Phase.FINISHED

    # A correction of the last game: no champion until it is confirmed.
    last = Game.objects.get(tournament=tournament, stage=Stage.FINAL, round=5)
    report = selectors.seat_reports(selectors.current_result(last))
    services.result_record(game=last, seats=report, reason="typo", actor=referee, version=1)
    assert Knockout.objects.get(tournament=tournament).champion_id is None
    assert selectors.tournament_phase(tournament) is selectors.Phase.KNOCKOUT
    services.result_confirm(game=last, actor=checker, version=2)
    assert Knockout.objects.get(tournament=tournament).champion_id == champion


def test_a_finalist_who_leaves_voids_the_game_of_their_sheriff_turn(referee):
    tournament = played_czech(12, referee)
    services.knockout_start(tournament=tournament, seed="final")
    seat = Seat.objects.get(table__tournament=tournament, table__stage=Stage.FINAL, position=3)
    services.participant_withdraw(participant=seat.participant)
    games = Game.objects.filter(tournament=tournament, stage=Stage.FINAL).order_by("round")
    assert [g.status for g in games] == ["open", "open", "void", "open", "open"]
    play_final(tournament, referee)
    ranking = selectors.final_ranking(tournament)
    assert ranking.final and ranking.champion is not None
    assert ranking.champion.pk != seat.participant_id
    assert ranking.champion.status == Participant.Status.ACTIVE


def test_a_knockout_after_parts_waits_for_every_part(referee):
    tournament = factories.make_tournament(
        format="czech_club", settings={"final": {"type": "knockout"}}
    )
    factories.add_participants(tournament, 12)
    services.group_stage_draw(tournament=tournament, seed="Praha")
    record_random_results(
        open_games(tournament, stage=Stage.GROUP), rng=random.Random(1), referees=[referee]
    )
    with pytest.raises(Conflict) as refused:
        services.knockout_start(tournament=tournament, seed="ko")
    assert refused.value.errors[0].code == "round_incomplete"


def test_the_final_table_refuses_a_field_size_and_a_second_start(referee):
    tournament = played_czech(12, referee)
    with pytest.raises(services.InvalidInput):
        services.knockout_start(tournament=tournament, seed="final", field_size=6)
    services.knockout_start(tournament=tournament, seed="final")
    with pytest.raises(Conflict) as again:
        services.knockout_start(tournament=tournament, seed="again")
    assert again.value.errors[0].code == "knockout_started"
    # The group results are final now.
    group_game = Game.objects.filter(tournament=tournament, stage=Stage.GROUP).first()
    report = selectors.seat_reports(selectors.current_result(group_game))
    with pytest.raises(Conflict) as closed:
        services.result_record(
            game=group_game, seats=report, reason="late", actor=referee, version=1
        )
    assert closed.value.errors[0].code == "round_closed"


def test_a_finished_final_table_gives_the_same_answers_after_a_backup_round_trip(api, referee):
    tournament = played_czech(12, referee)
    services.knockout_start(tournament=tournament, seed="final")
    play_final(tournament, referee)
    answers = _answers(api, tournament)
    assert answers["ranking"]["final"] is True
    backup = json.loads(json.dumps(services.export_tournament(tournament)))
    tournament.delete()
    restored = services.import_tournament(backup)
    assert _answers(api, restored) == answers
    assert selectors.final_table_view(restored).complete
