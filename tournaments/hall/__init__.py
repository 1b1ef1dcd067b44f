"""The laptop in the hall (rules.md §12): ``make hall`` runs ``python -m tournaments.hall``.

- ``address``: the laptop's network address, as phones in the hall reach it.
- ``router``: one port for phones; event paths to the event server, the rest to gunicorn.
- ``__main__``: set up, migrate, collect static files, start the servers, print URL and QR code.

Nothing here imports Django: the settings depend on the address found here.
"""

#: The event server as the hall and the benchmarks run it, before ``--host`` and
#: ``--port`` (``deploy/systemd/bang-events.service`` spells the same out): uvicorn
#: on Django's ASGI application (only the event paths reach it), no access log
#: (each stream writes its own request log line), three seconds for open streams at
#: shutdown, a backlog for a hall of phones reconnecting at once.
EVENT_SERVER = (
    "-m",
    "uvicorn",
    "config.asgi:application",
    "--no-access-log",
    "--timeout-graceful-shutdown",
    "3",
    "--backlog",
    "4096",
    "--log-level",
    "warning",
)
