"""The one place where conversation → nlp → graph is wired (CLI, Python API, GraphQL)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING, ParamSpec, TypeVar

from api.usecases.events import DETECTED, EXTRACTED, INDEXED, SUPERSEDED, EventBus
from api.usecases.in_repository import InRepository
from api.usecases.re_read import kept_on_re_read, messages_to_detect
from api.usecases.session_edits import session_paths, session_repository, states_context, store_session_edits
from graph.evolution import Candidate, EvolutionStore, Link
from graph.executor import QueryExecutor
from graph.filters import DRAFT_STATUS
from graph.people import ConfiguredAliases, People
from graph.session_drafts import remember_drafts_only, remembered_drafts_only
from graph.writer import DecisionInput, DecisionWriter, StatedPath
from nlp.detector_features import kind_of
from nlp.embedding import Embedder, alternatives_text, embedding_text
from nlp.evolution import Relation, Stated, classify_relation
from nlp.gazetteer import TECHNOLOGIES
from nlp.ids import stored_decision_id
from nlp.llm.relations import RelationJudge
from nlp.readers import read_conversation_text, read_decisions_text
from nlp.repository import portable_path
from nlp.schema import CANDIDATE, UNSCOPED_REPOSITORY, Conversation, ExtractedDecision
from nlp.session_paths import is_machine_path
from nlp.subject_match import series_words, subject_key

if TYPE_CHECKING:  # it imports spaCy; the pipeline itself is built on first use (services.py)
    from nlp.pipeline import Pipeline

DRAFTS_KEPT = "drafts only, as this conversation was ingested before (--no-drafts to store its sure detections as decisions)"
"""What an ingest says when it stored drafts only because an earlier one asked for them."""
_TECH_NAMES = frozenset(canonical for canonical, _ in TECHNOLOGIES.values())
Progress = Callable[[str], None]
_P = ParamSpec("_P")
_T = TypeVar("_T")


@dataclass(frozen=True)
class IngestServices:
    """What ingestion needs, built once by the caller (CLI, app lifespan, DecisionJournal)."""

    pipeline: Pipeline
    embedder: Embedder | None
    writer: DecisionWriter
    evolution: EvolutionStore
    events: EventBus
    executor: QueryExecutor
    """For what a coding-assistant session states about itself (its repository, branch,
    times and edited files: ``session_edits``)."""
    detect_evolution: bool = True
    auto_detect: bool = True
    relation_judge: RelationJudge | None = None
    people: People | None = None
    aliases: ConfiguredAliases = field(default_factory=ConfiguredAliases)
    """``[people.aliases]``, merged before the first decisions are stored."""
    drafts_only: bool | None = None
    """True: every detection is stored as a draft for a person to confirm, whatever its kind
    and confidence (``ingest --drafts``), for a source whose detections are not trusted yet;
    False: sure detections are decisions (``--no-drafts``). Either choice is remembered on the
    session; None (no choice) stores them as the session's last choice said, else as
    decisions. Decisions a document states (ADRs) are not detections and stay decisions."""
    nlp_lock: threading.Lock = field(default_factory=threading.Lock, compare=False, repr=False)
    """One piece of NLP work at a time: spaCy's pipeline (with its Python tokenizer hook) is
    not documented as safe to share between threads. LLM requests do not hold it: they are
    awaited on the loop."""

    async def off_loop(self, work: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> _T:
        """Run CPU-bound NLP work (spaCy, the detector, the embedder) in a worker thread, so
        that the server's event loop keeps answering other requests meanwhile."""

        def locked() -> _T:
            with self.nlp_lock:
                return work(*args, **kwargs)

        return await asyncio.to_thread(locked)

    def drafting(self, drafts_only: bool | None = True) -> IngestServices:
        """These services with ``drafts_only`` chosen (by default: every detection a draft);
        the same pipeline, embedder and NLP lock, so nothing is loaded twice."""
        return replace(self, drafts_only=drafts_only)


