"""Read the messages of a session."""

from __future__ import annotations

from typing import Any

from graph.cypher import load_query
from graph.executor import QueryExecutor
from graph.records import _native


async def session_messages(executor: QueryExecutor, session_id: str) -> list[dict[str, Any]]:
    """The stored messages of ``session_id`` in order, as plain dicts."""
    rows = await executor.read(load_query("session_messages"), {"session_id": session_id})
    return [{**row, "timestamp": _native(row["timestamp"])} for row in rows]
