"""A realistic demo tournament, built through the same services as a real one."""

from __future__ import annotations

import random
from datetime import date, timedelta

from django.contrib.auth.models import Group, User
from django.db import transaction
from django.utils import timezone

from . import services
from .models import Stage, Tournament
from .permissions import ORGANISERS, REFEREES
from .simulation import open_games, record_random_results

DEMO_NAME = "Deutsche BANG!-Meisterschaft (Demo)"

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
DEMO_USERS = (("orga", ORGANISERS), ("schiri", REFEREES), ("schiri2", REFEREES))
DEMO_PASSWORD = "bang-demo"  # a demo on a laptop, created only with DEBUG on


def demo_users() -> dict[str, User]:
    users = {}
    for username, group in DEMO_USERS:
        user, created = User.objects.get_or_create(username=username)
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save()
        user.groups.add(Group.objects.get(name=group))
        users[username] = user
    return users


@transaction.atomic
def build_demo(*, seed: str = "Demo 2027", rounds_played: int = 3) -> Tournament:
    """Create the demo tournament: 30 participants, drawn, some rounds played."""
    users = demo_users()
    organiser, referees = users["orga"], [users["schiri"], users["schiri2"]]
    rng = random.Random(seed)
    tournament = services.tournament_create(
        name=DEMO_NAME,
        date=timezone.localdate() + timedelta(days=14),
        ruleset="bang",
        language="de",
        actor=organiser,
    )
    born = [
        date(rng.randint(1970, 2008), rng.randint(1, 12), rng.randint(1, 28)) for _ in DEMO_PLAYERS
    ]
    services.participants_register(
        tournament=tournament,
        items=[
            services.ParticipantInput(name=name, nationality=country, birth_date=birthday)
            for (name, country), birthday in zip(DEMO_PLAYERS, born, strict=True)
        ],
        actor=organiser,
    )
    services.group_stage_draw(tournament=tournament, seed=seed, actor=organiser)
    play_group_rounds(tournament, rounds=range(1, rounds_played + 1), rng=rng, referees=referees)
    return tournament


def play_group_rounds(
    tournament: Tournament, *, rounds: range, rng: random.Random, referees: list[User]
) -> int:
    """Record random valid results for the given group rounds; returns how many."""
    return record_random_results(
        open_games(tournament, stage=Stage.GROUP, rounds=rounds), rng=rng, referees=referees
    )
