"""Coding-assistant history files of the test fixtures ingested as `ingest` reads them, and
what the real Neo4j then holds of their session: for the tests of histories that grow, are
cut or restored between two reads."""

from __future__ import annotations

from pathlib import Path

from api.journal import DecisionJournal
from api.usecases.session_files import SessionIngest, ingest_session_file
from graph.session_reads import SessionReads

SESSIONS = Path(__file__).parents[1] / "unit" / "nlp" / "sessions"
SPECSTORY = next((SESSIONS / "specstory" / ".specstory" / "history").glob("*.md"))
AIDER = SESSIONS / "aider" / ".aider.chat.history.md"
CLAUDE = SESSIONS / "7f3c2a10-5b1e-4c2d-9a7e-0c1d2e3f4a5b.jsonl"
CODEX = SESSIONS / "rollout-2025-10-02T14-00-00-0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jsonl"
Stored = list[tuple[int, str | None, str | None, str, str]]


async def ingest_file(journal: DecisionJournal, path: Path, session: str) -> SessionIngest:
    """``path`` ingested into ``session`` as ``ingest`` and ``watch`` read a session file."""
    return await ingest_session_file(path, journal.services.ingest, SessionReads(journal.services.executor),
                                     session_id=session)


async def stored_messages(journal: DecisionJournal, session: str) -> Stored:
    """Each stored message: position, author, role, text and its content id (without the session)."""
    return [
        (m["seq"], m["author"], m["role"], m["content"], m["id"].removeprefix(f"{session}#"))
        for m in await journal.get_messages_of(session)
    ]


async def stored_decisions(journal: DecisionJournal, session: str) -> list[tuple[str, tuple[int, ...], str]]:
    """Each stored decision or draft of the session: summary, messages and status, sorted."""
    found = await journal.search_decisions("", {"session": session, "history": True, "drafts": True, "limit": 50})
    return sorted((d["summary"], tuple(d["source"]["messages"]), d["status"]) for d in found)
