"""Hybrid decision search: full-text and vector retrieval fused by score, filtered and read in one query."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from graph.executor import QueryExecutor, Row
from graph.filters import DecisionFilter, lucene_escape
from graph.listing import DecisionListing, DecisionOrder
from graph.reader import DecisionReader
from graph.records import DecisionRecord

RETRIEVE_FACTOR = 2
RETRIEVE_MIN = 20
"""Each retriever returns max(limit x RETRIEVE_FACTOR, RETRIEVE_MIN) candidates: enough for
fusion to fill a page. ``eval search`` (MRR@10 / R@5 across collections, within in
brackets) with 50 candidates: 0.8627 / 0.9679 (0.9040 / 0.9808); 30: 0.8613 / 0.9679
(0.9035 / 0.9744); 20: 0.8609 / 0.9679 (0.9037 / 0.9808); 10: 0.8497 / 0.9487 (0.8993 /
0.9679). 20 instead of 50 moves some answers within the page and cuts the server's CPU per
search at 10k by about a fifth (4.1 to 3.2 ms: the vector index's wider search, and the
options' vectors of the 30 more candidates); docs/experiments/2026-11-26-search-log.md."""
FILTERED_FACTOR = 5
FILTERED_MIN = 50
"""Under a filter that may leave candidates out (``_narrows``), each retriever returns
max(limit x FILTERED_FACTOR, FILTERED_MIN): with 20, a person read from the question ("by
@alice") left a short page, and so a second pass of SCOPE_SCAN candidates, for 13 of the
bench's 200 questions (none with 50), and those passes were its p95."""
FULLTEXT_WEIGHT = 0.1
"""Score fusion: a decision scores its cosine similarity to the question plus FULLTEXT_WEIGHT
x its full-text score over the best full-text score of the question. Chosen by
cross-validation over ADR collections (`eval search`, docs/quality.md): reciprocal-rank
fusion threw away how sure each retriever was and scored below the vector retriever alone."""
SCOPE_SCAN = 1000
"""Within a session or series, a scope of up to this many decisions is compared with the
question in full; a larger one keeps what is in it of the vector index's this many nearest.
The full-text index's this many best hits are kept to the scope too. Neither index can
filter by session, and a session's own may rank below thousands elsewhere. At 100k
decisions either costs about as much as the unscoped query (docs/performance.md)."""
VECTOR_WEIGHT = 1.0
VECTOR_MIN_SCORE = 0.65
"""Neo4j's cosine score is (1 + cos) / 2; below cos 0.3 a "nearest" decision is unrelated
(all-MiniLM-L6-v2 puts unrelated sentences at cos -0.1..0.2, related ones above 0.35)."""


@dataclass(frozen=True)
class SearchHit:
    """A found decision with its fused score and the retrievers that found it."""

    record: DecisionRecord
    score: float
    retrievers: tuple[str, ...] = field(default_factory=tuple)


class DecisionSearch:
    """Full-text and vector retrieval over decisions, fused, filtered and read in Neo4j."""

    def __init__(self, executor: QueryExecutor, scope_scan: int = SCOPE_SCAN) -> None:
        self._executor = executor
        self._scope_scan = scope_scan
        self._reader = DecisionReader(executor)

    async def search(
        self,
        text: str,
        embedding: Sequence[float] | None,
        filters: DecisionFilter = DecisionFilter(),
        limit: int = 10,
    ) -> list[SearchHit]:
        """Decisions for ``text`` (and its ``embedding``), best first, read in full.

        Full-text and vector retrieval, fusion, filters and reading the hits take one
        round trip (a second one, wider, only when a filter may have starved the page).
        With neither text terms nor an embedding, the filters alone select decisions,
        newest first (a tag-only or stakeholder-only search). Only decisions visible to
        ``filters.groups`` are found.
        """
        query = lucene_escape(text)
        has_terms = re.search(r"\w", query) is not None
        if not has_terms and embedding is None:
            # Nothing to retrieve by: the filters alone choose, newest first (text, if
            # any, was only punctuation, so it must not filter either).
            page = await DecisionListing(self._executor).page(replace(filters, text=None), DecisionOrder.NEWEST, 0, limit)
            return [SearchHit(record, 0.0) for record in await self._reader.decisions(page.ids, filters.groups)]
        retrieved = candidates(limit, filters)
        search = {
            **filters.params(),
            "embedding": list(embedding) if embedding is not None else None,
            "terms": query if has_terms else None,
            "k": retrieved,
            "scan": _scan(retrieved, filters, self._scope_scan),
            "scope_scan": self._scope_scan,
            "min_score": VECTOR_MIN_SCORE,
            "text_weight": FULLTEXT_WEIGHT,
            "weight": VECTOR_WEIGHT,
            "limit": limit,
        }
        hits = await self._reader.found(search, filters.groups)
        if len(hits) < limit and _narrows(filters) and retrieved < self._scope_scan:
            # A short page under a filter may be the filter starving the candidates: the
            # graph's nearest and best may all fail it (a person's one decision on a subject
            # others decided fifty times). Ask again with SCOPE_SCAN candidates from each.
            search["k"] = search["scan"] = self._scope_scan
            hits = await self._reader.found(search, filters.groups)
        return [SearchHit(record, float(found["score"]), tuple(sorted(set(found["by"])))) for record, found in hits]


def fulltext_weights(row: Row | None, weight: float = FULLTEXT_WEIGHT) -> dict[str, float]:
    """Each full-text hit's share of the fused score: ``weight`` x its score over the best.

    Lucene scores are not comparable between questions; over the best one they are, and the
    cosine they are added to lies in [-1, 1] whatever the question. The search computes the
    same in ``decisions_by_ids``; the evaluation replays fusion with this for other weights.
    """
    if row is None or not row["ids"]:
        return {}
    best = max(row["scores"]) or 1.0
    weights: dict[str, float] = {}
    for decision_id, score in zip(row["ids"], row["scores"], strict=True):
        weights.setdefault(decision_id, weight * score / best)
    return weights


def fulltext_params(text: str, k: int, filters: DecisionFilter, scope_scan: int = SCOPE_SCAN) -> dict[str, object]:
    """Parameters of ``search_retrieve_fulltext`` (the full-text retrieval on its own, as the
    evaluation replays it): within a session or series, the index's best ``scope_scan`` hits
    are kept to it before the best ``k`` are taken."""
    return {"text": text, "k": k, "scan": _scan(k, filters, scope_scan), "session": filters.session, "series": filters.series}


def _scan(k: int, filters: DecisionFilter, scope_scan: int) -> int:
    """How many full-text hits are read before the best ``k`` in scope are taken."""
    scoped = filters.session is not None or filters.series is not None
    return max(k, scope_scan) if scoped else k


def _narrows(filters: DecisionFilter) -> bool:
    """Whether a filter other than history, access groups or a session/series scope (whose
    decisions are retrieved as a scope already) may leave out the nearest candidates."""
    return any((filters.statuses, filters.tags, filters.tags_all, filters.stakeholder, filters.since, filters.until,
                filters.path_prefix, filters.feature, filters.source, filters.text))


def candidates(limit: int, filters: DecisionFilter = DecisionFilter()) -> int:
    """How many candidates each retriever brings, first, for a page of ``limit`` under ``filters``."""
    if _narrows(filters):
        return max(limit * FILTERED_FACTOR, FILTERED_MIN)
    return max(limit * RETRIEVE_FACTOR, RETRIEVE_MIN)