@dataclass
class IngestReport:
    """What one ingest did."""

    session_id: str
    messages_read: int = 0
    new_messages: int = 0
    decisions_found: int = 0
    """Decisions found, drafts left out (``drafts``)."""
    new_decisions: int = 0
    linked_files: int = 0
    superseded: int = 0
    revisited: int = 0
    decision_ids: list[str] = field(default_factory=list)
    """Every decision and draft found, in the order found (a draft's id reads as unknown
    outside the review queue)."""
    drafts: int = 0
    """Detections stored as drafts to review (``status: candidate``), not as decisions."""
    draft_ids: list[str] = field(default_factory=list)
    drafts_only: bool = False
    """Every detection was stored as a draft: asked for, or kept from the session's earlier
    ingest (``drafts_remembered``)."""
    drafts_remembered: bool = False
    """Drafts only because an earlier ingest of the session asked for them and this one did
    not choose (``--no-drafts`` stores its sure detections as decisions)."""
    warnings: list[str] = field(default_factory=list)
    date: datetime | None = None
    date_from: str | None = None
    undated: bool = False
    series: str | None = None
    series_from: str | None = None
    repository: str | None = None
    """The key of the repository the session is about (``--repo``, or a session's own
    working directory), if any."""
    edit_links: int = 0
    """Links from its decisions to the files the session edited after them (``session_edit``)."""
    source_format: str | None = None
    """The format the file was read as (``transcript``, ``chat-jsonl``, ``markdown``, ``claude-code``,
    ``adr`` …): what the reader chose, or ``--format`` named."""
    kind: str | None = None
    """How detection reads it (``nlp.detector_features.kind_of``): ``spoken`` (a transcribed
    meeting, whose detections are drafts by default: ``draft_kinds``), ``chat``, ``notes`` or ``voting``."""


async def ingest_conversation(
    conversation: Conversation,
    services: IngestServices,
    *,
    decisions: Sequence[ExtractedDecision] | None = None,
    source: str = "conversation",
    access_groups: Sequence[str] = (),
    only_messages: set[int] | None = None,
    relate: bool = True,
    repository: InRepository | None = None,
) -> IngestReport:
    """Detect, extract, store and relate the decisions of one conversation.

    Idempotent: messages and decisions have natural keys, so running it again on the same
    input (or an overlapping one) adds nothing; only new decisions are related to older ones.

    Args:
        conversation: The messages.
        services: Pipeline, embedder, writers and events.
        decisions: Already extracted decisions (structured documents); otherwise detected.
        source: ``conversation``, ``adr``, ``agent`` or ``manual``.
        access_groups: Groups allowed to read this session's decisions.
        only_messages: The messages new to this read of a conversation stored before: only
            decisions anchored in them, or found again under a stored id, are kept
            (``api.usecases.re_read``).
        relate: Infer supersede/revisit links to earlier decisions (off when the source
            states its links itself, as ADRs do).
        repository: The repository the session is about: the paths its decisions name are
            that repository's (without one, they are tied to no repository). Without it, a
            coding-assistant session's working directory names it when that folder is a
            checkout on this machine.
    """
    if repository is None:
        repository = await session_repository(services.executor, conversation)
    report = IngestReport(
        conversation.session_id, messages_read=len(conversation.messages), date=conversation.date,
        date_from=conversation.date_from, undated=not any(m.timestamp for m in conversation.messages),
        series=conversation.series, series_from=conversation.series_from,
        repository=repository.key if repository is not None else None,
        source_format=conversation.source_format, kind=kind_of(conversation),
    )
    detecting = decisions is None and services.auto_detect
    drafts_only = services.drafts_only
    if drafts_only is None and detecting:
        report.drafts_remembered = bool(await remembered_drafts_only(services.executor, conversation.session_id))
        drafts_only = report.drafts_remembered
    report.drafts_only = bool(drafts_only) and detecting
    writing = services.writer.write_conversation(conversation, access_groups, repository.key if repository else None)
    if decisions is None and not services.auto_detect:
        stored = await writing
        found: list[ExtractedDecision] = []  # seed 000 auto_detect = false: store messages only
    elif decisions is None:
        # Storing the messages waits on the database and detection on the CPU: side by side,
        # a long session's messages are written while its decisions are found.
        stored, extraction = await asyncio.gather(writing, services.pipeline.arun(conversation, services.off_loop))
        found = list(extraction.decisions)
        report.warnings = list(extraction.warnings)
        if drafts_only:
            found = [decision.model_copy(update={"status": CANDIDATE}) for decision in found]
    else:
        stored = await writing
        found = list(decisions)
    report.new_messages = stored.new_messages
    if services.drafts_only is not None:  # the session is stored now
        await remember_drafts_only(services.executor, conversation.session_id, services.drafts_only)
    if only_messages is not None:
        found = await kept_on_re_read(conversation, found, only_messages, source, services.executor)
    inputs = await services.off_loop(decision_inputs, conversation, found, services.embedder, source)
    # What is stored says where a file is without this machine's folders (the repository's
    # own path for it, else the path as given when relative, else the file's name).
    root = repository.root if repository is not None else None
    inputs = [replace(item, source_path=portable_path(item.source_path, root)) for item in inputs]
    drafts = {item.id for item in inputs if is_draft(item)}
    report.decisions_found = len(found) - len(drafts)
    if services.people is not None and inputs:
        await services.aliases.apply(services.people)
    for item in inputs:
        await services.events.emit(DETECTED, {"decision_id": item.id, "confidence": item.decision.confidence})
        if item.id not in drafts:  # a draft is extracted when a person confirms it
            await services.events.emit(EXTRACTED, {"decision_id": item.id, "decision_summary": item.decision.summary})
    if repository is not None:
        machine = session_paths(conversation, repository)
        where = machine.relative if machine is not None else None
        inputs = [replace(item, paths=repository.paths(item.decision, where)) for item in inputs]
    elif states_context(conversation):
        # A coding-assistant session with no repository here: an absolute path its talk names
        # is a folder of the machine it ran on, which is never stored (/home/dev/shop/app/…).
        inputs = [replace(item, paths=tuple(
            StatedPath(path) for path in item.decision.related_code if not is_machine_path(path)
        )) for item in inputs]
    # Drafts a person reviewed, and decisions found again only as drafts, are not written.
    results = dict(await services.writer.write_decisions(
        conversation.session_id, inputs, repository.key if repository else UNSCOPED_REPOSITORY,
    ))
    created = {decision for decision, is_new in results.items() if is_new and decision not in drafts}
    # What waits for review: the drafts written, not a reviewed one or a decision found again
    # only as a draft (a re-ingest after every draft was reviewed has none to report).
    report.draft_ids = [item.id for item in inputs if item.id in drafts and item.id in results]
    report.drafts = len(report.draft_ids)
    report.decision_ids = [item.id for item in inputs]
    report.new_decisions = len(created)
    report.linked_files = sum(len(item.decision.related_code) for item in inputs if item.id in created)
    report.edit_links = await store_session_edits(services.executor, conversation, stored.seqs, inputs, drafts, repository)
    for item in inputs:
        if item.id in results and item.id not in drafts:
            await services.events.emit(INDEXED, {"decision_id": item.id})
    if services.detect_evolution and relate:
        later = {item.id for item in inputs}
        spoken = report.kind == "spoken"
        for item in inputs:
            later.discard(item.id)
            if item.id in created:
                await relate_decision(
                    item, conversation, spoken, access_groups, services, later, report,
                    repository.key if repository is not None else None,
                )
    return report


