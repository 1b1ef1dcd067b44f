"""Form → service → message and redirect, said once for every staff page.

An **action** is one change a staff page asks a service for (save the settings,
register a participant, record a result). ``run_service`` runs it: when the
form is valid it calls the service; on success it shows the success message
and redirects; when the service refuses with a ``DomainError`` it puts the
errors on the form (or hands them to ``on_error``) and returns None, so that the
view renders the page again with the form and its errors.

``answer_refusals`` is the net below every staff view (``access.requires`` puts it
around each): a refusal that a view did not catch answers the page it was sent
from with its message, never a server error.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import wraps
from typing import Any, Protocol, TypeVar

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django_htmx.http import HttpResponseClientRedirect

from tournaments.errors import DomainError
from tournaments.web.forms import add_domain_errors

T = TypeVar("T")
View = Callable[..., HttpResponse]


def answer_refusals(view: View) -> View:
    """``view``, except that a ``DomainError`` it lets through from a ``POST`` becomes
    the page again with the refusal's messages (a redirect to the page it was sent
    from, so that reloading does not send it twice). A page of htmx is sent there as
    a whole. A ``GET`` changes nothing, so a refusal there stays the error it is."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except DomainError as error:
            if request.method != "POST":
                raise
            for item in error.errors:
                messages.error(request, str(item.message))
            return _back(request)

    return wrapped


def _back(request: HttpRequest) -> HttpResponse:
    """The page a refused ``POST`` came from: htmx names it, else the URL posted to."""
    current = getattr(getattr(request, "htmx", None), "current_url", None)
    if current and url_has_allowed_host_and_scheme(current, allowed_hosts={request.get_host()}):
        return HttpResponseClientRedirect(current)
    return redirect(request.get_full_path())


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


def on_stale(
    form: forms.BaseForm,
    *,
    current: Callable[[], tuple[Mapping[str, Any], object]],
    changes: list[dict[str, str]],
    field_map: Mapping[str, str] | None = None,
) -> Callable[[DomainError], None]:
    """An ``on_error`` for a form that edits a whole object (``services.versions``).

    A ``version_conflict`` fills ``changes`` with every field whose stored value
    (``current()``: the form's initial values now, and the version now) differs
    from the submitted one, and gives the form the current version: nothing was
    saved, the page shows both, and saving again is a deliberate overwrite.
    Other refusals go on the form as usual.
    """

    def handle(error: DomainError) -> None:
        if not any(item.code == "version_conflict" for item in error.errors):
            add_domain_errors(form, error, field_map=field_map)
            return
        initial, version = current()
        for name, field in form.fields.items():
            if name == "version" or field.widget.is_hidden:
                continue
            theirs, yours = initial.get(name), form.cleaned_data.get(name)
            if _shown(field, theirs) != _shown(field, yours):
                changes.append(
                    {
                        "label": str(field.label or name),
                        "theirs": _shown(field, theirs),
                        "yours": _shown(field, yours),
                    }
                )
        data = form.data.copy()  # type: ignore[attr-defined]  # a QueryDict
        data["version"] = str(version)
        form.data = data
        add_domain_errors(form, error, field_map={"version": "__all__"})

    return handle


def _shown(field: forms.Field, value: Any) -> str:
    """A value as the page shows it: a choice by its label, yes/no, a dash for nothing."""
    if isinstance(field, forms.BooleanField):
        return _("yes") if value else _("no")
    if value is None or value == "":
        return "—"
    choices = getattr(field, "choices", None)
    if choices:
        labels = {str(key): str(label) for key, label in choices}
        return labels.get(str(value), str(value))
    if hasattr(value, "isoformat"):
        return str(value.isoformat())
    return str(value)
