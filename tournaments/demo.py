"""A realistic demo tournament, built through the same services as a real one."""

from __future__ import annotations

import random
from datetime import date, timedelta

from django.contrib.auth.models import Group, User
from django.db import transaction
from django.utils import timezone

from . import selectors, services
from .models import Result, Stage, Tournament
from .permissions import ORGANISERS
from .simulation import open_games, play_knockout, record_random_results

DEMO_SUFFIX = "(Demo)"
DEMO_NAME = f"Deutsche BANG!-Meisterschaft {DEMO_SUFFIX}"

# Plausible names from the countries that send players to the German championship.
DEMO_PLAYERS: tuple[tuple[str, str], ...] = (
    ("Lukas Hoffmann", "DE"),
    ("Anna Schneider", "DE"),
    ("Jonas Becker", "DE"),
    ("Lea Wagner", "DE"),
    ("Felix Schulz", "DE"),
    ("Marie Keller", "DE"),
    ("Paul Richter", "DE"),
    ("Sophie Wolf", "DE"),
    ("Maximilian Braun", "DE"),
    ("Hannah Zimmermann", "DE"),
    ("Tobias Krüger", "DE"),
    ("Laura Hartmann", "DE"),
    ("Niklas Lange", "DE"),
    ("Julia Schmitt", "DE"),
    ("Simon Werner", "DE"),
    ("Katharina Krause", "DE"),
    ("Moritz Köhler", "DE"),
    ("Emily Fuchs", "DE"),
    ("Florian Gruber", "AT"),
    ("Theresa Huber", "AT"),
    ("Lukas Steiner", "AT"),
    ("Nina Baumgartner", "CH"),
    ("Reto Meier", "CH"),
    ("Daan de Vries", "NL"),
    ("Sanne Jansen", "NL"),
    ("Mathilde Dubois", "FR"),
    ("Giulia Bianchi", "IT"),
    ("Tomasz Nowak", "PL"),
    ("Petra Dvořák", "CZ"),
    ("Mads Nielsen", "DK"),
)
# A Czech club evening (rules.md §14): 13 players, tables of 5, 4 and 4.
CZECH_PLAYERS: tuple[tuple[str, str], ...] = (
    ("Jakub Novák", "CZ"),
    ("Tereza Svobodová", "CZ"),
    ("Ondřej Dvořák", "CZ"),
    ("Kateřina Černá", "CZ"),
    ("Tomáš Procházka", "CZ"),
    ("Lucie Kučerová", "CZ"),
    ("Martin Veselý", "CZ"),
    ("Eva Horáková", "CZ"),
    ("Petr Němec", "CZ"),
    ("Barbora Marková", "CZ"),
    ("Jan Pokorný", "CZ"),
    ("Veronika Pospíšilová", "SK"),
    ("Lukáš Hájek", "CZ"),
)

# Referees are staff of each demo tournament; only the organiser is in a site group.
DEMO_USERS: tuple[tuple[str, str | None], ...] = (
    ("orga", ORGANISERS),
    ("schiri", None),
    ("schiri2", None),
)
DEMO_PASSWORD = "bang-demo"  # a demo on a laptop, created only with DEBUG on


def demo_users() -> dict[str, User]:
    users = {}
    for username, group in DEMO_USERS:
        user, created = User.objects.get_or_create(username=username)
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save()
        if group is not None:
            user.groups.add(Group.objects.get(name=group))
        users[username] = user
    return users


FIRST_NAMES = (
    "Lena",
    "Tim",
    "Mia",
    "Jan",
    "Lara",
    "Finn",
    "Nele",
    "Erik",
    "Paula",
    "Ole",
    "Carla",
    "Max",
    "Ida",
    "Levi",
    "Frieda",
    "Noah",
    "Greta",
    "Elias",
    "Johanna",
    "Anton",
)
LAST_NAMES = (
    "Vogel",
    "Berger",
    "Roth",
    "Frank",
    "Lorenz",
    "Kuhn",
    "Pohl",
    "Haas",
    "Engel",
    "Sauer",
    "Brandt",
    "Graf",
    "Voigt",
    "Ludwig",
    "Kaiser",
    "Busch",
    "Jäger",
    "Seidel",
    "Arnold",
    "Dietrich",
)


def _more_players(count: int, rng: random.Random) -> list[tuple[str, str]]:
    """Plausible extra names (mostly German, some neighbours) for the smaller demos."""
    names = [f"{first} {last}" for first in FIRST_NAMES for last in LAST_NAMES]
    rng.shuffle(names)
    countries = ["DE"] * 6 + ["AT", "CH", "NL", "LU"]
    return [(name, rng.choice(countries)) for name in names[:count]]


def _register(
    tournament: Tournament, players: list[tuple[str, str]], rng: random.Random, organiser: User
) -> None:
    services.participants_register(
        tournament=tournament,
        items=[
            services.ParticipantInput(
                name=name,
                nationality=country,
                birth_date=date(rng.randint(1970, 2008), rng.randint(1, 12), rng.randint(1, 28)),
            )
            for name, country in players
        ],
        actor=organiser,
    )


