"""A required text's schema pattern says exactly what DRF refuses: a schema-valid
name is never refused as empty after DRF trims it (schemathesis found "\\x1d",
which Python's strip removes and ECMAScript's \\s does not name)."""

from __future__ import annotations

import re

from drf_spectacular.generators import SchemaGenerator
from hypothesis import given
from hypothesis import strategies as st
from rest_framework import serializers

from tournaments.api.schema_extensions import one_blank, text_pattern

REQUIRED = re.compile(text_pattern(serializers.CharField()))


@given(st.text(alphabet=st.characters(exclude_characters="\x00")))
def test_the_pattern_accepts_exactly_what_trimming_leaves_non_empty(text):
    assert bool(REQUIRED.search(text)) == bool(text.strip())


def test_every_separator_python_strips_is_named():
    for text in ("\x1c", "\x1d\x1e\x1f", "\u3000\u2028", "\x85\xa0", "\u200a \t"):
        assert REQUIRED.search(text) is None, repr(text)
    assert REQUIRED.search("\x1dAda\u3000") is not None


def test_a_blank_allowed_text_is_one_schema_that_accepts_the_blank():
    """drf-spectacular's ``oneOf: [text, {maxLength: 0}]`` refused "" when the text's
    own pattern admitted it (both choices matched; schemathesis ST108 on a 201)."""
    blank = {"type": "string", "maxLength": 0}
    text = {"type": "string", "pattern": r"^[^\x00]*$", "maxLength": 2}
    field = {"description": "nationality", "oneOf": [text, blank]}
    one_blank(field)
    assert field == {"description": "nationality", **text}
    # Where "" matches the blank choice alone, oneOf is right and stays.
    for exclusive in (
        {"type": "string", "minLength": 1, "maxLength": 2},
        {"type": "string", "pattern": text_pattern(serializers.CharField()), "maxLength": 9},
    ):
        field = {"oneOf": [exclusive, blank]}
        one_blank(field)
        assert field == {"oneOf": [exclusive, blank]}


def test_the_published_schema_has_no_blank_that_two_choices_accept():
    schema = SchemaGenerator().get_schema(request=None, public=True)

    def offending(node: object, path: str) -> list[str]:
        if isinstance(node, dict):
            found = []
            choices = node.get("oneOf")
            if isinstance(choices, list):
                admitting = [
                    c
                    for c in choices
                    if c.get("type") == "string"
                    and c.get("minLength", 0) == 0
                    and re.search(c.get("pattern", ""), "")
                ]
                if len(admitting) > 1:
                    found.append(path)
            for key, value in node.items():
                found += offending(value, f"{path}/{key}")
            return found
        if isinstance(node, list):
            return [p for i, v in enumerate(node) for p in offending(v, f"{path}/{i}")]
        return []

    assert offending(schema, "") == []
