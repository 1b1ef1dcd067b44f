"""The production stack as deploy/ describes it: Debian's nginx in front of gunicorn and the
event server, all on the loopback address (plain HTTP there, a temporary prefix, no root paths).

Checks a page, the micro-cache of public state pages (a burst of spectators is one app
request), a static file served by nginx itself (still there with gunicorn stopped), the
health endpoint, and an event arriving through nginx within 1.5 s of a save's answer.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.servers import (
    ROOT,
    call,
    free_port,
    own_database,
    prepare,
    production_env,
    require,
    wait_for_port,
)
from tests.test_event_server import Referee, Stream, _showdown_cup, event_server

pytestmark = pytest.mark.servers


def renderer():
    spec = importlib.util.spec_from_file_location("render_nginx", ROOT / "deploy/render_nginx.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def nginx_conf(prefix: Path, site: str) -> Path:
    """A main configuration of nginx that keeps everything under ``prefix``."""
    (prefix / "site.conf").write_text(site)
    for folder in ("body", "proxy", "fastcgi", "uwsgi", "scgi", "cache"):
        (prefix / folder).mkdir(exist_ok=True)
    user = "user root;" if os.geteuid() == 0 else ""  # workers read the test's own files
    conf = prefix / "nginx.conf"
    conf.write_text(
        f"""
{user}
daemon off;
worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log {prefix}/access.log;
    client_body_temp_path {prefix}/body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    include {prefix}/site.conf;
}}
"""
    )
    return conf


@contextlib.contextmanager
def nginx(prefix: Path, site: str, port: int) -> Iterator[str]:
    binary = require("nginx")
    conf = nginx_conf(prefix, site)
    command = [binary, "-p", str(prefix), "-c", str(conf), "-e", str(prefix / "error.log")]
    check = subprocess.run([*command, "-t"], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    process = subprocess.Popen(command)
    try:
        wait_for_port(port, process)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=20)


@contextlib.contextmanager
def gunicorn(env: dict[str, str], port: int, log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """gunicorn with the project's configuration (config/gunicorn.py)."""
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "config.wsgi", "-c", "config/gunicorn.py"],
            env={**env, "GUNICORN_BIND": f"127.0.0.1:{port}"},
            cwd=ROOT,
            stderr=out,
        )
    try:
        wait_for_port(port, process)
        yield process
    finally:
        if process.poll() is None:
            process.terminate()
        process.wait(timeout=30)


def test_the_tls_site_is_valid_nginx(tmp_path):
    """The production rendering (TLS, HTTP/2, the redirect from port 80) passes ``nginx -t``."""
    binary = require("nginx")
    require("openssl")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
            *("-subj", "/CN=bang.example.org", "-keyout", str(key), "-out", str(cert)),
        ],
        check=True,
        capture_output=True,
    )
    site = renderer().render(
        server_name="bang.example.org",
        static_root=str(ROOT / "staticfiles"),
        cache_path=str(tmp_path / "cache"),
        certificate=str(cert),
        key=str(key),
    )
    assert "ssl http2" in site and "return 301 https://" in site
    conf = nginx_conf(tmp_path, site)
    check = subprocess.run(
        [binary, "-t", "-p", str(tmp_path), "-c", str(conf), "-e", str(tmp_path / "error.log")],
        capture_output=True,
        text=True,
    )
    assert check.returncode == 0, check.stderr


def app_requests(log: Path, path: str) -> int:
    return sum(1 for line in log.read_text().splitlines() if f"GET {path} " in line)


