"""Drafts and their review, as every face does it: list the queue, confirm a draft (it becomes
a decision, linked as ingest would have linked it), reject one (it leaves a label behind), and
read the labels back for training."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from pydantic import ValidationError

from api.usecases.events import EXTRACTED, INDEXED
from api.usecases.ingest import IngestReport, embed_decisions, relate_decision
from api.usecases.json_shape import DecisionJson, decision_record_json
from api.usecases.requests import Caller
from api.usecases.services import Services
from graph.errors import DraftNotFound
from graph.executor import QueryExecutor
from graph.filters import DRAFT_STATUS, DecisionFilter
from graph.listing import DecisionOrder
from graph.messages import session_transcript
from graph.records import DecisionRecord
from graph.review import CONFIRMED, REJECTED, Draft, DraftReview, ReviewLabel, Verdict
from graph.writer import DecisionInput, StatedPath, read_proposal
from nlp.detector_features import kind_of
from nlp.schema import UNSCOPED_REPOSITORY, Conversation, ExtractedDecision, Message, Span
from nlp.subject_match import subject_key

CONFIRMED_STATUS = "active"
"""What a confirmed draft becomes: a decision in force, as ingest stores a sure detection."""


@dataclass(frozen=True)
class DraftPage:
    """One page of the review queue (drafts as records, status ``candidate``) and how many
    drafts await review in all."""

    drafts: list[DecisionRecord]
    total: int
    listed: int
    """How many ids the page held (a draft reviewed meanwhile is read as gone)."""


@dataclass(frozen=True)
class Confirmation:
    """The decision a confirmed draft became, and the earlier decisions it was linked to."""

    record: DecisionRecord
    superseded: int
    revisited: int


async def list_drafts(
    services: Services, session: str | None = None, groups: tuple[str, ...] | None = None, offset: int = 0,
    limit: int = 20,
) -> DraftPage:
    """Drafts awaiting review, in one session or all, that ``groups`` may see, oldest first.
    Each record's ``stated_in`` is its unit of messages, the anchor marked."""
    where = DecisionFilter(session=session, statuses=(DRAFT_STATUS,), include_drafts=True, groups=groups)
    page = await services.listing.page(where, DecisionOrder.OLDEST, offset, limit)
    return DraftPage(await services.reader.decisions(page.ids, groups, drafts=True), page.total, len(page.ids))


async def confirm_draft(
    services: Services, draft_id: str, reviewer: Caller, summary: str | None = None
) -> Confirmation:
    """Make a draft a decision, with ``summary`` as its sentence when given (edited), and
    link it as ingest would have: the files, features, people, options and tags its
    extraction named, its vectors (search), and the earlier decision on its subject it
    supersedes or revisits. Events fire as for a new decision; the verdict is kept as a label,
    which also keeps a later ingest of the same input from rewriting it.

    Raises:
        DraftNotFound: No draft awaiting review has this id within the reviewer's groups.
    """
    review = DraftReview(services.executor)
    draft = await review.draft(draft_id, reviewer.groups)
    if draft is None:
        raise DraftNotFound(draft_id)
    sentence = (summary or "").strip() or draft.summary
    conversation = await _conversation(services.executor, draft)
    proposed, paths = _proposal(draft)
    decision = proposed.model_copy(update={
        "summary": sentence, "status": CONFIRMED_STATUS,
        # The unit as stored: positions in the session, the anchor's span kept.
        "messages": tuple(m.seq for m in draft.unit),
        "spans": tuple(Span(seq=m.seq, start=m.start, end=m.end) for m in draft.unit
                       if m.anchor and m.start is not None and m.end is not None),
    })
    ingest = services.ingest
    vectors, weighed = await ingest.off_loop(embed_decisions, [decision], ingest.embedder)
    item = DecisionInput(
        id=draft.id, decision=decision, message_ids=tuple(m.id for m in draft.unit), embedding=vectors[0],
        alternatives_embedding=weighed[0], source=draft.source or "conversation", source_path=draft.source_path,
        subject_key=subject_key(decision.subject, decision.summary), paths=paths,
    )
    if ingest.people is not None:
        await ingest.aliases.apply(ingest.people)
    await ingest.events.emit(EXTRACTED, {"decision_id": item.id, "decision_summary": sentence})
    if not await ingest.writer.write_decisions(draft.session.id, [item], draft.repository or UNSCOPED_REPOSITORY):
        raise DraftNotFound(draft_id)  # reviewed meanwhile
    await ingest.events.emit(INDEXED, {"decision_id": item.id})
    linked = IngestReport(draft.session.id)
    if ingest.detect_evolution:
        first = min((m.seq for m in draft.unit), default=0)
        later = await review.stated_after(draft.session.id, first)
        spoken = kind_of(conversation) == "spoken"
        await relate_decision(item, conversation, spoken, draft.access_groups, ingest, later, linked, draft.repository)
    await review.keep_confirmation(draft.id, _verdict(CONFIRMED, draft, conversation, reviewer, sentence, None))
    record = await services.reader.decision(draft.id, reviewer.groups)
    return Confirmation(record, linked.superseded, linked.revisited)


