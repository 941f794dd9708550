"""Whether a session is ingested as drafts: an ingest that chooses (``--drafts`` or
``--no-drafts``) is remembered on its Session, so that a later ingest that does not choose (a
nightly run over the folder, a grown file, the watcher) stores what it finds the same way
instead of making unreviewed drafts decisions."""

from __future__ import annotations

from graph.cypher import load_query
from graph.executor import QueryExecutor


async def remembered_drafts_only(executor: QueryExecutor, session_id: str) -> bool | None:
    """The session's remembered choice: True (drafts only), False (none asked), or None when
    no ingest chose or the session is not stored."""
    rows = await executor.read(load_query("session_drafts_only"), {"session_id": session_id})
    value = rows[0]["drafts_only"] if rows else None
    return bool(value) if value is not None else None


async def remember_drafts_only(executor: QueryExecutor, session_id: str, drafts_only: bool) -> None:
    """Keep an ingest's explicit choice on its (stored) session."""
    await executor.write(load_query("session_drafts_only_set"), {"session_id": session_id, "drafts_only": drafts_only})
