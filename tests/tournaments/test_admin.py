"""The admin reads, the services write: a superuser through the Django admin.

Every model's pages render with its data; nothing a service owns can be added,
changed or deleted through the admin's own forms; the admin's changes
(registering a participant, withdrawing one) go through the services and leave
the same traces as the staff pages do.
"""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import User
from django.db.models import Model
from django.test import Client

from tests import factories
from tests.language import in_english
from tournaments import services
from tournaments.models import (
    AuditEntry,
    Character,
    Game,
    GroupDraw,
    Knockout,
    LotDraw,
    Participant,
    Penalty,
    Result,
    ResultSeat,
    Seat,
    Table,
    Tournament,
)
from tournaments.simulation import simulate_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def superuser(db) -> User:
    return factories.make_user(username="root", is_staff=True, is_superuser=True)


@pytest.fixture
def admin_client(superuser: User) -> Client:
    client = in_english(Client(headers={"accept-language": "en"}))
    client.force_login(superuser)
    return client


def _changelist(model: type) -> str:
    return f"/admin/tournaments/{model._meta.model_name}/"


def _change(obj: Model) -> str:
    return f"{_changelist(type(obj))}{obj.pk}/change/"


# --------------------------------------------------------------------------- pages


@pytest.fixture
def played(superuser: User) -> Tournament:
    """A whole tournament played to its champion, with a penalty and a lot draw."""
    tournament = simulate_tournament(
        participants=10, seed="admin", organiser=superuser, name="Admin-Probe"
    )
    services.penalty_give(
        participant=tournament.participants.order_by("id")[1],
        kind="warning",
        reason="Karten gezeigt",
        actor=superuser,
    )
    LotDraw.objects.create(
        tournament=tournament,
        purpose="knockout_cut",
        seed="Losprobe",
        candidates=[1, 2],
        order=[2, 1],
        places=1,
    )
    # The service adds characters before the draw only; the admin just needs a row.
    Character.objects.create(tournament=tournament, name="Calamity Tester", life_points=4)
    return tournament


def test_every_changelist_shows_its_rows_to_a_superuser(admin_client: Client, played: Tournament):
    knockout = Knockout.objects.get(tournament=played)
    expected = {
        Tournament: ["Admin-Probe", "BANG!"],
        Character: ["Calamity Tester", "Bart Cassidy"],
        Participant: ["Spieler 001", "Spieler 008"],
        GroupDraw: ["Admin-Probe (2027-03-13)", '<td class="field-seed">admin</td>', "root"],
        Table: ["Admin-Probe", "Group stage", "Knockout"],
        Seat: ["Spieler 001", "Table 1"],
        Game: ["Group stage", "Knockout", "Table 1", "recorded"],
        Result: ["Group stage, round 1, table 1", "root"],
        ResultSeat: ["Group stage, round 1, table 1 v1", "Spieler 0", "Sheriff"],
        Penalty: ["Karten gezeigt", "warning"],
        Knockout: [knockout.seed, str(knockout.champion)],
        LotDraw: ["Losprobe", "knockout_cut"],
        AuditEntry: ["participants_registered", "group_stage_drawn", "penalty_given"],
    }
    for model, texts in expected.items():
        response = admin_client.get(_changelist(model))
        assert response.status_code == 200, model
        content = response.content.decode()
        for text in texts:
            assert text in content, (model, text)
        # Read-only: no "Add" button on a model a service owns (participants aside).
        assert (f"{_changelist(model)}add/" in content) == (model is Participant), model


def test_the_change_pages_only_show(admin_client: Client, played: Tournament):
    participant = played.participants.order_by("id").first()
    result = Result.objects.filter(game__tournament=played).current().first()
    assert participant is not None and result is not None
    for obj, text in [
        (played, "Spieler 001"),  # the participant inline
        (participant, "Spieler 001"),
        (result, "Group stage, round 1, table 1"),
        (Knockout.objects.get(tournament=played), played.name),
    ]:
        response = admin_client.get(_change(obj))
        assert response.status_code == 200
        content = response.content.decode()
        assert text in content
        assert 'name="_save"' not in content  # no save button: nothing to change here
    # The tournament's inlines offer no input for a participant or a character.
    content = admin_client.get(_change(played)).content.decode()
    assert 'name="participants-0-name"' not in content
    assert 'name="characters-0-name"' not in content


