"""A required text's schema pattern says exactly what DRF refuses: a schema-valid
name is never refused as empty after DRF trims it (schemathesis found "\\x1d",
which Python's strip removes and ECMAScript's \\s does not name)."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st
from rest_framework import serializers

from tournaments.api.schema_extensions import text_pattern

REQUIRED = re.compile(text_pattern(serializers.CharField()))


@given(st.text(alphabet=st.characters(exclude_characters="\x00")))
def test_the_pattern_accepts_exactly_what_trimming_leaves_non_empty(text):
    assert bool(REQUIRED.search(text)) == bool(text.strip())


def test_every_separator_python_strips_is_named():
    for text in ("\x1c", "\x1d\x1e\x1f", "\u3000\u2028", "\x85\xa0", "\u200a \t"):
        assert REQUIRED.search(text) is None, repr(text)
    assert REQUIRED.search("\x1dAda\u3000") is not None
