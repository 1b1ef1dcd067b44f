"""A format's final table (rules.md §14): the finalists, their positions, the places after it."""

from scoring.final_table import final_placement, qualify_best, seat_positions, sheriff_positions
from scoring.knockout import FinalRow, title_holder
from tests.scoring.test_knockout import standings


def test_the_five_best_sit_down_whatever_their_table():
    # Table 1 has the four best: the knockout would take one per table, the final table does not.
    ranked = standings(
        (1, 1, 90), (2, 1, 80), (3, 1, 70), (4, 1, 60), (5, 2, 50), (6, 2, 40), (7, 2, 30)
    )
    result = qualify_best(ranked, size=5, seed="s")
    assert result.seeding == [1, 2, 3, 4, 5]
    assert result.lots == []


def test_a_shared_rank_at_the_cut_is_settled_by_a_recorded_lot():
    ranked = standings(
        (1, 1, 90), (2, 1, 80), (3, 1, 70), (4, 2, 50), (5, 2, 50), (6, 2, 50), (7, 2, 10)
    )
    result = qualify_best(ranked, size=5, seed="lot-seed")
    (cut,) = [lot for lot in result.lots if lot.purpose == "last_place"]
    assert cut.candidates == (4, 5, 6) and cut.places == 2
    assert result.seeding[:3] == [1, 2, 3]
    assert set(result.seeding[3:]) == set(cut.order[:2])
    # The two who got in share rank 4: their order is drawn too, and recorded.
    (order,) = [lot for lot in result.lots if lot.purpose == "seeding"]
    assert result.seeding[3:] == list(order.order)
    assert qualify_best(ranked, size=5, seed="lot-seed") == result
    outcomes = {tuple(qualify_best(ranked, size=5, seed=f"s{i}").seeding) for i in range(30)}
    assert len(outcomes) > 1


def test_excluded_players_never_sit_at_the_final_table():
    ranked = standings((1, 1, 90, True), (2, 1, 80), (3, 1, 70), (4, 2, 50))
    assert qualify_best(ranked, size=5, seed="s").seeding == [2, 3, 4]


def test_positions_by_lot_and_each_finalist_sheriff_once():
    positions = seat_positions([14, 3, 9, 1, 7], seed="Olomouc")
    assert sorted(positions) == [1, 3, 7, 9, 14]
    assert positions == seat_positions([1, 3, 7, 9, 14], seed="Olomouc")  # order given is ignored
    assert len({tuple(seat_positions([1, 3, 7, 9, 14], seed=f"s{i}")) for i in range(20)}) > 1
    assert sheriff_positions(size=5, games=5) == [1, 2, 3, 4, 5]
    assert sheriff_positions(size=4, games=5) == [1, 2, 3, 4, 1]


def test_the_final_placement_by_points_then_standings_then_the_rest_sharing_places():
    group_order = [1, 2, 3, 4, 5, 6, 7, 8, 9]
    group_rank = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 7, 9: 9}
    rows = final_placement(
        seeding=[1, 2, 3, 4, 5],
        points={1: 30, 2: 75, 3: 30, 4: 0, 5: 35},
        group_order=group_order,
        group_rank=group_rank,
        excluded=[],
    )
    assert [(r.place, r.participant) for r in rows] == [
        (1, 2),
        (2, 5),
        (3, 1),  # 30 points like 3, but better placed in the standings
        (4, 3),
        (5, 4),
        (6, 6),
        (7, 7),
        (7, 8),  # shared rank, shared place
        (9, 9),
    ]
    assert all(r.knockout_round_reached is None for r in rows)


def test_before_any_final_game_the_finalists_keep_their_standings_order():
    rows = final_placement(
        seeding=[3, 1, 2], points={}, group_order=[3, 1, 2, 4], group_rank={}, excluded=[4]
    )
    assert [r.participant for r in rows] == [3, 1, 2, 4]


def test_the_title_follows_the_nationality_setting():
    rows = [FinalRow(1, 1, None), FinalRow(2, 2, None), FinalRow(3, 3, None)]
    nationality = {1: "SK", 2: "CZ", 3: "DE"}
    assert title_holder(rows, nationality=nationality, excluded=()) == 3  # DE by default
    assert title_holder(rows, nationality=nationality, excluded=(), title_nationality="CZ") == 2
    without = title_holder(rows, nationality=nationality, excluded=(2,), title_nationality="cz")
    assert without is None
