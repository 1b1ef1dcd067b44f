"""The registry of exporters: every document the project hands out, in one place.

Modelled on pretix's ``pretix/base/exporter.py``. Words used here:

- An **exporter** makes one kind of document for a tournament: the
  scoresheets of a round, the seating list, the standings as PDF or as a
  workbook, ... It has a stable ``identifier``, a translated ``verbose_name``,
  a media type and file extension, the word its file name is built from, the
  **audience** that may request it and ``render(tournament, **params) -> bytes``,
  made in two steps: ``prepare`` reads the database and returns plain data (a
  PDF's HTML, a workbook's rows), ``finish`` makes the bytes from that data
  alone, in a render process of lower priority when served
  (``tournaments.render_process``).
- **Parameters** are what a request may choose (the scoresheets' stage, round
  and table). An exporter declares them as a DRF serializer class
  (``parameters``), so that the API validates them, reports errors in its usual
  shape and documents them in the OpenAPI schema; most exporters take none.
- The **registry** maps identifiers to exporters; ``register`` adds one
  (``documents.pdf`` and ``documents.xlsx`` register theirs on import), ``get``
  finds one. One view (``tournaments.api.documents.DocumentApi``) serves any
  registered exporter.

Documents are rendered in the *tournament's* language; file names follow the
request's language, as the links that lead to them do.
"""

from __future__ import annotations

from abc import ABC
from collections.abc import Callable, Iterator
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from django.utils.functional import Promise
from django.utils.text import slugify

from tournaments.errors import DomainError

if TYPE_CHECKING:
    from rest_framework.serializers import Serializer

    from tournaments.models import Tournament

PDF = "application/pdf"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

#: Builds an absolute URL from a path (``request.build_absolute_uri`` in a view).
AbsoluteUri = Callable[[str], str]


def relative(path: str) -> str:
    """The ``AbsoluteUri`` of a document rendered outside a request: the path as it is."""
    return path


class Audience(StrEnum):
    """Who may request a document."""

    PUBLIC = "public"  # anyone, also without an account
    REFEREE = "referee"  # referees and organisers
    ORGANISER = "organiser"  # organisers only


class NothingToPrint(DomainError):
    """Nothing to print for the request (e.g. a round without games): 404."""

    status_code = 404


class Exporter(ABC):
    """One kind of document. Subclasses set the class attributes and ``render``."""

    #: Stable key in the registry, e.g. ``"standings_pdf"``.
    identifier: ClassVar[str]
    #: What the document is, in the user's language (``gettext_lazy``).
    verbose_name: ClassVar[str | Promise]
    media_type: ClassVar[str]
    extension: ClassVar[str]
    #: The word the file name is built from (``gettext_lazy``, lower case).
    filename_word: ClassVar[str | Promise]
    #: Offered for download (``True``) or shown in the browser (``False``).
    attachment: ClassVar[bool] = False
    audience: ClassVar[Audience] = Audience.PUBLIC
    #: The request's parameters as a serializer class, or ``None`` for none.
    parameters: ClassVar[type[Serializer[Any]] | None] = None
    #: Error codes ``render`` raises, by status (the API's schema lists them).
    error_codes: ClassVar[dict[int, list[str]]] = {}
    #: What the document is about: ``"tournament"`` (``render``) or ``"season"``
    #: (``render_season``, ``tournaments.documents.seasons``).
    scope: ClassVar[str] = "tournament"

    def prepare(
        self, tournament: Tournament, *, absolute_uri: AbsoluteUri = relative, **params: Any
    ) -> Any:
        """What ``finish`` makes the document from, read from the database: plain,
        picklable data. ``params`` are the validated ``parameters``;
        ``absolute_uri`` turns a path into the URL printed on paper."""
        raise NotImplementedError

    def finish(self, prepared: Any) -> bytes:
        """The document's bytes from ``prepare``'s data alone (no database: it may run
        in a render process, ``tournaments.render_process``)."""
        raise NotImplementedError

    def render(
        self, tournament: Tournament, *, absolute_uri: AbsoluteUri = relative, **params: Any
    ) -> bytes:
        """The document's bytes, both steps in this thread."""
        return self.finish(self.prepare(tournament, absolute_uri=absolute_uri, **params))

    def filename_parts(self, **params: Any) -> tuple[object, ...]:
        """What follows the tournament's name in the file name (see ``filename``)."""
        return (self.filename_word,)

    def filename(self, tournament: Tournament, **params: Any) -> str:
        """E.g. ``deutsche-meisterschaft-2027-standings.pdf``."""
        return filename(tournament, *self.filename_parts(**params), ext=self.extension)


def filename(tournament: Tournament, *parts: object, ext: str) -> str:
    """A file name from the tournament's name and ``parts``, each slugified."""
    stem = "-".join(
        slugify(str(p)) for p in (tournament.name or f"tournament-{tournament.pk}", *parts)
    )
    return f"{stem or 'document'}.{ext}"


_REGISTRY: dict[str, Exporter] = {}

E = TypeVar("E", bound=type[Exporter])


def register(cls: E) -> E:
    """Class decorator: add an exporter to the registry (one instance, stateless)."""
    if cls.identifier in _REGISTRY:
        raise ValueError(f"exporter {cls.identifier!r} is registered twice")
    _REGISTRY[cls.identifier] = cls()
    return cls


def get(identifier: str) -> Exporter:
    """The registered exporter ``identifier``; ``KeyError`` if there is none."""
    return _REGISTRY[identifier]


def exporters() -> Iterator[Exporter]:
    """Every registered exporter, in the order they were registered."""
    return iter(list(_REGISTRY.values()))
