"""A pseudo-language for tests (rules.md §15): every message of the English catalogue
about 40 % longer and with accents, its placeholders and markup intact, compiled with
``msgfmt`` into a directory for ``LOCALE_PATHS``. Users are never offered it.

``pseudo_settings(tmp_path)`` gives the settings to override: the pages then speak
``xx`` to a visitor who chose it (the language cookie).
"""

from __future__ import annotations

import math
import re
import subprocess
from pathlib import Path
from typing import Any

from django.conf import settings

CODE = "xx"
NAME = "Pšéúdó"
ENGLISH = Path(settings.BASE_DIR) / "locale" / "en" / "LC_MESSAGES" / "django.po"

#: What a translation keeps as it is: placeholders, markup, entities.
KEPT = re.compile(r"%\([^)]+\)[-+ #0]*\d*(?:\.\d+)?[sdifr]|%[sdif%]|\{[^{}]*\}|<[^<>]*>|&#?\w+;")
ACCENTS = str.maketrans(
    "aeiouycnszAEIOUYCNSZ",
    "áéíöüýçñšžÁÉÍÖÜÝÇÑŠŽ",
)
_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def pseudo(text: str) -> str:
    """``text`` with accents and each word about 40 % longer; what ``KEPT`` matches stays."""

    def words(part: str) -> str:
        def longer(match: re.Match[str]) -> str:
            word = match.group(0)
            extra = math.ceil(len(word) * 0.4)
            return (word + word[-extra:] if extra < len(word) else word * 2).translate(ACCENTS)

        return re.sub(r"[A-Za-z]+", longer, part)

    out, last = [], 0
    for match in KEPT.finditer(text):
        out.append(words(text[last : match.start()]))
        out.append(match.group(0))
        last = match.end()
    out.append(words(text[last:]))
    return "".join(out)


def _decode(lines: list[str]) -> str:
    raw = "".join(_QUOTED.findall("\n".join(lines)))
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), raw)


def _encode(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def _entries(po_text: str) -> list[dict[str, Any]]:
    """Each message of a catalogue: ``msgctxt``, ``msgid``, ``msgid_plural`` (decoded)."""
    found = []
    for block in po_text.split("\n\n"):
        lines = [line for line in block.splitlines() if not line.startswith("#")]
        parts: dict[str, list[str]] = {}
        key = None
        for line in lines:
            head = line.split(" ", 1)[0]
            if head in ("msgctxt", "msgid", "msgid_plural") or head.startswith("msgstr"):
                key = head
                parts[key] = [line]
            elif key is not None:
                parts[key].append(line)
        if "msgid" not in parts:
            continue
        entry = {k: _decode(v) for k, v in parts.items() if not k.startswith("msgstr")}
        if entry["msgid"]:
            found.append(entry)
    return found


def build(directory: Path) -> Path:
    """Write and compile ``directory/xx/LC_MESSAGES/django.mo``; answers ``directory``."""
    target = directory / CODE / "LC_MESSAGES"
    target.mkdir(parents=True, exist_ok=True)
    lines = [
        'msgid ""',
        'msgstr ""',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Language: xx\\n"',
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
        "",
    ]
    for entry in _entries(ENGLISH.read_text(encoding="utf-8")):
        if "msgctxt" in entry:
            lines.append(f"msgctxt {_encode(entry['msgctxt'])}")
        lines.append(f"msgid {_encode(entry['msgid'])}")
        if "msgid_plural" in entry:
            lines.append(f"msgid_plural {_encode(entry['msgid_plural'])}")
            lines.append(f"msgstr[0] {_encode(pseudo(entry['msgid']))}")
            lines.append(f"msgstr[1] {_encode(pseudo(entry['msgid_plural']))}")
        else:
            lines.append(f"msgstr {_encode(pseudo(entry['msgid']))}")
        lines.append("")
    po_file = target / "django.po"
    po_file.write_text("\n".join(lines), encoding="utf-8")
    subprocess.run(
        ["msgfmt", "--check-format", "-o", str(target / "django.mo"), str(po_file)], check=True
    )
    return directory


def pseudo_settings(directory: Path) -> dict[str, Any]:
    """Settings under which ``xx`` is offered, its catalogue first in ``LOCALE_PATHS``."""
    return {
        "LANGUAGES": [*settings.LANGUAGES, (CODE, NAME)],
        "LOCALE_PATHS": [build(directory), *settings.LOCALE_PATHS],
    }
