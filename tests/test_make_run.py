"""``make run`` serves on the port named by ``PORT`` (8000 otherwise), and the README says so."""

from __future__ import annotations

import os
import subprocess

import pytest

from tests.servers import ROOT, require


def _runserver(port: str | None) -> str:
    """The runserver line ``make run`` would run (``make -n``: nothing is run)."""
    env = {key: value for key, value in os.environ.items() if key != "PORT"}
    if port is not None:
        env["PORT"] = port
    done = subprocess.run(
        [require("make"), "-n", "run"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return next(line for line in done.stdout.splitlines() if "runserver" in line)


@pytest.mark.parametrize(
    ("port", "address"), [(None, "127.0.0.1:8000"), ("8001", "127.0.0.1:8001")]
)
def test_make_run_takes_a_port(port, address):
    assert _runserver(port).rstrip().endswith(f"runserver {address}")


def test_the_readme_says_how():
    assert "PORT=8001 make run" in (ROOT / "README.md").read_text()
