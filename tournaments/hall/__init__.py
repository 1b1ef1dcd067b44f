"""The laptop in the hall (rules.md §12): ``make hall`` runs ``python -m tournaments.hall``.

- ``address``: the laptop's network address, as phones in the hall reach it.
- ``router``: one port for phones; event paths to the event server, the rest to gunicorn.
- ``__main__``: set up, migrate, collect static files, start the servers, print URL and QR code.

Nothing here imports Django: the settings depend on the address found here.
"""
