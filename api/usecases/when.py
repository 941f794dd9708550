"""How a decision's date is shown: the day it was decided when its source says so, else the
day the journal recorded it, named as such (an ADR with no date was not decided on the day
it was imported)."""

from __future__ import annotations

from datetime import datetime


def _day(value: datetime | str | None) -> str:
    if value is None:
        return ""
    return value.date().isoformat() if isinstance(value, datetime) else str(value)[:10]


def when_decided(decided_at: datetime | str | None, recorded_at: datetime | str | None) -> str:
    """``2021-06-01`` for a decided day; ``recorded 2026-11-28`` when only the journal's own
    day is known; empty when neither is."""
    decided = _day(decided_at)
    if decided:
        return decided
    recorded = _day(recorded_at)
    return f"recorded {recorded}" if recorded else ""
