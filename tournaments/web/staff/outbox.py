"""``POST /t/<id>/staff/outbox/``: a referee's phone reports what it has not sent yet.

``static/js/outbox.js`` posts ``{"games": [{"game": 5, "entered_at": "<ISO time>"}]}``
whenever it is online and its outbox for the tournament changed (an empty
list once everything arrived); the progress board marks those tables.
"""

from __future__ import annotations

import json
from datetime import datetime

from django.http import HttpResponse, HttpResponseBadRequest
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.views.decorators.http import require_POST

from tournaments import services

from .access import StaffRequest, get_tournament, referee_required

#: More than a phone's outbox can sensibly hold.
MOST = 100


def _pending(body: bytes) -> dict[int, datetime] | None:
    try:
        items = json.loads(body)["games"]
    except (ValueError, KeyError, TypeError):
        return None
    if not isinstance(items, list) or len(items) > MOST:
        return None
    pending: dict[int, datetime] = {}
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("game"), int):
            return None
        entered = parse_datetime(str(item.get("entered_at", "")))
        if entered is None or timezone.is_naive(entered):
            entered = timezone.now()
        pending[item["game"]] = min(entered, timezone.now())
    return pending


@referee_required
@require_POST
def outbox_report(request: StaffRequest, tournament_id: int) -> HttpResponse:
    tournament = get_tournament(tournament_id)
    pending = _pending(request.body)
    if pending is None:
        return HttpResponseBadRequest()
    services.outbox_report(tournament=tournament, actor=request.user, pending=pending)
    return HttpResponse(status=204)
