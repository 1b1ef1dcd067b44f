"""The hall's terminal (``python -m tournaments.hall``): Ctrl+C while it prepares ends
quietly, and every log line names one time zone."""

from __future__ import annotations

import datetime
import logging
import os
import signal
import subprocess
import sys
import time

import pytest

from config.logtime import ZonedFormatter
from tests.servers import ROOT
from tournaments.hall.words import terminal_language


def _default_sigint() -> None:
    # As in a terminal: Ctrl+C interrupts (a shell's background job would ignore it).
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_while_the_hall_prepares_ends_quietly(tmp_path):
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "DATABASE_URL", "REDIS_URL", "PYTEST", "HALL_"))
    }
    env.update(
        {
            "HALL_DIR": str(tmp_path),
            "HALL_PORT": "8799",
            "DJANGO_STATIC_ROOT": str(tmp_path),
            "LANG": "it_IT.UTF-8",  # the laptop's language: the terminal speaks it
        }
    )
    for overriding in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        env.pop(overriding, None)
    hall = subprocess.Popen(
        [sys.executable, "-m", "tournaments.hall"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        preexec_fn=_default_sigint,
    )
    assert hall.stdout is not None
    assert hall.stdout.readline().decode().startswith("== migrazione del database")
    time.sleep(1.5)  # the migration (a process of its own) is running
    os.killpg(hall.pid, signal.SIGINT)  # Ctrl+C: the terminal signals the foreground group
    output = hall.communicate(timeout=60)[0].decode()
    assert "Traceback" not in output and "KeyboardInterrupt" not in output, output
    assert output.strip().endswith("Fermato.")
    assert hall.returncode == 130
    # Nothing of the hall is left running (its migration was ended with it).
    left = subprocess.run(["pgrep", "-f", str(tmp_path)], capture_output=True, text=True)
    assert left.stdout == ""


def test_log_lines_carry_one_time_zone_and_its_offset():
    formatter = ZonedFormatter(fmt="%(asctime)s %(message)s", zone="Europe/Berlin")
    record = logging.LogRecord("bang.requests", logging.INFO, __file__, 1, "GET /", None, None)
    for moment, shown in (
        (datetime.datetime(2027, 3, 13, 13, 5, 9, tzinfo=datetime.UTC), "14:05:09+01:00"),
        (datetime.datetime(2027, 7, 3, 13, 5, 9, tzinfo=datetime.UTC), "15:05:09+02:00"),
    ):
        record.created = moment.timestamp()
        assert formatter.format(record) == f"{moment.date()} {shown} GET /"
    # The settings' log lines use it, in the pages' zone.
    from django.conf import settings

    plain = settings.LOGGING["formatters"]["plain"]
    assert plain["()"] == "config.logtime.ZonedFormatter"
    assert plain["zone"] == settings.TIME_ZONE


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({"HALL_LANGUAGE": "pl", "LANG": "it_IT.UTF-8"}, "pl"),
        ({"LANGUAGE": "ja:cs:en", "LANG": "it_IT.UTF-8"}, "cs"),
        ({"LC_ALL": "fr_FR.UTF-8", "LANG": "es_ES.UTF-8"}, "fr"),
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "de"),
        ({"LANG": "ja_JP.UTF-8"}, "de"),
        ({}, "de"),
    ],
)
def test_the_terminal_speaks_the_laptops_language_of_the_seven_else_german(environ, language):
    assert terminal_language(environ) == language
