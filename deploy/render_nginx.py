"""Render deploy/nginx/bang.conf.in into an nginx site (standard library only).

    python deploy/render_nginx.py --server-name bang.example.org \
        --static-root /srv/bang/staticfiles > /etc/nginx/sites-available/bang

TLS and HTTP/2 on port 443 by default (certificates where certbot puts them,
``--certificate``/``--key`` otherwise) with a redirect from port 80;
``--plain-http --listen 127.0.0.1:8080`` for a loopback test without TLS.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

TEMPLATE = Path(__file__).resolve().parent / "nginx" / "bang.conf.in"


def render(
    *,
    server_name: str,
    static_root: str,
    app: str = "127.0.0.1:8000",
    events: str = "127.0.0.1:8001",
    cache_path: str = "/var/cache/nginx/bang",
    plain_http: bool = False,
    listen: str = "",
    certificate: str = "",
    key: str = "",
) -> str:
    """The site's configuration text."""
    if plain_http:
        listens = [f"listen {listen or '80'};"]
        tls: list[str] = []
        redirect = ""
    else:
        port = listen or "443"
        listens = [f"listen {port} ssl http2;", f"listen [::]:{port} ssl http2;"]
        certificate = certificate or f"/etc/letsencrypt/live/{server_name}/fullchain.pem"
        key = key or f"/etc/letsencrypt/live/{server_name}/privkey.pem"
        tls = [
            f"ssl_certificate {certificate};",
            f"ssl_certificate_key {key};",
            "ssl_protocols TLSv1.2 TLSv1.3;",
            "ssl_session_cache shared:bang_tls:10m;",
            "ssl_session_timeout 1d;",
        ]
        redirect = "\n".join(
            [
                "server {",
                "    listen 80;",
                "    listen [::]:80;",
                f"    server_name {server_name};",
                "    return 301 https://$host$request_uri;",
                "}",
            ]
        )
    text = TEMPLATE.read_text()
    for name, value in {
        "@@LISTEN@@": "\n".join(f"    {line}" for line in listens),
        "@@TLS@@": "\n".join(f"    {line}" for line in tls),
        "@@REDIRECT@@": redirect,
        "@@SERVER_NAME@@": server_name,
        "@@STATIC_ROOT@@": static_root.rstrip("/"),
        "@@APP@@": app,
        "@@EVENTS@@": events,
        "@@CACHE_PATH@@": cache_path,
    }.items():
        text = text.replace(name, value)
    return text


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server-name", required=True)
    parser.add_argument("--static-root", required=True, help="collectstatic's folder")
    parser.add_argument("--app", default="127.0.0.1:8000", help="gunicorn's address")
    parser.add_argument("--events", default="127.0.0.1:8001", help="the event server's address")
    parser.add_argument("--cache-path", default="/var/cache/nginx/bang")
    parser.add_argument("--plain-http", action="store_true", help="no TLS (a loopback test)")
    parser.add_argument("--listen", default="", help="address:port or port to listen on")
    parser.add_argument("--certificate", default="")
    parser.add_argument("--key", default="")
    args = parser.parse_args(argv)
    sys.stdout.write(render(**vars(args)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
