"""Add up pytest's JUnit reports into one closing line: "tests: N passed, N failed, N skipped".

`.ci/run` ends with it, so that the run's last line says how many tests ran on
both databases together (each pytest run prints its own summary further up).
"""

import sys
import xml.etree.ElementTree as ET


def totals(paths: list[str]) -> dict[str, int]:
    """The tests, failures (errors included) and skips of the reports' test suites."""
    count = {"tests": 0, "failed": 0, "skipped": 0}
    for path in paths:
        root = ET.parse(path).getroot()
        suites = [root] if root.tag == "testsuite" else root.iter("testsuite")
        for suite in suites:
            count["tests"] += int(suite.get("tests", 0))
            count["failed"] += int(suite.get("failures", 0)) + int(suite.get("errors", 0))
            count["skipped"] += int(suite.get("skipped", 0))
    return count


def main() -> int:
    count = totals(sys.argv[1:])
    passed = count["tests"] - count["failed"] - count["skipped"]
    print(f"tests: {passed} passed, {count['failed']} failed, {count['skipped']} skipped")
    return 1 if count["failed"] or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
