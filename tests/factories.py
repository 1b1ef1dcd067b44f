"""Plain factory functions for tests: real objects in the real (test) database."""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Any

from django.contrib.auth.models import Group, User

from scoring.report import SeatReport
from tournaments import services
from tournaments.models import Character, Participant, Tournament, TournamentStaff
from tournaments.permissions import ORGANISERS

_counter = itertools.count(1)
CHARACTERS_FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "characters.json"


def ensure_reference_data() -> None:
    """Make sure what the data migrations create exists: the group and the
    base characters. A transactional test (browser, threads) ends with a flush
    that removes them, and pytest-django's serialized rollback cannot restore
    them when Playwright's event loop gives Django another connection."""
    Group.objects.get_or_create(name=ORGANISERS)
    if not Character.objects.filter(tournament=None).exists():
        rows = json.loads(CHARACTERS_FIXTURE.read_text(encoding="utf-8"))
        Character.objects.bulk_create(Character(**row["fields"]) for row in rows)


FIRST_NAMES = ["Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta", "Hannes", "Ida", "Jonas"]
LAST_NAMES = ["Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker"]


def make_user(*, username: str | None = None, groups: tuple[str, ...] = (), **extra: Any) -> User:
    ensure_reference_data()
    user = User.objects.create_user(
        username=username or f"user{next(_counter)}", password="secret-password-42", **extra
    )
    for name in groups:
        user.groups.add(Group.objects.get_or_create(name=name)[0])
    return user


#: Users that are staff of every tournament of the running test (user id → role):
#: ``make_organiser()`` and ``make_referee()`` without a ``tournament``. Emptied
#: before each test (``tests/conftest.py``), which also appoints them to the
#: tournaments created later in the test (``appoint_everywhere``).
EVERYWHERE: dict[int, str] = {}


def appoint(user: User, tournament: Tournament, role: str) -> None:
    """Put ``user`` on the tournament's staff directly (no audit entry: test setup)."""
    TournamentStaff.objects.update_or_create(
        tournament=tournament, user=user, defaults={"role": role}
    )


def appoint_everywhere(tournament: Tournament) -> None:
    present = set(User.objects.filter(pk__in=list(EVERYWHERE)).values_list("pk", flat=True))
    for user_id, role in EVERYWHERE.items():
        if user_id not in present:
            continue
        TournamentStaff.objects.get_or_create(
            tournament=tournament, user_id=user_id, defaults={"role": role}
        )


def _staff(user: User, role: str, tournament: Tournament | str | None) -> User:
    if tournament == "nowhere":
        return user
    if isinstance(tournament, Tournament):
        appoint(user, tournament, role)
        return user
    EVERYWHERE[user.pk] = role
    for existing in Tournament.objects.all():
        appoint(user, existing, role)
    return user


def make_organiser(*, tournament: Tournament | str | None = None, **extra: Any) -> User:
    """A member of the group ``organisers`` (may create tournaments) who organises
    ``tournament``, or every tournament of the test (None), or none ("nowhere")."""
    return _staff(make_user(groups=(ORGANISERS,), **extra), "organiser", tournament)


def make_referee(*, tournament: Tournament | str | None = None, **extra: Any) -> User:
    """A referee of ``tournament``, or of every tournament of the test (None), or of
    none ("nowhere")."""
    return _staff(make_user(**extra), "referee", tournament)


def make_user_organising(tournament: Tournament, **extra: Any) -> User:
    """An organiser of ``tournament`` by appointment only: in no site-wide group."""
    user = make_user(**extra)
    appoint(user, tournament, "organiser")
    return user


def make_tournament(
    *, ruleset: str = "bang", settings: dict[str, Any] | None = None, **extra: Any
) -> Tournament:
    ensure_reference_data()
    return services.tournament_create(
        name=extra.pop("name", f"Turnier {next(_counter)}"),
        date=extra.pop("date", date(2027, 3, 13)),
        ruleset=ruleset,
        settings=settings or {},
        **extra,
    )


def participant_inputs(count: int, *, nationality: str = "DE") -> list[services.ParticipantInput]:
    names = (f"{first} {last}" for last, first in itertools.product(LAST_NAMES * 3, FIRST_NAMES))
    return [
        services.ParticipantInput(name=f"{name} {i}", nationality=nationality)
        for i, name in zip(range(1, count + 1), itertools.cycle(names), strict=False)
    ]


def add_participants(tournament: Tournament, count: int, **kwargs: Any) -> list[Participant]:
    return services.participants_register(
        tournament=tournament, items=participant_inputs(count, **kwargs)
    )


def drawn_tournament(count: int, *, seed: str = "test", **kwargs: Any) -> Tournament:
    tournament = make_tournament(**kwargs)
    add_participants(tournament, count)
    services.group_stage_draw(tournament=tournament, seed=seed)
    return tournament


def result_json(reports: Sequence[SeatReport], winner: str) -> dict[str, Any]:
    """A simulated result (``scoring.simulate.random_result``) as the API's request body."""
    return {
        "seats": [
            {
                "position": r.position,
                "role": r.role.value if r.role else None,
                "character": r.character,
                "lives": r.lives,
                "eliminated_by": r.eliminated_by,
                "final_duel": r.final_duel,
            }
            for r in reports
        ],
        "winner": winner,
        "signed": True,
    }
