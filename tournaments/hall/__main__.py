"""``make hall``: serve the hall from this laptop (rules.md §12), asking nothing.

    python -m tournaments.hall            # what make hall runs after installing
    python -m tournaments.hall manage …   # any manage.py command with the hall's settings

1. Finds the laptop's network address (``address.network_address``) and the
   port (``HALL_PORT``, default 8000); the hall's URL is
   ``http://<address>:<port>``.
2. Sets the environment of the hall: ``config.settings.hall`` (production over
   plain HTTP), that URL (``HALL_URL``: QR codes, allowed host, CSRF origin),
   SQLite in WAL mode in ``HALL_DIR`` (default ``hall-data/``) unless
   ``DATABASE_URL`` is set, a secret key made once and kept there.
3. Migrates, collects the static files and compiles the translations; with
   ``HALL_DEMO=1`` it loads the demo tournaments (never on a real day).
4. Raises its open-file limit to the hard limit (one file per phone's stream)
   and starts one ASGI server, uvicorn with ``HALL_WORKERS`` processes (default
   2), on ``0.0.0.0:<port>``: pages, the API and the event streams; prints the
   URL, its QR code and the warning about plain HTTP.
5. Ctrl+C (or SIGTERM) stops it quietly, while it prepares too; if the server dies,
   the hall says so and stops. Log lines carry the site's time zone and offset.
"""

from __future__ import annotations

import os
import resource
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from tournaments.hall import ASGI_SERVER
from tournaments.hall.address import LOOPBACK, network_address
from tournaments.hall.words import gettext as _

ROOT = Path(__file__).resolve().parent.parent.parent
PYTHON = sys.executable


def warning() -> str:
    """The warning about plain HTTP, as the banner prints it."""
    return _(
        "  Plain HTTP, no encryption: this is for a CLOSED HALL NETWORK only (the\n"
        "  venue's or your own wifi router, phones and the organiser's devices).\n"
        "  Never expose it to the public internet: there, use the production recipe\n"
        '  with TLS (README, "Production").\n'
        "  If the laptop's address changes (another network, a new DHCP lease), stop\n"
        "  with Ctrl+C and run `make hall` again; then print QR codes anew."
    )


def say(text: str = "") -> None:
    print(text, flush=True)


def hall_environment() -> dict[str, str]:
    """The environment every process of the hall runs with."""
    port = int(os.environ.get("HALL_PORT") or "8000")
    address = network_address()
    host = f"[{address}]" if ":" in address else address
    data = Path(os.environ.get("HALL_DIR") or ROOT / "hall-data")
    data.mkdir(parents=True, exist_ok=True)
    secret_file = data / "secret_key"
    if not secret_file.exists():
        secret_file.touch(mode=0o600)
        secret_file.write_text(secrets.token_urlsafe(64))
    env = dict(os.environ)
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings.hall",
            "HALL_URL": f"http://{host}:{port}",
            "HALL_PORT": str(port),
            "DJANGO_SECRET_KEY": env.get("DJANGO_SECRET_KEY") or secret_file.read_text().strip(),
            "PYTHONUNBUFFERED": "1",
        }
    )
    if not env.get("DATABASE_URL"):
        env["DATABASE_URL"] = f"sqlite:///{data / 'hall.sqlite3'}"
    return env


def manage(env: dict[str, str], *args: str) -> None:
    """Run a management command while the hall prepares. It runs in a session of its
    own, out of the terminal's reach: Ctrl+C stops the hall alone, which ends the
    command (``subprocess.run`` kills it) and says "Stopped." instead of the command
    printing its traceback of the interrupted import or migration."""
    subprocess.run(
        [PYTHON, "manage.py", *args], env=env, cwd=ROOT, check=True, start_new_session=True
    )


def static_files_stale(env: dict[str, str]) -> bool:
    """Whether the collected static files are older than the project's own or its
    packages' (``uv.lock``): collecting and compressing them anew takes half a minute."""
    manifest = Path(env.get("DJANGO_STATIC_ROOT") or ROOT / "staticfiles") / "staticfiles.json"
    if not manifest.exists():
        return True
    built = manifest.stat().st_mtime
    sources = [ROOT / "uv.lock", *(ROOT / "static").rglob("*")]
    return any(path.stat().st_mtime > built for path in sources if path.exists())


