"""Security headers: CSP with nonces, Permissions-Policy, no-store on staff answers (issue 12)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

from tests import factories

pytestmark = pytest.mark.django_db

TEMPLATES = Path(__file__).resolve().parents[3] / "templates"
INLINE_HANDLER = re.compile(r"<[^>]*\son[a-z]+\s*=", re.IGNORECASE)
SCRIPT = re.compile(r"<script\b([^>]*)>", re.IGNORECASE)
STYLE = re.compile(r"<style\b([^>]*)>", re.IGNORECASE)


def _nonce(response) -> str | None:
    """The request's nonce; django-csp adds it to the header only when a page uses it."""
    match = re.search(r"script-src [^;]*'nonce-([^']+)'", response["Content-Security-Policy"])
    return match.group(1) if match else None


def _assert_allowed_by_csp(response) -> None:
    """Every script and style the page has is one the CSP allows: our own files, or inline
    with the request's nonce."""
    policy = response["Content-Security-Policy"]
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
    nonce = _nonce(response)
    html = response.content.decode()
    for attributes in SCRIPT.findall(html):
        src = re.search(r'src="([^"]+)"', attributes)
        if src:
            assert src.group(1).startswith("/"), src.group(1)  # same origin
        else:
            assert nonce and f'nonce="{nonce}"' in attributes, attributes
    for attributes in STYLE.findall(html):
        assert nonce and f'nonce="{nonce}"' in attributes, attributes
    assert not INLINE_HANDLER.search(html)


def test_no_template_has_an_inline_script_or_event_handler():
    for template in TEMPLATES.rglob("*.html"):
        if "pdf" in template.parts:  # rendered to PDF on the server, never in a browser
            continue
        text = template.read_text(encoding="utf-8")
        assert not INLINE_HANDLER.search(text), template
        for attributes in SCRIPT.findall(text):
            assert "src=" in attributes or "csp_nonce" in attributes, template


def test_public_pages_carry_the_csp_and_the_permissions_policy():
    tournament = factories.drawn_tournament(10)
    for path in ("/", f"/t/{tournament.pk}/", f"/t/{tournament.pk}/leaderboard/"):
        response = Client().get(path)
        assert response.status_code == 200, path
        _assert_allowed_by_csp(response)
        assert "camera=()" in response["Permissions-Policy"]
        assert "no-store" not in response.get("Cache-Control", "")


def test_the_api_docs_work_under_the_csp():
    response = Client().get("/api/docs/")
    assert response.status_code == 200
    _assert_allowed_by_csp(response)
    html = response.content.decode()
    sources = re.findall(r'<script[^>]*src="([^"]+)"', html)
    loaded = [Client().get(src) for src in sources]
    assert all(r.status_code == 200 for r in loaded), sources
    # The start-up script is a file of its own (no inline code), and it loads the schema.
    assert any(b"SwaggerUIBundle(" in b"".join(r) for r in loaded)
    assert Client().get("/api/schema/").status_code == 200


def test_staff_pages_and_staff_api_answers_are_private_and_not_stored(api):
    organiser = factories.make_organiser()
    tournament = factories.drawn_tournament(10)
    client = Client()
    client.force_login(organiser)
    for path in ("/staff/", f"/t/{tournament.pk}/staff/", f"/t/{tournament.pk}/staff/games/"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert response["Cache-Control"] == "private, no-store", path
        _assert_allowed_by_csp(response)
    assert client.get(f"/api/tournaments/{tournament.pk}/")["Cache-Control"] == "private, no-store"
    api.force_authenticate(organiser)
    answer = api.get(f"/api/tournaments/{tournament.pk}/audit/")
    assert answer.status_code == 200
    assert answer["Cache-Control"] == "private, no-store"
    assert Client().get("/accounts/login/")["Cache-Control"] == "private, no-store"
    # anonymous API answers keep their own caching rules
    anonymous = Client().get(f"/api/tournaments/{tournament.pk}/")
    assert "private" not in anonymous.get("Cache-Control", "")
