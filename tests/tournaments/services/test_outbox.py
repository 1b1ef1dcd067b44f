"""A phone's unsent results (rules.md §12): a result that arrives clears its sender's report."""

from __future__ import annotations

import random

import pytest
from django.utils import timezone

from tests import factories
from tournaments import services
from tournaments.models import Game, OutboxReport, Stage
from tournaments.simulation import record_random_results

pytestmark = pytest.mark.django_db


def test_a_recorded_result_clears_only_its_senders_report_of_that_game():
    tournament = factories.drawn_tournament(10)
    first, second = Game.objects.filter(tournament=tournament, stage=Stage.GROUP)[:2]
    anna, ben = factories.make_referee(), factories.make_referee()
    now = timezone.now()
    services.outbox_report(
        tournament=tournament, actor=anna, pending={first.pk: now, second.pk: now}
    )
    services.outbox_report(tournament=tournament, actor=ben, pending={first.pk: now})
    # Through the service, whatever door (page or API) the result came by.
    record_random_results([first], rng=random.Random(3), referees=[anna])
    left = set(OutboxReport.objects.values_list("reported_by__username", "game_id"))
    assert left == {(anna.username, second.pk), (ben.username, first.pk)}
