"""The season ranking over real tournaments (rules.md §13, api.md "Players and seasons")."""

from __future__ import annotations

import random
from datetime import date
from decimal import Decimal
from fractions import Fraction

import pytest
from openskill.models import PlackettLuce

from tests import factories
from tests.tournaments.seasons.helpers import finished_tournament, names
from tournaments import selectors, services
from tournaments.live.seasons import season_standing, season_state
from tournaments.models import Penalty, ResultSeat, Stage, Tournament
from tournaments.selectors.seasons import tournament_record
from tournaments.simulation import open_games, play_knockout, record_random_results

pytestmark = pytest.mark.django_db


def place_points(place: int, size: int) -> Fraction:
    return Fraction(1000) if size == 1 else Fraction(1000 * (size - place), size - 1)


def two(value: Fraction) -> float:
    return float(round(value, 2))


def ranking_places(api, tournament: Tournament) -> dict[int, int]:
    """participant id → place, from the tournament's own public ranking (not excluded)."""
    rows = api.get(f"/api/tournaments/{tournament.pk}/ranking/").json()["rows"]
    return {r["participant"]: r["place"] for r in rows if not r["excluded"]}


@pytest.fixture
def anna(db):
    return services.player_create(name="Anna Amsel", nationality="DE")


@pytest.fixture
def bert(db):
    return services.player_create(name="Bert Bär", nationality="AT")


def test_points_weights_best_of_and_an_unfinished_tournament(api, organiser, anna, bert):
    players = {"Anna Amsel": anna, "Bert Bär": bert}
    spring = finished_tournament(
        ["Anna Amsel", "Bert Bär", *names("S", 8)],
        organiser=organiser,
        seed="spring",
        day=date(2027, 3, 1),
        players=players,
    )
    final = finished_tournament(
        ["Anna Amsel", *names("F", 11)],
        organiser=organiser,
        seed="final",
        day=date(2027, 9, 1),
        players=players,
    )
    running = finished_tournament(
        ["Anna Amsel", "Bert Bär", *names("R", 8)],
        organiser=organiser,
        seed="running",
        day=date(2027, 6, 1),
        players=players,
        finish=False,
    )
    season = services.season_create(name="Saison 2027", best_of=1, actor=organiser)
    services.season_tournament_add(season=season, tournament=spring, weight=1)
    services.season_tournament_add(season=season, tournament=running, weight=1)
    services.season_tournament_add(season=season, tournament=final, weight=Decimal("2.0"))

    answer = api.get(f"/api/seasons/{season.pk}/ranking/").json()

    assert answer["season"] == season.pk
    # Listed by date; the unfinished one is listed and not counted.
    assert answer["tournaments"] == [
        {"tournament": spring.pk, "weight": 1.0, "counted": True, "participants": 10},
        {"tournament": running.pk, "weight": 1.0, "counted": False, "participants": 10},
        {"tournament": final.pk, "weight": 2.0, "counted": True, "participants": 12},
    ]
    spring_places, final_places = ranking_places(api, spring), ranking_places(api, final)
    anna_in = {p.tournament_id: p.pk for p in anna.participants.all()}
    rows = {(r["player"], r["participant"]): r for r in answer["rows"]}
    a = rows[(anna.pk, None)]
    expected = [
        (
            spring.pk,
            spring_places[anna_in[spring.pk]],
            place_points(spring_places[anna_in[spring.pk]], 10),
        ),
        (
            final.pk,
            final_places[anna_in[final.pk]],
            2 * place_points(final_places[anna_in[final.pk]], 12),
        ),
    ]
    assert [(r["tournament"], r["place"], r["points"]) for r in a["results"]] == [
        (t, p, two(points)) for t, p, points in expected
    ]
    best = max(points for _t, _p, points in expected)
    assert a["score"] == two(best)  # best_of 1: only the best counts
    assert a["best"] == two(best)
    assert a["events"] == 2  # all results, not only the counted one
    assert sum(r["counted"] for r in a["results"]) == 1
    assert next(r for r in a["results"] if r["counted"])["points"] == two(best)
    assert (a["name"], a["nationality"]) == ("Anna Amsel", "DE")

    # A participant without a player link is a row of its own.
    unlinked = spring.participants.get(name="S 01")
    row = rows[(None, unlinked.pk)]
    assert row["name"] == "S 01"
    assert row["results"] == [
        {
            "tournament": spring.pk,
            "place": spring_places[unlinked.pk],
            "points": two(place_points(spring_places[unlinked.pk], 10)),
            "counted": True,
        }
    ]
    # Rows in rank order, with competition ranks.
    ranks = [r["rank"] for r in answer["rows"]]
    assert ranks == sorted(ranks)
    assert answer["unranked"] == []
    assert answer["qualifiers"] == 0 and answer["extra_qualifiers"] == 0
    assert "decides no rank" in answer["rating_note"]
    # Nobody of the unfinished tournament alone is listed.
    assert not any(r["name"].startswith("R ") for r in answer["rows"])


