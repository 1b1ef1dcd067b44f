"""The hall as ``make hall`` runs it, for ``hall.py --stack hall``; and a CPU cage.

``hall_stack`` starts ``python -m tournaments.hall`` of a checkout (this one, or
an older one given by ``--checkout``, with its own ``.venv``) exactly as
``make hall`` does after installing: the checkout's own environment logic
(``tournaments/hall/__main__.py``) with a scratch ``HALL_DIR`` (SQLite in WAL
mode there), ``HALL_PORT`` on a free port, ``HALL_ADDRESS=127.0.0.1``, and
neither ``DATABASE_URL`` nor ``REDIS_URL``. Before it starts, the hall's own
``manage`` passthrough migrates its database and runs ``_seed.py`` in it.
The hall listens on ``0.0.0.0`` as it does in a hall; the benchmark speaks to
it on 127.0.0.1 only.

``CpuCage`` holds a process tree to a share of one core: a cgroup (v2
``cpu.max``, or v1 ``cpu.cfs_quota_us`` where the cpu controller is mounted
the old way) that the hall's first process joins before it starts anything,
so every process it forks (migrate, the servers, their workers) is inside;
the benchmark itself stays outside (in a cage of its own, ``LOAD_CGROUP_NAME``,
so that it is not starved either). Each cage weighs as much as 32 busy
processes (``WEIGHT_IN_PROCESSES``): on a shared machine the quota holds the
hall, not its neighbours, and the quota bounds what the benchmark takes from
them. The cgroups are removed at the end.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _server import SERVER_LOG, descendants, free_port

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CGROUP_NAME = "bench-hall"
LOAD_CGROUP_NAME = "bench-hall-load"
PERIOD_US = 100_000
#: What the benchmark must not pass on to the hall: make hall sets these itself,
#: or (a database or Redis elsewhere) the hall would not run on its own stack.
NOT_PASSED_ON = (
    "DATABASE_URL",
    "REDIS_URL",
    "DJANGO_SETTINGS_MODULE",
    "DJANGO_SECRET_KEY",
    "DJANGO_EVENT_SERVER_URL",
    "DJANGO_TRUSTED_PROXIES",
    "HALL_URL",
    "HALL_DEMO",
    "PYTHONPATH",
    "VIRTUAL_ENV",
)


# -- the CPU cage --------------------------------------------------------------


@dataclass(frozen=True)
class CgroupLayout:
    """Where a CPU-limited cgroup is made: its parent folder and the cgroup version."""

    parent: Path
    version: int


def cgroup_layout(mounts: str) -> CgroupLayout | None:
    """From /proc/mounts: the cgroup v1 hierarchy with the cpu controller, else the
    cgroup v2 root (whose ``cpu`` controller is checked when the cage is made)."""
    v2 = None
    for line in mounts.splitlines():
        fields = line.split()
        if len(fields) < 4:
            continue
        _source, target, kind, options = fields[:4]
        if kind == "cgroup" and "cpu" in options.split(","):
            return CgroupLayout(Path(target), 1)
        if kind == "cgroup2" and v2 is None:
            v2 = CgroupLayout(Path(target), 2)
    return v2


#: A cage's weight against the machine's other processes, in busy processes: more
#: than a shared machine's load (7 test suites on 2 cores: load average 15-20), so
#: that the neighbours do not push the cage under its quota; the quota alone holds it.
WEIGHT_IN_PROCESSES = 32


def quota_files(version: int, percent: int, period_us: int = PERIOD_US) -> dict[str, str]:
    """The files (and contents) that limit a cgroup to ``percent`` % of one core."""
    if not 0 < percent <= 100 * (os.cpu_count() or 1):
        raise ValueError(f"a CPU quota of {percent} % makes no sense here")
    quota_us = period_us * percent // 100
    if version == 2:
        weight = min(10_000, 100 * WEIGHT_IN_PROCESSES)
        return {"cpu.max": f"{quota_us} {period_us}", "cpu.weight": str(weight)}
    return {
        "cpu.cfs_period_us": str(period_us),
        "cpu.cfs_quota_us": str(quota_us),
        "cpu.shares": str(1024 * WEIGHT_IN_PROCESSES),
    }


class CpuCage:
    """A cgroup holding whoever joins it (and their children) to ``percent`` % of a core."""

    def __init__(self, percent: int, name: str = CGROUP_NAME) -> None:
        layout = cgroup_layout(Path("/proc/mounts").read_text())
        if layout is None:
            raise SystemExit("no cgroup file system is mounted: --cpu-quota needs one")
        self.layout, self.percent = layout, percent
        self.path = layout.parent / name

    def __enter__(self) -> CpuCage:
        if self.layout.version == 2:
            controllers = (self.layout.parent / "cgroup.subtree_control").read_text().split()
            if "cpu" not in controllers:
                (self.layout.parent / "cgroup.subtree_control").write_text("+cpu")
        if self.path.exists():
            self._remove()
        try:
            self.path.mkdir()
        except OSError as error:
            raise SystemExit(f"cannot make {self.path} (root needed): {error}") from None
        for name, value in quota_files(self.layout.version, self.percent).items():
            (self.path / name).write_text(value)
        return self

    def join(self) -> None:
        """Move the calling process into the cage (a ``preexec_fn``: before ``exec``)."""
        (self.path / "cgroup.procs").write_text(str(os.getpid()))

    def pids(self) -> set[int]:
        with contextlib.suppress(OSError):
            return {int(pid) for pid in (self.path / "cgroup.procs").read_text().split()}
        return set()

    def throttled(self) -> str:
        """What the kernel says about the quota (``nr_periods``, ``nr_throttled``, …)."""
        with contextlib.suppress(OSError):
            stat = dict(line.split() for line in (self.path / "cpu.stat").read_text().splitlines())
            periods, throttled = int(stat.get("nr_periods", 0)), int(stat.get("nr_throttled", 0))
            return f"throttled in {throttled} of {periods} periods"
        return "cpu.stat unreadable"

    def _remove(self) -> None:
        # Stragglers go back to the parent; then the (empty) cgroup can go.
        for pid in self.pids():
            with contextlib.suppress(OSError):
                (self.layout.parent / "cgroup.procs").write_text(str(pid))
        for _ in range(50):
            try:
                self.path.rmdir()
                return
            except FileNotFoundError:
                return
            except OSError:
                time.sleep(0.1)
        print(f"!! could not remove {self.path}", file=sys.stderr)

    def __exit__(self, *exc: object) -> None:
        self._remove()


# -- the hall ------------------------------------------------------------------


@dataclass
class Hall:
    base_url: str
    process: subprocess.Popen[bytes]
    database: Path
    seeded: dict[str, Any]


def checkout_python(checkout: Path) -> str:
    """The checkout's own interpreter (``make setup``'s .venv), this one for this checkout."""
    python = checkout / ".venv" / "bin" / "python"
    if checkout.resolve() == ROOT or not python.exists():
        return sys.executable
    return str(python)


def hall_env(data: Path, port: int, workers: int | None = None) -> dict[str, str]:
    """The environment ``make hall`` would start with on this machine, in the benchmark."""
    env = {key: value for key, value in os.environ.items() if key not in NOT_PASSED_ON}
    env.update({"HALL_DIR": str(data), "HALL_PORT": str(port), "HALL_ADDRESS": "127.0.0.1"})
    if workers:
        env["HALL_WORKERS"] = str(workers)
    return env


def seed_code(participants: int) -> str:
    """What the hall's ``manage shell -c`` runs: ``_seed.py`` with the hall's settings."""
    seed = HERE / "_seed.py"
    return (
        "import runpy, sys; "
        f"sys.argv = [{str(seed)!r}, '{participants}']; "
        f"runpy.run_path({str(seed)!r}, run_name='__main__')"
    )


def _hall_command(python: str, checkout: Path, env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [python, "-m", "tournaments.hall", *args],
        env=env,
        cwd=checkout,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        raise SystemExit(f"python -m tournaments.hall {args[:2]} failed:\n{done.stderr[-3000:]}")
    return done.stdout


def _wait_answer(url: str, process: subprocess.Popen[bytes], seconds: float = 600) -> None:
    deadline = time.monotonic() + seconds  # half a core migrates and collects slowly
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                answer.read(1)
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            if process.poll() is not None:
                raise SystemExit(f"the hall stopped (its output: {SERVER_LOG})") from None
            if time.monotonic() > deadline:
                raise SystemExit(f"the hall does not answer (its output: {SERVER_LOG})") from None
            time.sleep(0.5)


def stop_tree(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the hall (it stops its servers), then SIGKILL to what is left of its tree."""
    tree = descendants([process.pid])
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    for pid in tree - {process.pid}:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


