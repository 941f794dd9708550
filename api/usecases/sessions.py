"""What the journal has read, as every face lists it: the sessions a caller may read, newest
first, each with its messages and the decisions and drafts that came from it."""

from __future__ import annotations

from typing import TypedDict

from api.usecases.services import Services
from graph.session_list import SessionFilter, SessionListing, SessionPage, SessionSummary


async def list_sessions(services: Services, where: SessionFilter, offset: int = 0, limit: int = 20) -> SessionPage:
    """The sessions ``where`` selects (its groups: the caller's), newest first (by last time;
    undated ones last; equal times by id)."""
    return await SessionListing(services.executor).page(where, max(0, offset), max(0, limit))


async def session_summaries(
    services: Services, ids: list[str], groups: tuple[str, ...] | None,
) -> dict[str, SessionSummary]:
    """The sessions of ``ids`` that ``groups`` may read, with their counts, by id."""
    return await SessionListing(services.executor).summaries(ids, groups)


class SessionJson(TypedDict):
    id: str
    title: str | None
    source: str | None
    series: str | None
    repository: str | None
    repository_name: str | None
    messages: int
    decisions: int
    drafts: int
    first_at: str | None
    last_at: str | None


def session_json(summary: SessionSummary) -> SessionJson:
    """A session as ``sessions --json`` and MCP show it (times in ISO 8601)."""
    return {
        "id": summary.id, "title": summary.title, "source": summary.source, "series": summary.series,
        "repository": summary.repository, "repository_name": summary.repository_name, "messages": summary.messages, "decisions": summary.decisions,
        "drafts": summary.drafts, "first_at": summary.first_at.isoformat() if summary.first_at else None,
        "last_at": summary.last_at.isoformat() if summary.last_at else None,
    }
