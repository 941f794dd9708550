"""Instants read back from Neo4j's ISO text."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from neo4j.time import DateTime

from graph.temporal import instant


def test_iso_text_with_nanoseconds_offsets_and_named_zones() -> None:
    assert instant("2024-03-01T10:00:00.123456789Z[UTC]") == datetime(2024, 3, 1, 10, 0, 0, 123456, tzinfo=UTC)
    assert instant("2024-03-01T10:00:00+01:00") == datetime(2024, 3, 1, 10, tzinfo=timezone(timedelta(hours=1)))
    berlin = instant("2024-03-01T00:00:00+01:00[Europe/Berlin]")
    assert berlin is not None and berlin.tzinfo == ZoneInfo("Europe/Berlin") and berlin == datetime(2024, 2, 29, 23, tzinfo=UTC)


def test_driver_values_python_datetimes_and_none_pass_through() -> None:
    assert instant(DateTime(2024, 3, 1, 10, 0, 0, tzinfo=UTC)) == datetime(2024, 3, 1, 10, tzinfo=UTC)
    now = datetime.now(UTC)
    assert instant(now) is now
    assert instant(None) is None