async def ingest_text(
    text: str, fmt: str, session_id: str, services: IngestServices, access_groups: Sequence[str] = (), *,
    date: datetime | None = None, series: str | None = None,
) -> IngestReport:
    """Ingest a conversation or decision document handed over as text (GraphQL ``ingest``).

    ``date`` dates the messages that carry no time of their own, over any date the text
    states; ``series`` names the series of meetings the session belongs to.

    Raises:
        InputFormatError: Unknown format or malformed content; nothing is stored then.
    """
    # Parsing a large transcript is CPU work too (readers may run spaCy's sentencizer).
    structured = await asyncio.to_thread(read_decisions_text, text, fmt, session_id)
    if structured is not None:
        conversation, decisions = structured
        return await ingest_conversation(
            conversation, services, decisions=decisions, source="adr", access_groups=access_groups
        )
    conversation = await asyncio.to_thread(read_conversation_text, text, fmt, session_id, date=date, series=series)
    # A conversation sent again after it grew adds only what is anchored in its new messages.
    fresh = await messages_to_detect(conversation, services.executor)
    return await ingest_conversation(conversation, services, access_groups=access_groups, only_messages=fresh)


def is_draft(item: DecisionInput) -> bool:
    """A detection stored as a draft for a person to confirm, not as a decision."""
    return item.decision.status == DRAFT_STATUS


def decision_inputs(
    conversation: Conversation, found: Sequence[ExtractedDecision], embedder: Embedder | None, source: str
) -> list[DecisionInput]:
    """What ingest stores for each decision found: its id, its messages' ids and its vectors
    (a draft gets none: it is embedded when a person confirms it)."""
    vectors, alternative_vectors = embed_decisions(
        [d if d.status != DRAFT_STATUS else None for d in found], embedder
    )
    inputs = []
    for decision, vector, alternatives_vector in zip(found, vectors, alternative_vectors, strict=True):
        message_ids = tuple(conversation.messages[seq].id for seq in decision.messages)
        inputs.append(
            DecisionInput(
                id=stored_decision_id(conversation.session_id, message_ids, decision.summary, source),
                decision=decision,
                message_ids=message_ids,
                embedding=vector,
                alternatives_embedding=alternatives_vector,
                source=source,
                source_path=decision.source_path or conversation.path,
                subject_key=subject_key(decision.subject, decision.summary),
            )
        )
    return inputs


