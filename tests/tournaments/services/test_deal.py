"""The character deal through the services and the API (rules.md §11, api.md)."""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring import deal
from tests import factories
from tests.language import in_english
from tournaments import selectors, services
from tournaments.models import Character, Game, Stage, Table
from tournaments.simulation import open_games, play_knockout, record_random_results

pytestmark = pytest.mark.django_db

DEALING = {"deal_characters": True}


def dealing_tournament(count: int = 11, **kwargs) -> object:
    tournament = factories.make_tournament(settings={**DEALING, "max_participants": 200})
    factories.add_participants(tournament, count)
    for name in ("Apache Kid", "Belle Star", "Bill Noface", "Chuck Wengam"):
        services.character_add(tournament=tournament, name=name, life_points=4)
    services.group_stage_draw(tournament=tournament, seed=kwargs.get("seed", "deal"))
    return tournament


def group_deals(tournament) -> dict[tuple[int, int], dict[str, list[str]]]:
    return {
        (g.table.number, g.round): g.dealt
        for g in Game.objects.filter(tournament=tournament, stage=Stage.GROUP).select_related(
            "table"
        )
    }


def test_the_draw_deals_every_group_game_reproducibly_from_its_seed():
    tournament = dealing_tournament(17)
    pool = set(selectors.tournament_characters(tournament))
    deals = group_deals(tournament)
    assert len(deals) == 6 + 6 + 5
    for (number, round), dealt in deals.items():
        size = Table.objects.get(tournament=tournament, stage=Stage.GROUP, number=number).size
        assert sorted(dealt, key=int) == [str(p) for p in range(1, size + 1)]
        names = [name for pair in dealt.values() for name in pair]
        assert len(names) == len(set(names)) == 2 * size
        assert set(names) <= pool
        expected = deal.deal_group_game(
            pool,
            positions=range(1, size + 1),
            seed="deal",
            label=deal.group_label(table=number, round=round),
        )
        assert dealt == {str(p): list(pair) for p, pair in expected.items()}
    dealt_anywhere = {n for d in deals.values() for pair in d.values() for n in pair}
    assert dealt_anywhere & {"Apache Kid", "Belle Star", "Bill Noface", "Chuck Wengam"}

    assert {str(g.deal_algorithm) for g in Game.objects.filter(tournament=tournament)} == {
        str(deal.DEAL_ALGORITHM)
    }  # each deal records its algorithm: the draw's

    services.group_stage_draw(tournament=tournament, seed="deal")  # redone, same seed
    assert group_deals(tournament) == deals
    services.group_stage_draw(tournament=tournament, seed="other")
    assert group_deals(tournament) != deals


def test_without_the_setting_nothing_is_dealt_and_any_character_counts():
    tournament = factories.drawn_tournament(10)
    assert all(not g.dealt for g in Game.objects.filter(tournament=tournament))
    assert selectors.game_spec(Game.objects.filter(tournament=tournament).first()).dealt is None


def test_a_draw_with_too_few_characters_is_refused_and_stores_nothing(organiser_api):
    tournament = factories.make_tournament(settings=DEALING)
    Character.objects.filter(tournament__isnull=True).delete()  # only expansions left
    factories.add_participants(tournament, 6)
    for i in range(11):
        services.character_add(tournament=tournament, name=f"Figur {i}", life_points=4)
    response = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/group-stage/draw/", {"seed": "x"}, format="json"
    )
    assert response.status_code == 409
    (error,) = response.json()["errors"]
    assert error["code"] == "too_few_characters" and "12" in error["message"]
    assert not Table.objects.filter(tournament=tournament).exists()
    assert not Game.objects.filter(tournament=tournament).exists()

    services.character_add(tournament=tournament, name="Figur 11", life_points=4)
    assert (
        organiser_api.post(
            f"/api/tournaments/{tournament.pk}/group-stage/draw/", {"seed": "x"}, format="json"
        ).status_code
        == 201
    )


def _law_wins(game: Game, characters: dict[int, str]) -> dict:
    roles = {1: "sheriff", 2: "renegade", 3: "outlaw", 4: "outlaw", 5: "deputy"}
    lives = {1: 3, 2: 0, 3: 0, 4: 0, 5: 1}
    return {
        "seats": [
            {"position": p, "role": roles[p], "character": characters[p], "lives": lives[p]}
            for p in range(1, 6)
        ]
    }