async def reject_draft(services: Services, draft_id: str, reviewer: Caller, reason: str | None = None) -> Verdict:
    """Remove a draft from the graph (its messages stay) and keep the verdict as a label; a
    later ingest of the same input does not bring it back.

    Raises:
        DraftNotFound: No draft awaiting review has this id within the reviewer's groups.
    """
    review = DraftReview(services.executor)
    draft = await review.draft(draft_id, reviewer.groups)
    if draft is None:
        raise DraftNotFound(draft_id)
    conversation = await _conversation(services.executor, draft)
    verdict = _verdict(REJECTED, draft, conversation, reviewer, None, (reason or "").strip() or None)
    if not await review.reject(draft.id, verdict):
        raise DraftNotFound(draft_id)  # reviewed meanwhile
    return verdict


async def review_labels(executor: QueryExecutor, groups: tuple[str, ...] | None = None) -> list[ReviewLabel]:
    """Every confirmation and rejection a team made, oldest first, as training data: the
    verdict, the sentence, the unit's texts with the anchor's position, and the source's
    format, kind, series and session (what training weighs a label by)."""
    return await DraftReview(executor).labels(groups)


class UnitMessageJson(TypedDict):
    seq: int  # 0-based, as stored (the shared shape's ``source.messages``)
    number: int  # 1-based, as people read it: ``review`` prints it, the web page's ``?m=`` takes it
    author: str | None
    content: str | None
    anchor: bool


class DraftJson(DecisionJson):
    """A draft in the shared decision shape (status ``candidate``) with its unit of messages."""

    unit: list[UnitMessageJson]


def draft_json(record: DecisionRecord) -> DraftJson:
    """A draft as ``review --json`` and MCP show it: the shared shape plus its unit, the
    anchor (the message whose sentence it is) marked."""
    unit: list[UnitMessageJson] = [
        {"seq": m.seq, "number": m.seq + 1, "author": m.author, "content": m.content, "anchor": m.anchor}
        for m in record.stated_in
    ]
    return {**decision_record_json(record), "unit": unit}


async def _conversation(executor: QueryExecutor, draft: Draft) -> Conversation:
    """The draft's conversation as stored: what relating it and weighing its label read."""
    found = await session_transcript(executor, draft.session.id)
    messages = found.messages if found is not None else ()
    return Conversation(
        session_id=draft.session.id, source_format=draft.session.source or "unknown", title=draft.session.title,
        series=draft.session.series,
        messages=tuple(
            Message(id=m.id, seq=m.seq, author=m.author, role=m.role, content=m.content or "", timestamp=m.timestamp)
            for m in messages
        ),
    )


def _proposal(draft: Draft) -> tuple[ExtractedDecision, tuple[StatedPath, ...] | None]:
    """The extraction detection proposed and the paths it names as ingest resolved them;
    only the evidence when none was kept with it."""
    if draft.proposal is not None:
        try:
            return read_proposal(draft.proposal)
        except (ValueError, ValidationError):
            pass  # written by another version: the evidence alone still makes a decision
    evidence = ExtractedDecision(
        summary=draft.summary, subject=draft.subject, confidence=draft.confidence or 0.0, decided_at=draft.decided_at,
    )
    return evidence, None


def _verdict(
    verdict: str, draft: Draft, conversation: Conversation, reviewer: Caller, summary: str | None, reason: str | None,
) -> Verdict:
    return Verdict(
        verdict=verdict, proposed=draft.summary, summary=summary, subject=draft.subject, confidence=draft.confidence,
        session_id=draft.session.id, source_format=draft.session.source, source_kind=kind_of(conversation),
        series=draft.session.series, message_ids=tuple(m.id for m in draft.unit),
        message_texts=tuple(m.content or "" for m in draft.unit), anchor=draft.anchor, reviewer=reviewer.name,
        reason=reason,
    )
