"""drf-spectacular extensions and the post-processing hook: what its inspector leaves out.

- A tournament's ``settings`` (``SettingsField``): every key, its type and bounds.
- A strict input (``StrictSerializer``) refuses unknown keys: its component says
  ``additionalProperties: false`` and keeps its name without drf-spectacular's
  ``Request`` suffix (it is input-only), renamed by ``postprocess``
  (``SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]``).
- A text input says what DRF refuses beyond its lengths (``pattern``), a list
  its length bounds (``minItems``, ``maxItems``).

The field and serializer extensions map their target as drf-spectacular does
(``bypass_extensions=True``, as drf-spectacular's own ``contrib`` extensions do) and add
to it. Registered on import: ``tournaments.api.schema`` imports this module.
"""

from __future__ import annotations

import re
from typing import Any

from drf_spectacular.extensions import OpenApiSerializerExtension, OpenApiSerializerFieldExtension
from rest_framework import serializers

from scoring.bounty import CONDITIONS
from scoring.formats import ALIASES, MAX_AMOUNT, MIN_AMOUNT, TIE_BREAKS
from scoring.rulesets import Role, Side
from tournaments.format_settings import MAX_PARTS
from tournaments.preferences import SETTINGS

from .fields import SettingsField, StrictSerializer

__all__ = ["list_bounds", "postprocess", "settings_schema", "text_pattern"]


def settings_schema(*, direction: str) -> dict[str, Any]:
    """A tournament's ``settings`` (``preferences.SETTINGS``): every key, its type and bounds.

    In a request every key is optional (the defaults apply) and no other is
    accepted; an answer always carries every key with its effective value.
    """
    properties: dict[str, Any] = {}
    for setting in SETTINGS:
        kind = {int: "integer", bool: "boolean", str: "string"}[setting.kind]
        prop: dict[str, Any] = {"type": kind}
        if setting.minimum is not None:
            prop["minimum"] = setting.minimum
        if setting.maximum is not None:
            prop["maxLength" if setting.kind is str else "maximum"] = setting.maximum
        if setting.nullable:
            prop["nullable"] = True
        prop["default"] = setting.default
        prop["description"] = str(setting.label)
        properties[setting.key] = prop
    properties.update(format_settings_schema())
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if direction == "request":
        schema["additionalProperties"] = False
    else:
        # The German keys of rules.md §4 only where they name cells (tables of 5 and 6).
        schema["required"] = [key for key in properties if key not in ALIASES]
    return schema


def _integer(minimum: int, maximum: int, *, nullable: bool = False) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "integer", "minimum": minimum, "maximum": maximum}
    if nullable:
        schema["nullable"] = True
    return schema


def format_settings_schema() -> dict[str, Any]:
    """The format's settings (rules.md §14, api.md "Formats")."""
    amount = _integer(MIN_AMOUNT, MAX_AMOUNT)
    splits = [
        {
            "type": "object",
            "properties": {condition: amount, other: amount},
            "required": [condition, other],
            "additionalProperties": False,
        }
        for condition, other in CONDITIONS.items()
    ]
    roles = {
        "type": "object",
        "properties": {role.value: {"oneOf": [amount, *splits]} for role in Role},
        "additionalProperties": False,
    }
    sides = {
        "type": "object",
        "properties": {side.value: roles for side in Side},
        "additionalProperties": False,
    }
    return {
        "points": {
            "type": "object",
            "description": "size -> winning side -> role -> amount (a split by a condition).",
            "properties": {str(size): sides for size in range(3, 8)},
            "additionalProperties": False,
        },
        "survivor_bonus": amount,
        "deputy_kills_sheriff": amount,
        "small_table_bonus": amount,
        "table_sizes": {
            "type": "array",
            "items": _integer(4, 7),
            "minItems": 1,
            "maxItems": 3,
            "uniqueItems": True,
        },
        "parts": {
            "type": "array",
            "minItems": 1,
            "maxItems": MAX_PARTS,
            "items": {
                "type": "object",
                "properties": {
                    "games": _integer(1, 7, nullable=True),
                    "redraw": {"type": "boolean"},
                },
                "required": ["games", "redraw"],
                "additionalProperties": False,
            },
        },
        "sheriff": {"type": "string", "enum": ["rotation", "lot"]},
        "time_limit_minutes": _integer(1, 600, nullable=True),
        "final": {
            "oneOf": [
                {
                    "type": "object",
                    "properties": {"type": {"type": "string", "enum": ["knockout"]}},
                    "required": ["type"],
                    "additionalProperties": False,
                },
                {
                    "type": "object",
                    "properties": {
                        "type": {"type": "string", "enum": ["table"]},
                        "size": _integer(4, 7),
                        "games": _integer(1, 7),
                    },
                    "required": ["type", "size", "games"],
                    "additionalProperties": False,
                },
            ]
        },
        "tie_breaks": {
            "type": "array",
            "items": {"type": "string", "enum": list(TIE_BREAKS)},
            "minItems": 1,
            "uniqueItems": True,
        },
        "title_nationality": {"type": "string", "pattern": "^[A-Za-z]{2}$"},
    }


