"""Every language the site offers is translated completely: no message left empty or fuzzy.

English is the source language (its catalogue may stay empty: a message is its own
English). Each other language of ``settings.LANGUAGES`` must have a catalogue in
``locale/`` with every message translated and none marked fuzzy, as ``msgfmt``
counts them: a string added without its translation fails here, not on the day.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent
SOURCE_LANGUAGE = "en"


def catalogue_counts(po_file: Path) -> dict[str, int]:
    """msgfmt's own statistics of one catalogue: translated, fuzzy and untranslated messages."""
    done = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po_file)],
        capture_output=True,
        text=True,
        check=True,
    )
    counts = {"translated": 0, "fuzzy": 0, "untranslated": 0}
    for number, kind in re.findall(r"(\d+) (translated|fuzzy|untranslated)", done.stderr):
        counts[kind] = int(number)
    return counts


needs_msgfmt = pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext not installed")


@needs_msgfmt
@pytest.mark.parametrize(
    "language", [code for code, _name in settings.LANGUAGES if code != SOURCE_LANGUAGE]
)
def test_every_message_is_translated_and_none_is_fuzzy(language):
    counts = catalogue_counts(ROOT / "locale" / language / "LC_MESSAGES" / "django.po")
    assert counts["translated"] > 1000
    assert (counts["untranslated"], counts["fuzzy"]) == (0, 0)


@needs_msgfmt
def test_the_count_sees_an_untranslated_and_a_fuzzy_message(tmp_path):
    po_file = tmp_path / "django.po"
    po_file.write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Sheriff"\nmsgstr "Sheriff"\n\n'
        'msgid "Outlaw"\nmsgstr ""\n\n'
        '#, fuzzy\nmsgid "Renegade"\nmsgstr "Renegat"\n',
        encoding="utf-8",
    )
    assert catalogue_counts(po_file) == {"translated": 1, "fuzzy": 1, "untranslated": 1}
