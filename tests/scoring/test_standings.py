"""Group-stage standings with the tie-break chain (rules.md sections 6 and 7)."""

import random
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.standings import (
    DEFAULT_PRECEDENCE,
    METRICS,
    PlayerLine,
    competition_ranks,
    rank_standings,
)

FAST = settings(deadline=None, max_examples=80, database=None)


def line(participant, table, bounty, wins, lives, *, excluded=False, position=None):
    return PlayerLine(
        participant=participant,
        table=table,
        position=position or participant,
        bounty=bounty,
        wins=wins,
        lives=lives,
        games_played=5,
        excluded=excluded,
    )


# fmt: off
EXAMPLE = [
    #    id table bounty wins lives
    line(1,  1, 9000, 3, 5),
    line(2,  1, 7000, 2, 3),
    line(3,  1, 5000, 2, 6),
    line(4,  1, 5000, 2, 4),
    line(5,  1, 3000, 1, 2),
    line(12, 1, 2000, 0, 0, excluded=True),
    line(6,  2, 8000, 3, 4),
    line(7,  2, 7000, 2, 3),
    line(8,  2, 7000, 1, 9),
    line(9,  2, 5000, 1, 8),
    line(10, 2, 3000, 1, 5),
    line(11, 2, 10000, 4, 9, excluded=True),
]
# fmt: on


def test_hand_checked_example():
    ranked = rank_standings(EXAMPLE)
    got = [(r.line.participant, r.rank, r.table_rank) for r in ranked]
    assert got == [
        (1, 1, 1),  # highest bounty
        (6, 2, 1),  # bounty decides
        (2, 3, 2),  # 7000, table rank 2, 2 wins, 3 lives ...
        (7, 3, 2),  # ... equal on every criterion: shared rank
        (8, 5, 3),  # 7000 too, but table rank 3; the rank after the shared one skips
        (3, 6, 3),  # 5000: table rank 3 (beat 4 at table 1 on lives) ...
        (4, 7, 4),  # ... table rank 4 with 2 wins ...
        (9, 8, 4),  # ... beats table rank 4 with 1 win (more lives do not matter)
        (10, 9, 5),  # 3000, table rank 5, 1 win: more lives ...
        (5, 10, 5),  # ... than this one
        (11, 11, 6),  # excluded: bottom of table and standings despite 10000
        (12, 12, 6),  # excluded players ranked among themselves
    ]


def test_table_rank_ignores_its_own_criterion():
    # With table placement first, the table rank itself is decided by wins only.
    ranked = rank_standings(EXAMPLE, precedence=("table_rank", "wins"))
    by_id = {r.line.participant: r for r in ranked}
    assert by_id[3].table_rank == by_id[4].table_rank == 2  # 2 wins each after 1's 3
    assert by_id[2].table_rank == 2
    assert [r.line.participant for r in ranked][:2] == [1, 6]  # table winners, 3 wins


def test_unknown_metric_is_refused():
    with pytest.raises(ValueError):
        rank_standings(EXAMPLE, precedence=("bounty", "style"))
    with pytest.raises(ValueError):
        rank_standings(EXAMPLE, precedence=("bounty", "bounty"))


def test_metrics_are_named():
    assert set(METRICS) == {*DEFAULT_PRECEDENCE, "points"}
    assert METRICS["table_rank"].higher_is_better is False
    assert all(str(m.name) and str(m.abbr) for m in METRICS.values())


def test_competition_ranks():
    assert competition_ranks(["a", "b", "b", "c"]) == [1, 2, 2, 4]
    assert competition_ranks([]) == []
    assert competition_ranks([(1, 2), (1, 2), (1, 2)]) == [1, 1, 1]


def test_input_order_does_not_matter():
    shuffled = EXAMPLE[:]
    random.Random(3).shuffle(shuffled)
    assert rank_standings(shuffled) == rank_standings(EXAMPLE)


lines_strategy = st.lists(
    st.tuples(
        st.integers(min_value=1, max_value=3),  # table
        st.sampled_from([0, 1400, 1500, 2900]),  # bounty: few values, many ties
        st.integers(min_value=0, max_value=2),  # wins
        st.integers(min_value=0, max_value=2),  # lives
        st.sampled_from([False, False, False, True]),  # excluded
    ),
    max_size=18,
).map(
    lambda rows: [
        line(i, table, bounty, wins, lives, excluded=excl)
        for i, (table, bounty, wins, lives, excl) in enumerate(rows, start=1)
    ]
)


@FAST
@given(lines_strategy)
def test_ranking_properties(lines):
    ranked = rank_standings(lines)
    assert sorted(r.line.participant for r in ranked) == [x.participant for x in lines]

    def criteria(r):
        return (r.line.excluded, r.line.bounty, r.table_rank, r.line.wins, r.line.lives)

    for index, (before, after) in enumerate(pairwise(ranked), start=1):
        assert before.rank <= after.rank
        if criteria(before) == criteria(after):
            assert after.rank == before.rank
            assert before.line.participant < after.line.participant
        else:
            assert after.rank == index + 1
        assert not (before.line.excluded and not after.line.excluded)
    if ranked:
        assert ranked[0].rank == 1

    for table in {x.table for x in lines}:
        at_table = sorted((r for r in ranked if r.line.table == table), key=lambda r: r.table_rank)
        assert at_table[0].table_rank == 1
        included = [r for r in at_table if not r.line.excluded]
        assert all(r.table_rank <= len(included) for r in included)
        assert all(r.table_rank > len(included) for r in at_table if r.line.excluded)
