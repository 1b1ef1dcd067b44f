"""Form → service → message and redirect, said once for every staff page.

An **action** is one change a staff page asks a service for (save the settings,
register a participant, record a result). ``run_service`` runs it: when the
form is valid it calls the service; on success it shows the success message
and redirects; when the service refuses with a ``DomainError`` it puts the
errors on the form (or hands them to ``on_error``) and returns None, so that the
view renders the page again with the form and its errors.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from tournaments.errors import DomainError
from tournaments.web.forms import add_domain_errors

T = TypeVar("T")


class Validating(Protocol):
    """A Django form, or anything else that parses input the same way (``ResultEntry``)."""

    def is_valid(self) -> bool: ...


def run_service(
    request: HttpRequest,
    form: Validating | None,
    call: Callable[[], T],
    *,
    success_message: str | Callable[[T], str],
    redirect_to: str | Callable[[T], str],
    field_map: Mapping[str, str] | None = None,
    on_error: Callable[[DomainError], Any] | None = None,
) -> HttpResponse | None:
    """Call the service if ``form`` is valid; the redirect on success, else None.

    ``call`` reads the form's ``cleaned_data`` (it runs only after ``is_valid``).
    ``success_message`` and ``redirect_to`` (a URL or a URL name) may depend on
    what the service returned. A refusal goes to ``on_error`` if given, else on
    the form (``field_map`` renames fields), else without a form into the
    page's messages.
    """
    if form is not None and not form.is_valid():
        return None
    try:
        outcome = call()
    except DomainError as error:
        if on_error is not None:
            on_error(error)
        elif isinstance(form, forms.BaseForm):
            add_domain_errors(form, error, field_map=field_map)
        else:
            for item in error.errors:
                messages.error(request, str(item.message))
        return None
    message = success_message(outcome) if callable(success_message) else success_message
    messages.success(request, message)
    return redirect(redirect_to(outcome) if callable(redirect_to) else redirect_to)