# --------------------------------------------------------------------------- no writes


def test_a_superuser_cannot_change_a_participant_result_or_tournament(
    admin_client: Client, superuser: User
):
    tournament = factories.drawn_tournament(10)
    participant = tournament.participants.order_by("id")[0]
    game = Game.objects.filter(tournament=tournament).order_by("id")[0]
    audit_before = AuditEntry.objects.count()

    # Status change, deletion: refused.
    response = admin_client.post(
        _change(participant),
        {
            "tournament": tournament.pk,
            "name": participant.name,
            "nationality": "DE",
            "status": "withdrawn",
        },
    )
    assert response.status_code == 403
    delete = f"{_changelist(Participant)}{participant.pk}/delete/"
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    participant.refresh_from_db()
    assert participant.status == Participant.Status.ACTIVE

    # Results and their seats cannot be added or edited.
    assert admin_client.get(f"{_changelist(Result)}add/").status_code == 403
    assert (
        admin_client.post(
            f"{_changelist(Result)}add/",
            {"game": game.pk, "version": 1, "winner": "outlaws", "recorded_by": superuser.pk},
        ).status_code
        == 403
    )
    assert admin_client.post(f"{_changelist(ResultSeat)}add/", {}).status_code == 403
    assert not Result.objects.filter(game__tournament=tournament).exists()

    # The tournament (its settings) and a game's status: refused.
    response = admin_client.post(
        _change(tournament),
        {"name": "Umbenannt", "date": "2027-03-13", "ruleset": "bang", "language": "de"},
    )
    assert response.status_code == 403
    tournament.refresh_from_db()
    assert tournament.name != "Umbenannt"
    assert admin_client.post(_change(game), {"status": "void"}).status_code == 403
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN

    # Characters, penalties, seats: no additions either.
    for model in (Character, Penalty, Seat, Table, GroupDraw, Knockout, LotDraw, AuditEntry):
        assert admin_client.post(f"{_changelist(model)}add/", {}).status_code == 403, model
    assert AuditEntry.objects.count() == audit_before


def test_a_recorded_result_cannot_be_changed_in_the_admin(admin_client: Client, played: Tournament):
    result = Result.objects.filter(game__tournament=played).current().order_by("id").first()
    assert result is not None
    seat = result.seats.order_by("position").first()
    assert seat is not None
    other = "outlaws" if result.winner != "outlaws" else "sheriff"
    response = admin_client.post(
        _change(result), {"game": result.game_id, "version": result.version, "winner": other}
    )
    assert response.status_code == 403
    response = admin_client.post(_change(seat), {"result": result.pk, "lives": 0, "won": "on"})
    assert response.status_code == 403
    assert admin_client.post(f"{_change(result)[: -len('change/')]}delete/").status_code == 403
    fresh = Result.objects.get(pk=result.pk)
    assert (fresh.winner, fresh.is_current) == (result.winner, True)
    assert ResultSeat.objects.get(pk=seat.pk).lives == seat.lives


def test_a_participant_added_in_the_admin_starts_active(admin_client: Client):
    # The add form has no status: a posted one is ignored, the service registers.
    tournament = factories.make_tournament()
    response = _add_participant(admin_client, tournament, "Calamity Jane", status="excluded")
    assert response.status_code == 302
    participant = tournament.participants.get()
    assert participant.status == Participant.Status.ACTIVE
    assert AuditEntry.objects.filter(
        tournament=tournament, action="participants_registered"
    ).exists()


def test_the_delete_action_is_not_offered(admin_client: Client):
    tournament = factories.make_tournament()
    (participant,) = factories.add_participants(tournament, 1)
    response = admin_client.post(
        _changelist(Participant),
        {"action": "delete_selected", "_selected_action": [participant.pk]},
    )
    # Unknown action: the admin says nothing was done and the row stays.
    assert response.status_code in (200, 302)
    assert Participant.objects.filter(pk=participant.pk).exists()


# --------------------------------------------------------------------------- via services


def _add_participant(client: Client, tournament: Tournament, name: str, **extra: str):
    data = {
        "tournament": tournament.pk,
        "name": name,
        "nationality": "AT",
        "birth_date": "",
        **extra,
    }
    return client.post(f"{_changelist(Participant)}add/", data)


