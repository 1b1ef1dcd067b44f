"""Imports of one backup at the same time make one copy (issue 25 item 4, rules.md §12 "Backups").

The review's four threads made four copies and two processes two: the "already
there" check ran before inserting, with no constraint behind it. The
tournament's identity (``Tournament.uid``) is now unique in the database.
Real threads and processes, each with its own connection: PostgreSQL only
(SQLite serialises writers by locking the whole file).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

from tests import factories
from tests.tournaments.services.test_concurrency import run_at_once
from tournaments import services
from tournaments.models import GroupDraw, Tournament
from tournaments.services.backup import BackupError

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres_only]

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(autouse=True)
def _postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("concurrent imports are tested on PostgreSQL")


@pytest.fixture
def backup():
    tournament = factories.drawn_tournament(30)
    data = json.loads(json.dumps(services.export_tournament(tournament)))
    GroupDraw.objects.filter(tournament=tournament).delete()
    tournament.delete()
    return data


def test_four_threads_importing_one_file_make_one_copy(backup):
    outcomes = run_at_once([lambda: services.import_tournament(backup) for _ in range(4)])
    made = [o for o in outcomes if isinstance(o, Tournament)]
    refused = [o for o in outcomes if isinstance(o, BackupError)]
    assert len(made) == 1 and len(refused) == 3, outcomes
    assert all("already present" in str(error) for error in refused)
    assert Tournament.objects.count() == 1
    assert Tournament.objects.get().participants.count() == 30


def test_two_processes_importing_one_file_make_one_copy(backup, tmp_path):
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(backup), encoding="utf-8")
    db = connection.settings_dict
    url = f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "config.settings.local"}
    for attempt in range(3):  # the review saw two copies one try in three
        Tournament.objects.all().delete()
        command = [sys.executable, "manage.py", "import_tournament", str(path)]
        runs = [
            subprocess.Popen(
                command,
                cwd=ROOT,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(2)
        ]
        answers = [run.communicate(timeout=120) for run in runs]
        codes = sorted(run.returncode for run in runs)
        assert codes == [0, 1], (attempt, answers)
        assert any("already present" in err for _out, err in answers)
        assert Tournament.objects.count() == 1
