"""Supersede and revisit links, and the candidates a new decision may relate to."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

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


LinkType = Literal["SUPERSEDES", "REVISITS", "AMENDS"]
_QUERIES: dict[LinkType, str] = {"SUPERSEDES": "link_supersedes", "REVISITS": "link_revisits", "AMENDS": "link_amends"}


@dataclass(frozen=True)
class Link:
    """An edge from a newer decision to an older one.

    Attributes:
        type: ``SUPERSEDES`` (the old one becomes ``superseded``), ``REVISITS`` (reconsidered
            it; an active old one becomes ``revisited``) or ``AMENDS`` (changes part of it;
            it stays in force).
        partial: Of a SUPERSEDES: only part of the old decision is replaced.
        outcome: Of a REVISITS: how the reconsideration ended (``kept``, ``changed`` …).
        inferred: Found by ingest rather than stated or made by hand.
        confidence: How sure an inferred link is (not kept on AMENDS).
        at: When; None takes the newer decision's date.
    """

    type: LinkType
    new_id: str
    old_id: str
    reason: str | None
    partial: bool = False
    outcome: str = "kept"
    inferred: bool = False
    confidence: float = 1.0
    at: datetime | None = None


class EvolutionStore:
    """Writes SUPERSEDES/REVISITS/AMENDS edges and finds relation candidates."""

    def __init__(self, executor: QueryExecutor) -> None:
        self._executor = executor

    async def link(self, link: Link) -> None:
        """Store ``link`` (idempotent: an edge already there keeps its properties) and set
        the older decision's status as its type says.

        Raises:
            DecisionNotFound: Either id is unknown, or a draft.
        """
        query = load_query(_QUERIES[link.type])
        edge = {name: value for name, value in vars(link).items() if name in query.params}
        if not await self._executor.write(query, edge):
            raise DecisionNotFound(f"{link.new_id} or {link.old_id}")

    async def candidates(
        self, decision_id: str, embedding: Sequence[float] | None, keywords: Sequence[str], *,
        subject_key: str = "", groups: Sequence[str] = (), before: datetime | None = None, limit: int = 5,
        repository: str | None = None,
    ) -> list[Candidate]:
        """Current decisions that may be on the new one's subject: close in meaning (vector
        index), naming the same technology, or sharing subject words or issue references
        (``subject_key``). Only those readable by the same access ``groups``, not decided
        after ``before``, and of the same ``repository`` when both know theirs (two
        projects' decisions are never one subject's history; a meeting's, which knows no
        repository, may be any's); the most similar first."""
        scope = {"id": decision_id, "limit": limit, "groups": sorted(groups), "before": before, "repository": repository}
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
