"""Pages anyone may read: home, leaderboard, projector, seating, player page, knockout, ranking.

One module per page (``home``, ``leaderboard`` with the projector,
``seating``, ``player``, ``knockout``, ``ranking``); ``common`` holds what they
share (loading the tournament, the stage it is in), ``live`` the wrapper that
makes a page refresh itself, and ``urls`` their addresses.

The views are thin: they load the tournament (404 if unknown), call a
selector from ``tournaments.selectors`` and hand plain rows to a template or
a django-tables2 table (``tournaments.web.tables``). Every query is scoped to
the tournament in the URL, so a participant id from another tournament is a 404.
"""