@transaction.atomic
def build_demo(*, seed: str = "Demo 2027") -> list[Tournament]:
    """Three demo tournaments that together show everything the software does.

    1. The championship (BANG!, 30 players): finished, with a correction, a
       warning, a deduction, the knockout to the champion and the title holder.
    2. A Showdown cup (23 players: three 6-tables and a 5-table) in the middle
       of the group stage: the live leaderboard with games still missing.
    3. A club tournament (BANG!, 24 players) in the knockout: round 1 seated
       with character pick orders, one table recorded, one still playing.
    4. A Czech club tournament (format ``czech_club``, 13 players at tables of
       5, 4 and 4): part I played, part II drawn anew, its first round under way.

    ``orga`` creates all three (and so organises them); ``schiri`` and
    ``schiri2`` are appointed referees of each.
    """
    users = demo_users()
    organiser, referees = users["orga"], [users["schiri"], users["schiri2"]]
    rng = random.Random(seed)
    today = timezone.localdate()

    championship = services.tournament_create(
        name=DEMO_NAME, date=today - timedelta(days=1), ruleset="bang", actor=organiser
    )
    _register(championship, list(DEMO_PLAYERS), rng, organiser)
    services.group_stage_draw(tournament=championship, seed=seed, actor=organiser)
    play_group_rounds(championship, rounds=range(1, 7), rng=rng, referees=referees)
    _correct_one_result(championship, referee=referees[1])
    players = list(championship.participants.order_by("id"))
    services.penalty_give(
        participant=players[7],
        kind="warning",
        reason="Karten unter die Tischkante gehalten",
        actor=referees[0],
    )
    services.penalty_give(
        participant=players[12],
        kind="deduction",
        amount=500,
        reason="Notizzettel als Hilfsmittel benutzt",
        actor=referees[1],
    )
    play_knockout(championship, seed=f"{seed} K.O.", rng=rng, referees=referees)

    cup = services.tournament_create(
        name=f"Showdown-Pokal {DEMO_SUFFIX}", date=today, ruleset="showdown", actor=organiser
    )
    _register(cup, _more_players(23, rng), rng, organiser)
    services.group_stage_draw(tournament=cup, seed=f"{seed} Showdown", actor=organiser)
    play_group_rounds(cup, rounds=range(1, 4), rng=rng, referees=referees)
    # round 4 is under way: two tables have reported
    record_random_results(
        list(open_games(cup, stage=Stage.GROUP, rounds=[4]))[:2], rng=rng, referees=referees
    )

    club = services.tournament_create(
        name=f"Vereinsturnier Bamberg {DEMO_SUFFIX}",
        date=today,
        ruleset="bang",
        settings={"knockout_field_size": 8},
        actor=organiser,
    )
    _register(club, _more_players(24, rng), rng, organiser)
    services.group_stage_draw(tournament=club, seed=f"{seed} Verein", actor=organiser)
    play_group_rounds(club, rounds=range(1, 7), rng=rng, referees=referees)
    services.knockout_start(tournament=club, seed=f"{seed} Verein K.O.", actor=organiser)
    record_random_results(
        list(open_games(club, stage=Stage.KNOCKOUT))[:1], rng=rng, referees=referees
    )
    czech = _czech_club_evening(seed, rng=rng, organiser=organiser, referees=referees)
    demos = [championship, cup, club, czech]
    for tournament in demos:
        for referee in referees:
            services.staff_appoint(
                tournament=tournament, user=referee, role="referee", actor=organiser
            )
    return demos


def _czech_club_evening(
    seed: str, *, rng: random.Random, organiser: User, referees: list[User]
) -> Tournament:
    """The Czech demo: part I played, part II drawn, two of its first three games recorded."""
    czech = services.tournament_create(
        name=f"Klubový turnaj Praha {DEMO_SUFFIX}",
        date=timezone.localdate(),
        ruleset="bang",
        format="czech_club",
        settings={"title_nationality": "CZ"},
        actor=organiser,
    )
    _register(czech, list(CZECH_PLAYERS), rng, organiser)
    services.group_stage_draw(tournament=czech, seed=f"{seed} Praha I", part=1, actor=organiser)
    record_random_results(open_games(czech, stage=Stage.GROUP, part=1), rng=rng, referees=referees)
    services.group_stage_draw(tournament=czech, seed=f"{seed} Praha II", part=2, actor=organiser)
    record_random_results(
        list(open_games(czech, stage=Stage.GROUP, part=2, rounds=[1]))[:2],
        rng=rng,
        referees=referees,
    )
    return czech


def _correct_one_result(tournament: Tournament, *, referee: User) -> None:
    """A referee corrects a sheet: the same result, now marked as signed by everyone."""
    result = Result.objects.current().filter(game__tournament=tournament)[0]
    services.result_record(
        game=result.game,
        seats=selectors.seat_reports(result),
        winner=int(result.winner) if result.winner.isdigit() else result.winner,
        signed=True,
        reason="Unterschriften nachgetragen",
        version=result.version,
        actor=referee,
    )


def play_group_rounds(
    tournament: Tournament, *, rounds: range, rng: random.Random, referees: list[User]
) -> int:
    """Record random valid results for the given group rounds; returns how many."""
    return record_random_results(
        open_games(tournament, stage=Stage.GROUP, rounds=rounds), rng=rng, referees=referees
    )
