"""Cross-cutting HTTP: the rules every request meets, for pages and the API alike.

Below both ``tournaments.web`` and ``tournaments.api`` (it imports neither):

- ``api``: which requests are the API's (``is_api``) and the body of its error
  answers (``error_body``), each said once for the whole site;
- ``client``: the client's address, through the trusted proxies;
- ``errors``: Django's ``handler400`` to ``handler500`` (the site's own pages,
  or the API's JSON error shape under ``/api/``) and ``ApiErrorsMiddleware``,
  which keeps ``/api/`` answering JSON when ``DEBUG`` is on too;
- ``outage``: ``503`` with ``Retry-After`` while the database is unreachable;
- ``idempotency``: a keyed write that arrives twice acts once;
- ``headers``: the security headers and who may cache an answer;
- ``requestlog``: one log line per request; ``health``: ``GET /healthz``;
- ``ratelimit``: counts every app process shares.
"""
