"""Check a group-stage draw yourself: ``python -S -m scoring.verify_draw FILE``.

FILE is the JSON of ``GET /api/tournaments/{id}/group-stage/draw/`` (``-`` reads
standard input). Run from the project's root; nothing but Python's standard
library is needed (``-S`` proves it: no installed package is visible).

Exit status: 0 when the seating follows from the record (participants in
registration order, seed, number of 5-tables or ``table_sizes``, algorithm,
for a later part its ``earlier`` parts, then the seat swaps of
``corrections`` in their order), the Sheriff positions follow from the
record's ``sheriff`` rule (records with a ``part``) and the seed matches the
published commitment, if there was one; 1 with the first difference
otherwise; 2 when the file is malformed or names an unknown algorithm.

The seating rule (rules.md §2): shuffle the participants with the draw's
algorithm (purpose ``"group"``), then cut the order into the tables, the
6-tables first: table 1 takes the first 6 (or 5), and so on; a table's n-th
player sits at position n. Then each correction ``{"swap": [a, b]}`` (rules.md
§12, "Seats as played"), oldest first, exchanges the seats of participants a and b.
A part drawn anew (rules.md §14) and the Sheriffs by lot follow
``scoring.redraw`` (docs/draw.md, "A part drawn anew").
"""

from __future__ import annotations

import json
import sys
from typing import Any

from scoring.lots import ALGORITHM, LEGACY_ALGORITHM, commitment_of, cut, shuffle_legacy
from scoring.redraw import draw_part, draw_sheriffs, repeated_pairs

__all__ = ["Malformed", "apply_corrections", "differences", "main"]

GROUP_PURPOSE = "group"


class Malformed(ValueError):
    """The record cannot be checked (exit status 2)."""


def _algorithm(record: dict[str, Any]) -> dict[str, Any]:
    algorithm = record.get("algorithm")
    if algorithm not in (ALGORITHM, LEGACY_ALGORITHM):
        raise Malformed(f"unknown algorithm: {algorithm!r}")
    return dict(algorithm)


