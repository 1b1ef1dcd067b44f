"""The hall benchmark's own parts that need no server: where the CPU cage goes, what
it writes, and what the hall is started with (``benchmarks/_hall_stack.py``, ``hall.py``)."""

import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import _hall_stack  # noqa: E402
import hall as hall_benchmark  # noqa: E402

V1_MOUNTS = """\
tmpfs /sys/fs/cgroup tmpfs rw,relatime,mode=755 0 0
cgroup /sys/fs/cgroup/cpuacct cgroup rw,relatime,cpuacct 0 0
cgroup /sys/fs/cgroup/cpu cgroup rw,relatime,cpu 0 0
cgroup2 /sys/fs/cgroup/unified cgroup2 rw,relatime 0 0
"""
V2_MOUNTS = """\
proc /proc proc rw,nosuid 0 0
cgroup2 /sys/fs/cgroup cgroup2 rw,nosuid,nodev,noexec,relatime 0 0
"""


def test_the_cage_goes_where_the_cpu_controller_is_mounted() -> None:
    # v1 with the cpu controller wins over a v2 hierarchy that cannot have it;
    # "cpuacct" alone is not "cpu".
    assert _hall_stack.cgroup_layout(V1_MOUNTS) == _hall_stack.CgroupLayout(
        Path("/sys/fs/cgroup/cpu"), 1
    )
    assert _hall_stack.cgroup_layout(V2_MOUNTS) == _hall_stack.CgroupLayout(
        Path("/sys/fs/cgroup"), 2
    )
    assert _hall_stack.cgroup_layout("proc /proc proc rw 0 0\n") is None


def test_half_a_core_is_50_ms_per_100_ms() -> None:
    v2 = _hall_stack.quota_files(2, 50)
    assert v2["cpu.max"] == "50000 100000"
    v1 = _hall_stack.quota_files(1, 50)
    assert (v1["cpu.cfs_quota_us"], v1["cpu.cfs_period_us"]) == ("50000", "100000")
    with pytest.raises(ValueError):
        _hall_stack.quota_files(2, 0)


def test_the_hall_starts_on_its_own_stack(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgres://elsewhere/db")
    monkeypatch.setenv("REDIS_URL", "redis://elsewhere")
    monkeypatch.setenv("DJANGO_SETTINGS_MODULE", "config.settings.test")
    env = _hall_stack.hall_env(tmp_path, 8123, workers=3)
    assert "DATABASE_URL" not in env and "REDIS_URL" not in env
    assert "DJANGO_SETTINGS_MODULE" not in env  # the hall sets its own
    assert env["HALL_DIR"] == str(tmp_path)
    assert (env["HALL_PORT"], env["HALL_ADDRESS"], env["HALL_WORKERS"]) == (
        "8123",
        "127.0.0.1",
        "3",
    )


def test_the_benchmark_measures_the_hall_by_default() -> None:
    args = hall_benchmark.parse_args([])
    assert (args.stack, args.cpu_quota, args.database) == ("hall", 0, "")
    assert args.checkout == hall_benchmark.ROOT
    args = hall_benchmark.parse_args(["--checkout", "/tmp/before", "--cpu-quota", "50"])
    assert (args.checkout, args.cpu_quota) == (Path("/tmp/before"), 50)
    assert hall_benchmark.parse_args(["--stack", "production"]).database
    with pytest.raises(SystemExit):
        hall_benchmark.parse_args(["--stack", "production", "--cpu-quota", "50"])
