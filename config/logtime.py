"""Log lines with one time zone, and say which: the site's (``TIME_ZONE``), with its offset.

``logging.Formatter`` writes ``asctime`` in the process's local time without a
zone: Django sets the process's zone to ``TIME_ZONE`` once its settings load, so
a line logged before that (or by a process that never loads them) and a line
logged after it read as two clocks an hour apart, and neither says which. Here
every line carries the site's zone and offset (``2027-03-13 14:05:09+01:00``),
the zone the pages show times in.
"""

from __future__ import annotations

import datetime
import logging
import os
from zoneinfo import ZoneInfo


class ZonedFormatter(logging.Formatter):
    """``asctime`` in ``zone`` (default: ``DJANGO_TIME_ZONE`` or Europe/Berlin, as the
    settings), to the second, with the UTC offset."""

    def __init__(self, *args: object, zone: str | None = None, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.zone = ZoneInfo(zone or os.environ.get("DJANGO_TIME_ZONE") or "Europe/Berlin")

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        moment = datetime.datetime.fromtimestamp(record.created, tz=self.zone)
        return moment.isoformat(sep=" ", timespec="seconds")
