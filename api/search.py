"""Search as every face uses it: question → filters and terms → hybrid search → hits."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from api.events import SEARCHED
from api.json_shape import decision_record_json
from api.services import Services
from api.settings import JournalSettings
from graph.search import SearchFilters
from nlp.question import parse_question


async def search_hits(
    services: Services,
    question: str,
    filters: SearchFilters = SearchFilters(),
    limit: int = 10,
    journal: JournalSettings = JournalSettings(),
) -> list[dict[str, Any]]:
    """``[{"decision": {...}, "score", "retrievers": [...]}]``, best first.

    Stakeholders and dates named in the question become filters (unless the caller set
    them, or the seed-000 switches turn that off); the rest is searched as text and by meaning.
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
    embedding = embedder.embed([parsed.text])[0] if embedder and parsed.text else None
    hits = await services.search.search(parsed.text, embedding, merged, limit)
    records = {r.id: r for r in await services.reader.decisions([hit.id for hit in hits])}
    result = [
        {"decision": decision_record_json(records[hit.id]), "score": round(hit.score, 6), "retrievers": list(hit.retrievers)}
        for hit in hits
        if hit.id in records
    ]
    await services.events.emit(SEARCHED, {"query": question, "result_count": len(result)})
    return result