def _play(tournament: Tournament, organiser, *, seed: str, before=None) -> Tournament:
    services.group_stage_draw(tournament=tournament, seed=seed, actor=organiser)
    if before:
        before(tournament)
    rng = random.Random(seed)
    record_random_results(open_games(tournament, stage=Stage.GROUP), rng=rng, referees=[organiser])
    play_knockout(tournament, seed=seed, rng=rng, referees=[organiser])
    return tournament


def test_an_excluded_participant_scores_nothing_and_a_withdrawn_one_keeps_the_place(api, organiser):
    factories.ensure_reference_data()
    tournament = services.tournament_create(name="Cup", date=date(2027, 5, 1), actor=organiser)
    services.participants_register(
        tournament=tournament,
        items=[services.ParticipantInput(name=n, nationality="DE") for n in names("P", 12)],
        actor=organiser,
    )
    early = services.participants_register(
        tournament=tournament,
        items=[services.ParticipantInput(name="Early Leaver", nationality="DE")],
        actor=organiser,
    )[0]
    services.participant_withdraw(participant=early, actor=organiser)  # before the draw
    excluded = tournament.participants.get(name="P 01")
    withdrawn = tournament.participants.get(name="P 02")

    def leave(t: Tournament) -> None:
        services.penalty_give(
            participant=excluded, kind=Penalty.Kind.EXCLUSION, reason="Cheating", actor=organiser
        )
        services.participant_withdraw(participant=withdrawn, actor=organiser)

    _play(tournament, organiser, seed="leave", before=leave)
    season = services.season_create(name="S", actor=organiser)
    services.season_tournament_add(season=season, tournament=tournament, weight=1)

    answer = api.get(f"/api/seasons/{season.pk}/ranking/").json()
    places = ranking_places(api, tournament)
    # N: the ranked participants, neither the excluded one nor the one who left before the draw.
    assert answer["tournaments"][0]["participants"] == 11 == len(places)
    by_participant = {r["participant"]: r for r in answer["rows"]}
    assert excluded.pk not in by_participant  # no result of theirs
    assert early.pk not in by_participant
    kept = by_participant[withdrawn.pk]
    assert kept["results"][0]["place"] == places[withdrawn.pk]
    assert kept["score"] == two(place_points(places[withdrawn.pk], 11))


def test_min_events_lists_the_others_as_not_ranked_and_qualifiers(api, organiser, anna):
    one = finished_tournament(
        ["Anna Amsel", *names("A", 9)],
        organiser=organiser,
        seed="one",
        players={"Anna Amsel": anna},
    )
    two_ = finished_tournament(
        ["Anna Amsel", *names("B", 9)],
        organiser=organiser,
        seed="two",
        players={"Anna Amsel": anna},
    )
    season = services.season_create(name="S", min_events=2, qualifiers=3, actor=organiser)
    for t in (one, two_):
        services.season_tournament_add(season=season, tournament=t, weight=1)
    answer = api.get(f"/api/seasons/{season.pk}/ranking/").json()
    assert [r["player"] for r in answer["rows"]] == [anna.pk]
    assert answer["rows"][0]["rank"] == 1 and answer["rows"][0]["qualified"] is True
    assert len(answer["unranked"]) == 18
    assert all(r["rank"] is None and r["qualified"] is False for r in answer["unranked"])
    assert all(r["events"] == 1 for r in answer["unranked"])
    assert answer["qualifiers"] == 3 and answer["extra_qualifiers"] == 0

    # With min_events 1, everyone at a rank ≤ 3 qualifies, a shared 3rd rank included.
    season.min_events = 1
    season.save()
    answer = api.get(f"/api/seasons/{season.pk}/ranking/").json()
    qualified = [r for r in answer["rows"] if r["qualified"]]
    assert qualified == [r for r in answer["rows"] if r["rank"] <= 3]
    assert answer["extra_qualifiers"] == len(qualified) - 3


