"""Record a decision by hand (seed 002's ``record``), with its recording-quality score."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TypedDict

from api.usecases.ingest import ingest_conversation
from api.usecases.json_shape import DecisionJson, decision_record_json
from api.usecases.services import Services
from graph.records import DecisionRecord
from nlp.describe import abstract_pattern
from nlp.quality import Quality, Reason, recording_quality
from nlp.schema import Conversation, ExtractedAlternative, ExtractedDecision, ExtractedStakeholder, Message, handle_for


@dataclass(frozen=True)
class RecordRequest:
    """What ``record`` takes: seed 002's fields and seed 000's."""

    decision: str
    confidence: float | None = None
    category: str | None = None
    stakes: str | None = None
    tags: tuple[str, ...] = ()
    pattern: str | None = None
    reasons: tuple[str, ...] = ()
    context: str | None = None
    project: str | None = None
    structure: str | None = None
    function: str | None = None
    inputs: tuple[str, ...] = ()
    alternatives: tuple[str, ...] = ()
    stakeholders: tuple[str, ...] = ()
    decision_maker: str | None = None
    files: tuple[str, ...] = ()
    decided_at: datetime | None = None
    session_id: str = "manual"
    access_groups: tuple[str, ...] = ()
    extra_tags: tuple[str, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Recorded:
    """The decision as stored, and seed 002's recording-quality score of what was given."""

    record: DecisionRecord
    quality: Quality


class QualityJson(TypedDict):
    score: float
    suggestions: list[str]


class RecordedDecisionJson(DecisionJson):
    """The Python API's answer: the decision as stored with ``quality_report`` beside its fields."""

    quality_report: QualityJson


class RecordedJson(TypedDict):
    decision: DecisionJson
    quality: QualityJson


def recorded_json(recorded: Recorded) -> RecordedJson:
    """``{"decision": {...}, "quality": {"score", "suggestions"}}``: what ``record --json`` and MCP answer."""
    return {"decision": decision_record_json(recorded.record), "quality": quality_json(recorded.quality)}


def quality_json(quality: Quality) -> QualityJson:
    return {"score": quality.score, "suggestions": list(quality.suggestions)}


async def record_decision(services: Services, request: RecordRequest) -> Recorded:
    """Store the decision; returns it as stored, with its recording-quality score."""
    if not request.decision.strip():
        raise ValueError("a decision needs its text")
    reasons = [Reason.parse(r) for r in request.reasons]
    quality = recording_quality(
        request.decision, pattern=request.pattern, tags=request.tags, reasons=reasons,
        explicit_bridge=bool(request.structure or request.function), context=request.context,
        project=request.project, inputs=request.inputs,
    )
    # Without a pattern, the rule-based abstraction is stored as a candidate; the quality
    # score still asks for an explicit one, as seed 002 does.
    pattern = request.pattern or await services.ingest.off_loop(
        lambda: abstract_pattern(services.ingest.pipeline.language.nlp(request.decision))
    )
    tags = [*request.tags, *([f"stakes:{request.stakes}"] if request.stakes else []), *request.extra_tags]
    if request.project:
        tags.append(f"project:{request.project}")
    when = request.decided_at or datetime.now(UTC)
    handle = handle_for(request.decision_maker) if request.decision_maker else None
    note = Message(id=f"{request.session_id}#{when.isoformat()}", seq=0, author=handle, content=request.decision, timestamp=when)
    rationale = "; ".join(f"{r.type}: {r.text}" if r.type != "unspecified" else r.text for r in reasons) or None
    bridge = " / ".join(part for part in (request.structure, request.function) if part)
    extracted = ExtractedDecision(
        summary=request.decision.strip(), context=request.context, rationale=rationale,
        alternatives=tuple(ExtractedAlternative(option=o) for o in request.alternatives),
        stakeholders=tuple(ExtractedStakeholder(handle=handle_for(h), role="participant") for h in request.stakeholders),
        decision_maker=handle, related_code=request.files, tags=tuple(dict.fromkeys(tags)),
        keywords=tuple(request.tags), pattern=pattern if not bridge else f"{pattern} | {bridge}" if pattern else bridge,
        category=request.category, confidence=request.confidence if request.confidence is not None else 1.0,
        quality=quality.score, decided_at=when, messages=(0,),
    )
    conversation = Conversation(session_id=request.session_id, source_format="manual", messages=(note,))
    report = await ingest_conversation(
        conversation, services.ingest, decisions=[extracted], source="manual", access_groups=request.access_groups
    )
    return Recorded(await services.reader.decision(report.decision_ids[0]), quality)

