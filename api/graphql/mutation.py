"""The write side of the GraphQL schema: the same services the CLI and Python API use."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime

import strawberry

from api.graphql.context import Info, RequestContext
from api.graphql.inputs import RecordDecisionInput
from api.graphql.results import (
    Forbidden,
    IngestResult,
    IngestSuccess,
    LinkResult,
    LinkSuccess,
    NotFound,
    RecordingQuality,
    RecordResult,
    RecordSuccess,
    ValidationError,
)
from api.graphql.review import ReviewMutation
from api.graphql.types import Decision
from api.usecases.evolution import mark_revisited, supersede_decision
from api.usecases.record import RecordRequest
from api.usecases.requests import InvalidRequest, Refused, SourceRequest
from api.usecases.services import Services
from graph.errors import DecisionNotFound
from nlp.errors import NlpError

MAX_INGEST_CHARS = 10_000_000
"""A larger conversation is refused rather than tying up a worker; the CLI takes files of any size."""
REVISIT_OUTCOMES = ("kept", "changed", "reversed", "deferred")


@strawberry.type
class Mutation(ReviewMutation):
    @strawberry.mutation(description="Detect, extract, store and relate the decisions of one conversation (idempotent). `format`: auto, transcript, chat-jsonl, slack, qmsum, markdown, claude-code, codex, aider, specstory or decision-doc. `date` dates the messages that carry no time of their own (over a date the content states); `series` names the series of meetings the session belongs to. `drafts`: every detection is stored as a draft to confirm (`drafts`, `confirmDecision`), whatever its kind and confidence, for a source whose detections are not trusted yet; the session remembers it, so an ingest that leaves `drafts` out (null) stores what it finds as drafts again (`draftsOnly`), and `drafts: false` stores the sure detections as decisions (remembered too).")
    async def ingest(
        self, info: Info, session: str, content: str, format: str = "auto", access_groups: list[str] | None = None,
        date: datetime | None = None, series: str | None = None, drafts: bool | None = None,
    ) -> IngestResult:
        context = info.context
        if refused := _unless_writer(context, "ingest"):
            return refused
        if len(content) > MAX_INGEST_CHARS:
            return ValidationError(message=f"content is over {MAX_INGEST_CHARS:,} characters; ingest it with the CLI", field="content")
        request = SourceRequest(text=content, session=session, fmt=format, date=date, series=series, access_groups=access_groups,
                                drafts=drafts)
        try:
            report = await context.journal.ingest(request)
        except Refused as exc:
            return Forbidden(message=str(exc))
        except InvalidRequest as exc:
            return ValidationError(message=str(exc), field=exc.field)
        except NlpError as exc:
            return ValidationError(message=str(exc), field="content")
        return IngestSuccess(
            session=report.session_id, messages_read=report.messages_read, new_messages=report.new_messages,
            decisions_found=report.decisions_found, new_decisions=report.new_decisions, drafts=report.drafts,
            drafts_only=report.drafts_only, superseded=report.superseded, revisited=report.revisited,
            decisions=[Decision.of(r) for r in await context.load_decisions(report.decision_ids)],
            warnings=report.warnings, date=report.date, date_from=report.date_from, series=report.series,
        )

    @strawberry.mutation(description="Record a decision by hand; returns it with seed 002's quality score and suggestions.")
    async def record_decision(self, info: Info, input: RecordDecisionInput) -> RecordResult:
        context = info.context
        if refused := _unless_writer(context, "recordDecision"):
            return refused
        if not input.decision.strip():
            return ValidationError(message="a decision needs its text", field="decision")
        request = RecordRequest(
            decision=input.decision, confidence=input.confidence, category=input.category, stakes=input.stakes,
            tags=tuple(input.tags), pattern=input.pattern, reasons=tuple(input.reasons), context=input.context,
            project=input.project, structure=input.structure, function=input.function,
            alternatives=tuple(input.alternatives), stakeholders=tuple(input.stakeholders),
            decision_maker=input.decision_maker, files=tuple(input.files), decided_at=input.decided_at,
        )
        try:
            recorded = await context.journal.record(request, input.access_groups)
        except Refused as exc:
            return Forbidden(message=str(exc))
        except InvalidRequest as exc:
            return ValidationError(message=str(exc), field=exc.field)
        except ValueError as exc:
            return ValidationError(message=str(exc))
        # The caller reads it: the facade only gives a session groups the caller reads.
        quality = recorded.quality
        return RecordSuccess(decision=Decision.of(recorded.record), quality=RecordingQuality(score=quality.score, suggestions=list(quality.suggestions)))

    @strawberry.mutation(description="Mark decision `id` as superseded by the newer decision `supersededBy`; history is kept.")
    async def supersede(
        self, info: Info, id: strawberry.ID, superseded_by: strawberry.ID, reason: str | None = None, partial: bool = False,
    ) -> LinkResult:
        return await _link(
            info.context, str(id), str(superseded_by),
            lambda services: supersede_decision(services, str(id), str(superseded_by), reason, partial),
        )

    @strawberry.mutation(description="Record that the newer decision `revisitedBy` reconsidered decision `id`; `outcome`: kept, changed, reversed or deferred.")
    async def mark_revisited(
        self, info: Info, id: strawberry.ID, revisited_by: strawberry.ID, reason: str | None = None, outcome: str = "kept",
    ) -> LinkResult:
        if refused := _unless_writer(info.context, "markRevisited"):
            return refused  # before any validation: callers without the scope learn nothing
        if outcome not in REVISIT_OUTCOMES:
            return ValidationError(message=f"outcome must be one of {', '.join(REVISIT_OUTCOMES)}", field="outcome")
        return await _link(
            info.context, str(id), str(revisited_by),
            lambda services: mark_revisited(services, str(id), str(revisited_by), reason, outcome),
        )


def _unless_writer(context: RequestContext, what: str) -> Forbidden | None:
    if context.principal.can("write"):
        return None
    return Forbidden(message=f"{what} needs a token with the write scope", required_scope="write")


async def _link(
    context: RequestContext, old_id: str, new_id: str, write: Callable[[Services], Awaitable[None]]
) -> LinkSuccess | NotFound | ValidationError | Forbidden:
    """Check the caller may link two decisions it can see, link them, return both."""
    if refused := _unless_writer(context, "linking decisions"):
        return refused
    if old_id == new_id:
        return ValidationError(message="a decision cannot supersede or revisit itself", field="id")
    for decision_id in (old_id, new_id):
        if await context.decisions.load(decision_id) is None:
            return NotFound(message=f"no decision {decision_id}", id=strawberry.ID(decision_id))
    try:
        await write(context.services)
    except DecisionNotFound as exc:
        return NotFound(message=str(exc), id=strawberry.ID(old_id))
    context.decisions.clear_many([old_id, new_id])
    old, new = await context.decisions.load_many([old_id, new_id])
    assert old is not None and new is not None  # both were visible a moment ago
    return LinkSuccess(decision=Decision.of(old), by=Decision.of(new))
