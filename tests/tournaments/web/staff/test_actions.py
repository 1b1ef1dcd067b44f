"""``run_service``: form → service → message and redirect, or the errors on the form."""

from __future__ import annotations

from typing import Any

import pytest
from django import forms
from django.contrib.auth.models import User
from django.contrib.messages import get_messages
from django.contrib.messages.storage.fallback import FallbackStorage
from django.contrib.sessions.backends.signed_cookies import SessionStore
from django.http import HttpResponse
from django.test import RequestFactory
from django.urls import reverse
from django.utils.http import urlencode
from django_htmx.middleware import HtmxMiddleware

from tests import factories
from tournaments.errors import DomainError, ErrorItem
from tournaments.web.staff.access import requires
from tournaments.web.staff.actions import answer_refusals, run_service


class NameForm(forms.Form):
    name = forms.CharField()


def post(data: dict[str, Any] | None = None) -> Any:
    request = RequestFactory().post("/", data or {})
    request.session = SessionStore()
    request._messages = FallbackStorage(request)
    return request


def said(request: Any) -> list[tuple[str, str]]:
    return [(m.level_tag, m.message) for m in get_messages(request)]


def refuse(**item: Any) -> Any:
    raise DomainError(ErrorItem(code="refused", message="Not like this.", **item))


def test_a_valid_form_calls_the_service_then_says_so_and_redirects() -> None:
    request = post({"name": "Lena"})
    form = NameForm(request.POST)
    response = run_service(
        request,
        form,
        lambda: form.cleaned_data["name"].upper(),
        success_message=lambda name: f"{name} saved.",
        redirect_to=lambda name: f"/done/{name}/",
    )
    assert response is not None and response.status_code == 302
    assert response["Location"] == "/done/LENA/"
    assert said(request) == [("success", "LENA saved.")]


def test_an_invalid_form_does_not_call_the_service() -> None:
    request = post()
    calls: list[int] = []
    response = run_service(
        request,
        NameForm(request.POST),
        lambda: calls.append(1),
        success_message="x",
        redirect_to="/",
    )
    assert response is None and calls == [] and said(request) == []


@pytest.mark.parametrize(
    ("item", "field"),
    [({"field": "name"}, "name"), ({"field": "other"}, "__all__"), ({}, "__all__")],
)
def test_a_refusal_goes_on_the_form(item: dict[str, Any], field: str) -> None:
    request = post({"name": "Lena"})
    form = NameForm(request.POST)
    response = run_service(
        request, form, lambda: refuse(**item), success_message="x", redirect_to="/"
    )
    assert response is None
    assert form.errors[field] == ["Not like this."]
    assert said(request) == []


def test_a_refusal_without_a_form_is_a_message_or_goes_to_on_error() -> None:
    request = post()
    assert run_service(request, None, refuse, success_message="x", redirect_to="/") is None
    assert said(request) == [("error", "Not like this.")]
    caught: list[DomainError] = []
    assert (
        run_service(
            request, None, refuse, success_message="x", redirect_to="/", on_error=caught.append
        )
        is None
    )
    assert [e.errors[0].code for e in caught] == ["refused"]


# --- the net below every staff view (issue 32: never a 500 for a refusal) -------------------


def test_a_refusal_a_view_lets_through_answers_its_page_with_the_message() -> None:
    request = RequestFactory().post("/t/1/staff/participants/?q=Lena", {})
    request.session = SessionStore()
    request._messages = FallbackStorage(request)
    response = answer_refusals(lambda request: refuse())(request)
    assert (response.status_code, response["Location"]) == (302, "/t/1/staff/participants/?q=Lena")
    assert said(request) == [("error", "Not like this.")]


def test_htmx_is_sent_to_the_page_it_shows_and_a_get_keeps_its_error() -> None:
    request = RequestFactory().post(
        "/t/1/staff/calls/",
        {},
        headers={"HX-Request": "true", "HX-Current-URL": "http://testserver/t/1/staff/games/"},
    )
    request.session = SessionStore()
    request._messages = FallbackStorage(request)
    HtmxMiddleware(lambda r: HttpResponse())(request)
    response = answer_refusals(lambda request: refuse())(request)
    assert response["HX-Redirect"] == "http://testserver/t/1/staff/games/"
    with pytest.raises(DomainError):
        answer_refusals(lambda request: refuse())(RequestFactory().get("/"))


@pytest.mark.django_db  # a POST asks whether the tournament is an imported one (§16)
def test_every_staff_view_is_behind_the_net() -> None:
    """``requires`` (every staff view's decorator) puts ``answer_refusals`` around the view."""
    request = RequestFactory().post("/t/1/staff/", {})
    request.user = User(username="x", is_active=True)
    request.session = SessionStore()
    request._messages = FallbackStorage(request)
    view = requires(lambda user, tournament_id: True)(lambda request, tournament_id: refuse())
    response = view(request, tournament_id=1)
    assert response.status_code == 302 and said(request) == [("error", "Not like this.")]


@pytest.mark.django_db
def test_a_logged_out_htmx_request_sends_the_page_to_the_login(client) -> None:
    """Logged out meanwhile, the login page must not land inside a part of the page
    (htmx would follow the redirect and swap it in): a tap sends the whole page to the
    login and comes back; a background poll (the calls box on every staff page) leaves
    the page as it is, so a result form waiting to send stays on screen."""
    tournament = factories.make_tournament()
    page = f"http://testserver/t/{tournament.pk}/staff/participants/?q=Lena"
    tapped = client.post(
        reverse("staff:participants", args=[tournament.pk]),
        {"action": "checkin", "participant": "1", "checked_in": "1"},
        headers={"HX-Request": "true", "HX-Current-URL": page},
    )
    assert tapped.status_code == 200
    assert tapped["HX-Redirect"] == "/accounts/login/?" + urlencode(
        {"next": f"/t/{tournament.pk}/staff/participants/?q=Lena"}
    )
    polled = client.get(
        reverse("staff:calls", args=[tournament.pk]),
        headers={"HX-Request": "true", "HX-Current-URL": page},
    )
    assert polled.status_code == 204 and "HX-Redirect" not in polled and polled.content == b""
    plain = client.get(reverse("staff:calls", args=[tournament.pk]))
    assert plain.status_code == 302 and plain["Location"].startswith("/accounts/login/")


@pytest.mark.django_db
def test_the_result_forms_live_check_logged_out_leaves_the_form_alone(client) -> None:
    """The live check runs by itself while the referee types; logged out meanwhile,
    it must not send the page (and the entry waiting in its outbox) to the login."""
    tournament = factories.make_tournament()
    answer = client.post(
        reverse("staff:result_check", args=[tournament.pk, 1]),
        {},
        headers={"HX-Request": "true", "HX-Current-URL": "http://testserver/"},
    )
    assert answer.status_code == 204 and "HX-Redirect" not in answer
