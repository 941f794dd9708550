"""Supersede and revisit links, and the candidates a new decision may relate to."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from graph.cypher import load_query
from graph.errors import DecisionNotFound
from graph.executor import QueryExecutor
from graph.temporal import instant


@dataclass(frozen=True)
class Candidate:
    """A current decision that may be about the same subject as a new one."""

    id: str
    summary: str
    keywords: tuple[str, ...]
    tags: tuple[str, ...]
    at: datetime | None
    similarity: float
    subject: str | None = None
    context: str | None = None
    session: str | None = None
    series: str | None = None
    session_title: str | None = None


class EvolutionStore:
    """Writes SUPERSEDES/REVISITS edges and finds relation candidates."""

    def __init__(self, executor: QueryExecutor) -> None:
        self._executor = executor

    async def supersede(
        self, new_id: str, old_id: str, reason: str | None, *, partial: bool = False, inferred: bool = False,
        confidence: float = 1.0, at: datetime | None = None,
    ) -> None:
        """``new_id`` replaces ``old_id``; the old one becomes ``superseded``.

        Raises:
            DecisionNotFound: Either id is unknown.
        """
        await self._link("link_supersedes", new_id, old_id, at=at, reason=reason, partial=partial,
                         inferred=inferred, confidence=confidence)

    async def revisit(
        self, new_id: str, old_id: str, reason: str | None, *, outcome: str = "kept", inferred: bool = False,
        confidence: float = 1.0, at: datetime | None = None,
    ) -> None:
        """``new_id`` reconsidered ``old_id``; an active old one becomes ``revisited``.

        Raises:
            DecisionNotFound: Either id is unknown.
        """
        await self._link("link_revisits", new_id, old_id, at=at, reason=reason, outcome=outcome,
                         inferred=inferred, confidence=confidence)

    async def amend(
        self, new_id: str, old_id: str, reason: str | None, *, inferred: bool = False, at: datetime | None = None
    ) -> None:
        """``new_id`` changes part of ``old_id``, which stays in force.

        Raises:
            DecisionNotFound: Either id is unknown.
        """
        await self._link("link_amends", new_id, old_id, at=at, reason=reason, inferred=inferred)

    async def _link(self, query: str, new_id: str, old_id: str, **edge: object) -> None:
        """Run one of the ``link_*`` queries: an edge from ``new_id`` to ``old_id`` with
        ``edge``'s properties; no row back means an id is unknown (or a draft)."""
        rows = await self._executor.write(load_query(query), {"new_id": new_id, "old_id": old_id, **edge})
        if not rows:
            raise DecisionNotFound(f"{new_id} or {old_id}")

    async def candidates(
        self, decision_id: str, embedding: Sequence[float] | None, keywords: Sequence[str], *,
        subject_key: str = "", groups: Sequence[str] = (), before: datetime | None = None, limit: int = 5,
    ) -> list[Candidate]:
        """Current decisions that may be on the new one's subject: close in meaning (vector
        index), naming the same technology, or sharing subject words or issue references
        (``subject_key``). Only those readable by the same access ``groups`` and not decided
        after ``before``; the most similar first."""
        scope = {"id": decision_id, "limit": limit, "groups": sorted(groups), "before": before}
        rows = []
        if embedding is not None:
            rows += await self._executor.read(load_query("relation_candidates_vector"), {**scope, "embedding": list(embedding)})
        if keywords:
            rows += await self._executor.read(load_query("relation_candidates_keywords"), {**scope, "keywords": list(keywords)})
        if subject_key:
            terms = " OR ".join(subject_key.split())
            rows += await self._executor.read(
                load_query("relation_candidates_subject"), {**scope, "terms": terms, "limit": 2 * limit}
            )
        best: dict[str, Candidate] = {}
        for row in rows:
            candidate = Candidate(
                row["id"], row["summary"], tuple(row["keywords"] or ()), tuple(row["tags"] or ()),
                instant(row["at"]), float(row["score"]), row["subject"], row["context"], row["session"],
                row["series"], row["session_title"],
            )
            if row["id"] not in best or candidate.similarity > best[row["id"]].similarity:
                best[row["id"]] = candidate
        return sorted(best.values(), key=lambda c: c.similarity, reverse=True)
