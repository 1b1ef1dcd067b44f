"""The specification is inside the project: every citation of it resolves.

Code, templates, tests and documents cite ``rules.md §N`` (a section of
``docs/rules.md``), ``rules.md §N.M`` (item M of the numbered list in section N),
``rules.md §N "Words"`` (words of that section) and ``api.md "Heading"`` (a
``##``/``###`` heading of ``docs/api.md``, without its ``(rules.md §N)`` tail).
Each must name a file of the project: no path out of the repository (the
contract the project restates lives outside it, ``../shared``), and every
section, item, words and heading cited must be there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
API = ROOT / "docs" / "api.md"

SCANNED = {".py", ".html", ".js", ".md", ".txt", ".toml", ".yaml", ".yml"}
SKIPPED_DIRS = {"node_modules", "__pycache__", "staticfiles", "media", "hall-data"}
#: This file holds citations that must not resolve (the examples below).
SELF = Path(__file__).resolve()

_NUMBER = r"\d+(?:\.\d+)?"
_MARK = r"(?:§§?\s*|sections?\s+)"
# After a comma the next reference needs its "§" ("§12, 2,000 phones" is no
# section 2000); after "and", "to" or a dash a bare number is a section too.
_MORE = rf"(?:\s*,\s*{_MARK}{_NUMBER}|(?:\s+and\s+|\s+to\s+|\s*[–-]\s*){_MARK}?{_NUMBER})"
_WORDS = r'(?:[ \t]*[,:]?[ \t]*"(?P<words>[^"\n]+)")?'  # rules.md §12, "Who is here"
# "[\s#*]+": a citation wrapped in a comment ("rules.md\n# §5.9") is one too.
RULES_CITATION = re.compile(rf"rules\.md`{{0,2}}[\s#*]+(?P<refs>{_MARK}{_NUMBER}{_MORE}*){_WORDS}")
API_HEADING_CITATION = re.compile(r'api\.md`{0,2}(?:[ \t]*,)?[ \t]*"(?P<heading>[^"\n]+)"')
API_SECTION_CITATION = re.compile(r"api\.md`{0,2}[ \t]*(?P<refs>§\s*[\d.]+)")
CITED_FILE = re.compile(r"(?<![\w./-])(?P<folder>(?:[\w.-]+/)*)(?P<name>(?:rules|api)\.md)\b")
NUMBER = re.compile(_NUMBER)


@dataclass(frozen=True)
class Rules:
    """What ``rules.md`` offers to cite: its sections and their numbered items."""

    texts: dict[str, str]  # "5" -> the text of section 5
    items: frozenset[str]  # "5.9", ...

    def has(self, ref: str) -> bool:
        return ref in self.texts or ref in self.items


def parse_rules(text: str) -> Rules:
    texts: dict[str, str] = {}
    items: set[str] = set()
    section = None
    for line in text.splitlines():
        heading = re.match(r"## (\d+)\. ", line)
        if heading:
            section = heading.group(1)
            texts[section] = ""
            continue
        if line.startswith("#"):
            section = None
        if section is None:
            continue
        texts[section] += line + "\n"
        item = re.match(r"(\d+)\. ", line)
        if item:
            items.add(f"{section}.{item.group(1)}")
    return Rules(texts=texts, items=frozenset(items))


def parse_api_headings(text: str) -> frozenset[str]:
    """The ``##``/``###`` headings, each also without its ``(rules.md §N)`` tail."""
    headings: set[str] = set()
    for line in text.splitlines():
        heading = re.match(r"#{2,3} (.+)", line)
        if heading:
            title = heading.group(1).strip()
            headings.add(title)
            headings.add(re.sub(r"\s*\(rules\.md [^)]*\)$", "", title))
    return frozenset(headings)


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().casefold()


def unresolved(text: str, rules: Rules, api: frozenset[str], where: Path = ROOT) -> list[str]:
    """Every citation in ``text`` that does not resolve, said as a reader sees it."""
    problems: list[str] = []
    for found in CITED_FILE.finditer(text):
        folder, name = found.group("folder"), found.group("name")
        if folder and not any(
            path.is_file() and path.is_relative_to(ROOT)
            for path in ((ROOT / folder / name).resolve(), (where / folder / name).resolve())
        ):
            problems.append(f"{folder}{name}: not a file of the project")
    for found in RULES_CITATION.finditer(text):
        refs = NUMBER.findall(found.group("refs"))
        for ref in refs:
            if not rules.has(ref):
                problems.append(f"rules.md §{ref}: no such section or item")
        words = found.group("words")
        section = refs[-1].partition(".")[0]
        if words and _normal(words) not in _normal(rules.texts.get(section, "")):
            problems.append(f'rules.md §{section} "{words}": not in that section')
    for found in API_HEADING_CITATION.finditer(text):
        if found.group("heading") not in api:
            problems.append(f'api.md "{found.group("heading")}": no such heading')
    for found in API_SECTION_CITATION.finditer(text):
        problems.append(f"api.md {found.group('refs')}: api.md has headings, not numbers")
    return problems


@cache
def project_rules() -> Rules:
    return parse_rules(RULES.read_text(encoding="utf-8"))


