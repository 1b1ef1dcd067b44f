"""The laptop in the hall (rules.md §12): ``make hall`` runs ``python -m tournaments.hall``.

- ``address``: the laptop's network address, as phones in the hall reach it.
- ``__main__``: set up, migrate, collect static files, start the ASGI server on
  the hall's port, print URL and QR code.

Nothing here imports Django: the settings depend on the address found here.
"""

#: The ASGI server (uvicorn on ``config.asgi``) as the hall and the benchmarks run
#: it, before ``--host``, ``--port`` and ``--workers`` (``deploy/systemd/bang-events.service``
#: spells the same out for production's event server): no access log (Django's
#: request log writes one line per request, each stream its own), no proxy headers
#: (nobody stands in front of the hall: the client address is the phone's), three
#: seconds for open streams at shutdown, a backlog for a hall of phones
#: reconnecting at once, 15 s of keep-alive between a phone's polls (3 s apart).
ASGI_SERVER = (
    "-m",
    "uvicorn",
    "config.asgi:application",
    "--no-access-log",
    "--no-proxy-headers",
    "--timeout-keep-alive",
    "15",
    "--timeout-graceful-shutdown",
    "3",
    "--backlog",
    "4096",
    "--log-level",
    "warning",
)
