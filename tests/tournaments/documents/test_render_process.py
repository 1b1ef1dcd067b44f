"""Documents are finished in a render process of lower priority (issue 32, "Document bursts").

A PDF rendered in a request's thread held its app process's GIL and a core for
a second or more while a referee saved. ``tournaments.render_process`` makes
the bytes in a process of its own at ``os.nice(10)``; the request's process
only reads the database and waits.
"""

from __future__ import annotations

import io
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests import factories
from tournaments import documents, render_process
from tournaments.simulation import open_games, record_random_results

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(referee):
    tournament = factories.drawn_tournament(40, language="en")
    record_random_results(
        open_games(tournament, stage="group", rounds=[1]), rng=random.Random(3), referees=[referee]
    )
    return tournament


def test_a_render_process_is_another_process_at_a_lower_priority():
    child = render_process.call(os.getpid)
    assert child != os.getpid()
    assert render_process.call(os.nice, 0) == min(19, os.nice(0) + render_process.RENDER_NICENESS)
    assert render_process.call(os.getpid) == child  # kept for the next document


def test_a_public_pdf_through_the_api_is_made_there_from_what_the_request_read(api, played):
    answer = api.get(f"/api/tournaments/{played.pk}/standings.pdf")
    assert answer.status_code == 200
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(answer.content)).pages)
    first = played.participants.order_by("name").first()
    assert first.name in text  # the data the request read, in the render process's PDF


def test_a_staff_pdf_and_a_workbook_are_made_there_too(api, referee, played):
    api.force_authenticate(referee)
    sheets = api.get(f"/api/tournaments/{played.pk}/scoresheets.pdf?stage=group&round=2")
    assert sheets.status_code == 200 and sheets.content.startswith(b"%PDF")
    workbook = api.get(f"/api/tournaments/{played.pk}/results.xlsx")
    assert workbook.status_code == 200 and workbook.content.startswith(b"PK")


def test_the_requests_process_spends_no_cpu_on_the_pdf(played):
    """What keeps a save fast: the request's process waits, the render process works."""
    exporter = documents.get("scoresheets_pdf")
    prepared = exporter.prepare(played, stage="group", round=2)
    render_process.call(os.getpid)  # started and warmed up
    inline_cpu = time.process_time()
    inline = exporter.finish(prepared)
    inline_cpu = time.process_time() - inline_cpu
    waiting_cpu = time.process_time()
    pooled = render_process.finish(exporter.identifier, prepared)
    waiting_cpu = time.process_time() - waiting_cpu
    assert pooled.startswith(b"%PDF") and len(PdfReader(io.BytesIO(pooled)).pages) == len(
        PdfReader(io.BytesIO(inline)).pages
    )
    assert inline_cpu > 0.2, inline_cpu  # a real document: WeasyPrint's work
    assert waiting_cpu < inline_cpu / 5, (waiting_cpu, inline_cpu)


def test_a_render_process_that_dies_is_replaced(api, played):
    os.kill(render_process.call(os.getpid), signal.SIGKILL)
    answer = api.get(f"/api/tournaments/{played.pk}/seating.pdf")
    assert answer.status_code == 200 and answer.content.startswith(b"%PDF")
    assert render_process.call(os.getpid) != os.getpid()


def test_a_render_process_ends_when_its_app_process_is_killed():
    """A worker killed (or restarted by gunicorn or uvicorn) leaves no orphan behind."""
    script = (
        "import django, os, sys, time\n"
        "django.setup()\n"
        "from tournaments import render_process\n"
        "print(render_process.call(os.getpid), flush=True)\n"
        "time.sleep(60)\n"
    )
    with subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test"},
    ) as app:
        assert app.stdout is not None
        child = int(app.stdout.readline())
        assert _running(child)
        app.kill()  # SIGKILL: no atexit, no shutdown of the pool
        app.wait(timeout=10)
    deadline = time.monotonic() + 15
    while _running(child) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _running(child)


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_with_no_render_processes_documents_are_made_in_the_requests_thread(api, played, settings):
    settings.DOCUMENT_RENDER_PROCESSES = 0
    render_process.shutdown()
    assert render_process.call(os.getpid) == os.getpid()
    answer = api.get(f"/api/tournaments/{played.pk}/ranking.pdf")
    assert answer.status_code == 200 and answer.content.startswith(b"%PDF")
