"""Season points, ranking, qualification and the rating (rules.md §13), without Django."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from scoring.season import Event, place_points, rating, season_ranking

FAST = settings(deadline=None, max_examples=80, database=None)


def event(key, places, weight=1):
    return Event(key=key, weight=Fraction(weight), places=places)


def field_of(size, *, shared=None, offset=0):
    """Places 1..size for entrants offset+1..offset+size; ``shared`` = (place, count)."""
    places, entrant, place = {}, offset + 1, 1
    while place <= size:
        count = shared[1] if shared and shared[0] == place else 1
        for _ in range(count):
            places[entrant] = place
            entrant += 1
        place += count
    return places


class TestPlacePoints:
    def test_formula_first_last_and_single(self):
        points = place_points({"a": 1, "b": 2, "c": 3, "d": 4, "e": 5})
        assert points == {"a": 1000, "b": 750, "c": 500, "d": 250, "e": 0}
        assert place_points({"only": 1}) == {"only": 1000}

    def test_two_sharing_place_3_of_20_get_the_mean_of_places_3_and_4(self):
        points = place_points(field_of(20, shared=(3, 2)))
        # 1000·(20-3)/19 = 17000/19, 1000·(20-4)/19 = 16000/19; the mean is 16500/19.
        assert points[3] == points[4] == Fraction(16500, 19)
        assert points[5] == Fraction(1000 * 15, 19)  # the next place is 5
        assert round(float(points[3]), 2) == 868.42

    def test_places_that_do_not_fit_are_refused(self):
        with pytest.raises(ValueError):
            place_points({"a": 1, "b": 3})
        with pytest.raises(ValueError):
            place_points({"a": 1, "b": 1, "c": 2})

    @FAST
    @given(st.lists(st.integers(min_value=1, max_value=4), min_size=1, max_size=30))
    def test_sharing_keeps_the_total_and_the_order(self, groups):
        places, place, entrant = {}, 1, 0
        for count in groups:
            for _ in range(count):
                places[entrant] = place
                entrant += 1
            place += count
        points = place_points(places)
        size = len(places)
        unshared = sum(
            (Fraction(1000) if size == 1 else Fraction(1000 * (size - p), size - 1))
            for p in range(1, size + 1)
        )
        assert sum(points.values()) == unshared
        for a in places:
            for b in places:
                if places[a] < places[b]:
                    assert points[a] > points[b]
                if places[a] == places[b]:
                    assert points[a] == points[b]
        assert all(0 <= p <= 1000 for p in points.values())


class TestWorkedExample:
    def test_twenty_two_sharing_place_3_weight_2_best_of_2(self):
        """Computed by hand: Anna shares place 3 of 20 at the championship (weight 2.0),
        wins a cup of 5 and is second in another cup of 5; best_of 2."""
        championship = field_of(20, shared=(3, 2))  # entrants 1..20, 3 and 4 share place 3
        cup = {3: 1, 101: 2, 102: 3, 103: 4, 104: 5}
        second_cup = {105: 1, 3: 2, 106: 3, 107: 4, 108: 5}
        ranking = season_ranking(
            [
                event("championship", championship, weight=2),
                event("cup", cup),
                event("second cup", second_cup),
            ],
            best_of=2,
        )
        anna = next(r for r in ranking.rows if r.entrant == 3)
        # Championship: 2 x (17000/19 + 16000/19) / 2 = 33000/19 = 1736.84…
        # Cup: 1000 x 4/4 = 1000. Second cup: 1000 x 3/4 = 750, not among the best 2.
        assert [r.points for r in anna.results] == [Fraction(33000, 19), 1000, 750]
        assert [r.counted for r in anna.results] == [True, True, False]
        assert anna.score == Fraction(33000, 19) + 1000 == Fraction(52000, 19)
        assert round(float(anna.score), 2) == 2736.84
        assert anna.events == 3
        assert anna.best == Fraction(33000, 19)
        # The championship's winner: 2 x 1000, one result.
        winner = next(r for r in ranking.rows if r.entrant == 1)
        assert winner.score == 2000 and winner.events == 1
        assert anna.rank == 1 and winner.rank == 2


class TestRanking:
    def test_more_results_break_an_equal_score(self):
        # a: 500 + 500 (two results); b: 1000 (one result).
        ranking = season_ranking(
            [event(1, {"b": 1, "a": 2, "x": 3}), event(2, {"y": 1, "a": 2, "z": 3})]
        )
        order = [r.entrant for r in ranking.rows]
        a = next(r for r in ranking.rows if r.entrant == "a")
        b = next(r for r in ranking.rows if r.entrant == "b")
        assert a.score == b.score == 1000
        assert order.index("a") < order.index("b")
        assert (a.rank, b.rank) == (1, 2)  # "y" also has 1000 with one result: shares 2

    def test_the_higher_best_result_breaks_equal_score_and_results(self):
        # a: 1000 + 0; b: 500 + 500: same score, same number of results, a's best is higher.
        ranking = season_ranking(
            [
                event(1, {"a": 1, "b": 2, "c": 3}),
                event(2, {"b": 2, "d": 1, "a": 3}),
            ]
        )
        ranks = {r.entrant: r.rank for r in ranking.rows}
        assert ranks["a"] < ranks["b"]

    def test_equal_on_all_three_share_the_rank_and_the_next_skips(self):
        ranking = season_ranking(
            [event(1, {"a": 1, "b": 2, "c": 3}), event(2, {"d": 1, "e": 2, "f": 3})]
        )
        assert [r.rank for r in ranking.rows] == [1, 1, 3, 3, 5, 5]
        ranking = season_ranking(
            [event(1, {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}), event(2, {"x": 1, "y": 2})]
        )
        # x: 1000 and a: 1000 share 1; b: 750; then c: 500 is 4.
        ranks = {r.entrant: r.rank for r in ranking.rows}
        assert (ranks["a"], ranks["x"], ranks["b"], ranks["c"]) == (1, 1, 3, 4)

    def test_weights_scale_the_points(self):
        ranking = season_ranking([event(1, {"a": 1, "b": 2, "c": 3}, weight=Fraction(3, 2))])
        assert [r.score for r in ranking.rows] == [1500, 750, 0]

    def test_min_events_lists_the_others_as_not_ranked_yet(self):
        ranking = season_ranking(
            [event(1, {"a": 1, "b": 2}), event(2, {"a": 2, "c": 1})], min_events=2
        )
        assert [r.entrant for r in ranking.rows] == ["a"]
        assert ranking.rows[0].rank == 1
        assert {r.entrant for r in ranking.unranked} == {"b", "c"}
        assert all(r.rank is None and not r.qualified for r in ranking.unranked)
        # Without a result nobody is listed at all.
        assert season_ranking([]).rows == []

    @FAST
    @given(
        st.lists(
            st.tuples(
                st.permutations(range(8)),
                st.integers(min_value=2, max_value=8),
                st.sampled_from([Fraction(1), Fraction(2), Fraction(1, 2)]),
            ),
            min_size=1,
            max_size=6,
        ),
        st.integers(min_value=1, max_value=4),
        st.integers(min_value=0, max_value=3),
    )
    def test_properties(self, tournaments, best_of, min_events):
        events = [
            event(i, {e: p for p, e in enumerate(order[:size], start=1)}, weight=w)
            for i, (order, size, w) in enumerate(tournaments)
        ]
        ranking = season_ranking(events, best_of=best_of, min_events=min_events)
        for row in [*ranking.rows, *ranking.unranked]:
            counted = [r.points for r in row.results if r.counted]
            assert len(counted) == min(best_of, row.events)
            assert row.score == sum(counted)
            assert all(
                c >= u for c in counted for u in (r.points for r in row.results if not r.counted)
            )
            assert row.best == max(r.points for r in row.results)
        keys = [(-r.score, -r.events, -r.best) for r in ranking.rows]
        assert keys == sorted(keys)
        for position, row in enumerate(ranking.rows, start=1):
            assert row.rank == 1 + sum(1 for k in keys if k < keys[position - 1])
        assert all(r.events >= min_events for r in ranking.rows)
        assert all(r.events < min_events for r in ranking.unranked)


class TestQualification:
    def test_the_top_k_qualify(self):
        ranking = season_ranking([event(1, {"a": 1, "b": 2, "c": 3, "d": 4})], qualifiers=2)
        assert [r.qualified for r in ranking.rows] == [True, True, False, False]
        assert ranking.extra_qualifiers == 0

    def test_a_tie_at_place_k_qualifies_everyone_sharing_it(self):
        # b and x share rank 2 (750 each, one result, best 750); K = 2.
        ranking = season_ranking(
            [
                event(1, {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}),
                event(2, {"f": 1, "x": 2, "g": 3, "h": 4, "i": 5}, weight=Fraction(3, 4)),
            ],
            qualifiers=3,
        )
        ranks = {r.entrant: (r.rank, r.qualified) for r in ranking.rows}
        assert ranks["a"] == (1, True)
        assert ranks["f"] == (2, True) and ranks["b"] == (2, True)
        # 750 for b, 562.5 for x: x is 4th and out; no tie at 3 here.
        ranking = season_ranking(
            [event(1, {"a": 1, "b": 2, "c": 3}), event(2, {"x": 1, "y": 2, "z": 3})],
            qualifiers=3,
        )
        # a, x share 1; b, y share 3: K = 3 lets b and y both in, one extra place.
        assert [(r.rank, r.qualified) for r in ranking.rows][:4] == [
            (1, True),
            (1, True),
            (3, True),
            (3, True),
        ]
        assert ranking.extra_qualifiers == 1
        assert ranking.qualifiers == 3

    def test_no_qualifiers_means_nobody_qualifies(self):
        ranking = season_ranking([event(1, {"a": 1, "b": 2})])
        assert not any(r.qualified for r in ranking.rows)


class TestRating:
    def test_equals_openskill_plackett_luce_with_defaults(self):
        games = [
            [("a", True), ("b", False), ("c", False), ("d", False)],
            [("a", False), ("b", True), ("c", True), ("d", False)],
            [("b", True), ("d", False)],
        ]
        model = PlackettLuce()
        r = {k: model.rating() for k in "abcd"}
        for game in games:
            rated = model.rate([[r[e]] for e, _ in game], ranks=[1 if w else 2 for _, w in game])
            for (e, _), team in zip(game, rated, strict=True):
                r[e] = team[0]
        ours = rating(games)
        for k in "abcd":
            assert round(ours[k].shown, 2) == round(r[k].ordinal(), 2)
            assert ours[k].mu == pytest.approx(r[k].mu)

    def test_a_winner_rises_above_a_loser(self):
        ours = rating([[("w", True), ("l", False), ("m", False)]])
        assert ours["w"].shown > ours["l"].shown == ours["m"].shown
