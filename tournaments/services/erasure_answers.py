"""An erasure reaches the stored answers of idempotent requests (api.md "The day's edges").

A write sent with an ``Idempotency-Key`` keeps its answer for 24 hours so that a
repeat gets the same answer (``tournaments.http.idempotency``). A registration's
answer holds the person's name, birth date and PIN. Deleting it would make a
replay register the person again, so the answer is **rewritten** instead, as
the erased participant would be answered now: every object that is the person
(its ``name`` is one of the person's names, or its ``pin`` their PIN) gets the
placeholder, no birth date, no PIN and no age approval; the person's names
anywhere else in the answer become the placeholder. An answer that is not JSON
(a page's) has the names and the PIN replaced in its text.

Called by ``player_erase`` inside its transaction; the middleware only reads
and writes rows, so this is the one place that knows an answer's content.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..models import IdempotencyKey

__all__ = ["ErasedPerson", "scrub_stored_answers"]


@dataclass(frozen=True)
class ErasedPerson:
    """One erased participant: their names (longest first), PIN and placeholder."""

    participant: int
    names: tuple[str, ...]
    pin: str
    placeholder: str

    def needles(self) -> list[bytes]:
        """What shows that a stored body may hold this person (UTF-8 and JSON-escaped)."""
        texts = [*self.names, *([self.pin] if self.pin else [])]
        found = {t.encode() for t in texts}
        found |= {json.dumps(t)[1:-1].encode() for t in texts}
        return sorted(found)


def _is_person(value: dict[str, Any], person: ErasedPerson) -> bool:
    if value.get("name") in person.names:
        return True
    return bool(person.pin) and value.get("pin") == person.pin


def _erased(value: Any, person: ErasedPerson) -> Any:
    """JSON data with ``person`` as an erased participant is answered."""
    if isinstance(value, list):
        return [_erased(v, person) for v in value]
    if isinstance(value, dict):
        value = {k: _erased(v, person) for k, v in value.items()}
        if _is_person(value, person) or value.get("name") == person.placeholder:
            for field, erased in (("birth_date", None), ("pin", None), ("age_approved", False)):
                if field in value:
                    value[field] = erased
        return value
    if isinstance(value, str):
        if person.pin and value == person.pin:
            return None
        for name in person.names:
            value = value.replace(name, person.placeholder)
    return value


def _erased_text(text: str, person: ErasedPerson) -> str:
    for name in person.names:
        text = text.replace(name, person.placeholder)
    return text.replace(person.pin, "") if person.pin else text


def _rewritten(body: bytes, people: Sequence[ErasedPerson]) -> bytes:
    text = body.decode("utf-8", errors="replace")
    try:
        data = json.loads(text)
    except ValueError:
        for person in people:
            text = _erased_text(text, person)
        return text.encode()
    for person in people:
        data = _erased(data, person)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def scrub_stored_answers(people: Sequence[ErasedPerson]) -> int:
    """Rewrite every stored answer that holds one of ``people``; how many were rewritten."""
    needles = [needle for person in people for needle in person.needles()]
    if not needles:
        return 0
    rewritten = 0
    rows = IdempotencyKey.objects.filter(status__isnull=False).only("pk", "body", "body_zlib")
    for row in rows.iterator():
        body = row.answer_body()  # stored compressed where that was smaller
        holding = [p for p in people if any(n in body for n in p.needles())]
        if not holding:
            continue
        stored, compressed = IdempotencyKey.packed(_rewritten(body, holding))
        IdempotencyKey.objects.filter(pk=row.pk).update(body=stored, body_zlib=compressed)
        rewritten += 1
    return rewritten