class SettingsFieldExtension(OpenApiSerializerFieldExtension):
    target_class = SettingsField

    def map_serializer_field(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        return settings_schema(direction=direction)


def list_bounds(serializer: serializers.ListSerializer[Any]) -> dict[str, int]:
    """A list input's length bounds, which drf-spectacular leaves out."""
    bounds: dict[str, int] = {}
    # Set by ListSerializer.__init__; the stubs do not know them.
    least = max(0 if serializer.allow_empty else 1, getattr(serializer, "min_length", None) or 0)
    most = getattr(serializer, "max_length", None)
    if least:
        bounds["minItems"] = least
    if most is not None:
        bounds["maxItems"] = most
    return bounds


#: What Python's ``str.strip`` removes (``str.isspace``), spelled out: a schema's
#: ``\s`` is ECMAScript's, which leaves out the separators U+001C to U+001F.
_SPACE = r"\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"


def text_pattern(field: serializers.CharField) -> str:
    """What DRF's CharField refuses beyond its lengths: NUL characters and, unless
    blank is allowed, a text that is only whitespace (it is trimmed)."""
    if field.allow_blank or not field.trim_whitespace:
        return r"^[^\x00]*$"
    return rf"^[^\x00]*[^{_SPACE}\x00][^\x00]*$"


class StrictInputExtension(OpenApiSerializerExtension):
    """A strict input: ``additionalProperties: false``, without the base class's docstring."""

    target_class = StrictSerializer
    match_subclasses = True

    def map_serializer(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        schema: dict[str, Any] = auto_schema._map_serializer(
            self.target, direction, bypass_extensions=True
        )
        if schema.get("description") == StrictSerializer.__doc__:
            del schema["description"]  # inherited, says nothing of this input
        if direction == "request":
            schema["additionalProperties"] = False
            schema["x-strict-input"] = True  # read (and removed) by ``postprocess``
        return schema


class TextFieldExtension(OpenApiSerializerFieldExtension):
    """A text input's ``pattern``: what DRF refuses beyond its lengths (``text_pattern``)."""

    target_class = serializers.CharField
    match_subclasses = True

    def map_serializer_field(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        schema: dict[str, Any] = auto_schema._map_serializer_field(
            self.target, direction, bypass_extensions=True
        )
        if direction == "request":
            schema.setdefault("pattern", text_pattern(self.target))
        return schema


class ListFieldExtension(OpenApiSerializerFieldExtension):
    """A nested list's ``minItems`` and ``maxItems`` (``list_bounds``)."""

    target_class = serializers.ListSerializer
    match_subclasses = True

    def map_serializer_field(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        schema: dict[str, Any] = auto_schema._map_serializer_field(
            self.target, direction, bypass_extensions=True
        )
        schema.update(list_bounds(self.target))
        return schema


def postprocess(result: dict[str, Any], generator: Any, **kwargs: Any) -> dict[str, Any]:
    """Strict inputs keep their name without the ``Request`` suffix, and a text that
    may be blank is one schema (``one_blank``) (``POSTPROCESSING_HOOKS``)."""
    schemas: dict[str, Any] = result.get("components", {}).get("schemas", {})
    renamed = {}
    for name, schema in list(schemas.items()):
        strict = schema.pop("x-strict-input", False) or name.endswith("InputRequest")
        if strict and name.endswith("Request"):
            renamed[f"#/components/schemas/{name}"] = f"#/components/schemas/{name[:-7]}"
            schemas[name.removesuffix("Request")] = schemas.pop(name)

    def rewrite(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("$ref") in renamed:
                node["$ref"] = renamed[node["$ref"]]
            one_blank(node)
            for value in node.values():
                rewrite(value)
        elif isinstance(node, list):
            for value in node:
                rewrite(value)

    rewrite(result)
    if renamed:
        result["components"]["schemas"] = dict(sorted(schemas.items()))
    return result


#: drf-spectacular's second choice for a blank-allowed text with a pattern.
_BLANK = {"type": "string", "maxLength": 0}


def one_blank(schema: dict[str, Any]) -> None:
    """A text that may be blank, as one schema where its first choice allows "" too.

    drf-spectacular writes it as ``oneOf: [the text, {maxLength: 0}]``. Where the
    text's own schema admits "" (DRF's NUL-free pattern does), "" matches both
    choices, and ``oneOf`` refuses a value that matches more than one: the schema
    called the API's own blank answer invalid (schemathesis, ST108).
    """
    choices = schema.get("oneOf")
    if not (isinstance(choices, list) and len(choices) == 2 and choices[1] == _BLANK):
        return
    text = choices[0]
    if text.get("minLength", 0) > 0 or re.search(text.get("pattern", ""), "") is None:
        return  # "" matches the blank choice alone: oneOf is right
    del schema["oneOf"]
    schema.update(text)
