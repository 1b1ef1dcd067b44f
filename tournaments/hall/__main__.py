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
4. Starts gunicorn (``config/gunicorn.py``) and the event server on free
   loopback ports and the router (``router``) on ``0.0.0.0:<port>``; prints
   the URL, its QR code and the warning about plain HTTP.
5. Ctrl+C (or SIGTERM) stops everything. If one server dies, everything stops
   with a message: a half-running hall is worse than a restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from tournaments.hall import EVENT_SERVER
from tournaments.hall.address import LOOPBACK, network_address
from tournaments.hall.router import Backend, Router

ROOT = Path(__file__).resolve().parent.parent.parent
PYTHON = sys.executable

WARNING = """\
  Plain HTTP, no encryption: this is for a CLOSED HALL NETWORK only (the
  venue's or your own wifi router, phones and the organiser's devices).
  Never expose it to the public internet: there, use the production recipe
  with TLS (README, "Production").
  If the laptop's address changes (another network, a new DHCP lease), stop
  with Ctrl+C and run `make hall` again; then print QR codes anew."""


def say(text: str = "") -> None:
    print(text, flush=True)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((LOOPBACK, 0))
        port: int = sock.getsockname()[1]
        return port


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
            # The router appends each phone's address: throttles count phones, not the router.
            "DJANGO_TRUSTED_PROXIES": "1",
            "PYTHONUNBUFFERED": "1",
        }
    )
    if not env.get("DATABASE_URL"):
        env["DATABASE_URL"] = f"sqlite:///{data / 'hall.sqlite3'}"
    return env


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run([PYTHON, "manage.py", *args], env=env, cwd=ROOT, check=True)


def prepare(env: dict[str, str]) -> None:
    say("== migrate, collect static files, compile translations")
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "collectstatic", "--noinput", "-v", "0")
    if shutil.which("msgfmt"):
        manage(env, "compilemessages", "--ignore=.venv", "-v", "0")
    if os.environ.get("HALL_DEMO", "").lower() in {"1", "true", "yes"}:
        say("== HALL_DEMO: loading the demo tournaments (logins orga/schiri, bang-demo)")
        # The demo's known passwords need DEBUG (load_demo refuses otherwise).
        manage({**env, "DJANGO_SETTINGS_MODULE": "config.settings.local"}, "load_demo")


def event_server_command(port: int) -> list[str] | None:
    """The event server (uvicorn on Django's ASGI application, only the event paths reach it;
    README "Production"); None where it is not installed."""
    if importlib.util.find_spec("uvicorn") is None:
        return None
    return [PYTHON, *EVENT_SERVER, "--host", LOOPBACK, "--port", str(port)]


def wait_for(port: int, process: subprocess.Popen[bytes], name: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"The {name} did not start (exit code {process.returncode}).")
        try:
            with socket.create_connection((LOOPBACK, port), 0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"The {name} does not answer on port {port}.")


def banner(url: str) -> None:
    import segno

    say()
    say("=" * 72)
    say("  BANG! tournaments: the hall is open")
    say()
    say(f"  Phones, projector and staff open:  {url}/")
    say()
    segno.make(f"{url}/", error="m").terminal(compact=True, border=2)
    sys.stdout.flush()
    say()
    say(WARNING)
    say()
    say("  First time? An organiser's login:  make hall-admin  (in another terminal)")
    say("  Stop: Ctrl+C")
    say("=" * 72)
    say("  Requests (method, path, status, duration, address) follow:")


async def run(env: dict[str, str], processes: list[tuple[str, subprocess.Popen[bytes]]]) -> int:
    port = int(env["HALL_PORT"])
    app = Backend(LOOPBACK, int(env["_HALL_APP_PORT"]))
    event_port = env.get("_HALL_EVENT_PORT")
    events = Backend(LOOPBACK, int(event_port)) if event_port else None
    server = await Router(app=app, events=events).serve("0.0.0.0", port)
    banner(env["HALL_URL"])
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    code = 0
    async with server:
        while not stop.is_set():
            for name, process in processes:
                if process.poll() is not None:
                    say(f"The {name} stopped (exit code {process.returncode}): stopping the hall.")
                    stop.set()
                    code = 1
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 1.0)
    return code


def serve() -> int:
    env = hall_environment()
    url = env["HALL_URL"]
    if LOOPBACK in url:
        say("!! No network address found: phones cannot reach this laptop. Join the hall's")
        say("!! network (wifi router) first, or name the address: HALL_ADDRESS=10.0.0.5 make hall")
    prepare(env)
    app_port = free_port()
    env["_HALL_APP_PORT"] = str(app_port)
    processes: list[tuple[str, subprocess.Popen[bytes]]] = []
    event_command = event_server_command(free_port())
    if event_command is not None:
        env["_HALL_EVENT_PORT"] = event_command[event_command.index("--port") + 1]
        env["DJANGO_EVENT_SERVER_URL"] = f"http://{LOOPBACK}:{env['_HALL_EVENT_PORT']}"
    else:
        say("!! No event server installed: pages follow the tournament by polling.")
    try:
        app_env = {**env, "GUNICORN_BIND": f"{LOOPBACK}:{app_port}"}
        processes.append(
            (
                "app server (gunicorn)",
                subprocess.Popen(
                    [PYTHON, "-m", "gunicorn", "config.wsgi", "-c", "config/gunicorn.py"],
                    env=app_env,
                    cwd=ROOT,
                ),
            )
        )
        if event_command is not None:
            processes.append(("event server", subprocess.Popen(event_command, env=env, cwd=ROOT)))
        wait_for(app_port, processes[0][1], processes[0][0])
        if event_command is not None:
            wait_for(int(env["_HALL_EVENT_PORT"]), processes[1][1], processes[1][0])
        return asyncio.run(run(env, processes))
    finally:
        for _name, process in processes:
            if process.poll() is None:
                process.terminate()
        for _name, process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
        say("The hall is closed.")


def main(argv: list[str]) -> int:
    if argv[:1] == ["manage"]:
        env = hall_environment()
        return subprocess.run([PYTHON, "manage.py", *argv[1:]], env=env, cwd=ROOT).returncode
    return serve()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
