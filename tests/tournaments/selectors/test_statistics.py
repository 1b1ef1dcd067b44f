"""The statistics equal a recomputation from the stored results (rules.md §11).

The tournaments here have corrections, void games, unconfirmed results (with
``double_check``) and knockout games; the recomputation reads the stored
versions directly and decides by itself which one counts.
"""

from __future__ import annotations

import math
import random
from collections import Counter, defaultdict

import pytest

from scoring.simulate import random_result
from tests import factories
from tournaments import selectors, services
from tournaments.models import Game, Participant, Result, Seat, Stage, Table, Tournament
from tournaments.simulation import open_games, play_knockout, record_random_results

pytestmark = pytest.mark.django_db


def _wilson(wins: int, games: int) -> list[float]:
    z = 1.96
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    denominator = 1 + z * z / games
    return [round((centre - spread) / denominator, 3), round((centre + spread) / denominator, 3)]


def recompute(tournaments: list[Tournament]) -> dict:
    """The API's statistics, counted from the stored rows without the selectors."""
    by_size: dict[int, dict] = {}
    for tournament in tournaments:
        for game in Game.objects.filter(
            tournament=tournament, stage__in=[Stage.GROUP, Stage.FINAL]
        ):
            versions = list(Result.objects.filter(game=game).order_by("version"))
            if not versions or game.status == Game.Status.VOID:
                continue
            latest = versions[-1]
            if tournament.settings.get("double_check") and latest.confirmed_by_id is None:
                continue
            seats = list(latest.seats.all())
            size = by_size.setdefault(
                len(seats),
                {
                    "games": 0,
                    "wins": Counter(),
                    "duels": 0,
                    "deputy": 0,
                    "rounds": defaultdict(list),
                },
            )
            size["games"] += 1
            size["wins"][latest.winner] += 1
            size["duels"] += any(s.final_duel for s in seats)
            role_at = {s.position: s.role for s in seats}
            size["deputy"] += any(
                s.role == "sheriff" and role_at.get(s.eliminated_by) == "deputy" for s in seats
            )
            # The "round" of the figures is the Sheriff's position (by lot in Czech).
            size["rounds"][game.sheriff_position].append(latest.winner == "law")
    tables = []
    for n in sorted(by_size):
        size = by_size[n]
        tables.append(
            {
                "size": n,
                "games": size["games"],
                "sides": {
                    side: {
                        "wins": size["wins"][side],
                        "rate": round(size["wins"][side] / size["games"], 4),
                        "ci95": _wilson(size["wins"][side], size["games"]),
                    }
                    for side in ("law", "outlaws", "renegade")
                },
                "final_duels": size["duels"],
                "deputy_killed_sheriff": size["deputy"],
                "law_by_round": [
                    {"round": r, "games": len(size["rounds"][r]), "wins": sum(size["rounds"][r])}
                    for r in sorted(size["rounds"])
                ],
            }
        )
    return {"games": sum(t["games"] for t in tables), "tables": tables}


def _correct_some(tournament: Tournament, rng: random.Random, referee) -> int:
    """Correct a third of the recorded group games with another random result."""
    corrected = 0
    for game in Game.objects.filter(
        tournament=tournament, stage=Stage.GROUP, status=Game.Status.RECORDED
    ).select_related("table", "tournament")[::3]:
        seats, winner = random_result(selectors.game_spec(game), rng)
        services.result_record(
            game=game,
            seats=seats,
            winner=winner,
            reason="typo",
            version=game.version,
            actor=referee,
        )
        corrected += 1
    return corrected


def _messy_tournament(*, seed: int, double_check: bool) -> Tournament:
    """Group stage with a withdrawal (void games, a smaller table), corrections and,
    with ``double_check``, half the results confirmed; the knockout played too."""
    rng = random.Random(seed)
    first, second = factories.make_referee(), factories.make_referee()
    tournament = factories.drawn_tournament(
        17, seed=f"s{seed}", settings={"double_check": double_check, "max_participants": 200}
    )
    record_random_results(
        open_games(tournament, stage=Stage.GROUP, rounds=[1, 2]), rng=rng, referees=[first]
    )
    leaver = Participant.objects.filter(
        tournament=tournament, seats__table__size=6, seats__position=5
    ).first()
    services.participant_withdraw(participant=leaver, actor=None, reason="ill")
    assert Game.objects.filter(tournament=tournament, status=Game.Status.VOID).exists()
    record_random_results(open_games(tournament, stage=Stage.GROUP), rng=rng, referees=[first])
    assert _correct_some(tournament, rng, first) > 0
    if double_check:
        results = Result.objects.current().filter(game__tournament=tournament)
        for result in list(results)[::2]:
            services.result_confirm(game=result.game, actor=second, version=result.version)
    return tournament


def _as_api(statistics) -> dict:
    from tournaments.api.statistics import statistics_data

    data = statistics_data(statistics, ruleset="bang")
    data.pop("ruleset")
    return data


