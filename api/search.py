"""Search as every face uses it: question → filters and terms → hybrid search → hits."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

from api.events import SEARCHED
from api.json_shape import decision_record_json
from api.services import Services
from api.settings import JournalSettings
from graph.filters import DecisionFilter
from graph.search import SearchHit
from nlp.embedding import Embedder
from nlp.question import parse_question


async def find_decisions(
    services: Services,
    question: str,
    filters: DecisionFilter = DecisionFilter(),
    limit: int = 10,
    journal: JournalSettings = JournalSettings(),
) -> list[SearchHit]:
    """The decisions that answer ``question``, best first.

    Stakeholders and dates named in the question become filters (unless the caller set
    them, or the seed-000 switches turn that off); the rest is searched as text and by
    meaning. Only decisions visible to ``filters.groups`` are found.
    """
    parsed = parse_question(
        question, temporal=journal.enable_temporal_queries, stakeholders=journal.enable_stakeholder_queries
    )
    merged = replace(
        filters,
        stakeholder=filters.stakeholder or parsed.stakeholder,
        since=filters.since or parsed.since,
        until=filters.until or parsed.until,
    )
    embedder = services.ingest.embedder
    # Inference runs in a worker thread (onnxruntime releases the GIL), so one search's
    # embedding holds up neither other requests nor this search's full-text query.
    embedding = _embed(embedder, parsed.sentence) if embedder and parsed.text else None
    hits = await services.search.search(parsed.text, embedding, merged, limit)
    found = [replace(hit, score=round(hit.score, 6)) for hit in hits]
    await services.events.emit(SEARCHED, {"query": question, "result_count": len(found)})
    return found


async def _embed(embedder: Embedder, sentence: str) -> list[float]:
    return (await asyncio.to_thread(embedder.embed, [sentence]))[0]


async def search_hits(
    services: Services,
    question: str,
    filters: DecisionFilter = DecisionFilter(),
    limit: int = 10,
    journal: JournalSettings = JournalSettings(),
) -> list[dict[str, Any]]:
    """``[{"decision": {...}, "score", "retrievers": [...]}]``, best first (see ``find_decisions``)."""
    return [
        {"decision": decision_record_json(f.record), "score": f.score, "retrievers": list(f.retrievers)}
        for f in await find_decisions(services, question, filters, limit, journal)
    ]
