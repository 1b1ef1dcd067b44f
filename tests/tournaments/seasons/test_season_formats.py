"""A season may mix formats: place points care only for final places (rules.md §13, §14)."""

from __future__ import annotations

import random
from datetime import date
from fractions import Fraction

import pytest

from tests import factories
from tests.tournaments.seasons.helpers import finished_tournament, names
from tournaments import services
from tournaments.models import Participant, Stage, Tournament
from tournaments.simulation import open_games, play_final_table, record_random_results

pytestmark = pytest.mark.django_db


def place_points(place: int, size: int) -> Fraction:
    return Fraction(1000 * (size - place), size - 1)


def two(value: Fraction) -> float:
    return float(round(value, 2))


def czech_after_part_two(names_: list[str], *, organiser, players) -> Tournament:
    tournament = services.tournament_create(
        name="Pražský pohár",
        date=date(2027, 5, 1),
        format="czech_club",
        settings={"title_nationality": "CZ"},
        actor=organiser,
    )
    services.participants_register(
        tournament=tournament,
        items=[
            services.ParticipantInput(
                name=n, nationality="CZ", player=players[n].pk if n in players else None
            )
            for n in names_
        ],
        actor=organiser,
    )
    rng = random.Random("praha")
    for part in (1, 2):
        services.group_stage_draw(tournament=tournament, seed=f"praha-{part}", part=part)
        record_random_results(
            open_games(tournament, stage=Stage.GROUP, part=part), rng=rng, referees=[organiser]
        )
    return tournament


def test_a_season_of_a_german_and_a_czech_tournament_follows_each_final_ranking(api, organiser):
    factories.ensure_reference_data()
    anna = services.player_create(name="Anna Amsel", nationality="DE")
    bert = services.player_create(name="Bert Bär", nationality="AT")
    players = {"Anna Amsel": anna, "Bert Bär": bert}
    german = finished_tournament(
        ["Anna Amsel", "Bert Bär", *names("D", 8)],
        organiser=organiser,
        seed="bamberg",
        day=date(2027, 3, 1),
        players=players,
    )
    czech = czech_after_part_two(
        ["Anna Amsel", "Bert Bär", *names("C", 21)], organiser=organiser, players=players
    )
    season = services.season_create(name="Mitteleuropa 2027", actor=organiser)
    services.season_tournament_add(season=season, tournament=german, weight=1)
    services.season_tournament_add(season=season, tournament=czech, weight=1)
    url = f"/api/seasons/{season.pk}/ranking/"

    # Before its final table the Czech tournament has no final ranking: not counted.
    answer = api.get(url).json()
    assert [(t["tournament"], t["counted"]) for t in answer["tournaments"]] == [
        (german.pk, True),
        (czech.pk, False),
    ]
    assert not any(r["name"].startswith("C ") for r in answer["rows"])

    play_final_table(czech, seed="finale", rng=random.Random(5), referees=[organiser])

    answer = api.get(url).json()
    assert [(t["tournament"], t["counted"]) for t in answer["tournaments"]] == [
        (german.pk, True),
        (czech.pk, True),
    ]
    places = {}
    for tournament in (german, czech):
        ranking = api.get(f"/api/tournaments/{tournament.pk}/ranking/").json()
        assert ranking["final"] is True
        places[tournament.pk] = {r["participant"]: r["place"] for r in ranking["rows"]}
    sizes = {german.pk: 10, czech.pk: 23}
    rows = {(r["player"], r["participant"]): r for r in answer["rows"]}
    for player in (anna, bert):
        expected = [
            (p.tournament_id, places[p.tournament_id][p.pk])
            for p in player.participants.order_by("tournament__date")
        ]
        row = rows[(player.pk, None)]
        assert [(r["tournament"], r["place"], r["points"]) for r in row["results"]] == [
            (t, place, two(place_points(place, sizes[t]))) for t, place in expected
        ]
        assert row["score"] == two(sum(place_points(place, sizes[t]) for t, place in expected))
    # The Czech winner (place 1 after the final table) earns the full 1000.
    winner = Participant.objects.get(
        pk=next(pid for pid, place in places[czech.pk].items() if place == 1)
    )
    key = (winner.player_id, None) if winner.player_id else (None, winner.pk)
    assert {r["tournament"]: r["points"] for r in rows[key]["results"]}[czech.pk] == 1000.0
