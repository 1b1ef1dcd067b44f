"""The published schema changes only by adding (api.md): a committed snapshot guards it.

``docs/openapi.yaml`` is the schema as last reviewed. The live schema may add
paths, operations, fields, answers and enum values; it may not remove or
narrow anything without the snapshot changing too, so that every such change
is visible in review. After a deliberate change, refresh the snapshot with

    make schema

(``manage.py spectacular --lang en --file docs/openapi.yaml``) and commit it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from django.utils import translation
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer

SNAPSHOT = Path(__file__).resolve().parents[3] / "docs" / "openapi.yaml"
REFRESH = "run `make schema` and commit docs/openapi.yaml"


def live_schema() -> dict[str, Any]:
    with translation.override("en"):
        schema = SchemaGenerator().get_schema(request=None, public=True)
        return yaml.safe_load(OpenApiJsonRenderer().render(schema))


class Narrowings:
    """Compares an old and a new schema; ``found`` lists what the new one removes or narrows."""

    def __init__(self, old: dict[str, Any], new: dict[str, Any]) -> None:
        self.old, self.new = old, new
        self.found: list[str] = []
        self._seen: set[tuple[int, int, str]] = set()
        for path, operations in old.get("paths", {}).items():
            if path not in new.get("paths", {}):
                self.found.append(f"path removed: {path}")
                continue
            for method, operation in operations.items():
                if method not in new["paths"][path]:
                    self.found.append(f"operation removed: {method.upper()} {path}")
                    continue
                self.operation(f"{method.upper()} {path}", operation, new["paths"][path][method])

    def resolve(self, doc: dict[str, Any], schema: Any) -> Any:
        while isinstance(schema, dict) and "$ref" in schema:
            name = schema["$ref"].rsplit("/", 1)[-1]
            schema = doc["components"]["schemas"][name]
        return schema

    def operation(self, where: str, old: dict[str, Any], new: dict[str, Any]) -> None:
        new_parameters = {(p["in"], p["name"]): p for p in new.get("parameters", [])}
        old_parameters = {(p["in"], p["name"]): p for p in old.get("parameters", [])}
        for key, parameter in old_parameters.items():
            if key not in new_parameters:
                self.found.append(f"{where}: parameter removed: {key[1]}")
                continue
            self.compare(
                f"{where} ?{key[1]}",
                parameter.get("schema"),
                new_parameters[key].get("schema"),
                "in",
            )
            if new_parameters[key].get("required") and not parameter.get("required"):
                self.found.append(f"{where}: parameter now required: {key[1]}")
        for key, parameter in new_parameters.items():
            if key not in old_parameters and parameter.get("required"):
                self.found.append(f"{where}: new required parameter: {key[1]}")
        old_body = old.get("requestBody", {}).get("content", {})
        new_body = new.get("requestBody", {}).get("content", {})
        for media_type, content in old_body.items():
            if media_type not in new_body:
                self.found.append(f"{where}: request media type removed: {media_type}")
                continue
            self.compare(
                f"{where} body", content.get("schema"), new_body[media_type].get("schema"), "in"
            )
        if new.get("requestBody", {}).get("required") and not old.get("requestBody", {}).get(
            "required", not old_body
        ):
            self.found.append(f"{where}: request body now required")
        for status, response in old.get("responses", {}).items():
            if status not in new.get("responses", {}):
                self.found.append(f"{where}: answer removed: {status}")
                continue
            new_content = new["responses"][status].get("content", {})
            for media_type, content in response.get("content", {}).items():
                if media_type not in new_content:
                    self.found.append(f"{where} {status}: media type removed: {media_type}")
                    continue
                self.compare(
                    f"{where} {status}",
                    content.get("schema"),
                    new_content[media_type].get("schema"),
                    "out",
                )

    def compare(self, where: str, old: Any, new: Any, direction: str) -> None:
        key = (id(old), id(new), direction)
        if key in self._seen:
            return
        self._seen.add(key)
        old, new = self.resolve(self.old, old), self.resolve(self.new, new)
        if not isinstance(old, dict) or not isinstance(new, dict):
            return
        for field in ("type", "format"):
            if old.get(field) != new.get(field):
                self.found.append(f"{where}: {field} changed: {old.get(field)} → {new.get(field)}")
        if "enum" in old:
            removed = [v for v in old["enum"] if v not in new.get("enum", old["enum"])]
            if removed:
                self.found.append(f"{where}: enum values removed: {removed}")
        old_nullable, new_nullable = bool(old.get("nullable")), bool(new.get("nullable"))
        if direction == "in" and old_nullable and not new_nullable:
            self.found.append(f"{where}: no longer nullable")
        if direction == "out" and new_nullable and not old_nullable:
            self.found.append(f"{where}: may now be null")
        if direction == "in":
            self.bounds(where, old, new)
            if (
                new.get("additionalProperties") is False
                and old.get("additionalProperties") is not False
            ):
                self.found.append(f"{where}: no longer accepts other keys")
        old_required, new_required = set(old.get("required", [])), set(new.get("required", []))
        if direction == "in" and new_required - old_required:
            self.found.append(f"{where}: now required: {sorted(new_required - old_required)}")
        if direction == "out" and old_required - new_required:
            self.found.append(
                f"{where}: no longer always there: {sorted(old_required - new_required)}"
            )
        for name, schema in old.get("properties", {}).items():
            if name not in new.get("properties", {}):
                self.found.append(f"{where}: field removed: {name}")
                continue
            self.compare(f"{where}.{name}", schema, new["properties"][name], direction)
        if "items" in old and "items" in new:
            self.compare(f"{where}[]", old["items"], new["items"], direction)
        for combinator in ("oneOf", "anyOf", "allOf"):
            old_options, new_options = old.get(combinator, []), new.get(combinator, [])
            if len(new_options) < len(old_options):
                self.found.append(f"{where}: {combinator} options removed")
            for old_option, new_option in zip(old_options, new_options, strict=False):
                self.compare(f"{where}<{combinator}>", old_option, new_option, direction)

    def bounds(self, where: str, old: dict[str, Any], new: dict[str, Any]) -> None:
        for lower in ("minimum", "minLength", "minItems"):
            if lower in new and new[lower] > old.get(lower, float("-inf")):
                self.found.append(f"{where}: {lower} raised to {new[lower]}")
        for upper in ("maximum", "maxLength", "maxItems"):
            if upper in new and new[upper] < old.get(upper, float("inf")):
                self.found.append(f"{where}: {upper} lowered to {new[upper]}")


def test_the_live_schema_only_adds_to_the_snapshot():
    assert SNAPSHOT.exists(), f"docs/openapi.yaml is missing: {REFRESH}"
    old = yaml.safe_load(SNAPSHOT.read_text(encoding="utf-8"))
    found = Narrowings(old, live_schema()).found
    assert not found, f"The schema removes or narrows ({REFRESH} if intended):\n" + "\n".join(found)


def test_the_snapshot_is_the_live_schema():
    """Additions too are committed, so that review sees them (``make schema``)."""
    old = yaml.safe_load(SNAPSHOT.read_text(encoding="utf-8"))
    new = live_schema()
    assert sorted(old["paths"]) == sorted(new["paths"]), REFRESH


BASE = {
    "paths": {
        "/a/": {
            "post": {
                "requestBody": {
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/In"}}}
                },
                "responses": {
                    "201": {
                        "content": {
                            "application/json": {"schema": {"$ref": "#/components/schemas/Out"}}
                        }
                    },
                    "409": {"content": {}},
                },
            },
            "get": {"responses": {"200": {"content": {}}}},
        },
        "/b/": {"get": {"responses": {"200": {"content": {}}}}},
    },
    "components": {
        "schemas": {
            "In": {
                "type": "object",
                "properties": {
                    "seed": {"type": "string", "maxLength": 200},
                    "size": {"type": "integer", "nullable": True},
                },
                "required": ["seed"],
            },
            "Out": {
                "type": "object",
                "properties": {
                    "id": {"type": "integer"},
                    "kind": {"type": "string", "enum": ["warning", "deduction"]},
                },
                "required": ["id", "kind"],
            },
        }
    },
}


def changed(change) -> list[str]:
    new = yaml.safe_load(yaml.safe_dump(BASE))
    change(new)
    return Narrowings(BASE, new).found


def test_adding_is_no_narrowing():
    def add(new):
        new["paths"]["/c/"] = {"get": {"responses": {}}}
        new["components"]["schemas"]["Out"]["properties"]["extra"] = {"type": "string"}
        new["components"]["schemas"]["Out"]["properties"]["kind"]["enum"].append("exclusion")
        new["components"]["schemas"]["In"]["properties"]["note"] = {"type": "string"}
        new["paths"]["/a/"]["post"]["responses"]["400"] = {"content": {}}

    assert changed(add) == []


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda s: s["paths"].pop("/b/"), "path removed: /b/"),
        (lambda s: s["paths"]["/a/"].pop("get"), "operation removed: GET /a/"),
        (
            lambda s: s["components"]["schemas"]["Out"]["properties"].pop("id"),
            "field removed: id",
        ),
        (
            lambda s: s["components"]["schemas"]["Out"]["properties"]["kind"]["enum"].pop(),
            "enum values removed: ['deduction']",
        ),
        (
            lambda s: s["components"]["schemas"]["In"]["required"].append("size"),
            "now required: ['size']",
        ),
        (
            lambda s: s["components"]["schemas"]["Out"]["properties"]["id"].update(type="string"),
            "type changed: integer → string",
        ),
        (
            lambda s: s["components"]["schemas"]["In"]["properties"]["seed"].update(maxLength=20),
            "maxLength lowered to 20",
        ),
        (
            lambda s: s["components"]["schemas"]["In"]["properties"]["size"].pop("nullable"),
            "no longer nullable",
        ),
        (lambda s: s["paths"]["/a/"]["post"]["responses"].pop("409"), "answer removed: 409"),
    ],
)
def test_each_narrowing_is_found(change, expected):
    found = changed(change)
    assert any(expected in item for item in found), found
