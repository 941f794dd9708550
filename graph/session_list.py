"""The sessions the journal has read, with their counts: the list behind "what did it read,
and how many decisions came from each?"."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graph.cypher import load_query
from graph.executor import QueryExecutor
from graph.temporal import instant


@dataclass(frozen=True)
class SessionSummary:
    """A stored session and what came of it.

    Attributes:
        id: The session.
        title: Its title, if stored.
        source: Its format (transcript, claude-code, aider, adr, agent, manual…).
        series: The series of meetings it belongs to, if any.
        repository: The key of the repository it is about, if known.
        started_at: Its start as stored.
        messages: How many messages it stored.
        decisions: How many decisions came from it, of any status but draft.
        drafts: How many drafts of it await review.
        first_at: Its first time (its earliest message's, else its start, else its earliest decision's).
        last_at: Its last time (its latest message's, else its end, else its latest decision's,
            else its start): what the list is ordered by, newest first.
        repository_name: What people call that repository (``acme/shop``, a folder's name),
            if the journal holds it.
    """

    id: str
    title: str | None
    source: str | None
    series: str | None
    repository: str | None
    started_at: datetime | None
    messages: int
    decisions: int
    drafts: int
    first_at: datetime | None
    last_at: datetime | None
    repository_name: str | None = None


@dataclass(frozen=True)
class SessionFilter:
    """Which sessions a list holds: a None filter does not filter.

    Attributes:
        series: Of this series of meetings.
        source: Of this format (``SessionSummary.source``).
        repository: About this repository (its key).
        groups: The reader's access groups; None reads every group.
    """

    series: str | None = None
    source: str | None = None
    repository: str | None = None
    groups: tuple[str, ...] | None = None


@dataclass(frozen=True)
class SessionPage:
    """One page of sessions, newest first, and how many the filter selects in all."""

    sessions: tuple[SessionSummary, ...]
    total: int


class SessionListing:
    """Sessions with their counts, one query (``sessions_page``) each read."""

    def __init__(self, executor: QueryExecutor) -> None:
        self._executor = executor

    async def page(self, where: SessionFilter, offset: int = 0, limit: int = 20) -> SessionPage:
        """The ``limit`` sessions after the first ``offset`` that ``where`` selects: newest
        last time first, undated ones last, equal times by id."""
        row = await self._row(where, None, offset, limit)
        return SessionPage(tuple(_summary(s) for s in row["page"]), int(row["total"]))

    async def summaries(self, ids: Sequence[str], groups: tuple[str, ...] | None = None) -> dict[str, SessionSummary]:
        """The sessions of ``ids`` ``groups`` may read, by id (unknown and hidden ones left out)."""
        if not ids:
            return {}
        row = await self._row(SessionFilter(groups=groups), list(dict.fromkeys(ids)), 0, len(ids))
        return {s["id"]: _summary(s) for s in row["page"]}

    async def _row(self, where: SessionFilter, ids: list[str] | None, offset: int, limit: int) -> dict[str, Any]:
        rows = await self._executor.read(load_query("sessions_page"), {
            "groups": list(where.groups) if where.groups is not None else None, "series": where.series,
            "source": where.source, "repository": where.repository, "ids": ids, "skip": max(offset, 0),
            "limit": max(limit, 0),
        })
        return rows[0] if rows else {"page": [], "total": 0}


def _summary(row: dict[str, Any]) -> SessionSummary:
    return SessionSummary(
        id=row["id"], title=row.get("title"), source=row.get("source"), series=row.get("series"),
        repository=row.get("repository"), started_at=instant(row.get("started_at")), messages=int(row["messages"]),
        decisions=int(row["decisions"]), drafts=int(row["drafts"]), first_at=instant(row.get("first_at")),
        last_at=instant(row.get("last_at")), repository_name=row.get("repository_name"),
    )