def test_nginx_gunicorn_and_the_event_server_on_loopback(tmp_path):
    require("nginx")
    prefix = tmp_path / "nginx"
    prefix.mkdir()
    with own_database(tmp_path) as database_url:
        env = {
            **production_env(database_url, ""),
            "DJANGO_TRUSTED_PROXIES": "1",
            "DJANGO_LOG_LEVEL": "WARNING",
            "DJANGO_REQUEST_LOG_LEVEL": "INFO",
        }
        prepare(env)
        with event_server(env) as events:
            env["DJANGO_EVENT_SERVER_URL"] = events
            app_port, port = free_port(), free_port()
            site = renderer().render(
                server_name="127.0.0.1",
                static_root=str(ROOT / "staticfiles"),
                app=f"127.0.0.1:{app_port}",
                events=events.removeprefix("http://"),
                cache_path=str(prefix / "cache"),
                plain_http=True,
                listen=f"127.0.0.1:{port}",
            )
            log = tmp_path / "gunicorn.log"
            with gunicorn(env, app_port, log) as app, nginx(prefix, site, port) as base:
                # The whole stack is healthy, the event server included (asked until
                # it is, as the systemd units do: a server's first request loads the app).
                deadline = time.monotonic() + 30
                while (answer := call("GET", f"{base}/healthz"))[0] != 200:
                    assert time.monotonic() < deadline, answer
                    time.sleep(0.5)
                status, _, body = answer
                assert json.loads(body) == {
                    "status": "ok",
                    "database": "ok",
                    "cache": "ok",
                    "events": "ok",
                }

                cup = _showdown_cup(base)
                status, headers, page = call("GET", f"{base}/t/{cup['id']}/leaderboard/")
                assert status == 200
                assert cup["name"] in page.decode()
                script = re.search(rb'src="(/static/js/live\.[0-9a-f]+\.js)"', page)
                assert script, "the page names its hashed script"

                # An event through nginx within 1.5 s of the save's answer.
                stream = Stream(base, f"/api/tournaments/{cup['id']}/events/")
                try:
                    assert stream.status == 200
                    assert stream.headers["content-type"].startswith("text/event-stream")
                    assert stream.headers["cache-control"] == "no-store"
                    first = stream.next_event(2)
                    assert first and first["event"] == "state"
                    referee = Referee(base, cup)
                    saved = referee.save()
                    event = stream.next_event(1.5 - (time.monotonic() - saved))
                    arrived = time.monotonic()
                    assert event is not None, "no event within 1.5 s of the save"
                    assert int(event["id"]) > int(first["id"])
                    assert arrived - saved < 1.5
                finally:
                    stream.close()

                # A burst of spectators on the new state: one app request for twenty.
                fragment = f"/t/{cup['id']}/leaderboard/live/"
                before = app_requests(log, fragment)
                german = {"Accept-Language": "de"}
                with ThreadPoolExecutor(20) as pool:
                    answers = list(
                        pool.map(lambda _: call("GET", base + fragment, headers=german), range(20))
                    )
                assert {status for status, _, _ in answers} == {200}
                assert len({body for _, _, body in answers}) == 1
                statuses = [headers.get("x-cache-status") for _, headers, _ in answers]
                assert statuses.count("MISS") + statuses.count("EXPIRED") <= 2, statuses
                time.sleep(0.5)  # the log line is written after the answer
                assert app_requests(log, fragment) - before <= 2
                # A phone that heard of a newer version names it in its fetch
                # (static/js/live.js): it is never answered with the state cached a
                # moment before the save, which a 304 would have kept on its screen.
                _, cached, _ = call("GET", base + fragment, headers=german)
                version = int(cached["etag"].strip('"').split("-")[1])
                referee.save()
                _, fresh, _ = call("GET", f"{base}{fragment}?v={version + 1}", headers=german)
                assert fresh["x-cache-status"] == "MISS", fresh
                assert int(fresh["etag"].strip('"').split("-")[1]) > version
                # Nothing personal is shared: a session goes past the cache.
                _, personal, _ = call(
                    "GET", base + fragment, headers={"Cookie": "sessionid=someone"}
                )
                assert personal["x-cache-status"] == "BYPASS"
                assert personal["cache-control"] == "private, no-store"

                # Static files come from nginx itself: still there without gunicorn.
                app.terminate()
                app.wait(timeout=30)
                status, headers, body = call("GET", base + script.group(1).decode())
                assert status == 200 and b"function" in body
                assert "immutable" in headers["cache-control"]
                assert call("GET", f"{base}/t/{cup['id']}/ranking/")[0] == 502
