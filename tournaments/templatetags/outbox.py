"""``{% idempotency_field %}``: the key of a form's submission, made when the form is opened.

``static/js/outbox.js`` sends it as the ``Idempotency-Key`` header (and keeps
the submission until it arrives); without script the hidden field carries it
(``tournaments/http/idempotency.py``).
"""

from __future__ import annotations

import secrets

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from tournaments.http.idempotency import FIELD

register = template.Library()


@register.simple_tag
def idempotency_field() -> SafeString:
    return format_html(
        '<input type="hidden" name="{}" value="{}" data-idempotency-key>',
        FIELD,
        secrets.token_urlsafe(18),
    )