@cache
def project_api() -> frozenset[str]:
    return parse_api_headings(API.read_text(encoding="utf-8"))


def _scanned_files() -> list[Path]:
    found = []
    for path in sorted(ROOT.rglob("*")):
        parts = path.relative_to(ROOT).parts
        if any(part.startswith(".") or part in SKIPPED_DIRS for part in parts[:-1]):
            continue
        if path.suffix in SCANNED and path.is_file() and path.resolve() != SELF:
            found.append(path)
    return found


# -- the project's own documents ---------------------------------------------


def test_rules_md_has_every_section_of_the_model():
    assert sorted(project_rules().texts, key=int) == [str(n) for n in range(1, 17)]
    # The numbered conditions that code cites as §5.N and §6.N.
    assert {f"5.{n}" for n in range(1, 11)} | {f"6.{n}" for n in range(1, 5)} <= (
        project_rules().items
    )


def test_api_md_has_every_heading_of_the_contract():
    assert {
        "Authentication and who may do what",
        "Lists",
        "Errors",
        "Tournaments and participants",
        "Group stage",
        "Games",
        "Standings, penalties, knockout, ranking",
        "Paper and spreadsheets",
        "History and concurrent editing",
        "Verifiable draws",
        "Character deal",
        "Statistics",
        "Live events",
        "Idempotency",
        "Clock, calls, corrections, presence",
        "Players and seasons",
        "Formats",
        "Languages",
        "Many laptops, one season",
        "The day's edges",
    } <= project_api()


def test_the_documents_say_they_restate_the_specification():
    for path in (RULES, API):
        opening = path.read_text(encoding="utf-8")[:1200]
        assert "restatement" in opening, path


# -- every citation in the repository ----------------------------------------


def test_the_scan_sees_the_code_the_tests_and_the_documents():
    relative = {path.relative_to(ROOT).as_posix() for path in _scanned_files()}
    assert {"README.md", "docs/api.md", "scoring/end_checks.py"} <= relative
    assert not any(name.startswith(".venv/") for name in relative)


def test_every_citation_of_the_specification_resolves():
    problems = []
    cited = 0
    for path in _scanned_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        cited += len(RULES_CITATION.findall(text)) + len(API_HEADING_CITATION.findall(text))
        for problem in unresolved(text, project_rules(), project_api(), path.parent):
            problems.append(f"{path.relative_to(ROOT)}: {problem}")
    assert cited > 100  # the scan found the citations (163 when the issue was filed)
    assert problems == []


def test_no_file_cites_the_specification_outside_the_project():
    offenders = [
        str(path.relative_to(ROOT))
        for path in _scanned_files()
        if re.search(r"\.\./(?:shared|seeds)/", path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert offenders == []


# -- the checker itself, on a small made-up specification ---------------------

SAMPLE_RULES = """# A model

## 1. One

Text of one, with **Who is here.** in it.

## 2. Two

1. first
2. second
"""
SAMPLE_API = """# An API

## Lists

## Idempotency (rules.md §2)

### Details
"""


@pytest.mark.parametrize(
    "text",
    [
        "see rules.md §1 and rules.md §2.2",
        "(rules.md §1, §2.1)",
        "rules.md section 1 and 2",
        "rules.md sections 1 and 2",
        "(rules.md\n    # §2.1: wrapped in a comment)",
        "rules.md §1–2",
        'rules.md §1, "Who is here"',
        'rules.md §1 "who is HERE"',
        'api.md "Idempotency" and ``docs/api.md``, "Lists" and api.md "Details"',
        "docs/rules.md and docs/api.md are files; so is rules.md alone",
        "rules.md §2, 2,000 phones",
    ],
)
def test_a_citation_that_resolves_passes(text):
    sample = parse_rules(SAMPLE_RULES)
    assert unresolved(text, sample, parse_api_headings(SAMPLE_API)) == []


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("rules.md §3", "rules.md §3: no such section or item"),
        ("(rules.md §1, §2.3)", "rules.md §2.3: no such section or item"),
        ("rules.md §1.1", "rules.md §1.1: no such section or item"),
        ("rules.md §5.5 to §5.10", "rules.md §5.5: no such section or item"),
        ("rules.md section 1 and 4", "rules.md §4: no such section or item"),
        ('rules.md §2 "Who is here"', 'rules.md §2 "Who is here": not in that section'),
        ('api.md "player confirmation"', 'api.md "player confirmation": no such heading'),
        ("api.md §7", "api.md §7: api.md has headings, not numbers"),
        ("../shared/docs/rules.md §1", "../shared/docs/rules.md: not a file of the project"),
    ],
)
def test_a_citation_that_does_not_resolve_is_reported(text, problem):
    sample = parse_rules(SAMPLE_RULES)
    assert problem in unresolved(text, sample, parse_api_headings(SAMPLE_API))


def test_the_sample_parses_as_sections_items_and_headings():
    sample = parse_rules(SAMPLE_RULES)
    assert set(sample.texts) == {"1", "2"}
    assert sample.items == {"2.1", "2.2"}
    assert parse_api_headings(SAMPLE_API) == {
        "Lists",
        "Idempotency (rules.md §2)",
        "Idempotency",
        "Details",
    }
