"""Errors the services raise, in the shape the API and the pages report them.

Every error has a stable ``code`` (snake_case, part of the API contract), a
translated ``message`` and, where it applies, the ``field``, the seat
``position`` or the spreadsheet ``row`` it concerns. Services raise
``InvalidInput`` (answered with 400), ``Conflict`` (409: valid, but the
tournament's state does not allow it) or ``NotAllowed`` (403).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Model


@dataclass(frozen=True)
class ErrorItem:
    code: str
    message: Any  # a str or a lazy translation, rendered in the request's language
    field: str | None = None
    position: int | None = None
    row: int | None = None
    index: int | None = None

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"code": self.code, "message": str(self.message)}
        for key in ("field", "position", "row", "index"):
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        return data


class DomainError(Exception):
    status_code = 400

    def __init__(self, errors: Iterable[ErrorItem] | ErrorItem):
        self.errors: list[ErrorItem] = [errors] if isinstance(errors, ErrorItem) else list(errors)
        super().__init__("; ".join(f"{e.code}: {e.message}" for e in self.errors))

    @classmethod
    def single(cls, code: str, message: Any, **extra: Any) -> DomainError:
        return cls(ErrorItem(code=code, message=message, **extra))


class InvalidInput(DomainError):
    status_code = 400


class Conflict(DomainError):
    status_code = 409


class NotAllowed(DomainError):
    status_code = 403


class TooManyAttempts(DomainError):
    status_code = 429


def items_from_validation_error(
    error: ValidationError, *, index: int | None = None, row: int | None = None
) -> list[ErrorItem]:
    """Flatten a Django ``ValidationError`` into error items (one per message)."""
    items: list[ErrorItem] = []
    if hasattr(error, "error_dict"):
        for field, field_errors in error.error_dict.items():
            for e in field_errors:
                items.append(
                    ErrorItem(
                        code=e.code or "invalid",
                        message=_render(e),
                        field=None if field == "__all__" else field,
                        index=index,
                        row=row,
                    )
                )
    else:
        for e in error.error_list:
            items.append(
                ErrorItem(code=e.code or "invalid", message=_render(e), index=index, row=row)
            )
    return items


def _render(error: ValidationError) -> str:
    message = str(error.message)
    if error.params:
        message = message % error.params
    return message


def full_clean_or_raise(instance: Model, *, exclude: Iterable[str] | None = None) -> None:
    """Run the model's ``full_clean()``; its problems become one ``InvalidInput``."""
    try:
        instance.full_clean(exclude=exclude)
    except ValidationError as error:
        raise InvalidInput(items_from_validation_error(error)) from None
