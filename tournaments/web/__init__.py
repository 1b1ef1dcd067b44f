"""Server-rendered pages: ``public`` (anyone may read) and ``staff`` (referees and organisers).

Views stay thin: they read through ``tournaments.selectors``, write through
``tournaments.services`` and hand plain rows to templates and the
django-tables2 tables of ``tournaments.web.tables``.
"""
