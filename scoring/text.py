"""Translated text of the rules engine: lazy strings, formatted only when shown.

A **message** here is a lazily translated string (``gettext_lazy``): it is turned
into text (``str()``) when it is shown, in the language active at that time, so
that the engine can build it without knowing who will read it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

from django.utils.functional import lazy

if TYPE_CHECKING:
    from django.utils.functional import _StrOrPromise as StrOrPromise
    from django.utils.functional import _StrPromise as StrPromise

__all__ = ["StrOrPromise", "StrPromise", "lazy_format"]


def _interpolate(template: StrOrPromise, params: Mapping[str, object]) -> str:
    return str(template) % params


_lazy_interpolate = lazy(_interpolate, str)


def lazy_format(template: StrOrPromise, params: Mapping[str, object]) -> StrPromise:
    """``template % params``, translated and formatted only when the message is shown."""
    # lazy() returns a proxy (a Promise); the stubs type it as the function's result.
    return cast("StrPromise", _lazy_interpolate(template, params))
