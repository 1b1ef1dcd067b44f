"""Helpers of the public pages' tests: a played tournament, a page's body, a leaderboard row."""

from __future__ import annotations

import random
import re

from tests import factories
from tournaments import demo
from tournaments.models import Tournament

RANK_CELL = re.compile(r'<td class="num">(\d+)\.</td>')


def played(count: int, referee, *, rounds: range = range(1, 4)) -> Tournament:
    tournament = factories.drawn_tournament(count)
    demo.play_group_rounds(tournament, rounds=rounds, rng=random.Random(1), referees=[referee])
    return tournament


def body(response) -> str:
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def row_of(html: str, name: str) -> str:
    """The <tr> of the leaderboard that holds ``name``."""
    match = re.search(r"<tr[^>]*>(?:(?!</tr>).)*?" + re.escape(name) + r".*?</tr>", html, re.S)
    assert match, f"{name} not in the table"
    return match.group(0)