def test_adding_a_participant_registers_through_the_service(admin_client: Client, superuser: User):
    tournament = factories.make_tournament()
    response = _add_participant(admin_client, tournament, "Lucky Luke")
    assert response.status_code == 302
    participant = Participant.objects.get(tournament=tournament, name="Lucky Luke")
    assert participant.nationality == "AT"
    entry = AuditEntry.objects.filter(tournament=tournament, action="participants_registered").get()
    assert entry.actor == superuser
    assert entry.after == [{"id": participant.pk, "name": "Lucky Luke", "nationality": "AT"}]


def test_the_admin_keeps_the_registration_rules(admin_client: Client):
    full = factories.make_tournament(settings={"max_participants": 2})
    factories.add_participants(full, 2)
    response = _add_participant(admin_client, full, "Einer zu viel")
    assert response.status_code == 200
    assert "The tournament allows at most 2 participants" in response.content.decode()
    assert full.participants.count() == 2

    drawn = factories.drawn_tournament(10)
    response = _add_participant(admin_client, drawn, "Zu spät")
    assert response.status_code == 200
    assert "Participants cannot be added after the group-stage draw." in response.content.decode()
    assert not drawn.participants.filter(name="Zu spät").exists()

    young = factories.make_tournament()
    response = _add_participant(admin_client, young, "Kind", birth_date="2022-01-01")
    assert response.status_code == 200
    assert "players under 8 need the organiser&#x27;s approval" in response.content.decode()
    response = _add_participant(
        admin_client, young, "Kind", birth_date="2022-01-01", age_approved="on"
    )
    assert response.status_code == 302
    assert young.participants.get().age_on(date(2027, 3, 13)) == 5


def _withdraw_trace(tournament: Tournament, participant: Participant) -> tuple:
    voided = Game.objects.filter(tournament=tournament, status=Game.Status.VOID)
    entry = AuditEntry.objects.get(
        tournament=tournament, action="participant_withdrawn", object_id=str(participant.pk)
    )
    after = dict(entry.after)
    after_games = sorted(
        Game.objects.filter(pk__in=after.pop("voided_games")).values_list("round", "table__number")
    )
    return (
        sorted(voided.values_list("round", "table__number")),
        after_games,
        entry.before,
        after.pop("status"),
        entry.object_type,
    )


def test_the_withdraw_action_does_what_the_service_does(admin_client: Client, superuser: User):
    by_admin = factories.drawn_tournament(10, seed="gleich")
    by_service = factories.drawn_tournament(10, seed="gleich")
    # The same player (the same seat) leaves both tournaments.
    admin_seat = Seat.objects.filter(table__tournament=by_admin).order_by(
        "table__number", "position"
    )[2]
    service_seat = Seat.objects.filter(table__tournament=by_service).order_by(
        "table__number", "position"
    )[2]
    assert admin_seat.participant.name == service_seat.participant.name

    response = admin_client.post(
        _changelist(Participant),
        {"action": "withdraw", "_selected_action": [admin_seat.participant_id]},
        follow=True,
    )
    assert response.status_code == 200
    assert f"{admin_seat.participant.name} has withdrawn." in response.content.decode()
    services.participant_withdraw(participant=service_seat.participant, actor=superuser)

    admin_trace = _withdraw_trace(by_admin, admin_seat.participant)
    assert admin_trace[0], "the game they would have been Sheriff in is void"
    assert (admin_seat.position, admin_seat.table.number) in admin_trace[0]
    assert admin_trace == _withdraw_trace(by_service, service_seat.participant)
    entry = AuditEntry.objects.get(tournament=by_admin, action="participant_withdrawn")
    assert entry.actor == superuser

    # A second withdrawal changes nothing and writes nothing.
    count = AuditEntry.objects.count()
    response = admin_client.post(
        _changelist(Participant),
        {"action": "withdraw", "_selected_action": [admin_seat.participant_id]},
        follow=True,
    )
    assert AuditEntry.objects.count() == count
    admin_seat.participant.refresh_from_db()
    assert admin_seat.participant.status == Participant.Status.WITHDRAWN


def test_a_tournaments_change_page_lists_its_staff_read_only(admin_client: Client):
    chef = factories.make_organiser(username="chefin", tournament="nowhere")
    tournament = factories.make_tournament(actor=chef)
    content = admin_client.get(_change(tournament)).content.decode()
    assert "chefin" in content and "organiser" in content
    assert 'name="staff-0-role"' not in content  # shown, not editable
