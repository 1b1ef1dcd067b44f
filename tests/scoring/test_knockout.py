"""Qualification, seeding list and final placement (rules.md section 8)."""

import pytest
from django.utils import translation

from scoring.knockout import (
    FinalRow,
    Lot,
    QualificationError,
    advance_seeding,
    default_field_size,
    final_ranking,
    pick_order,
    qualify,
    title_holder,
)
from scoring.standings import PlayerLine, rank_standings


def standings(*rows):
    """rows: (participant, table, bounty) or (participant, table, bounty, excluded)."""
    lines = []
    for row in rows:
        participant, table, bounty, *rest = row
        lines.append(
            PlayerLine(
                participant=participant,
                table=table,
                position=participant % 10 or 1,
                bounty=bounty,
                wins=1,
                lives=1,
                games_played=5,
                excluded=bool(rest and rest[0]),
            )
        )
    return rank_standings(lines)


def test_default_field_size():
    assert default_field_size(1) == 4
    assert default_field_size(3) == 4
    assert default_field_size(4) == 4
    assert default_field_size(21) == 21


def test_one_table_fills_the_field_from_the_standings():
    ranked = standings(*[(p, 1, 1000 * (7 - p)) for p in range(1, 7)])
    result = qualify(ranked, field_size=default_field_size(1), seed="s")
    assert result.seeding == [1, 2, 3, 4]
    assert result.lots == []


# Four 6-tables; participant 10*t + k is at table t. The second at table 1 (12)
# has more bounty than the winners of tables 2, 3 and 4.
FOUR_TABLES = [
    *[(10 + k, 1, b) for k, b in enumerate([9000, 8500, 300, 200, 100, 0], start=1)],
    *[(20 + k, 2, b) for k, b in enumerate([6000, 5000, 300, 200, 100, 0], start=1)],
    *[(30 + k, 3, b) for k, b in enumerate([8000, 5500, 300, 200, 100, 0], start=1)],
    *[(40 + k, 4, b) for k, b in enumerate([7000, 4000, 300, 200, 100, 0], start=1)],
]


def test_four_tables_qualify_their_winners_in_standings_order():
    result = qualify(standings(*FOUR_TABLES), field_size=4, seed="s")
    assert result.seeding == [11, 31, 41, 21]
    assert 12 not in result.seeding


def test_field_larger_than_the_number_of_tables():
    result = qualify(standings(*FOUR_TABLES), field_size=6, seed="s")
    # The four table winners, then the best two others: 12 (8500) and 32 (5500).
    assert result.seeding == [11, 12, 31, 41, 21, 32]
    assert result.lots == []


def test_twenty_one_tables():
    rows = []
    for table in range(1, 22):
        winner_bounty = 20000 + (table * 37) % 21 * 10
        for k in range(1, 7):
            bounty = winner_bounty if k == 1 else 10000 - 100 * k - table
            rows.append((100 * table + k, table, bounty))
    result = qualify(standings(*rows), field_size=default_field_size(21), seed="s")
    winners = sorted(range(1, 22), key=lambda t: -((t * 37) % 21))
    assert result.seeding == [100 * t + 1 for t in winners]
    assert result.lots == []


def test_field_smaller_than_the_number_of_tables_is_refused():
    with pytest.raises(QualificationError) as info:
        qualify(standings(*FOUR_TABLES), field_size=3, seed="s")
    with translation.override("en"):
        assert "at least 4, not 3" in str(info.value.message)


TIE_FOR_LAST_PLACES = [(1, 1, 5000), (2, 1, 4000), (3, 1, 3000), (4, 1, 3000), (5, 1, 3000)]


def test_tie_for_the_last_places_is_decided_by_a_recorded_lot():
    ranked = standings(*TIE_FOR_LAST_PLACES, (6, 1, 0))
    assert [r.rank for r in ranked] == [1, 2, 3, 3, 3, 6]
    result = qualify(ranked, field_size=4, seed="lot-seed")
    last_place = [lot for lot in result.lots if lot.purpose == "last_place"]
    assert len(last_place) == 1
    lot = last_place[0]
    assert lot.candidates == (3, 4, 5)
    assert sorted(lot.order) == [3, 4, 5]
    assert lot.places == 2
    assert set(result.seeding) == {1, 2, *lot.order[:2]}
    assert result.seeding[:2] == [1, 2]
    # The two who got in share rank 3: their seeding order is drawn too.
    seeding_lots = [lot for lot in result.lots if lot.purpose == "seeding"]
    assert len(seeding_lots) == 1
    assert seeding_lots[0].candidates == tuple(sorted(lot.order[:2]))
    assert result.seeding[2:] == list(seeding_lots[0].order)

    assert qualify(ranked, field_size=4, seed="lot-seed") == result
    outcomes = {tuple(qualify(ranked, field_size=4, seed=f"seed-{i}").seeding) for i in range(30)}
    assert len(outcomes) > 1


def test_tie_for_table_winner_is_decided_by_a_recorded_lot():
    ranked = standings((1, 1, 5000), (2, 1, 5000), (3, 1, 100), (4, 2, 900), (5, 2, 800))
    result = qualify(ranked, field_size=2, seed="t")
    assert len(result.lots) == 1
    lot = result.lots[0]
    assert (lot.purpose, lot.table, lot.candidates, lot.places) == ("table_winner", 1, (1, 2), 1)
    assert result.seeding == [lot.order[0], 4]
    assert qualify(ranked, field_size=2, seed="t") == result


