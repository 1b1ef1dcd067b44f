"""Fixed-window rate limits counted where every app process sees them.

``hit(key, period=...)`` adds one to the count of ``key`` in the current
window of ``period`` seconds and returns the new count. With Redis (the
``default`` cache is shared) the count is one atomic ``INCR``; with local
memory, which each process has its own of, it is a row of ``RateCount`` in
the database, raised by one ``UPDATE ... SET count = count + 1``. Either way
two processes never both see "29" and let the 31st request through.

A fixed window lets a client that times its requests at the window's edge
make up to twice the limit within one period; the limits here are about
load, not secrets, and that is enough.
"""

from __future__ import annotations

import time

from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache
from django.db import IntegrityError, transaction
from django.db.models import F

from tournaments.models import RateCount

__all__ = ["hit", "window_left"]


def window_left(period: int, *, now: float | None = None) -> int:
    """Seconds until the current window of ``period`` seconds ends (at least 1)."""
    now = time.time() if now is None else now
    return max(1, int(period - now % period))


def hit(key: str, *, period: int, now: float | None = None) -> int:
    """Count one more for ``key`` in the current window; the count so far, this one included."""
    now = time.time() if now is None else now
    window = int(now // period * period)
    shared = caches["default"]
    if isinstance(shared, RedisCache):
        counter = f"rate:{key}:{window}"
        shared.add(counter, 0, timeout=period + 5)
        return int(shared.incr(counter))
    return _hit_database(key, window, period)


def _hit_database(key: str, window: int, period: int) -> int:
    rows = RateCount.objects.filter(key=key, window=window)
    with transaction.atomic():
        if not rows.update(count=F("count") + 1):
            try:
                with transaction.atomic():
                    RateCount.objects.create(key=key, window=window, count=1)
            except IntegrityError:  # another process created it a moment ago
                rows.update(count=F("count") + 1)
            else:
                # A new window: forget the finished ones of this key.
                RateCount.objects.filter(key=key, window__lt=window - period).delete()
        return rows.values_list("count", flat=True).get()
