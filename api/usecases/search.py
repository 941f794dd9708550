"""Search, the one entry point every face reaches through the journal facade: question →
filters and terms → hybrid search → hits; and the JSON shape of its answer."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypedDict

from api.settings import JournalSettings
from api.usecases.events import SEARCHED
from api.usecases.json_shape import DecisionJson, decision_record_json
from api.usecases.services import Services
from graph.filters import DecisionFilter
from graph.search import SearchHit
from nlp.question import parse_question


@dataclass(frozen=True)
class SearchOutcome:
    """A search's hits and what it read from the question as filters: kept, or dropped
    because with them nothing matched."""

    hits: list[SearchHit]
    filters_applied: tuple[str, ...] = ()
    filters_dropped: tuple[str, ...] = ()


async def search_decisions(
    services: Services,
    question: str,
    filters: DecisionFilter = DecisionFilter(),
    limit: int = 10,
    journal: JournalSettings = JournalSettings(),
) -> SearchOutcome:
    """The decisions that answer ``question``, best first.

    Stakeholders and dates named in the question become filters (unless the caller set
    them, or the seed-000 switches turn that off); the rest is searched as text and by
    meaning. A filter read from the question is a hint, not a wall: when with it nothing
    matches, the search runs without it and says so (``filters_dropped``); filters the caller
    set are always kept. Only decisions visible to ``filters.groups`` are found.
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
    # What the question added: the filters the caller did not set itself.
    named = inferred_filters(DecisionFilter(
        stakeholder=None if filters.stakeholder else parsed.stakeholder,
        since=None if filters.since else parsed.since,
        until=None if filters.until else parsed.until,
    ))
    questions = services.questions
    # Inference runs in a worker thread (onnxruntime releases the GIL), batched with the
    # questions of concurrent searches, so one search's embedding holds up no other request.
    # The search then retrieves, fuses and reads in one round trip.
    embedding = await questions.embed(parsed.sentence) if questions and parsed.text else None
    hits = await services.search.search(parsed.text, embedding, merged, limit)
    dropped: tuple[str, ...] = ()
    if not hits and named and parsed.text:
        hits = await services.search.search(parsed.text, embedding, filters, limit)
        dropped = named if hits else ()
    found = [replace(hit, score=round(hit.score, 6)) for hit in hits]
    await services.events.emit(SEARCHED, {"query": question, "result_count": len(found)})
    return SearchOutcome(found, () if dropped else named, dropped)


def inferred_filters(inferred: DecisionFilter) -> tuple[str, ...]:
    """``("stakeholder=@alice", "since=2024-04-01")``: the filters read from a question."""
    named = []
    if inferred.stakeholder:
        named.append(f"stakeholder={inferred.stakeholder}")
    if inferred.since:
        named.append(f"since={inferred.since.date().isoformat()}")
    if inferred.until:
        named.append(f"until={inferred.until.date().isoformat()}")
    return tuple(named)


class SearchHitJson(TypedDict):
    decision: DecisionJson
    score: float
    retrievers: list[str]


class SearchJson(TypedDict):
    hits: list[SearchHitJson]
    filters_applied: list[str]
    filters_dropped: list[str]


def hits_json(hits: list[SearchHit]) -> list[SearchHitJson]:
    """``[{"decision": {...}, "score", "retrievers": [...]}]``: search hits in the shared decision shape."""
    return [{"decision": decision_record_json(f.record), "score": f.score, "retrievers": list(f.retrievers)} for f in hits]


def outcome_json(outcome: SearchOutcome) -> SearchJson:
    """``{"hits": [...], "filters_applied": [...], "filters_dropped": [...]}``."""
    return {"hits": hits_json(outcome.hits), "filters_applied": list(outcome.filters_applied),
            "filters_dropped": list(outcome.filters_dropped)}