def test_statistics_equal_a_recomputation_with_corrections_void_and_smaller_tables():
    tournament = _messy_tournament(seed=1, double_check=False)
    statistics = selectors.tournament_statistics(tournament)
    assert _as_api(statistics) == recompute([tournament])
    # The 5-table's 5 games, and rounds 3, 4 and 6 of the 6-table that lost its
    # position 5 (round 5 is void); its rounds 1 and 2 were played by six.
    assert [(t.size, t.games) for t in statistics.tables] == [(5, 8), (6, 8)]
    play_knockout(tournament, seed="ko", rng=random.Random(2), referees=[factories.make_referee()])
    assert _as_api(selectors.tournament_statistics(tournament)) == recompute([tournament])


def test_unconfirmed_results_do_not_count_with_double_check():
    tournament = _messy_tournament(seed=3, double_check=True)
    statistics = selectors.tournament_statistics(tournament)
    confirmed = Result.objects.counting(tournament).filter(game__stage=Stage.GROUP).count()
    current = Result.objects.current().filter(game__tournament=tournament).count()
    assert 0 < statistics.games == confirmed < current
    assert _as_api(statistics) == recompute([tournament])


def test_server_statistics_add_up_the_tournaments_of_a_ruleset(django_assert_max_num_queries):
    plain = _messy_tournament(seed=5, double_check=False)
    checked = _messy_tournament(seed=6, double_check=True)
    showdown = factories.drawn_tournament(10, ruleset="showdown")
    record_random_results(
        open_games(showdown, stage=Stage.GROUP),
        rng=random.Random(1),
        referees=[factories.make_referee()],
    )
    with django_assert_max_num_queries(2):
        statistics = selectors.ruleset_statistics("bang")
    assert _as_api(statistics) == recompute([plain, checked])
    assert selectors.ruleset_statistics("showdown").games == 10
    with django_assert_max_num_queries(1):
        selectors.tournament_statistics(plain)


def _final_table_game(tournament: Tournament, like: Game, *, round: int) -> Game:
    """A game at a final table (stage ``final``), its result copied from ``like``
    (a recorded game of the same size), as the final table stores them."""
    finalists = list(selectors.group_standings(tournament).rows[: like.table.size])
    table = Table.objects.create(
        tournament=tournament, stage=Stage.FINAL, round=0, number=1, size=len(finalists)
    )
    for position, row in enumerate(finalists, start=1):
        Seat.objects.create(table=table, position=position, participant=row.participant)
    game = Game.objects.create(
        tournament=tournament,
        table=table,
        stage=Stage.FINAL,
        round=round,
        sheriff_position=round,
        status=Game.Status.RECORDED,
        version=1,
    )
    source = Result.objects.current().get(game=like)
    result = Result.objects.create(
        game=game, version=1, winner=source.winner, signed=True, recorded_by=source.recorded_by
    )
    for seat, row in zip(source.seats.order_by("position"), finalists, strict=True):
        seat.pk = None
        seat.result = result
        seat.participant = row.participant
        seat.save()
    return game


def test_czech_statistics_count_tables_of_4_and_the_final_table_by_sheriff_position(referee):
    """Tables of 4 (no Deputy) are a size of their own; the Sheriff by lot means the
    "round" of the figures is the drawn Sheriff position; a final table's games count,
    knockout games still do not (rules.md §11, §14)."""
    tournament = factories.make_tournament(format="czech_club")
    factories.add_participants(tournament, 23)
    for part in (1, 2):
        services.group_stage_draw(tournament=tournament, seed=f"cz{part}", part=part)
        record_random_results(
            open_games(tournament, stage=Stage.GROUP, part=part),
            rng=random.Random(part),
            referees=[referee],
        )
    statistics = selectors.tournament_statistics(tournament)
    assert [(t.size, t.games) for t in statistics.tables] == [(4, 10), (5, 15)]
    four = statistics.tables[0]
    assert four.deputy_killed_sheriff == 0
    # Part I and II each number their rounds 1..3 / 1..2, but a table of 4 has
    # Sheriffs at positions 1-4: the figures follow the positions drawn.
    positions = Counter(
        Game.objects.filter(tournament=tournament, table__size=4).values_list(
            "sheriff_position", flat=True
        )
    )
    assert {r.round: r.games for r in four.law_by_round} == dict(positions)
    assert _as_api(statistics) == recompute([tournament])

    five_player_game = Game.objects.filter(
        tournament=tournament, table__size=5, status=Game.Status.RECORDED
    ).first()
    _final_table_game(tournament, five_player_game, round=1)
    with_final = selectors.tournament_statistics(tournament)
    assert [(t.size, t.games) for t in with_final.tables] == [(4, 10), (5, 16)]
    assert _as_api(with_final) == recompute([tournament])