def prepare(env: dict[str, str]) -> None:
    say(_("== migrate, collect static files, compile translations"))
    manage(env, "migrate", "--noinput", "-v", "0")
    if static_files_stale(env):
        manage(env, "collectstatic", "--noinput", "-v", "0")
    if shutil.which("msgfmt"):
        manage(env, "compilemessages", "--ignore=.venv", "-v", "0")
    if os.environ.get("HALL_DEMO", "").lower() in {"1", "true", "yes"}:
        say(_("== HALL_DEMO: loading the demo tournaments (logins orga/schiri, bang-demo)"))
        # The demo's known passwords need DEBUG (load_demo refuses otherwise).
        manage({**env, "DJANGO_SETTINGS_MODULE": "config.settings.local"}, "load_demo")


#: Open files the hall wants: one per phone's stream (2,000 in a large hall) and
#: its keep-alive connection, with room for the database, logs and static files.
FILES_WANTED = 4096


def raise_file_limit() -> int:
    """Raise the soft limit of open files to the hard one (a laptop's soft limit of
    256 or 1,024 would cap the hall at a few hundred phones); the limit in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        target = FILES_WANTED * 16 if hard == resource.RLIM_INFINITY else hard
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    if soft < FILES_WANTED:
        say(
            _(
                "!! Open files limited to %(soft)s: about %(phones)s phones can follow\n"
                "!! live; the rest poll. Raise it (ulimit -n %(wanted)s) for 2,000 phones."
            )
            % {"soft": soft, "phones": max(soft // 2 - 50, 0), "wanted": FILES_WANTED}
        )
    return soft


def server_command(port: int) -> list[str]:
    workers = os.environ.get("HALL_WORKERS") or "2"
    return [PYTHON, *ASGI_SERVER, "--host", "0.0.0.0", "--port", str(port), "--workers", workers]


def wait_for(port: int, process: subprocess.Popen[bytes], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(
                _("The server did not start (exit code %(code)s).") % {"code": process.returncode}
            )
        try:
            with socket.create_connection((LOOPBACK, port), 0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(_("The server does not answer on port %(port)s.") % {"port": port})


def banner(url: str) -> None:
    import segno

    say()
    say("=" * 72)
    say(_("  BANG! tournaments: the hall is open"))
    say()
    say(_("  Phones, projector and staff open:  %(url)s/") % {"url": url})
    say()
    segno.make(f"{url}/", error="m").terminal(compact=True, border=2)
    sys.stdout.flush()
    say()
    say(warning())
    say()
    say(_("  First time? An organiser's login:  make hall-admin  (in another terminal)"))
    say(_("  Stop: Ctrl+C"))
    say("=" * 72)
    say(_("  Requests (method, path, status, duration, address) follow:"))


def serve() -> int:
    env = hall_environment()
    url = env["HALL_URL"]
    if LOOPBACK in url:
        say(
            _(
                "!! No network address found: phones cannot reach this laptop. Join the hall's\n"
                "!! network (wifi router) first, or name the address: "
                "HALL_ADDRESS=10.0.0.5 make hall"
            )
        )
    prepare(env)
    raise_file_limit()
    port = int(env["HALL_PORT"])
    # The health check asks the event streams' server: here it is the hall's own.
    env["DJANGO_EVENT_SERVER_URL"] = f"http://{LOOPBACK}:{port}"
    stopping: list[int] = []

    def stop(signum: int, _frame: object) -> None:
        stopping.append(signum)
        if server.poll() is None:
            server.send_signal(signal.SIGTERM)

    # Ctrl+C reaches the server too (one process group); the server stops its workers.
    server = subprocess.Popen(server_command(port), env=env, cwd=ROOT)
    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    try:
        wait_for(port, server)
        banner(url)
        code = server.wait()
        if not stopping:
            say(_("The server stopped (exit code %(code)s): stopping the hall.") % {"code": code})
            return 1
        return 0
    finally:
        if server.poll() is None:
            server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        say(_("The hall is closed."))


def main(argv: list[str]) -> int:
    try:
        if argv[:1] == ["manage"]:
            env = hall_environment()
            return subprocess.run([PYTHON, "manage.py", *argv[1:]], env=env, cwd=ROOT).returncode
        return serve()
    except KeyboardInterrupt:  # Ctrl+C before the server runs (while migrating): no traceback
        say()
        say(_("Stopped."))
        return 130


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
