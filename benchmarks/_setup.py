"""Shared set-up for benchmark scripts: a throwaway database, migrated.

Benchmarks run against SQLite in a temporary file unless DATABASE_URL says
otherwise (e.g. the PostgreSQL server CI starts).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path


def setup_django() -> None:
    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    if "DATABASE_URL" not in os.environ:
        path = Path(tempfile.mkdtemp(prefix="bang-bench-")) / "bench.sqlite3"
        os.environ["DATABASE_URL"] = f"sqlite:///{path}"
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def count_queries(call):  # type: ignore[no-untyped-def]
    """Run ``call()`` and return (its result, the SQL queries it sent).

    An execute wrapper sees every query; Django's own query log is reset at
    the start of each request the test client makes, so it cannot be used.
    """
    from django.db import connection

    queries: list[str] = []

    def record(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
        queries.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(record):
        result = call()
    return result, queries
