"""Fixtures of the public pages' tests: an English client, a finished tournament."""

from __future__ import annotations

import random

import pytest
from django.test import Client

from tests.language import in_english
from tests.tournaments.web.public.pages import played
from tournaments.models import Knockout, Tournament
from tournaments.simulation import play_knockout


@pytest.fixture
def client() -> Client:
    return in_english(Client(headers={"accept-language": "en"}))


@pytest.fixture
def finished(referee) -> tuple[Tournament, Knockout]:
    tournament = played(10, referee, rounds=range(1, 6))
    return tournament, play_knockout(
        tournament, seed="ko", rng=random.Random(2), referees=[referee]
    )