def embed_decisions(
    found: Sequence[ExtractedDecision | None], embedder: Embedder | None
) -> tuple[list[list[float] | None], list[list[float] | None]]:
    """Each decision's vector and that of the options it weighed (None for a None, and for
    all without an embedder)."""
    vectors: list[list[float] | None] = [None] * len(found)
    alternative_vectors: list[list[float] | None] = [None] * len(found)
    wanted = [(i, d) for i, d in enumerate(found) if d is not None]
    if embedder is None or not wanted:
        return vectors, alternative_vectors
    texts = [embedding_text(d.summary, d.pattern, d.context, d.rationale, d.subject) for _, d in wanted]
    weighed = [
        alternatives_text(d.subject, d.summary, [(a.option, a.why_not_chosen) for a in d.alternatives]) for _, d in wanted
    ]
    # One ONNX pass over both kinds of text: the alternatives' vectors ride in the same batches.
    embedded = embedder.embed(texts + [text for text in weighed if text is not None])
    rest = iter(embedded[len(texts):])
    for (i, _), vector, text in zip(wanted, embedded[: len(texts)], weighed, strict=True):
        vectors[i] = vector
        alternative_vectors[i] = next(rest) if text is not None else None
    return vectors, alternative_vectors


_EVIDENCE_RANK = {"reference": 4, "subject": 3, "number": 2, "technology": 1, "similar": 0}


async def relate_decision(
    item: DecisionInput, conversation: Conversation, spoken: bool, access_groups: Sequence[str],
    services: IngestServices, exclude: set[str], report: IngestReport, repository: str | None = None,
) -> None:
    """Link a new decision to the earlier one on its subject: the strongest evidence wins
    (same issue, same agenda item, same bare issue number and a word, same technology with
    a cue), then one of the same series of meetings, then the most recent. A decision of
    another ``repository`` than this one's is never related to it."""
    d = item.decision
    techs = tuple(k for k in d.keywords if k in _TECH_NAMES)
    new = Stated(d.summary, d.subject, d.context, techs, conversation.session_id, spoken=spoken)
    candidates = [
        c for c in await services.evolution.candidates(
            item.id, item.embedding, techs, subject_key=item.subject_key, groups=access_groups, before=d.decided_at,
            repository=repository,
        )
        if c.id not in exclude
    ]
    olds = [
        (candidate, Stated(candidate.summary, candidate.subject, candidate.context, candidate.keywords, candidate.session))
        for candidate in candidates
    ]
    found: list[tuple[Relation, Candidate]] = []
    for candidate, old in olds:
        named = replace(new, series=series_words(conversation.title, candidate.session_title))
        relation = classify_relation(named, old, candidate.similarity)
        if relation is not None and _may_link(relation, conversation.series, candidate.series):
            found.append((relation, candidate))
    if not found and services.relation_judge is not None:
        for candidate, old in olds:
            relation = await services.relation_judge.judge(new, old, candidate.at, candidate.similarity)
            if relation is not None and _may_link(relation, conversation.series, candidate.series):
                found.append((relation, candidate))
                break
    if not found:
        return
    relation, candidate = max(
        found,
        key=lambda rc: (
            _EVIDENCE_RANK.get(rc[0].evidence, 0), conversation.series is not None and rc[1].series == conversation.series,
            _when(rc[1]), rc[1].similarity,
        ),
    )
    supersedes = relation.kind == "supersedes"
    await services.evolution.link(Link(
        "SUPERSEDES" if supersedes else "REVISITS", item.id, candidate.id, relation.reason, partial=relation.partial,
        outcome=relation.outcome or "kept", inferred=True, confidence=relation.confidence,
    ))
    if supersedes:
        report.superseded += 1
        await services.events.emit(SUPERSEDED, {"old_decision_id": candidate.id, "new_decision_id": item.id})
    else:
        report.revisited += 1


def _may_link(relation: Relation, series: str | None, other: str | None) -> bool:
    """Two series of meetings share vocabulary, not agenda items: across series only a
    named issue whose repository both say (evidence ``reference``) says two decisions are
    on one subject."""
    return series is None or other is None or series == other or relation.evidence == "reference"


def _when(candidate: Candidate) -> float:
    return candidate.at.timestamp() if candidate.at is not None else 0.0
