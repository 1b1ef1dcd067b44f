"""What the site answers when things go wrong, for pages and the API alike.

Below both ``tournaments.web`` and ``tournaments.api`` (it imports neither):

- ``outage``: ``503`` with ``Retry-After`` while the database is unreachable;
- ``errors``: Django's ``handler400`` to ``handler500`` (the site's own pages,
  or the API's JSON error shape under ``/api/``) and ``ApiErrorsMiddleware``,
  which keeps ``/api/`` answering JSON when ``DEBUG`` is on too.
"""
