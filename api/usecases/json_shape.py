"""DESIGN.md's one JSON shape for a decision, used by every ``--json`` output.

The shape is typed once here (TypedDicts: plain JSON-ready dicts at run time, checked by
mypy); the CLI, the Python API, MCP, export and backup all build it with these functions.
"""

from __future__ import annotations

from datetime import datetime
from typing import TypedDict

from graph.commits import CommitRecord
from graph.records import AlternativeRecord, DecisionChain, DecisionRecord, SessionRecord, StakeholderRecord
from nlp.ids import decision_id
from nlp.schema import Conversation, ExtractedDecision


class SourceJson(TypedDict):
    kind: str | None
    session: str | None
    series: str | None
    messages: list[int]
    path: str | None


class AlternativeJson(TypedDict):
    option: str
    pros: list[str]
    cons: list[str]
    why_not_chosen: str | None


class TradeOffsJson(TypedDict):
    pros: list[str]
    cons: list[str]
    risks: list[str]
    assumptions: list[str]


class StakeholderJson(TypedDict):
    handle: str
    name: str | None
    role: str | None


class CodeLinkJson(TypedDict):
    repository: str
    path: str
    via: str
    inferred: bool
    confidence: float | None
    evidence: str | None


class DecisionJson(TypedDict):
    id: str
    subject: str | None
    summary: str
    context: str | None
    rationale: str | None
    status: str
    status_text: str | None
    decided_at: str | None
    recorded_at: str | None
    superseded_at: str | None
    confidence: float | None
    origin: str | None
    pattern: str | None
    category: str | None
    reversibility: str | None
    impact: str | None
    quality: float | None
    tags: list[str]
    keywords: list[str]
    source: SourceJson
    alternatives: list[AlternativeJson]
    trade_offs: TradeOffsJson
    stakeholders: list[StakeholderJson]
    decision_maker: str | None
    files: list[str]
    code: list[CodeLinkJson]
    features: list[str]
    supersedes: list[str]
    superseded_by: list[str]
    revisits: list[str]
    revisited_by: list[str]
    amends: list[str]
    amended_by: list[str]


# "from" is a Python keyword, hence the functional form.
ChainLinkJson = TypedDict("ChainLinkJson", {
    "type": str, "from": str, "to": str, "at": str | None, "reason": str | None, "partial": bool | None,
    "outcome": str | None, "inferred": bool | None, "confidence": float | None,
})


class ChainJson(TypedDict):
    original: DecisionJson
    revisions: list[DecisionJson]
    current: DecisionJson
    branches: list[DecisionJson]
    links: list[ChainLinkJson]


class CommitJson(TypedDict):
    sha: str
    author: str | None
    date: str | None
    subject: str
    message: str
    how: list[str]
    files: list[str]


def extracted_decision_json(decision: ExtractedDecision, conversation: Conversation, kind: str = "conversation") -> DecisionJson:
    """A decision found by ``nlp`` (not stored) in the shared JSON shape: the same builder
    as for stored decisions, so the two can never drift apart."""
    return decision_record_json(_as_record(decision, conversation, kind))


def _as_record(decision: ExtractedDecision, conversation: Conversation, kind: str) -> DecisionRecord:
    ids = [conversation.messages[seq].id for seq in decision.messages]
    return DecisionRecord(
        id=decision_id(conversation.session_id, ids, decision.summary), summary=decision.summary, subject=decision.subject,
        context=decision.context, rationale=decision.rationale, status=decision.status,
        decided_at=decision.decided_at, recorded_at=None, superseded_at=None, confidence=decision.confidence,
        origin=decision.origin, source=kind, source_path=conversation.path, session=conversation.session_id,
        messages=decision.messages, tags=decision.tags, keywords=decision.keywords, pattern=decision.pattern,
        category=decision.category, reversibility=decision.reversibility, impact=decision.impact,
        quality=decision.quality, pros=decision.trade_offs.pros, cons=decision.trade_offs.cons,
        risks=decision.trade_offs.risks, assumptions=decision.trade_offs.assumptions,
        alternatives=tuple(AlternativeRecord(a.option, a.pros, a.cons, a.why_not_chosen) for a in decision.alternatives),
        stakeholders=tuple(StakeholderRecord(p.handle, p.name, p.role) for p in decision.stakeholders),
        decision_maker=decision.decision_maker, files=decision.related_code, features=decision.related_features,
        supersedes=(), superseded_by=(), revisits=(), revisited_by=(), status_text=decision.status_text,
        session_info=SessionRecord(
            conversation.session_id, conversation.title, conversation.source_format, conversation.date, conversation.series,
        ),
    )


def decision_record_json(record: DecisionRecord) -> DecisionJson:
    """A stored decision in the shared JSON shape."""
    return {
        "id": record.id,
        "subject": record.subject,
        "summary": record.summary,
        "context": record.context,
        "rationale": record.rationale,
        "status": record.status,
        "status_text": record.status_text,
        "decided_at": _iso(record.decided_at),
        "recorded_at": _iso(record.recorded_at),
        "superseded_at": _iso(record.superseded_at),
        "confidence": record.confidence,
        "origin": record.origin,
        "pattern": record.pattern,
        "category": record.category,
        "reversibility": record.reversibility,
        "impact": record.impact,
        "quality": record.quality,
        "tags": list(record.tags),
        "keywords": list(record.keywords),
        "source": {
            "kind": record.source,
            "session": record.session,
            "series": record.session_info.series if record.session_info else None,
            "messages": list(record.messages),
            "path": record.source_path,
        },
        "alternatives": [
            {"option": a.option, "pros": list(a.pros), "cons": list(a.cons), "why_not_chosen": a.why_not_chosen}
            for a in record.alternatives
        ],
        "trade_offs": {
            "pros": list(record.pros), "cons": list(record.cons), "risks": list(record.risks),
            "assumptions": list(record.assumptions),
        },
        "stakeholders": [{"handle": s.handle, "name": s.name, "role": s.role} for s in record.stakeholders],
        "decision_maker": record.decision_maker,
        "files": list(record.files),
        "code": [
            {"repository": c.repository, "path": c.path, "via": c.via, "inferred": c.inferred,
             "confidence": c.confidence, "evidence": c.evidence}
            for c in record.code
        ],
        "features": list(record.features),
        "supersedes": list(record.supersedes),
        "superseded_by": list(record.superseded_by),
        "revisits": list(record.revisits),
        "revisited_by": list(record.revisited_by),
        "amends": list(record.amends),
        "amended_by": list(record.amended_by),
    }


def chain_json(chain: DecisionChain) -> ChainJson:
    """A chain: ``{"original", "revisions", "current", "branches", "links"}``."""
    return {
        "original": decision_record_json(chain.original),
        "revisions": [decision_record_json(r) for r in chain.revisions],
        "current": decision_record_json(chain.current),
        "branches": [decision_record_json(b) for b in chain.branches],
        "links": [
            {"type": link.type, "from": link.source, "to": link.target, "at": _iso(link.at), "reason": link.reason,
             "partial": link.partial, "outcome": link.outcome, "inferred": link.inferred, "confidence": link.confidence}
            for link in chain.links
        ],
    }


def commit_json(commit: CommitRecord) -> CommitJson:
    """A commit that followed a decision (``ingest-git``)."""
    return {"sha": commit.sha, "author": commit.author, "date": _iso(commit.date), "subject": commit.subject,
            "message": commit.message, "how": list(commit.how), "files": list(commit.files)}


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value else None
