"""schemathesis hooks for scripts/schemathesis.sh (loaded through SCHEMATHESIS_HOOKS).

``refused_only_for_documented_domain_reasons``: a request that is valid by the
schema may be refused with 400 only for a reason no schema can say (the state
of the tournament, the rules of the game), with a code the operation documents
under 400 (``x-error-codes``). A code that the schema could have expressed
means the schema lies about the input, and fails the run.

``before_call``: a well-formed Idempotency-Key becomes one of its own, so that the
body is read. The coverage phase sends thousands of bodies under one key ("0"):
each after the first was answered ``422 idempotency_key_reused`` before its body
was looked at, and this check never saw them. A malformed key is sent as
generated, for its ``400``.
"""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

import schemathesis

#: Codes of refusals that a schema expresses: a valid request never gets them.
SCHEMA_CODES = {
    "required",
    "invalid",
    "unknown_field",
    "malformed_request",
    "max_length",
    "min_length",
    "max_value",
    "min_value",
    "max_string_length",
    "invalid_choice",
    "not_a_list",
    "not_a_dict",
    "empty",
    "date",
    "datetime",
    "null_characters_not_allowed",
    "surrogate_characters_not_allowed",
    "no_name",
    "unsupported_media_type",
    "not_acceptable",
}


#: A well-formed key: tournaments/http/idempotency.py's KEY_PATTERN (this module is
#: loaded without Django, so it cannot import it; tests/test_schemathesis_hooks.py
#: checks that the two agree).
KEY_PATTERN = re.compile(r"[\x21-\x7e]{1,100}")


@schemathesis.hook
def before_call(ctx: Any, case: Any, **kwargs: Any) -> None:
    key = (case.headers or {}).get("Idempotency-Key")
    if key is not None and KEY_PATTERN.fullmatch(key):
        case.headers["Idempotency-Key"] = uuid.uuid4().hex


@schemathesis.check
def refused_only_for_documented_domain_reasons(ctx: Any, response: Any, case: Any) -> None:
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 400:
        return None
    try:
        codes = {item["code"] for item in json.loads(response.content)["errors"]}
    except (ValueError, KeyError, TypeError):
        raise AssertionError("A 400 answer without the API's error shape") from None
    documented = set(
        case.operation.definition.raw.get("responses", {}).get("400", {}).get("x-error-codes", [])
    )
    undocumented = codes - documented
    if undocumented:
        raise AssertionError(f"Schema-valid request refused with undocumented codes {undocumented}")
    expressible = codes & SCHEMA_CODES
    if expressible:
        raise AssertionError(
            f"Schema-valid request refused for a reason the schema can express: {expressible}"
        )
    return None
