"""The end of the knockout: one named action crowns the champion; the provisional
ranking is right at every moment (table winners above the players they beat)."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.language import in_english
from tournaments import selectors, services
from tournaments.models import Knockout, ResultSeat, Stage
from tournaments.simulation import open_games, record_random_results

pytestmark = pytest.mark.django_db


def assert_winners_above_losers(tournament, round: int) -> None:
    """Within a round every table's winners are placed above the players they beat."""
    place = {row.participant.pk: row.place for row in selectors.final_ranking(tournament).rows}
    seats = ResultSeat.objects.counting(tournament).filter(
        result__game__stage=Stage.KNOCKOUT, result__game__round=round
    )
    by_game: dict[int, list[tuple[int, bool]]] = {}
    for seat in seats:
        by_game.setdefault(seat.result_id, []).append((seat.participant_id, seat.won))
    assert by_game
    for lines in by_game.values():
        winners = [place[p] for p, won in lines if won]
        losers = [place[p] for p, won in lines if not won]
        assert winners and max(winners) < min(losers)


def test_the_final_names_the_champion_and_the_ranking_is_right_throughout(organiser, referee):
    tournament = factories.drawn_tournament(23)
    rng = random.Random(7)
    record_random_results(open_games(tournament, stage="group"), rng=rng, referees=[referee])
    services.knockout_start(tournament=tournament, seed="ko")
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    client.force_login(organiser)
    url = reverse("staff:knockout", args=[tournament.pk])
    for _round in range(10):
        knockout = Knockout.objects.get(tournament=tournament)
        record_random_results(open_games(tournament, stage="knockout"), rng=rng, referees=[referee])
        assert_winners_above_losers(tournament, knockout.current_round)
        progress = selectors.knockout_progress(tournament, knockout)
        page = client.get(url).content.decode()
        if progress.decides_champion:
            break
        assert "Name the champion" not in page and "Seat the next round" in page
        services.knockout_next_round(tournament=tournament, seed=f"r{_round}")
    else:
        pytest.fail("the knockout did not reach a final")
    assert "Name the champion" in page and "Seat the next round" not in page
    provisional = selectors.final_ranking(tournament)
    assert not provisional.final
    winner = provisional.rows[0].participant
    # the final's provisional winner is first before anybody is crowned
    assert (
        ResultSeat.objects.counting(tournament)
        .filter(participant=winner, result__game__round=knockout.current_round, won=True)
        .exists()
    )

    response = client.post(url, {"action": "champion", "seed": "ko"}, follow=True)
    text = response.content.decode()
    assert "The champion has been named." in text
    assert "The next knockout round has been seated." not in text
    ranking = selectors.final_ranking(tournament)
    assert ranking.final and ranking.champion == winner
    assert ranking.rows[0].participant == winner
    assert_winners_above_losers(tournament, knockout.current_round)
    assert "Name the champion" not in text


def test_the_provisional_ranking_puts_round_winners_above_losers(referee):
    tournament = factories.drawn_tournament(40)
    rng = random.Random(3)
    record_random_results(open_games(tournament, stage="group"), rng=rng, referees=[referee])
    services.knockout_start(tournament=tournament, seed="ko", field_size=10)
    record_random_results(open_games(tournament, stage="knockout"), rng=rng, referees=[referee])
    assert_winners_above_losers(tournament, 1)
