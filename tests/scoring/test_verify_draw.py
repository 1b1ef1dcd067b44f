"""``python -S -m scoring.verify_draw``: accepts every draw the algorithm makes, rejects a
tampered record, and needs nothing but the standard library."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.lots import ALGORITHM, LEGACY_ALGORITHM, commitment_of, cut, shuffle, shuffle_legacy
from scoring.redraw import draw_part, draw_sheriffs
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


def part_record(count, seed, *, part=2, games=2, sheriff="lot"):
    """A Czech part's record as ``GET …/group-stage/draw/?part=N`` answers it."""
    participants = list(range(1, count + 1))
    fives = max(f for f in range(count // 5 + 1) if (count - 5 * f) % 4 == 0)
    sizes = [5] * fives + [4] * ((count - 5 * fives) // 4)
    earlier = []
    for earlier_part in range(1, part):
        earlier.append(
            draw_part(participants, sizes=sizes, seed=seed, part=earlier_part, earlier=earlier)
        )
    tables = draw_part(participants, sizes=sizes, seed=seed, part=part, earlier=earlier)
    if sheriff == "lot":
        sheriffs = draw_sheriffs(tables, games=games, seed=seed, part=part)
    else:
        sheriffs = [list(range(1, min(games or len(t), len(t)) + 1)) for t in tables]
    return {
        "part": part,
        "seed": seed,
        "algorithm": ALGORITHM,
        "participants": participants,
        "table_sizes": sizes,
        "games": games,
        "sheriff": sheriff,
        "earlier": earlier,
        "commitment": None,
        "tables": [
            {
                "number": number,
                "size": len(table),
                "seats": [
                    {"position": p, "participant": pid, "name": f"P{pid}"}
                    for p, pid in enumerate(table, start=1)
                ],
                "sheriff_positions": positions,
            }
            for number, (table, positions) in enumerate(zip(tables, sheriffs, strict=True), start=1)
        ],
    }


def test_a_part_drawn_anew_verifies_and_a_moved_player_or_sheriff_does_not(tmp_path):
    good = part_record(23, "Praha 2018")
    path = tmp_path / "part.json"
    path.write_text(json.dumps(good))
    done = run(path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("OK: part 2:")
    assert "0 repeated pair(s)" in done.stdout

    moved = json.loads(json.dumps(good))
    a, b = moved["tables"][0]["seats"][0], moved["tables"][2]["seats"][1]
    a["participant"], b["participant"] = b["participant"], a["participant"]
    path.write_text(json.dumps(moved))
    done = run(path)
    assert done.returncode == 1
    assert "table 1, position 1" in done.stdout

    sheriff = json.loads(json.dumps(good))
    positions = sheriff["tables"][3]["sheriff_positions"]
    positions[1] = next(p for p in range(1, 5) if p not in positions)
    path.write_text(json.dumps(sheriff))
    done = run(path)
    assert done.returncode == 1
    assert "table 4: the Sheriffs (lot)" in done.stdout


def test_a_changed_earlier_part_is_a_difference():
    record = part_record(16, "e")
    earlier = record["earlier"][0]
    earlier[0][0], earlier[1][0] = earlier[1][0], earlier[0][0]
    assert differences(record)


@pytest.mark.parametrize("part", [1, 2, 3])
def test_every_part_and_rule_verifies(part):
    for count in (9, 20, 25):
        assert differences(part_record(count, f"s{count}", part=part)) == []
        assert differences(part_record(count, "r", part=part, games=None, sheriff="rotation")) == []


def test_a_part_one_record_is_the_german_draw_with_its_sheriffs():
    german = record(list(range(1, 24)), "x")
    as_part = german | {
        "part": 1,
        "table_sizes": [6, 6, 6, 5],
        "games": None,
        "sheriff": "rotation",
        "earlier": [],
        "tables": [
            t | {"sheriff_positions": list(range(1, t["size"] + 1))} for t in german["tables"]
        ],
    }
    assert differences(as_part) == []
    as_part["tables"][3]["sheriff_positions"] = [1, 2, 3, 5, 4]
    assert differences(as_part) == [
        "table 4: the Sheriffs (rotation) are at positions [1, 2, 3, 4, 5], "
        "the record has [1, 2, 3, 5, 4]"
    ]


def test_a_malformed_part_record_exits_2(tmp_path):
    path = tmp_path / "part.json"
    no_positions = part_record(16, "m")
    del no_positions["tables"][0]["sheriff_positions"]
    legacy = part_record(16, "m") | {"algorithm": LEGACY_ALGORITHM}
    bad_sizes = part_record(16, "m") | {"table_sizes": [5, 5, 5]}
    unknown_rule = part_record(16, "m") | {"sheriff": "dice"}
    for broken in (no_positions, legacy, bad_sizes, unknown_rule):
        path.write_text(json.dumps(broken))
        assert run(path).returncode == 2, broken