def test_a_character_outside_the_deal_is_refused(referee_api):
    tournament = dealing_tournament(10)
    game = Game.objects.get(tournament=tournament, table__number=1, round=1)
    kept = {int(p): pair[1] for p, pair in game.dealt.items()}
    stranger = next(
        name
        for name in selectors.tournament_characters(tournament)
        if name not in game.dealt["4"] and name not in kept.values()
    )
    url = f"/api/games/{game.pk}/result/"
    refused = referee_api.put(url, _law_wins(game, {**kept, 4: stranger}), format="json")
    assert refused.status_code == 400
    assert [(e["code"], e["position"]) for e in refused.json()["errors"]] == [
        ("character_not_dealt", 4)
    ]
    game.refresh_from_db()
    assert game.version == 0
    assert referee_api.put(url, _law_wins(game, kept), format="json").status_code == 200


def test_staff_see_the_deal_and_the_public_only_after_the_result(api, referee):
    tournament = dealing_tournament(10)
    game = Game.objects.get(tournament=tournament, table__number=1, round=1)
    public = api.get(f"/api/games/{game.pk}/").json()
    assert public["dealt"] is None
    listed = api.get(f"/api/tournaments/{tournament.pk}/games/?round=1").json()
    assert all(g["dealt"] is None for g in listed)

    api.force_authenticate(referee)
    assert api.get(f"/api/games/{game.pk}/").json()["dealt"] == game.dealt
    listed = api.get(f"/api/tournaments/{tournament.pk}/games/?round=1").json()
    assert listed[0]["dealt"]["1"] == game.dealt["1"]

    record_random_results([game], rng=random.Random(1), referees=[referee])
    api.force_authenticate(None)
    assert api.get(f"/api/games/{game.pk}/").json()["dealt"] == game.dealt
    plain = factories.drawn_tournament(10)
    plain_game = Game.objects.filter(tournament=plain).first()
    assert "dealt" not in api.get(f"/api/games/{plain_game.pk}/").json()


def test_the_referees_form_offers_only_the_dealt_characters(referee):
    tournament = dealing_tournament(10)
    game = Game.objects.get(tournament=tournament, table__number=1, round=2)
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    client.force_login(referee)
    html = client.get(reverse("staff:result", args=[tournament.pk, game.pk])).content.decode()
    for position, pair in game.dealt.items():
        block = re.search(
            rf'<fieldset class="seat" data-position="{position}">(.*?)</fieldset>', html, re.S
        ).group(1)
        select = re.search(r'<select name="seat-\d+-character".*?</select>', block, re.S).group(0)
        offered = re.findall(r'<option value="([^"]+)"', select)
        assert sorted(offered) == sorted(pair)


def test_knockout_tables_reveal_one_more_than_players_and_recording_respects_them(referee):
    tournament = dealing_tournament(17)
    record_random_results(
        open_games(tournament, stage=Stage.GROUP), rng=random.Random(3), referees=[referee]
    )
    knockout = play_knockout(tournament, seed="ko", rng=random.Random(4), referees=[referee])
    assert knockout.champion_id is not None
    pool = set(selectors.tournament_characters(tournament))
    games = Game.objects.filter(tournament=tournament, stage=Stage.KNOCKOUT).select_related("table")
    assert games
    for game in games:
        assert len(game.revealed) == len(set(game.revealed)) == game.table.size + 1
        assert set(game.revealed) <= pool
        kept = {s.character for s in game.results.get(is_current=True).seats.all()} - {""}
        assert kept <= set(game.revealed)


def test_a_deal_made_with_the_earlier_algorithm_keeps_it_and_re_runs():
    """Games dealt before the deal used the draw's lot carry the old algorithm
    (migration 0009) and their deal follows from it."""
    tournament = dealing_tournament(10)
    pool = selectors.tournament_characters(tournament)
    game = Game.objects.select_related("table").get(tournament=tournament, table__number=1, round=2)
    positions = range(1, game.table.size + 1)
    label = deal.group_label(table=1, round=2)
    old = deal.deal_group_game(
        pool, positions=positions, seed="deal", label=label, algorithm=deal.LEGACY_DEAL_ALGORITHM
    )
    Game.objects.filter(pk=game.pk).update(
        dealt={str(p): list(pair) for p, pair in old.items()},
        deal_algorithm=dict(deal.LEGACY_DEAL_ALGORITHM),
    )
    game.refresh_from_db()
    again = deal.deal_group_game(
        pool, positions=positions, seed="deal", label=label, algorithm=game.deal_algorithm
    )
    assert game.dealt == {str(p): list(pair) for p, pair in again.items()}
