"""The pages' forms use the idempotency keys too (api.md "Idempotency", rules.md §12)."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from urllib.parse import urlencode

import pytest
from django.urls import reverse
from django.utils import timezone

from tests import factories
from tests.tournaments.web.staff.test_pages import client_for, first_game, law_wins
from tournaments.http.idempotency import REPLAYED_HEADER
from tournaments.models import IdempotencyKey, OutboxReport, Penalty, Result

pytestmark = pytest.mark.django_db


FORM = "application/x-www-form-urlencoded"


def _form(data: dict) -> str:
    """A form as a browser sends it (no enctype on our forms: URL-encoded)."""
    return urlencode(data, doseq=True)


def _key(html: str) -> str:
    found = re.search(r'name="idempotency_key" value="([^"]+)"', html)
    assert found, "the form carries no key"
    return found.group(1)


def test_the_result_form_carries_a_fresh_key_each_time_it_is_opened():
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    client = client_for(factories.make_referee())
    url = reverse("staff:result", args=[tournament.pk, game.pk])
    first, second = (_key(client.get(url).content.decode()) for _ in range(2))
    assert first != second
    assert "data-outbox" in client.get(url).content.decode()


def test_a_double_tap_without_script_stores_one_version():
    """The hidden field carries the key where the page is sent without script."""
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    client = client_for(factories.make_referee())
    url = reverse("staff:result", args=[tournament.pk, game.pk])
    key = _key(client.get(url).content.decode())
    data = {**law_wins(game), "idempotency_key": key}
    first = client.post(url, _form(data), content_type=FORM)
    second = client.post(url, _form(data), content_type=FORM)
    assert first.status_code == second.status_code == 302
    assert second["Location"] == first["Location"]
    assert second[REPLAYED_HEADER] == "true"
    assert Result.objects.filter(game=game).count() == 1


def test_a_resend_with_the_header_after_a_lost_answer_stores_once():
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    client = client_for(factories.make_referee())
    url = reverse("staff:result", args=[tournament.pk, game.pk])
    for _attempt in range(3):
        answer = client.post(url, law_wins(game), HTTP_IDEMPOTENCY_KEY="phone-key-1")
        assert answer.status_code == 302
    assert Result.objects.filter(game=game).count() == 1


def test_the_live_check_does_not_use_up_the_forms_key():
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    client = client_for(factories.make_referee())
    data = {**law_wins(game), "idempotency_key": "form-key"}
    check = reverse("staff:result_check", args=[tournament.pk, game.pk])
    answer = client.post(check, _form(data), content_type=FORM, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    assert not IdempotencyKey.objects.exists()
    url = reverse("staff:result", args=[tournament.pk, game.pk])
    assert client.post(url, _form(data), content_type=FORM).status_code == 302
    assert IdempotencyKey.objects.get().key == "form-key"


def test_a_late_result_keeps_when_it_was_entered_on_the_phone():
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    client = client_for(factories.make_referee())
    url = reverse("staff:result", args=[tournament.pk, game.pk])
    entered = timezone.now() - timedelta(minutes=7)
    client.post(url, law_wins(game), HTTP_X_ENTERED_AT=entered.isoformat())
    result = Result.objects.get(game=game)
    assert result.entered_at == entered
    html = client.get(url).content.decode()
    assert "sent late: entered on the phone at" in html


def test_an_entry_that_arrives_at_once_is_not_late():
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    client = client_for(factories.make_referee())
    url = reverse("staff:result", args=[tournament.pk, game.pk])
    client.post(url, law_wins(game), HTTP_X_ENTERED_AT=timezone.now().isoformat())
    assert Result.objects.get(game=game).entered_at is None


def test_a_penalty_tapped_twice_is_recorded_once():
    tournament = factories.drawn_tournament(10)
    participant = tournament.participants.first()
    client = client_for(factories.make_referee())
    url = reverse("staff:participant", args=[tournament.pk, participant.pk])
    key = _key(client.get(url).content.decode())
    data = {
        "action": "penalty",
        "kind": "warning",
        "amount": "",
        "reason": "slow play",
        "idempotency_key": key,
    }
    assert client.post(url, _form(data), content_type=FORM).status_code == 302
    assert client.post(url, _form(data), content_type=FORM)[REPLAYED_HEADER] == "true"
    assert Penalty.objects.filter(participant=participant).count() == 1


def test_the_phone_reports_its_unsent_results_to_the_progress_board():
    tournament = factories.drawn_tournament(10)
    game = first_game(tournament)
    referee = factories.make_referee()
    phone = client_for(referee)
    report = reverse("staff:outbox", args=[tournament.pk])
    entered = timezone.now() - timedelta(minutes=3)
    body = {"games": [{"game": game.pk, "entered_at": entered.isoformat()}]}
    answer = phone.post(report, json.dumps(body), content_type="application/json")
    assert answer.status_code == 204
    assert OutboxReport.objects.get().entered_at == entered
    board = client_for(factories.make_organiser())
    html = board.get(reverse("staff:progress", args=[tournament.pk])).content.decode()
    assert html.count("data-pending-on-phone") == 1
    assert "1 result not sent yet from a phone" in html
    # Sent at last: the result arrives and the mark goes.
    phone.post(reverse("staff:result", args=[tournament.pk, game.pk]), law_wins(game))
    assert not OutboxReport.objects.exists()
    html = board.get(reverse("staff:progress", args=[tournament.pk])).content.decode()
    assert "data-pending-on-phone" not in html


@pytest.mark.parametrize(
    "body", [b"nonsense", b'{"games": 3}', b'{"games": [{"game": "x"}]}', b"{}"]
)
def test_a_malformed_report_is_refused(body):
    tournament = factories.drawn_tournament(10)
    phone = client_for(factories.make_referee())
    report = reverse("staff:outbox", args=[tournament.pk])
    assert phone.post(report, body, content_type="application/json").status_code == 400
    assert not OutboxReport.objects.exists()
