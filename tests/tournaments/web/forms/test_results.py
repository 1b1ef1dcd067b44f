"""The result form without a database: seat formset, table form, where messages go."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from django.utils import translation

from scoring.results import GameSpec, Problem, SeatReport
from scoring.rulesets import Role, Ruleset
from tournaments.errors import ErrorItem
from tournaments.web.forms import ResultEntry, live_problems

CHARACTERS = {"Bart Cassidy": 4, "El Gringo": 3, "Paul Regret": 3, "Slab the Killer": 4}


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def spec(positions: tuple[int, ...], *, sheriff: int | None = 1, **kwargs: Any) -> GameSpec:
    kwargs.setdefault("characters", CHARACTERS)
    return GameSpec(
        ruleset=kwargs.pop("ruleset", Ruleset.BANG),
        positions=positions,
        sheriff_position=sheriff,
        **kwargs,
    )


def entry(game: GameSpec, data: dict[str, Any] | None = None) -> ResultEntry:
    seats = [
        SimpleNamespace(position=p, participant=SimpleNamespace(name=f"Player {p}"))
        for p in game.positions
    ]
    return ResultEntry(data, spec=game, seats=seats, version=0)


def test_the_seat_forms_are_named_by_position_and_need_no_management_form() -> None:
    # Seat 3 does not play: the others keep their names.
    form = entry(spec((1, 2, 4, 5)), {"version": 0, "seat-4-lives": "2", "seat-4-role": "outlaw"})
    assert [seat.position for seat in form.seats] == [1, 2, 4, 5]
    assert form.seats.forms[2]["lives"].html_name == "seat-4-lives"
    assert form.is_valid()
    assert form.seat_reports()[2] == SeatReport(position=4, role=Role.OUTLAW, lives=2)
    # The fixed Sheriff is a hidden field with its value.
    sheriff = str(entry(spec((1, 2, 4, 5))).seats.forms[0]["role"])
    assert 'type="hidden" name="seat-1-role" value="sheriff"' in sheriff
    assert "TOTAL_FORMS" not in str(form.seats.forms[0])


def test_a_seat_reads_into_a_seat_report() -> None:
    data = {
        "version": 0,
        "seat-2-role": "renegade",
        "seat-2-character": "El Gringo",
        "seat-2-lives": "0",
        "seat-2-eliminated_by": "1",
        "seat-2-final_duel": "on",
    }
    form = entry(spec((1, 2, 3, 4, 5)), data)
    assert form.is_valid()
    assert form.seat_reports()[1] == SeatReport(
        position=2,
        role=Role.RENEGADE,
        character="El Gringo",
        lives=0,
        eliminated_by=1,
        final_duel=True,
    )
    # Nothing entered: no role (the Sheriff aside), no character, no lives.
    assert form.seat_reports()[2] == SeatReport(position=3, role=None)


def test_lives_that_are_not_a_number_are_an_error_at_the_seat() -> None:
    form = entry(spec((1, 2, 3, 4, 5)), {"version": 0, "seat-3-lives": "drei"})
    assert not form.is_valid()
    seat = form.seats.by_position()[3]
    assert seat["lives"].errors == ["Enter a whole number."]
    assert seat.report().lives is None
    assert seat.touched() and not form.seats.by_position()[2].touched()


def test_the_variants_have_their_fields() -> None:
    duel = entry(spec((1, 2), sheriff=None))
    seat = duel.seats.forms[0]
    assert "role" not in seat.fields and "final_duel" not in seat.fields
    assert [c[0] for c in duel.table.fields["winner"].choices] == ["", 1, 2]

    three = entry(spec((1, 2, 3), sheriff=None))
    roles = [c[0] for c in three.seats.forms[0].fields["role"].choices]
    assert roles == ["", "deputy", "outlaw", "renegade"]
    assert "final_duel" not in three.seats.forms[0].fields
    assert [c[0] for c in three.table.fields["winner"].choices] == [
        "",
        "deputy",
        "outlaw",
        "renegade",
    ]

    showdown = entry(spec((1, 2, 3, 4, 5), sheriff=None, ruleset=Ruleset.SHOWDOWN, characters={}))
    seat = showdown.seats.forms[0]
    assert "character" not in seat.fields
    labels = [(value, str(label)) for value, label in seat.fields["role"].choices]
    assert ("renegade", "Renegade (Joker)") in labels
    assert showdown.table.fields["winner"].label == "Winning side"


def test_the_lives_maximum_comes_from_the_rules() -> None:
    form = entry(spec((1, 2, 3, 4, 5)))
    sheriff, other = form.seats.forms[0], form.seats.forms[1]
    assert sheriff["lives"].field.widget.attrs["max"] == 5  # 4 life points + 1 as the Sheriff
    assert other["lives"].field.widget.attrs["max"] == 4
    assert form.lives_table()["other"]["El Gringo"] == 3
    assert form.lives_table()["sheriff"][""] == 5


def test_messages_go_to_their_seat_to_the_table_fields_or_above_the_seats() -> None:
    form = entry(spec((1, 2, 3, 4, 5)), {"version": 0})
    form.is_valid()
    left = form.place(
        [
            Problem(code="lives_range", message="Seat 3: too many lives.", position=3),
            ErrorItem(code="reason", message="A correction needs a reason.", field="reason"),
            ErrorItem(code="version_conflict", message="Changed meanwhile.", field="version"),
        ]
    )
    assert left == ["Changed meanwhile."]
    assert form.seats.by_position()[3].non_field_errors() == ["Seat 3: too many lives."]
    assert form.table["reason"].errors == ["A correction needs a reason."]


def test_while_typing_only_what_was_typed_wrong_shows() -> None:
    form = entry(spec((1, 2, 3, 4, 5)), {"version": 0, "seat-2-lives": "1"})
    form.is_valid()
    assert form.seats.by_position()[2].missing_fields() == ["role", "character"]
    assert not form.is_complete()
    problems = [
        Problem(code="missing", message="missing", position=2, field="character"),
        Problem(code="lives_range", message="range", position=2, field="lives"),
        Problem(code="not_finished", message="table"),
    ]
    assert [p.message for p in live_problems(form, problems)] == ["range"]