def test_qualifiers_sharing_a_rank_are_seeded_by_lot():
    # Both table winners are equal on every criterion: they share rank 1.
    ranked = standings((1, 1, 5000), (2, 1, 100), (3, 2, 5000), (4, 2, 200))
    result = qualify(ranked, field_size=2, seed="x")
    assert result.lots == [
        Lot(purpose="seeding", candidates=(1, 3), order=tuple(result.seeding), places=2)
    ]


def test_excluded_players_never_qualify():
    ranked = standings((1, 1, 9000, True), (2, 1, 5000), (3, 1, 4000), (4, 1, 3000))
    assert qualify(ranked, field_size=2, seed="s").seeding == [2, 3]
    # A field larger than the players who are not excluded takes all of them.
    assert qualify(ranked, field_size=10, seed="s").seeding == [2, 3, 4]


def test_advance_seeding_one_renegade_winner():
    assert advance_seeding([1, 2, 3, 4, 5, 6], renegade_winners=[4]) == [4, 1, 2, 3, 5, 6]


def test_advance_seeding_two_renegade_winners_keep_their_previous_order():
    assert advance_seeding([1, 2, 3, 4, 5, 6], renegade_winners={5, 2}) == [2, 5, 1, 3, 4, 6]
    assert advance_seeding([1, 2, 3], renegade_winners=[]) == [1, 2, 3]
    with pytest.raises(ValueError):
        advance_seeding([1, 2, 3], renegade_winners=[9])


def test_pick_order():
    assert pick_order([4, 1, 2, 3], players=[3, 1, 4]) == [4, 1, 3]
    with pytest.raises(ValueError):
        pick_order([4, 1, 2, 3], players=[7])


# A small tournament: 12 players at two 6-tables, field 4 (the default).
# Knockout round 1: one 4-table; the Outlaws 9 and 1 win, 5 and 2 are out.
# Knockout round 2: duel 9 against 1; 1 wins and is champion.
# Participant 6 was excluded during the group stage.
GROUP_ORDER = [5, 2, 9, 1, 11, 3, 8, 6, 12, 4, 7, 10]
SEEDING = [5, 2, 9, 1]
ROUND_REACHED = {5: 1, 2: 1, 9: 2, 1: 2}


def rows(result):
    return [(row.participant, row.place, row.knockout_round_reached) for row in result]


def test_final_ranking_by_hand():
    result = final_ranking(
        seeding=SEEDING,
        round_reached=ROUND_REACHED,
        champion=1,
        group_order=GROUP_ORDER,
        excluded={6},
    )
    assert rows(result) == [
        (1, 1, 2),  # champion
        (9, 2, 2),  # out in the final
        (5, 3, 1),  # out in round 1, first in the seeding list
        (2, 4, 1),
        (11, 5, None),  # non-qualifiers in group-standings order
        (3, 6, None),
        (8, 7, None),
        (12, 8, None),
        (4, 9, None),
        (7, 10, None),
        (10, 11, None),
        (6, 12, None),  # excluded last
    ]


def test_final_ranking_before_the_knockout_ends_and_with_an_excluded_qualifier():
    result = final_ranking(
        seeding=[2, 5, 9, 1],  # 2 won round 1 as the Renegade
        round_reached={5: 1, 2: 2, 9: 2, 1: 2},
        champion=None,
        group_order=GROUP_ORDER,
        excluded={6, 9},
    )
    assert [p for p, _place, _round in rows(result)] == [2, 1, 5, 11, 3, 8, 12, 4, 7, 10, 9, 6]
    assert rows(result)[-2] == (9, 11, 2)
    assert [row.place for row in result] == list(range(1, 13))


def test_final_ranking_before_the_knockout_starts_follows_the_seeding():
    result = final_ranking(
        seeding=SEEDING, round_reached={}, champion=None, group_order=GROUP_ORDER, excluded=()
    )
    assert [row.participant for row in result] == [5, 2, 9, 1, 11, 3, 8, 6, 12, 4, 7, 10]


FINAL = final_ranking(
    seeding=SEEDING, round_reached=ROUND_REACHED, champion=1, group_order=GROUP_ORDER, excluded={6}
)


def test_title_holder_german_champion():
    nationality = dict.fromkeys(GROUP_ORDER, "DE")
    assert title_holder(FINAL, nationality=nationality, excluded={6}) == 1


def test_title_holder_best_placed_german_when_champion_is_not():
    nationality = {**dict.fromkeys(GROUP_ORDER, "AT"), 5: "DE", 3: "DE"}
    assert title_holder(FINAL, nationality=nationality, excluded={6}) == 5


def test_title_holder_skips_excluded_and_may_be_nobody():
    nationality = {**dict.fromkeys(GROUP_ORDER, "CH"), 6: "DE"}
    assert title_holder(FINAL, nationality=nationality, excluded={6}) is None
    rows_ = [FinalRow(participant=1, place=1, knockout_round_reached=2)]
    assert title_holder(rows_, nationality={1: "AT"}, excluded=()) is None


def test_non_qualifiers_share_a_place_where_they_share_a_group_rank():
    rows = final_ranking(
        seeding=[1, 2],
        round_reached={1: 1, 2: 1},
        champion=1,
        group_order=[1, 2, 3, 4, 5, 6, 7],
        excluded=[7],
        group_rank={1: 1, 2: 2, 3: 3, 4: 4, 5: 4, 6: 6, 7: 7},
    )
    assert [(r.participant, r.place) for r in rows] == [
        (1, 1), (2, 2), (3, 3), (4, 4), (5, 4), (6, 6), (7, 7)
    ]  # fmt: skip
