"""Read sessions: their messages, who may read them, and the people in them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from graph.cypher import load_query
from graph.executor import QueryExecutor
from graph.records import MessageRecord, SessionRecord, StakeholderRecord
from graph.temporal import instant


@dataclass(frozen=True)
class SessionTranscript:
    """A session and its stored messages in order (the conversation a reader opens)."""

    session: SessionRecord
    messages: tuple[MessageRecord, ...]


async def session_messages(executor: QueryExecutor, session_id: str) -> list[dict[str, Any]]:
    """The stored messages of ``session_id`` in order, as plain dicts."""
    rows = await executor.read(load_query("session_messages"), {"session_id": session_id})
    return [{**row, "timestamp": instant(row["timestamp"])} for row in rows]


async def session_access_groups(executor: QueryExecutor, session_id: str) -> tuple[str, ...] | None:
    """The access groups of a session (empty: open to all), or None when it does not exist."""
    rows = await executor.read(load_query("session_access"), {"id": session_id})
    return tuple(rows[0]["groups"]) if rows else None


async def session_repositories(executor: QueryExecutor, session_ids: Sequence[str]) -> dict[str, str | None]:
    """The repository key of each of ``session_ids`` that exists (None: about no repository)."""
    rows = await executor.read(load_query("session_repositories"), {"ids": list(session_ids)})
    return {row["id"]: row["repository"] for row in rows}


async def stakeholder(executor: QueryExecutor, handle: str) -> StakeholderRecord | None:
    """A stakeholder by normalized handle (``@alice``) or one of their aliases, or None."""
    rows = await executor.read(load_query("stakeholder_by_handle"), {"handle": handle})
    return StakeholderRecord(rows[0]["handle"], rows[0]["name"], None, tuple(sorted(rows[0]["aliases"]))) if rows else None


async def session_transcript(
    executor: QueryExecutor, session_id: str, groups: Sequence[str] | None = None
) -> SessionTranscript | None:
    """A session with its messages, or None when it does not exist or lies outside ``groups``
    (None reads every group)."""
    rows = await executor.read(
        load_query("session_by_id"), {"id": session_id, "groups": list(groups) if groups is not None else None}
    )
    if not rows:
        return None
    row = rows[0]
    session = SessionRecord(row["id"], row["title"], row["source"], instant(row["started_at"]), row["series"])
    messages = tuple(
        MessageRecord(m["id"], m["seq"], m.get("author"), m.get("role"), m.get("content"), instant(m.get("timestamp")))
        for m in row["messages"]
    )
    return SessionTranscript(session, messages)
