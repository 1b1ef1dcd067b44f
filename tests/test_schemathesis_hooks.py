"""scripts/schemathesis_hooks.py keeps a copy of the Idempotency-Key's pattern (it is
loaded without Django): the copy must be the app's, or the CLI run would give a
malformed key a fresh one (and never try its 400) or keep a well-formed one (and
try one body under it)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tournaments.http.idempotency import KEY_PATTERN

HOOKS = Path(__file__).resolve().parent.parent / "scripts" / "schemathesis_hooks.py"


def hooks_key_pattern() -> re.Pattern[str]:
    """The hooks' KEY_PATTERN, read from the file: importing it would register its
    hooks in this test process for every schemathesis call."""
    for node in ast.parse(HOOKS.read_text()).body:
        if (
            isinstance(node, ast.Assign)
            and [getattr(target, "id", None) for target in node.targets] == ["KEY_PATTERN"]
            and isinstance(node.value, ast.Call)
        ):
            return re.compile(ast.literal_eval(node.value.args[0]))
    raise AssertionError(f"no KEY_PATTERN = re.compile(...) in {HOOKS}")


def test_the_hooks_know_a_well_formed_key_as_the_app_does():
    assert hooks_key_pattern().pattern == KEY_PATTERN.pattern
    for key in ("0", "a" * 100, "~!", "start_form"):
        assert hooks_key_pattern().fullmatch(key) and KEY_PATTERN.fullmatch(key)
    for key in ("", "a" * 101, "two words", "tab\there", "×ø"):
        assert not hooks_key_pattern().fullmatch(key) and not KEY_PATTERN.fullmatch(key)