def test_the_rating_equals_openskill_recomputed_and_decides_nothing(api, organiser, anna):
    tournaments = [
        finished_tournament(
            ["Anna Amsel", *names(f"T{i}", 9)],
            organiser=organiser,
            seed=f"rating{i}",
            day=date(2027, 1 + i, 1),
            players={"Anna Amsel": anna},
        )
        for i in range(2)
    ]
    season = services.season_create(name="S", actor=organiser)
    for t in reversed(tournaments):  # added in any order: played order is by date
        services.season_tournament_add(season=season, tournament=t, weight=1)
    answer = api.get(f"/api/seasons/{season.pk}/ranking/").json()

    model = PlackettLuce()
    ratings: dict[object, object] = {}
    for tournament in tournaments:
        games: dict[int, list[tuple[object, bool]]] = {}
        for seat in (
            ResultSeat.objects.counting(tournament)
            .select_related("participant")
            .order_by("result__game_id", "position")
        ):
            who = seat.participant.player_id or ("p", seat.participant_id)
            games.setdefault(seat.result.game_id, []).append((who, seat.won))
        for game_id in sorted(games):
            seats = games[game_id]
            teams = [[ratings.setdefault(w, model.rating())] for w, _ in seats]
            rated = model.rate(teams, ranks=[1 if won else 2 for _, won in seats])
            for (w, _), team in zip(seats, rated, strict=True):
                ratings[w] = team[0]
    for row in answer["rows"]:
        who = row["player"] or ("p", row["participant"])
        assert row["rating"] == round(ratings[who].ordinal(), 2)
    # The rating decides nothing: the order is by score.
    scores = [r["score"] for r in answer["rows"]]
    assert scores == sorted(scores, reverse=True)


def test_query_count_does_not_grow_with_the_number_of_tournaments(
    organiser, django_assert_max_num_queries
):
    tournaments = [
        finished_tournament(names(f"Q{i}", 10), organiser=organiser, seed=f"q{i}") for i in range(6)
    ]
    small = services.season_create(name="Small", actor=organiser)
    large = services.season_create(name="Large", actor=organiser)
    for t in tournaments[:2]:
        services.season_tournament_add(season=small, tournament=t, weight=1)
    for t in tournaments:
        services.season_tournament_add(season=large, tournament=t, weight=1)
    small.refresh_from_db()
    large.refresh_from_db()
    season_standing(small)  # each tournament's record once per state, the ranking too
    season_standing(large)
    # A repeat reads the season's state (one query) and the cache: for 2 and for 6.
    with django_assert_max_num_queries(1):
        season_standing(small)
    with django_assert_max_num_queries(1):
        large_standing = season_standing(large)
    assert len(large_standing.rows) == 60
    # A change in one tournament recomputes that tournament's record only: the
    # state, the entries, one record (about 40 queries), the players.
    services.participant_check_in(participant=tournaments[0].participants.first(), actor=organiser)
    with django_assert_max_num_queries(3 + 40) as changed:
        season_standing(large)
    assert len(changed.captured_queries) > 3  # recomputed, not the old state's ranking
    with django_assert_max_num_queries(1):
        season_standing(large)


def test_the_selector_knows_no_cache(organiser):
    """``selectors.season_standing`` computes every time; caching is its callers' part."""
    tournament = finished_tournament(names("S", 6), organiser=organiser, seed="s")
    season = services.season_create(name="S", actor=organiser)
    services.season_tournament_add(season=season, tournament=tournament, weight=1)
    first = selectors.season_standing(season)
    again = selectors.season_standing(season)
    assert again == first
    calls: list[int] = []

    def record(t):
        calls.append(t.pk)
        return tournament_record(t)

    selectors.season_standing(season, record_of=record)
    assert calls == [tournament.pk]


def test_a_change_of_the_seasons_list_moves_its_state(organiser):
    one = finished_tournament(names("A", 6), organiser=organiser, seed="a")
    two = finished_tournament(names("B", 6), organiser=organiser, seed="b")
    season = services.season_create(name="S", actor=organiser)
    services.season_tournament_add(season=season, tournament=one, weight=1)
    season.refresh_from_db()
    before = season_state(season)
    assert len(season_standing(season).tournaments) == 1
    services.season_tournament_add(season=season, tournament=two, weight=2)
    season.refresh_from_db()
    after = season_state(season)
    assert after.version == before.version + 1 and after.tag != before.tag
    assert [line.tournament for line in season_standing(season).tournaments] == [one.pk, two.pk]
    services.season_tournament_remove(season=season, tournament=one)
    season.refresh_from_db()
    assert [line.tournament for line in season_standing(season).tournaments] == [two.pk]