#: What a seeded database is made of, besides ``_seed.py``.
SEEDED_FROM = ("tournaments/migrations", "scoring", "tournaments/simulation.py")


def seed_key(checkout: Path, participants: int) -> str:
    """What a seeded database depends on: the checkout's migrations and game code
    (git's tree hashes) and the seed script; not the commit, which moves with every change."""
    trees = subprocess.run(
        ["git", "-C", str(checkout), "rev-parse", *(f"HEAD:{path}" for path in SEEDED_FROM)],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.split()
    digest = hashlib.sha256("".join(trees).encode() + (HERE / "_seed.py").read_bytes())
    return f"{digest.hexdigest()[:12]}-{participants}"


def seeded_database(python: str, checkout: Path, participants: int) -> tuple[Path, dict[str, Any]]:
    """A migrated, seeded hall database of ``checkout``'s commit, made once and kept in the
    temporary folder (seeding a 126-player day takes minutes on a busy machine: keyed by
    ``seed_key``); each run
    plays on a fresh copy of it."""
    key = seed_key(checkout, participants)
    folder = Path(tempfile.gettempdir()) / f"bang-bench-hall-seed-{key}"
    seeded_file = folder / "seeded.json"
    if not seeded_file.exists():
        folder.mkdir(exist_ok=True)
        env = hall_env(folder, free_port())
        _hall_command(python, checkout, env, "manage", "migrate", "--noinput", "-v", "0")
        code = seed_code(participants)
        output = _hall_command(python, checkout, env, "manage", "shell", "-c", code)
        line = next(line for line in reversed(output.splitlines()) if line.startswith("{"))
        seeded_file.write_text(line)
    return folder / "hall.sqlite3", json.loads(seeded_file.read_text())


def copy_database(source: Path, target: Path) -> None:
    """A consistent copy of a SQLite database in WAL mode (SQLite's own backup)."""
    import sqlite3

    with (
        contextlib.closing(sqlite3.connect(source)) as src,
        contextlib.closing(sqlite3.connect(target)) as dst,
    ):
        src.backup(dst)


@contextlib.contextmanager
def hall_stack(
    checkout: Path,
    *,
    participants: int = 126,
    cage: CpuCage | None = None,
    workers: int | None = None,
) -> Iterator[Hall]:
    """``make hall`` of ``checkout`` on a fresh, seeded SQLite database; yields the hall."""
    python = checkout_python(checkout)
    template, seeded = seeded_database(python, checkout, participants)
    data = Path(tempfile.mkdtemp(prefix="bang-bench-hall-"))
    copy_database(template, data / "hall.sqlite3")
    (data / "secret_key").write_bytes((template.parent / "secret_key").read_bytes())
    port = free_port()
    env = hall_env(data, port, workers)
    with SERVER_LOG.open("ab") as log:
        process = subprocess.Popen(
            [python, "-m", "tournaments.hall"],
            env=env,
            cwd=checkout,
            stdout=log,
            stderr=log,
            preexec_fn=cage.join if cage else None,  # before exec: every child is inside
        )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_answer(f"{base}/api/tournaments/{seeded['finished']}/", process)
        yield Hall(base, process, data / "hall.sqlite3", seeded)
    finally:
        stop_tree(process)
        shutil.rmtree(data, ignore_errors=True)


def read_version(database: Path, tournament_id: int) -> int:
    """The tournament's live version, read from the hall's SQLite file (WAL: no lock)."""
    import sqlite3

    with contextlib.closing(sqlite3.connect(database, timeout=10)) as conn:
        row = conn.execute(
            "SELECT live_version FROM tournaments_tournament WHERE id = ?", [tournament_id]
        ).fetchone()
    return int(row[0]) if row else 0
