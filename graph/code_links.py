"""The decisions of a repository as link inference reads them, and the links it stores."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from graph.cypher import load_query
from graph.executor import QueryExecutor
from graph.filters import hidden_statuses


@dataclass(frozen=True)
class RepositoryDecision:
    """A decision of one repository with the words link inference reads.

    Attributes:
        texts: The messages that state it (an ADR's whole file).
        stated: The paths of the repository it states itself.
    """

    id: str
    title: str
    summary: str
    context: str | None
    rationale: str | None
    source_path: str | None
    status: str | None
    decided_at: str | None
    alternatives: tuple[str, ...]
    texts: tuple[str, ...]
    stated: tuple[str, ...]


@dataclass(frozen=True)
class InferredLink:
    """A link to store: decision → path (a directory ends with ``/``), with how it was found."""

    decision_id: str
    path: str
    via: str
    confidence: float
    evidence: str
    commits: tuple[str, ...] = ()


class CodeLinkStore:
    """Reads a repository's decisions and replaces their inferred links, one query each."""

    def __init__(self, executor: QueryExecutor) -> None:
        self._executor = executor

    async def decisions(self, repository: str) -> list[RepositoryDecision]:
        """The decisions of the sessions about ``repository`` (its key), history included,
        drafts left out."""
        rows = await self._executor.read(
            load_query("repository_decisions"), {"repository": repository, "hidden_statuses": hidden_statuses(include_history=True)}
        )
        return [
            RepositoryDecision(
                r["id"], r["title"] or "", r["summary"] or "", r["context"], r["rationale"], r["source_path"],
                r["status"], r["decided_at"], tuple(r["alternatives"]), tuple(r["texts"]), tuple(r["stated"]),
            )
            for r in rows
        ]

    async def replace(self, repository: str, decisions: Sequence[str], links: Sequence[InferredLink]) -> int:
        """Make the inferred links of ``decisions`` to this repository's files exactly
        ``links``; return how many are stored."""
        if not decisions:
            return 0
        rows = await self._executor.write(load_query("code_links_replace"), {
            "repository": repository,
            "decisions": list(decisions),
            "links": [
                {"decision": link.decision_id, "path": link.path, "kind": "directory" if link.path.endswith("/") else "file",
                 "via": link.via, "confidence": link.confidence, "evidence": link.evidence, "commits": list(link.commits)}
                for link in links
            ],
        })
        return int(rows[0]["links"]) if rows else 0

    async def follows(self, repository: str, decisions: Sequence[str]) -> None:
        """Draw FOLLOWS from the stored commits that changed what ``decisions`` affect."""
        if decisions:
            await self._executor.write(load_query("link_follows"), {"repository": repository, "decisions": list(decisions)})
