"""``python -S -m scoring.verify_draw``: accepts every draw the algorithm makes, rejects a
tampered record, and needs nothing but the standard library."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.lots import ALGORITHM, LEGACY_ALGORITHM, commitment_of, cut, shuffle, shuffle_legacy
from scoring.seating import five_table_choices, split_tables
from scoring.verify_draw import differences

ROOT = Path(__file__).resolve().parents[2]


def record(participants, seed, *, five_tables=None, algorithm=ALGORITHM, commitment=None):
    sizes = split_tables(len(participants), five_tables=five_tables)
    if algorithm == ALGORITHM:
        order = shuffle(participants, seed=seed, purpose="group")
    else:
        order = shuffle_legacy(participants, seed=seed)
    return {
        "seed": seed,
        "algorithm": algorithm,
        "participants": participants,
        "five_tables": sizes.count(5),
        "commitment": commitment,
        "tables": [
            {
                "number": number,
                "size": len(table),
                "seats": [
                    {"position": p, "participant": pid, "name": f"P{pid}"}
                    for p, pid in enumerate(table, start=1)
                ],
            }
            for number, table in enumerate(cut(order, sizes), start=1)
        ],
    }


def run(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-S", "-m", "scoring.verify_draw", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin"},
    )


counts = st.integers(min_value=5, max_value=130).filter(lambda n: five_table_choices(n))


@settings(max_examples=200, deadline=None)
@given(counts, st.text(max_size=30), st.data())
def test_every_draw_verifies(count, seed, data):
    participants = data.draw(st.permutations(range(1, count + 1)))
    five = data.draw(st.sampled_from(five_table_choices(count)))
    algorithm = data.draw(st.sampled_from([ALGORITHM, LEGACY_ALGORITHM]))
    assert (
        differences(record(list(participants), seed, five_tables=five, algorithm=algorithm)) == []
    )


def test_the_command_accepts_a_draw_and_names_the_first_difference(tmp_path):
    good = record(list(range(1, 24)), "Finale 2027", commitment=commitment_of("Finale 2027"))
    path = tmp_path / "draw.json"
    path.write_text(json.dumps(good))
    done = run(path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("OK:")

    tampered = json.loads(json.dumps(good))
    seats = tampered["tables"][1]["seats"]
    seats[0]["participant"], seats[1]["participant"] = (
        seats[1]["participant"],
        seats[0]["participant"],
    )
    path.write_text(json.dumps(tampered))
    done = run(path)
    assert done.returncode == 1
    assert "table 2, position 1" in done.stdout


def test_a_seed_that_does_not_match_its_commitment_is_a_difference(tmp_path):
    path = tmp_path / "draw.json"
    path.write_text(json.dumps(record(list(range(1, 11)), "a", commitment=commitment_of("b"))))
    done = run(path)
    assert done.returncode == 1
    assert "commitment" in done.stdout


def test_an_unknown_algorithm_or_a_broken_file_exits_2(tmp_path):
    path = tmp_path / "draw.json"
    path.write_text(json.dumps(record(list(range(1, 11)), "a") | {"algorithm": {"name": "x"}}))
    assert run(path).returncode == 2
    path.write_text("{not json")
    assert run(path).returncode == 2


def test_the_verifier_imports_only_the_standard_library():
    code = (
        "import sys, scoring.verify_draw; "
        "print(sorted(m.split('.')[0] for m in sys.modules if not m.startswith('_')))"
    )
    done = subprocess.run(
        [sys.executable, "-S", "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    modules = set(eval(done.stdout))  # a printed list of module names
    assert "django" not in modules
    assert modules <= set(sys.stdlib_module_names) | {"scoring"}
