"""Hybrid decision search: full-text and vector retrieval fused by reciprocal rank, then filters."""

from __future__ import annotations

import asyncio
import inspect
import re
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime

from graph.cypher import load_query
from graph.executor import QueryExecutor, Row
from graph.filters import HISTORY_STATUSES, DecisionFilter, lucene_escape
from graph.listing import DecisionListing, DecisionOrder
from graph.temporal import instant

RETRIEVE_FACTOR = 5
RETRIEVE_MIN = 50
"""Each retriever returns max(limit x RETRIEVE_FACTOR, RETRIEVE_MIN) candidates: enough for
fusion and filters to fill a page (measured: eval search scores the same as with 100)."""
RRF_K = 60
"""Reciprocal-rank fusion constant: a hit at rank r adds weight / (RRF_K + r)."""
RETRIEVER_WEIGHTS = {"fulltext": 1.0, "vector": 0.6}
"""Weighted reciprocal-rank fusion. Chosen on the dev questions of `eval search` only: with
equal weights a vector hit at middling rank outvoted full-text's right first place (dev
MRR@10 0.802); vector at 0.6 gave 0.839, at 0.4 the same MRR with lower Recall@5."""
VECTOR_MIN_SCORE = 0.65
"""Neo4j's cosine score is (1 + cos) / 2; below cos 0.3 a "nearest" decision is unrelated
(all-MiniLM-L6-v2 puts unrelated sentences at cos -0.1..0.2, related ones above 0.35)."""


@dataclass(frozen=True)
class SearchHit:
    """A decision id with its fused score and the retrievers that found it."""

    id: str
    score: float
    retrievers: tuple[str, ...] = field(default_factory=tuple)


class DecisionSearch:
    """Full-text and vector retrieval over decisions, fused and filtered in Neo4j."""

    def __init__(self, executor: QueryExecutor) -> None:
        self._executor = executor

    async def search(
        self,
        text: str,
        embedding: Sequence[float] | Awaitable[Sequence[float] | None] | None,
        filters: DecisionFilter = DecisionFilter(),
        limit: int = 10,
    ) -> list[SearchHit]:
        """Decisions for ``text`` (and its ``embedding``), best first.

        ``embedding`` may still be on its way (an awaitable): full-text retrieval starts
        without it, so the query embedding and the full-text query overlap.
        With neither text terms nor an embedding, the filters alone select decisions,
        newest first (a tag-only or stakeholder-only search).
        """
        k = max(limit * RETRIEVE_FACTOR, RETRIEVE_MIN)
        found: dict[str, dict[str, float]] = {}
        query = lucene_escape(text)

        async def nearest() -> tuple[Sequence[float] | None, list[Row]]:
            vector = await embedding if inspect.isawaitable(embedding) else embedding
            if vector is None:
                return None, []
            return vector, await self._executor.read(load_query("search_retrieve_vector"), {"embedding": list(vector), "k": k})

        # The two retrievers are independent: run them at once, so a search costs the
        # slower of the two rather than both.
        fulltext_rows, (query_vector, vector_rows) = await asyncio.gather(
            self._executor.read(load_query("search_retrieve_fulltext"), {"text": query, "k": k})
            if re.search(r"\w", query) else _nothing(),
            nearest(),
        )
        fulltext, vector = _hits(fulltext_rows), _hits(vector_rows)
        _add_ranks(found, "fulltext", [row["id"] for row in fulltext])
        _add_ranks(found, "vector", [row["id"] for row in vector if row["score"] >= VECTOR_MIN_SCORE])
        if (re.search(r"\w", query) or query_vector is not None) and not filters.narrows():
            # Nothing but current-or-history to apply, and retrieval brought status and
            # date along: rank here, one round trip fewer.
            seen = {row["id"]: row for row in [*fulltext, *vector]}
            kept = [i for i in found if filters.include_history or seen[i]["status"] not in HISTORY_STATUSES]
            kept.sort(key=lambda i: (sum(found[i].values()), instant(seen[i]["at"]) or _EARLIEST), reverse=True)
            rows = [{"id": i, "score": sum(found[i].values())} for i in kept[:limit]]
        elif re.search(r"\w", query) or query_vector is not None:
            candidates = [{"id": i, "score": sum(ranks.values())} for i, ranks in found.items()]
            rows = await self._executor.read(
                load_query("search_filter_candidates"), {"candidates": candidates, "limit": limit, **filters.params()}
            )
        else:
            # Nothing to retrieve by: the filters alone choose, newest first (text, if
            # any, was only punctuation, so it must not filter either).
            page = await DecisionListing(self._executor).page(replace(filters, text=None), DecisionOrder.NEWEST, 0, limit)
            rows = [{"id": i, "score": 0.0} for i in page.ids]
        return [SearchHit(row["id"], float(row["score"]), tuple(sorted(found.get(row["id"], {})))) for row in rows]


_EARLIEST = datetime.min.replace(tzinfo=UTC)


async def _nothing() -> list[Row]:
    return []


def _hits(rows: list[Row]) -> list[Row]:
    """The list a retrieval query returns in its one row."""
    return list(rows[0]["hits"]) if rows else []


def _add_ranks(found: dict[str, dict[str, float]], retriever: str, ids: list[str]) -> None:
    for rank, decision in enumerate(dict.fromkeys(ids), start=1):
        found.setdefault(decision, {})[retriever] = RETRIEVER_WEIGHTS[retriever] / (RRF_K + rank)
