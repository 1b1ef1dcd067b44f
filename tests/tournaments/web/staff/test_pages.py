"""The staff pages through Django's test client: access, result entry, draw, progress board."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.language import in_english, in_language
from tournaments import selectors, services
from tournaments.demo import play_group_rounds
from tournaments.models import (
    AuditEntry,
    Character,
    Game,
    Knockout,
    Participant,
    Penalty,
    Result,
    ResultSeat,
    Stage,
    Tournament,
)

pytestmark = pytest.mark.django_db


def client_for(user: Any) -> Client:
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    client.force_login(user)
    return client


def seat_block(html: str, position: int) -> str:
    """The HTML of one seat block of the result form (``data-position``)."""
    match = re.search(
        rf'<fieldset class="seat" data-position="{position}">(.*?)</fieldset>', html, re.S
    )
    assert match, f"no seat block {position}"
    return match.group(1)


def table_problems(html: str) -> str:
    match = re.search(
        r'<div class="table-problems" id="table-problems"[^>]*>(.*?)</div>', html, re.S
    )
    assert match
    return match.group(1)


def first_game(tournament: Tournament, *, round: int = 1, table: int = 1) -> Game:
    return Game.objects.select_related("table").get(
        tournament=tournament, stage=Stage.GROUP, round=round, table__number=table
    )


def law_wins(game: Game) -> dict[str, Any]:
    """POST data for a valid result: the Sheriff's side wins, the Renegade lost the final duel.

    Round r: the Sheriff sits at r; the other seats get Deputy, Renegade, Outlaws.
    """
    positions = [s.position for s in game.table.seats.all()]
    others = [p for p in positions if p != game.sheriff_position]
    roles = {game.sheriff_position: "sheriff", others[0]: "deputy", others[1]: "renegade"}
    for p in others[2:]:
        roles[p] = "outlaw"
    characters = ["Bart Cassidy", "Black Jack", "Calamity Janet", "Jesse Jones", "Kit Carlson"]
    characters.append("Lucky Duke")
    data: dict[str, Any] = {"version": game.version, "signed": "on"}
    for i, p in enumerate(positions):
        data[f"seat-{p}-role"] = roles[p]
        data[f"seat-{p}-character"] = characters[i]
        data[f"seat-{p}-lives"] = 0
    data[f"seat-{game.sheriff_position}-lives"] = 2
    data[f"seat-{others[1]}-final_duel"] = "on"
    data[f"seat-{others[1]}-eliminated_by"] = game.sheriff_position
    return data


# --------------------------------------------------------------------------- access


STAFF_URLS = [
    ("staff:games", True),
    ("staff:participants", True),
    ("staff:progress", False),
    ("staff:draw", False),
    ("staff:settings", False),
    ("staff:knockout", False),
]


def test_anonymous_users_are_sent_to_the_login_page() -> None:
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    for url in [
        reverse("staff:index"),
        reverse("staff:team", args=[tournament.pk]),
        reverse("staff:tournament_new"),
        reverse("staff:result", args=[tournament.pk, game.pk]),
        *(reverse(name, args=[tournament.pk]) for name, _ in STAFF_URLS),
    ]:
        response = Client().get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(f"/accounts/login/?next={url}"), url


def test_a_user_without_a_role_gets_403() -> None:
    tournament = factories.drawn_tournament(10)
    client = client_for(factories.make_user())
    for name, _ in STAFF_URLS:
        assert client.get(reverse(name, args=[tournament.pk])).status_code == 403, name
    game = first_game(tournament)
    response = client.post(reverse("staff:result", args=[tournament.pk, game.pk]), law_wins(game))
    assert response.status_code == 403
    assert not Result.objects.exists()


def test_a_referee_reaches_referee_pages_but_not_organiser_pages() -> None:
    tournament = factories.drawn_tournament(10)
    client = client_for(factories.make_referee())
    for name, referee_may in STAFF_URLS:
        status = client.get(reverse(name, args=[tournament.pk])).status_code
        assert status == (200 if referee_may else 403), name
    assert client.get(reverse("staff:team", args=[tournament.pk])).status_code == 403
    assert client.get(reverse("staff:tournament_new")).status_code == 403
    # Referees see the participant list but cannot register anyone.
    response = client.post(
        reverse("staff:participants", args=[tournament.pk]), {"name": "X", "nationality": "DE"}
    )
    assert response.status_code == 403


def test_a_post_without_csrf_token_is_refused() -> None:
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    client = in_english(Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="en"))
    client.force_login(factories.make_referee())
    url = reverse("staff:result", args=[tournament.pk, game.pk])
    page = client.get(url)
    assert b'name="csrfmiddlewaretoken"' in page.content
    assert client.post(url, law_wins(game)).status_code == 403
    assert not Result.objects.exists()
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page.content).group(1)
    response = client.post(url, {**law_wins(game), "csrfmiddlewaretoken": token.decode()})
    assert response.status_code == 302
    assert Result.objects.count() == 1


# --------------------------------------------------------------------------- result form


def test_the_result_form_shows_the_seats_with_the_fixed_sheriff() -> None:
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament, round=3)
    response = client_for(factories.make_referee()).get(
        reverse("staff:result", args=[tournament.pk, game.pk])
    )
    html = response.content.decode()
    for seat in game.table.seats.select_related("participant"):
        block = seat_block(html, seat.position)
        assert seat.participant.name in block
    sheriff = seat_block(html, 3)
    assert 'type="hidden" name="seat-3-role" value="sheriff"' in sheriff
    assert 'class="fixed-role">Sheriff<' in sheriff
    # The other seats cannot pick the Sheriff; the lives have a maximum.
    assert 'value="sheriff"' not in seat_block(html, 1)
    assert 'name="seat-1-lives"' in seat_block(html, 1) and 'max="4"' in seat_block(html, 1)
    assert '"sheriff": {"": 5' in html  # the rules' maxima for the page's script


def test_a_valid_result_is_stored_with_bounties() -> None:
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    referee = factories.make_referee()
    response = client_for(referee).post(
        reverse("staff:result", args=[tournament.pk, game.pk]), law_wins(game), follow=True
    )
    assert response.status_code == 200
    assert "Result saved (table 1, round 1): Sheriff and Deputies won." in response.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.RECORDED and game.version == 1
    result = Result.objects.get(game=game, is_current=True)
    assert result.recorded_by == referee and result.signed and result.winner == "law"
    bounties = dict(ResultSeat.objects.filter(result=result).values_list("role", "bounty"))
    # 5-table: Sheriff 2500 + 150 survivor; Deputy 1500; Renegade 1500 for the final duel.
    assert bounties == {"sheriff": 2650, "deputy": 1500, "renegade": 1500, "outlaw": 0}


def test_an_invalid_result_stores_nothing_and_names_the_seat() -> None:
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    data = law_wins(game)
    data["seat-3-lives"] = 9  # Calamity Janet has 4 life points
    response = client_for(factories.make_referee()).post(
        reverse("staff:result", args=[tournament.pk, game.pk]), data
    )
    assert response.status_code == 200
    html = response.content.decode()
    message = "Seat 3: lives must be a whole number from 0 to 4."
    assert message in seat_block(html, 3)
    assert message not in seat_block(html, 2)
    assert 'name="seat-3-lives" value="9"' in seat_block(html, 3)  # the entry is kept
    assert not Result.objects.exists()
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN


def test_lives_that_are_not_a_number_are_shown_at_the_seat() -> None:
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    client = client_for(factories.make_referee())
    data = {**law_wins(game), "seat-3-lives": "vier"}
    html = client.post(reverse("staff:result", args=[tournament.pk, game.pk]), data)
    assert "Enter a whole number." in seat_block(html.content.decode(), 3)
    assert not Result.objects.exists()
    check = client.post(reverse("staff:result_check", args=[tournament.pk, game.pk]), data)
    assert re.search(
        r'id="problems-3" hx-swap-oob="true">[^<]*<p[^>]*>Enter a whole number.',
        check.content.decode(),
    )
    assert "Valid:" not in check.content.decode()


def test_a_game_not_finished_is_a_table_message() -> None:
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    data = law_wins(game)
    outlaw = next(k for k, v in data.items() if v == "outlaw")
    data[outlaw.replace("role", "lives")] = 2
    html = (
        client_for(factories.make_referee())
        .post(reverse("staff:result", args=[tournament.pk, game.pk]), data)
        .content.decode()
    )
    assert "The game is not finished" in table_problems(html)
    assert not Result.objects.exists()


def test_the_check_endpoint_reports_problems_without_saving() -> None:
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    client = client_for(factories.make_referee())
    url = reverse("staff:result_check", args=[tournament.pk, game.pk])
    # While typing: only what was typed wrong, at its seat; empty fields are not errors yet.
    response = client.post(url, {"version": 0, "seat-3-lives": 9, "seat-3-character": "El Gringo"})
    html = response.content.decode()
    assert response.status_code == 200
    assert re.search(
        r'id="problems-3" hx-swap-oob="true">.*lives must be a whole number from 0 to 3', html
    )
    assert "the character is missing" not in html
    assert "needs 1 Sheriff" not in html
    # A complete but impossible sheet: the table-level verdict.
    data = law_wins(game)
    outlaw = next(k for k, v in data.items() if v == "outlaw")
    data[outlaw.replace("role", "lives")] = 1
    html = client.post(url, data).content.decode()
    assert "The game is not finished" in table_problems(html)
    # A valid sheet: the derived winner.
    html = client.post(url, law_wins(game)).content.decode()
    assert "Valid: Sheriff and Deputies won." in html
    assert not Result.objects.exists()
    assert client.get(url).status_code == 405


def test_a_correction_needs_a_reason_and_keeps_the_old_version() -> None:
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    first_referee, second = factories.make_referee(), factories.make_referee()
    url = reverse("staff:result", args=[tournament.pk, game.pk])
    client_for(first_referee).post(url, law_wins(game))
    game.refresh_from_db()
    client = client_for(second)
    page = client.get(url).content.decode()
    assert "Version 1, recorded by " + first_referee.username in page
    assert 'name="reason"' in page
    assert 'name="version" value="1"' in page
    assert 'name="seat-1-lives" value="2"' in page  # prefilled with the current version

    data = law_wins(game)
    data["seat-1-character"] = "Vulture Sam"
    response = client.post(url, data)
    assert "A correction needs a reason." in response.content.decode()
    assert Result.objects.filter(game=game).count() == 1

    response = client.post(url, {**data, "reason": "Wrong character on the sheet"})
    assert response.status_code == 302
    versions = list(Result.objects.filter(game=game).order_by("version"))
    assert [(r.version, r.is_current) for r in versions] == [(1, False), (2, True)]
    assert versions[1].reason == "Wrong character on the sheet"
    assert versions[1].seats.get(position=1).character == "Vulture Sam"
    assert versions[0].seats.get(position=1).character == "Bart Cassidy"


def test_a_stale_version_is_a_conflict() -> None:
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    url = reverse("staff:result", args=[tournament.pk, game.pk])
    client_for(factories.make_referee()).post(url, law_wins(game))
    # A second referee still has the empty form (version 0) open and saves.
    response = client_for(factories.make_referee()).post(url, {**law_wins(game), "version": 0})
    html = response.content.decode()
    assert "Changed by someone else meanwhile (now version 1): nothing was overwritten" in html
    # The page offers its own two choices; "reload" would throw the comparison away.
    assert "Reload" not in html
    # Both versions side by side; the form now corrects the stored version.
    assert "Keep the stored version" in html
    assert "Send mine as a new correction" in html
    assert 'class="conflict-table"' in html or "conflict-table" in html
    assert 'name="version" value="1"' in html
    assert Result.objects.filter(game=game).count() == 1


def test_a_knockout_duel_has_no_roles_and_a_winner_select() -> None:
    tournament = factories.drawn_tournament(10)
    table = tournament.tables.get(number=1)
    ko_table = tournament.tables.create(stage=Stage.KNOCKOUT, round=1, number=1, size=2)
    seats = list(table.seats.order_by("position")[:2])
    for position, seat in enumerate(seats, start=1):
        ko_table.seats.create(position=position, participant=seat.participant)
    game = Game.objects.create(tournament=tournament, table=ko_table, stage=Stage.KNOCKOUT, round=1)
    client = client_for(factories.make_referee())
    url = reverse("staff:result", args=[tournament.pk, game.pk])
    html = client.get(url).content.decode()
    assert 'name="seat-1-role"' not in html and 'name="winner"' in html
    response = client.post(url, {"version": 0, "winner": 2, "signed": "on"})
    assert response.status_code == 302
    assert Result.objects.get(game=game).winner == "2"


# --------------------------------------------------------------------------- overview, penalties


def test_the_referee_overview_lists_open_games_by_round() -> None:
    tournament = factories.drawn_tournament(10)
    referee = factories.make_referee()
    play_group_rounds(tournament, rounds=range(1, 2), rng=random.Random(1), referees=[referee])
    client = client_for(referee)
    url = reverse("staff:games", args=[tournament.pk])
    html = client.get(url, {"round": 2}).content.decode()
    round_two = first_game(tournament, round=2)
    assert reverse("staff:result", args=[tournament.pk, round_two.pk]) in html
    assert html.count('<li class="game-card') == 2  # two tables of 5
    recorded = client.get(url, {"round": 1, "show": "recorded"}).content.decode()
    assert recorded.count('<li class="game-card') == 2 and "Correct" in recorded
    assert client.get(url, {"round": 1}).content.decode().count('<li class="game-card') == 0


def test_a_referee_gives_a_penalty_and_an_organiser_marks_a_withdrawal() -> None:
    tournament = factories.drawn_tournament(10)
    participant = tournament.participants.first()
    url = reverse("staff:participant", args=[tournament.pk, participant.pk])
    referee = client_for(factories.make_referee())
    response = referee.post(
        url, {"action": "penalty", "kind": "deduction", "amount": "", "reason": "Cards shown"}
    )
    assert "A deduction needs a positive amount." in response.content.decode()
    assert not Penalty.objects.exists()
    response = referee.post(
        url,
        {"action": "penalty", "kind": "deduction", "amount": 500, "reason": "Cards shown"},
        follow=True,
    )
    penalty = Penalty.objects.get()
    assert (penalty.kind, penalty.amount, penalty.reason) == ("deduction", 500, "Cards shown")
    assert "Cards shown" in response.content.decode()
    assert referee.post(url, {"action": "withdraw", "reason": "ill"}).status_code == 403

    organiser = client_for(factories.make_organiser())
    organiser.post(url, {"action": "withdraw", "reason": "ill"})
    participant.refresh_from_db()
    assert participant.status == Participant.Status.WITHDRAWN
    # Round 'position' of this participant is not played any more.
    seat = participant.seats.get()
    assert Game.objects.get(table=seat.table, round=seat.position).status == Game.Status.VOID


# --------------------------------------------------------------------------- organisers


def test_an_organiser_creates_and_configures_a_tournament() -> None:
    client = client_for(factories.make_organiser())
    data = {
        "action": "settings",
        "name": "Deutsche Meisterschaft 2027",
        "date": "2027-03-13",
        "ruleset": "bang",
        "language": "de",
        "setting_max_participants": 60,
        "setting_knockout_field_size": "",
        "setting_double_check": "on",
        **{
            f"setting_{key}": value
            for key, value in {
                "bounty_sheriff_5": 2500,
                "bounty_sheriff_6": 3000,
                "bounty_deputy_5": 1500,
                "bounty_deputy_6": 2000,
                "bounty_outlaw_5": 2000,
                "bounty_outlaw_6": 1500,
                "bounty_renegade_5": 4000,
                "bounty_renegade_6": 4000,
                "bounty_final_duel": 1500,
                "bounty_survivor": 150,
                "bounty_deputy_kills_sheriff": -1000,
                "five_table_bonus": 1400,
            }.items()
        },
    }
    response = client.post(reverse("staff:tournament_new"), data)
    tournament = Tournament.objects.get()
    assert response["Location"] == reverse("staff:tournament", args=[tournament.pk])
    assert tournament.settings == {"max_participants": 60, "double_check": True}

    url = reverse("staff:settings", args=[tournament.pk])
    page = client.get(url).content.decode()
    assert 'name="setting_max_participants"' in page and 'value="60"' in page
    client.post(url, {**data, "setting_max_participants": 1})
    tournament.refresh_from_db()
    assert tournament.settings["max_participants"] == 60  # refused: below the minimum
    client.post(url, {**data, "setting_max_participants": 80, "setting_double_check": ""})
    tournament.refresh_from_db()
    assert tournament.settings == {"max_participants": 80}

    client.post(url, {"action": "character", "name": "Apache Kid", "life_points": 4})
    assert Character.objects.get(tournament=tournament).life_points == 4
    response = client.post(url, {"action": "character", "name": "Black Jack", "life_points": 4})
    assert "Black Jack is a base-game character already." in response.content.decode()


def test_an_organiser_registers_participants_one_by_one() -> None:
    tournament = factories.make_tournament(date=__import__("datetime").date(2027, 3, 13))
    client = client_for(factories.make_organiser())
    url = reverse("staff:participants", args=[tournament.pk])
    response = client.post(
        url, {"name": "Lena Vogel", "nationality": "AT", "birth_date": "2001-05-02"}, follow=True
    )
    assert "Lena Vogel has been registered." in response.content.decode()
    assert 'data-participant="' in response.content.decode()
    response = client.post(url, {"name": "Kid", "nationality": "DE", "birth_date": "2021-01-01"})
    assert "players under 8 need the organiser" in response.content.decode()
    client.post(
        url, {"name": "Kid", "nationality": "DE", "birth_date": "2021-01-01", "age_approved": "on"}
    )
    assert list(tournament.participants.values_list("name", "nationality")) == [
        ("Lena Vogel", "AT"),
        ("Kid", "DE"),
    ]


def test_the_draw_page_runs_the_draw_and_shows_seed_and_seating() -> None:
    tournament = factories.make_tournament()
    names = [p.name for p in factories.add_participants(tournament, 11)]
    client = client_for(factories.make_organiser())
    url = reverse("staff:draw", args=[tournament.pk])
    page = client.get(url).content.decode()
    assert re.search(r'name="seed" value="[^"]+"', page)  # prefilled at random
    response = client.post(url, {"seed": "Hamburg 2027", "five_tables": ""}, follow=True)
    html = response.content.decode()
    assert "Hamburg 2027" in html
    assert all(name in html for name in names)
    assert html.count('class="seating-table"') == 2  # 6 + 5
    assert tournament.tables.filter(stage=Stage.GROUP).count() == 2

    response = client.post(url, {"seed": "x", "five_tables": 3})
    assert "5" in response.content.decode() and tournament.group_draw.seed == "Hamburg 2027"

    referee = factories.make_referee()
    play_group_rounds(tournament, rounds=range(1, 2), rng=random.Random(1), referees=[referee])
    response = client.post(url, {"seed": "again"})
    assert "The draw is locked" in response.content.decode()
    tournament.group_draw.refresh_from_db()
    assert tournament.group_draw.seed == "Hamburg 2027"


@pytest.mark.parametrize("count", [10, 126])
def test_the_progress_board_has_a_constant_number_of_queries(
    count: int, django_assert_max_num_queries: Any
) -> None:
    tournament = factories.drawn_tournament(count)
    organiser = factories.make_organiser()
    play_group_rounds(tournament, rounds=range(1, 3), rng=random.Random(1), referees=[organiser])
    game = first_game(tournament, round=2)
    services.result_record(
        game=game,
        seats=selectors.seat_reports(Result.objects.get(game=game)),
        reason="typo",
        version=1,
        actor=organiser,
    )
    client = client_for(organiser)
    url = reverse("staff:progress", args=[tournament.pk])
    with django_assert_max_num_queries(6) as queries:
        response = client.get(url)
    print(f"progress board, {count} participants: {len(queries)} queries")
    html = response.content.decode()
    tables = tournament.tables.count()
    assert html.count('data-state="recorded"') == 2 * tables - 1
    assert html.count('data-state="corrected"') == 1
    assert "(v2)" in html
    with django_assert_max_num_queries(6):
        partial = client.get(url, HTTP_HX_REQUEST="true")
    assert partial.content.decode().startswith('<div id="progress-grid"')


def test_knockout_page_before_the_start() -> None:
    tournament = factories.drawn_tournament(10)
    html = (
        client_for(factories.make_organiser())
        .get(reverse("staff:knockout", args=[tournament.pk]))
        .content.decode()
    )
    assert 'name="seed"' in html and 'value="start"' in html


def test_an_organiser_manages_the_staff_of_their_tournament() -> None:
    organiser = factories.make_organiser(username="chefin", tournament="nowhere")
    tournament = factories.make_tournament(actor=organiser)
    other = factories.make_tournament()
    existing = factories.make_user(username="hanna")
    client = client_for(organiser)
    url = reverse("staff:team", args=[tournament.pk])
    client.post(
        url,
        {
            "action": "create",
            "username": "schiri-neu",
            "password1": "Sehr-geheim-2027",
            "password2": "Sehr-geheim-2027",
            "role": "referee",
        },
    )
    client.post(url, {"action": "add", "user": existing.pk, "role": "organiser"})
    staff = dict(tournament.staff.values_list("user__username", "role"))
    assert staff == {"chefin": "organiser", "schiri-neu": "referee", "hanna": "organiser"}
    assert not other.staff.exists()  # appointed for this tournament only
    html = client.get(url).content.decode()
    assert "schiri-neu" in html and "hanna" in html
    client.post(url, {"action": "remove", "user": existing.pk})
    assert set(tournament.staff.values_list("user__username", flat=True)) == {
        "chefin",
        "schiri-neu",
    }
    assert AuditEntry.objects.filter(tournament=tournament, action="staff_dismissed").count() == 1
    # The last organiser stays: the page says why.
    response = client.post(url, {"action": "remove", "user": organiser.pk}, follow=True)
    assert "at least one organiser" in response.content.decode()
    assert tournament.staff.filter(user=organiser, role="organiser").exists()
    # Another tournament's staff page is not theirs.
    assert client.get(reverse("staff:team", args=[other.pk])).status_code == 403


def test_an_appointed_organiser_without_the_group_appoints_but_creates_no_account() -> None:
    tournament = factories.make_tournament()
    appointed = factories.make_user(username="appointed")
    factories.appoint(appointed, tournament, "organiser")
    client = client_for(appointed)
    url = reverse("staff:team", args=[tournament.pk])
    assert 'value="create"' not in client.get(url).content.decode()
    response = client.post(
        url,
        {
            "action": "create",
            "username": "x-new",
            "password1": "Sehr-geheim-2027",
            "password2": "Sehr-geheim-2027",
            "role": "referee",
        },
    )
    assert response.status_code == 403
    assert not User.objects.filter(username="x-new").exists()


def test_the_staff_index_lists_only_my_tournaments() -> None:
    mine = factories.make_tournament(name="Mein Turnier")
    theirs = factories.make_tournament(name="Fremdes Turnier")
    referee = factories.make_referee(tournament=mine)
    html = client_for(referee).get(reverse("staff:index")).content.decode()
    assert "Mein Turnier" in html and "Fremdes Turnier" not in html
    assert reverse("staff:tournament_new") not in html  # a referee creates no tournament
    assert client_for(referee).get(reverse("staff:tournament", args=[theirs.pk])).status_code == 403
    assert client_for(factories.make_user()).get(reverse("staff:index")).status_code == 403


def test_the_knockout_page_starts_and_seats_the_next_round() -> None:
    tournament = factories.drawn_tournament(10)
    organiser = factories.make_organiser()
    client = client_for(organiser)
    url = reverse("staff:knockout", args=[tournament.pk])
    response = client.post(url, {"action": "start", "seed": "ko", "field_size": ""})
    assert response.status_code == 200  # refused: the group stage is not complete
    assert not Knockout.objects.filter(tournament=tournament).exists()
    assert "form-errors" in response.content.decode()

    play_group_rounds(tournament, rounds=range(1, 6), rng=random.Random(2), referees=[organiser])
    response = client.post(url, {"action": "start", "seed": "ko", "field_size": ""}, follow=True)
    html = response.content.decode()
    assert "The knockout has started." in html
    ko_games = Game.objects.filter(tournament=tournament, stage=Stage.KNOCKOUT)
    assert ko_games.count() >= 1
    for game in ko_games:
        assert reverse("staff:result", args=[tournament.pk, game.pk]) in html
    # Knockout roles are random: every seat may be the Sheriff.
    game = ko_games.first()
    form = client.get(reverse("staff:result", args=[tournament.pk, game.pk])).content.decode()
    assert all('value="sheriff"' in seat_block(form, s.position) for s in game.table.seats.all())
    # The next round needs every knockout result first.
    response = client.post(url, {"action": "next", "seed": "ko-2"})
    assert "form-errors" in response.content.decode()


def test_knockout_page_warns_when_a_round_needs_more_than_three_tables(client):
    from tournaments.simulation import open_games, record_random_results

    organiser = factories.make_organiser()
    tournament = factories.drawn_tournament(
        30, settings={"knockout_field_size": 22, "max_participants": 126}
    )
    record_random_results(
        open_games(tournament, stage="group"), rng=random.Random(3), referees=[organiser]
    )
    services.knockout_start(tournament=tournament, seed="viele", actor=organiser)
    client.force_login(organiser)
    url = reverse("staff:knockout", args=[tournament.pk])
    html = in_english(client).get(url).content.decode()
    assert "This round needs 4 tables" in html
    german = in_language(client, "de").get(url).content.decode()
    assert "Diese Runde braucht 4 Tische" in german


def test_showdown_role_pickers_name_the_cards(client):
    tournament = factories.drawn_tournament(10, ruleset="showdown")
    game = Game.objects.get(tournament=tournament, table__number=1, round=1)
    client.force_login(factories.make_referee())
    html = (
        in_english(client).get(reverse("staff:result", args=[tournament.pk, game.pk])).content
    ).decode()
    assert "Outlaw (J♥ J♦ J♠)" in html and "Renegade (Joker)" in html
    assert "Deputy (Q♥ Q♦)" in html


def test_the_staff_link_leads_to_this_tournament_only_for_its_staff() -> None:
    mine = factories.make_tournament()
    theirs = factories.make_tournament()
    client = client_for(factories.make_referee(tournament=mine))
    mine_html = client.get(reverse("tournament", args=[mine.pk])).content.decode()
    assert f'href="{reverse("staff:tournament", args=[mine.pk])}"' in mine_html
    theirs_html = client.get(reverse("tournament", args=[theirs.pk])).content.decode()
    assert reverse("staff:tournament", args=[theirs.pk]) not in theirs_html
    assert f'class="staff-link" href="{reverse("staff:index")}"' in theirs_html
