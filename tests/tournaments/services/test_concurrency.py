"""Twenty referees at once: row locks in the database, not in one process's memory.

These tests run real threads, each with its own database connection, against
PostgreSQL (CI runs the suite on PostgreSQL too). SQLite serialises writers
by locking the whole file, so the tests are skipped there.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable

import pytest
from django.db import connection, connections

from scoring.results import SeatReport
from scoring.simulate import random_result
from tests import factories
from tournaments import selectors, services
from tournaments.errors import DomainError
from tournaments.models import Game, Result
from tournaments.selectors import group_standings

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgres_only,
]


@pytest.fixture(autouse=True)
def _postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("row locks across connections are tested on PostgreSQL")


def run_at_once(tasks: list[Callable[[], object]]) -> list[object]:
    """Start every task in its own thread at the same moment; return results or exceptions."""
    barrier = threading.Barrier(len(tasks))
    outcomes: list[object] = [None] * len(tasks)

    def worker(index: int, task: Callable[[], object]) -> None:
        try:
            barrier.wait()
            outcomes[index] = task()
        except Exception as error:  # collected and asserted on by the test
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(i, t)) for i, t in enumerate(tasks)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


def seat_inputs(game: Game, seed: int) -> tuple[list[SeatReport], object]:
    return random_result(selectors.game_spec(game), random.Random(seed))


def test_twenty_referees_record_twenty_games_at_once():
    tournament = factories.drawn_tournament(120, settings={"max_participants": 126})
    referees = [factories.make_referee() for _ in range(20)]
    games = list(Game.objects.filter(tournament=tournament, round=1).select_related("table"))
    assert len(games) == 20
    prepared = [seat_inputs(game, i) for i, game in enumerate(games)]

    def record(i: int) -> Callable[[], object]:
        seats, winner = prepared[i]
        return lambda: services.result_record(
            game=games[i], seats=seats, winner=winner, actor=referees[i]
        )

    outcomes = run_at_once([record(i) for i in range(20)])
    assert all(isinstance(o, Result) for o in outcomes), outcomes
    standings = group_standings(tournament)
    assert standings.games_recorded == 20
    # exact: the standings equal the sum of every stored seat bounty (plus no bonus: 6-tables)
    stored = dict(
        Result.objects.filter(game__tournament=tournament).values_list(
            "seats__participant_id", "seats__bounty"
        )
    )
    for row in standings.rows:
        assert row.game_bounty == stored[row.participant.pk]


def test_two_referees_saving_the_same_game_give_one_version_and_one_conflict():
    tournament = factories.drawn_tournament(12)
    game = Game.objects.get(tournament=tournament, table__number=1, round=1)
    first, second = factories.make_referee(), factories.make_referee()
    seats_a, winner_a = seat_inputs(game, 1)
    seats_b, winner_b = seat_inputs(game, 2)

    outcomes = run_at_once(
        [
            lambda: services.result_record(
                game=game, seats=seats_a, winner=winner_a, version=0, actor=first
            ),
            lambda: services.result_record(
                game=game, seats=seats_b, winner=winner_b, version=0, actor=second
            ),
        ]
    )
    recorded = [o for o in outcomes if isinstance(o, Result)]
    conflicts = [o for o in outcomes if isinstance(o, DomainError)]
    assert len(recorded) == 1 and len(conflicts) == 1, outcomes
    assert conflicts[0].errors[0].code == "version_conflict"
    [stored] = Result.objects.filter(game=game)
    assert stored.version == 1 and stored.is_current
    game.refresh_from_db()
    assert game.version == 1
    # never a mix: the stored seats are exactly the winner's submission
    winner_seats = seats_a if recorded[0].recorded_by_id == first.pk else seats_b
    assert sorted((s.position, s.role, s.lives) for s in stored.seats.all()) == sorted(
        (s.position, s.role, s.lives) for s in winner_seats
    )


def test_simultaneous_first_entries_without_a_version_also_conflict():
    tournament = factories.drawn_tournament(12)
    game = Game.objects.get(tournament=tournament, table__number=2, round=3)
    a, b = factories.make_referee(), factories.make_referee()
    seats, winner = seat_inputs(game, 3)
    outcomes = run_at_once(
        [
            lambda: services.result_record(game=game, seats=seats, winner=winner, actor=a),
            lambda: services.result_record(game=game, seats=seats, winner=winner, actor=b),
        ]
    )
    assert sorted(type(o).__name__ for o in outcomes) == ["Conflict", "Result"]
    assert Result.objects.filter(game=game).count() == 1
