"""What a coding-assistant session states about itself (repository, branch, times, the files
its tool calls edited), and the links from its decisions to the files it edited after them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from graph.cypher import load_query
from graph.executor import QueryExecutor


@dataclass(frozen=True)
class SessionContext:
    """A session's own account of where and when it ran, as stored.

    Attributes:
        id: The session.
        repository: The key of the repository it ran in, if known.
        git_branch: The branch it ran on, if it says.
        cwd: Its working directory relative to the repository's top (``.`` for the top), if
            that is known; never a machine's folder.
        started_at: Its first time, if any.
        ended_at: Its last time, if any.
    """

    id: str
    repository: str | None = None
    git_branch: str | None = None
    cwd: str | None = None
    started_at: datetime | None = None
    ended_at: datetime | None = None


@dataclass(frozen=True)
class EditLink:
    """A decision → a file its session edited after it, with how far after (``evidence``)."""

    decision_id: str
    path: str
    confidence: float
    evidence: str


class SessionStore:
    """Writes a session's context and its decisions' session-edit links, one query each."""

    def __init__(self, executor: QueryExecutor) -> None:
        self._executor = executor

    async def store_context(self, context: SessionContext, files: Mapping[str, Sequence[str]]) -> None:
        """Store the session's context, and each message's edited files (message id →
        repository-relative paths; a message left out keeps what it has)."""
        await self._executor.write(load_query("session_context_store"), {
            "session": {
                "id": context.id, "repository": context.repository, "git_branch": context.git_branch,
                "cwd": context.cwd, "started_at": context.started_at, "ended_at": context.ended_at,
            },
            "messages": [{"id": message_id, "files": list(paths)} for message_id, paths in files.items()],
        })

    async def replace_edit_links(self, repository: str, decisions: Sequence[str], links: Sequence[EditLink]) -> int:
        """Make the session-edit links of ``decisions`` to ``repository``'s files exactly
        ``links``; return how many are stored."""
        if not decisions:
            return 0
        rows = await self._executor.write(load_query("session_edit_links_replace"), {
            "repository": repository,
            "decisions": list(decisions),
            "links": [
                {"decision": link.decision_id, "path": link.path, "confidence": link.confidence, "evidence": link.evidence}
                for link in links
            ],
        })
        return int(rows[0]["links"]) if rows else 0