def _sizes(count: int, five_tables: int) -> list[int]:
    rest = count - 5 * five_tables
    if five_tables < 0 or rest < 0 or rest % 6:
        raise Malformed(f"{count} participants cannot sit at tables with {five_tables} 5-tables")
    return [6] * (rest // 6) + [5] * five_tables


def _table_sizes(record: dict[str, Any], count: int) -> list[int]:
    """``table_sizes`` when the record has them, else the split of ``five_tables``."""
    if "table_sizes" not in record:
        return _sizes(count, int(record["five_tables"]))
    sizes = [int(size) for size in record["table_sizes"]]
    if sum(sizes) != count or any(size < 1 for size in sizes):
        raise Malformed(f"{count} participants cannot sit at tables of {sizes}")
    return sizes


def _earlier(record: dict[str, Any]) -> list[list[list[int]]]:
    """The earlier parts' tables as played (a record without ``part`` has none)."""
    earlier = record.get("earlier") or []
    return [[[int(p) for p in table] for table in tables] for tables in earlier]


def _part(record: dict[str, Any]) -> int:
    return int(record.get("part") or 1)


def expected_seating(record: dict[str, Any]) -> list[list[int]]:
    """The tables (participant ids by position) that the record's draw must give."""
    try:
        participants = [int(p) for p in record["participants"]]
        seed = str(record["seed"])
        sizes = _table_sizes(record, len(participants))
        earlier = _earlier(record)
        part = _part(record)
    except (KeyError, TypeError, ValueError) as error:
        raise Malformed(f"missing or malformed field: {error}") from error
    if len(set(participants)) != len(participants):
        raise Malformed("a participant appears twice")
    if _algorithm(record) == ALGORITHM:
        return draw_part(participants, sizes=sizes, seed=seed, part=part, earlier=earlier)
    if earlier:
        raise Malformed(f"{LEGACY_ALGORITHM['name']} draws have no later parts")
    return cut(shuffle_legacy(participants, seed=seed), sizes)


def expected_sheriffs(record: dict[str, Any], seating: list[list[int]]) -> list[list[int]]:
    """Each table's Sheriff positions, game by game, that the record's rule gives.

    ``rotation``: positions 1 .. g; ``lot``: ``draw_sheriffs`` of the seating's
    tables with the record's seed and part. ``g`` is ``games`` (``null``: the
    table's size), at most the table's size.
    """
    rule, games = record.get("sheriff"), record.get("games")
    try:
        counts = [len(table) if games is None else min(int(games), len(table)) for table in seating]
    except (TypeError, ValueError) as error:
        raise Malformed(f"malformed games: {error}") from error
    if rule == "rotation":
        return [list(range(1, g + 1)) for g in counts]
    if rule == "lot":
        drawn = draw_sheriffs(
            seating, games=max(counts, default=0), seed=str(record["seed"]), part=_part(record)
        )
        return [positions[:g] for positions, g in zip(drawn, counts, strict=True)]
    raise Malformed(f"unknown sheriff rule: {rule!r}")


def apply_corrections(seating: list[list[int]], record: dict[str, Any]) -> list[list[int]]:
    """The seating after the record's ``corrections`` (seat swaps), in their order.

    A correction ``{"swap": [a, b], ...}`` exchanges the seats of participants
    ``a`` and ``b``. A record without ``corrections`` has none.
    """
    tables = [list(table) for table in seating]
    corrections = record.get("corrections", [])
    if not isinstance(corrections, list):
        raise Malformed("corrections is not a list")
    for index, correction in enumerate(corrections, start=1):
        try:
            a, b = (int(p) for p in correction["swap"])
        except (KeyError, TypeError, ValueError) as error:
            raise Malformed(f"correction {index} is malformed: {error}") from error
        where = {p: (t, i) for t, table in enumerate(tables) for i, p in enumerate(table)}
        if a == b or a not in where or b not in where:
            raise Malformed(f"correction {index} swaps participants not seated: {a}, {b}")
        (ta, ia), (tb, ib) = where[a], where[b]
        tables[ta][ia], tables[tb][ib] = b, a
    return tables


def _recorded_seating(record: dict[str, Any]) -> list[list[int]]:
    try:
        tables = sorted(record["tables"], key=lambda table: int(table["number"]))
        return [
            [
                int(seat["participant"])
                for seat in sorted(table["seats"], key=lambda seat: int(seat["position"]))
            ]
            for table in tables
        ]
    except (KeyError, TypeError, ValueError) as error:
        raise Malformed(f"malformed tables: {error}") from error


def differences(record: dict[str, Any]) -> list[str]:
    """Every way the record differs from its own draw (empty: it verifies)."""
    found: list[str] = []
    commitment = record.get("commitment")
    if commitment is not None and commitment_of(str(record.get("seed"))) != commitment:
        found.append(
            f"the seed does not match the commitment: SHA-256 of the seed is "
            f"{commitment_of(str(record.get('seed')))}, the commitment {commitment}"
        )
    expected = apply_corrections(expected_seating(record), record)
    recorded = _recorded_seating(record)
    if len(expected) != len(recorded):
        found.append(f"the draw gives {len(expected)} tables, the record has {len(recorded)}")
    for number, (want, have) in enumerate(zip(expected, recorded, strict=False), start=1):
        if len(want) != len(have):
            found.append(
                f"table {number}: the draw gives {len(want)} seats, the record {len(have)}"
            )
            continue
        for position, (a, b) in enumerate(zip(want, have, strict=True), start=1):
            if a != b:
                found.append(
                    f"table {number}, position {position}: the draw seats participant {a}, "
                    f"the record participant {b}"
                )
    if "sheriff" in record or "part" in record:
        found += _sheriff_differences(record, expected)
    return found


def _sheriff_differences(record: dict[str, Any], seating: list[list[int]]) -> list[str]:
    found = []
    try:
        tables = sorted(record["tables"], key=lambda table: int(table["number"]))
        recorded = [[int(p) for p in table["sheriff_positions"]] for table in tables]
    except (KeyError, TypeError, ValueError) as error:
        raise Malformed(f"malformed sheriff_positions: {error}") from error
    wanted = expected_sheriffs(record, seating)
    for number, (want, have) in enumerate(zip(wanted, recorded, strict=False), start=1):
        if want != have:
            found.append(
                f"table {number}: the Sheriffs ({record.get('sheriff')}) are at positions "
                f"{want}, the record has {have}"
            )
    return found


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(__doc__.split("\n\n")[0], file=sys.stderr)
        return 2
    try:
        if args[0] == "-":
            record = json.load(sys.stdin)
        else:
            with open(args[0], encoding="utf-8") as file:
                record = json.load(file)
        if not isinstance(record, dict):
            raise Malformed("the file is not a JSON object")
        found = differences(record)
    except (OSError, json.JSONDecodeError, Malformed) as error:
        print(f"cannot check: {error}", file=sys.stderr)
        return 2
    if found:
        print(f"DIFFERENT: {found[0]}")
        return 1
    print(_verdict(record))
    return 0


def _verdict(record: dict[str, Any]) -> str:
    """The line printed for a record that verifies."""
    tables = len(record["tables"])
    corrections = len(record.get("corrections") or [])
    earlier = _earlier(record)
    line = (
        ("" if "part" not in record else f"part {_part(record)}: ")
        + f"the seating of {len(record['participants'])} participants at {tables} tables "
        f"follows from the seed ({record['algorithm']['name']} v{record['algorithm']['version']})"
        + (f" and {corrections} seat swap(s)" if corrections else "")
    )
    if earlier:
        pairs = repeated_pairs(apply_corrections(expected_seating(record), record), earlier)
        line += f", with {pairs} repeated pair(s)"
    if "sheriff" in record:
        line += f"; the Sheriffs ({record['sheriff']}) follow too"
    return (
        "OK: "
        + line
        + (", and the seed matches the commitment." if record.get("commitment") else ".")
    )


if __name__ == "__main__":
    sys.exit(main())
