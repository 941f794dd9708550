"""GraphQL output types: decisions and what they link to, chains, connections, hits."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from typing import TypeVar

import strawberry

from api.graphql.context import MAX_COMMITS, Info
from api.graphql.errors import ArgumentError
from api.graphql.inputs import DecisionOrderBy, DecisionWhere, to_query
from api.graphql.paging import decode_cursor, encode_cursor, page_size
from api.graphql.record_fields import copy_fields, fields_of
from api.graphql.selection import selected_below
from api.usecases.requests import InvalidRequest
from graph.commits import CommitRecord
from graph.filters import DecisionFilter
from graph.listing import DecisionOrder
from graph.messages import session_transcript
from graph.records import ChainLink as ChainLinkRecord
from graph.records import CodeLinkRecord, DecisionChain, DecisionRecord, MessageRecord, SessionRecord
from graph.session_list import SessionSummary
from nlp.schema import UNSCOPED_REPOSITORY

T = TypeVar("T")


@strawberry.type(description="A message a decision was stated in.")
class Message:
    id: strawberry.ID
    seq: int = strawberry.field(description="0-based position in its session, as stored (and as `Source.messages` "
                                            "counts); `number` is the one people read.")
    author: str | None
    role: str | None
    content: str | None = strawberry.field(description="The text; null once `decision-journal prune` removed it (retention_days).")
    timestamp: datetime | None
    anchor: bool = strawberry.field(
        default=False, description="Among a decision's messages (its unit: proposal, votes, conclusion), the one whose "
                                   "sentence states it.")

    @strawberry.field(description="1-based: the number the web page, `review` and `extract` show (\"message 4\", "
                                  "`#/session/ID?m=4`); `seq` + 1.")
    def number(self) -> int:
        return self.seq + 1

    @classmethod
    def of(cls, record: MessageRecord) -> Message:
        return cls(id=strawberry.ID(record.id), seq=record.seq, author=record.author, role=record.role,
                   content=record.content, timestamp=record.timestamp, anchor=record.anchor)


@strawberry.type(description="Where a decision came from, as in the shared JSON shape.")
class Source:
    kind: str | None = strawberry.field(description="conversation, adr, agent or manual.")
    session: str | None
    messages: list[int] = strawberry.field(description="0-based positions in the session of the messages that state it "
                                                       "(`Message.seq`; add 1 for the number people read).")
    path: str | None = strawberry.field(description="The file it was read from, if any.")


@strawberry.type(description="What the chosen option gains, costs, risks and assumes.")
class TradeOffs:
    pros: list[str]
    cons: list[str]
    risks: list[str]
    assumptions: list[str]


@strawberry.type(description="An option that was considered and not chosen.")
class Alternative:
    option: str
    pros: list[str]
    cons: list[str]
    why_not_chosen: str | None


@strawberry.type(description="Where a decision stands in its supersede/revisit chain.")
class ChainPosition:
    earlier: int = strawberry.field(description="How many decisions precede it in its chain (0: the original).")
    is_current: bool = strawberry.field(description="Nothing newer supersedes or revisits it.")


@strawberry.type(description="A person who took part in decisions.")
class Stakeholder:
    handle: str = strawberry.field(description="Normalized handle, e.g. @alice.")
    name: str | None
    role: str | None = strawberry.field(description="Their role in the decision this was reached from (null at top level).")
    aliases: list[str] | None = strawberry.field(
        default=None, description="Other handles that name this person (`decision-journal people merge`); at top level only."
    )

    @strawberry.field(description="Decisions they were involved in or made, newest first.")
    async def decisions(
        self, info: Info, first: int | None = None, after: str | None = None, include_history: bool = False,
        order_by: DecisionOrderBy = DecisionOrder.NEWEST,
    ) -> DecisionConnection:
        where = DecisionFilter(stakeholder=self.handle, include_history=include_history)
        return await decision_connection(info, where, order_by, first, after)


@strawberry.type(description="A repository path; a directory is a path too.")
class File:
    path: str
    repository: str = strawberry.field(
        default=UNSCOPED_REPOSITORY,
        description="The key of the repository the path is in (github.com/acme/shop, or git:<root commit> without a "
                    "remote); empty for a path stated where no repository was known.",
    )

    @strawberry.field(description="Decisions that affect this file, anything under it, or a directory containing it, "
                                  "in its repository.")
    async def decisions(
        self, info: Info, first: int | None = None, after: str | None = None, include_history: bool = False,
    ) -> DecisionConnection:
        where = DecisionFilter(path_prefix=self.path, include_history=include_history, repository=self.repository)
        return await decision_connection(info, where, DecisionOrder.NEWEST, first, after)


@strawberry.type(description="How a decision reaches a file: stated in its text, or inferred from what the repository "
                             "shows (the commit that added the decision document, a commit message naming it, a "
                             "manifest pinning the library it chose, the files importing it, a directory named as the "
                             "component it decides, a rename).")
class CodeLink:
    file: File
    via: str = strawberry.field(description="stated, decision-document commit, commit message, manifest, import, "
                                            "component, tool config, identifier, annotation, definition, citation, "
                                            "language, document link, rename, wording, git_context, session_edit or agent call.")
    inferred: bool
    confidence: float | None = strawberry.field(description="How strong an inferred link is, 0..1.")
    evidence: str | None = strawberry.field(description="The link in words: 'pins django-fsm-2 in src/Pipfile'.")


@strawberry.type(description="A code repository in the journal.")
class Repository:
    key: str = strawberry.field(description="Its normalised remote URL, or git:<root commit> without a remote.")
    name: str | None = strawberry.field(description="What people call it: owner/name.")
    remote: str | None


@strawberry.type(description="A feature or epic decisions affect.")
class Feature:
    key: str

    @strawberry.field(description="Decisions that affect this feature, newest first.")
    async def decisions(
        self, info: Info, first: int | None = None, after: str | None = None, include_history: bool = False,
    ) -> DecisionConnection:
        where = DecisionFilter(feature=self.key, include_history=include_history)
        return await decision_connection(info, where, DecisionOrder.NEWEST, first, after)


@strawberry.type(description="A conversation, meeting, ADR collection or agent session.")
class Session:
    id: strawberry.ID
    title: str | None
    source: str | None = strawberry.field(description="Its format: transcript, chat-jsonl, slack, qmsum, markdown, adr, manual…")
    started_at: datetime | None
    series: str | None = strawberry.field(
        description="The series of meetings it belongs to (`ingest --series`, or the folder or title its dated file suggests)."
    )
    # Set when the session was read with its messages (Query.session): no second query.
    loaded_messages: strawberry.Private[tuple[MessageRecord, ...] | None] = None
    # Set when the session was read with its counts (Query.sessions): the six fields below
    # answer at once; else they await one batched read of every session the request names.
    summary: strawberry.Private[SessionSummary | None] = None

    @classmethod
    def of(cls, record: SessionRecord, messages: tuple[MessageRecord, ...] | None = None) -> Session:
        return cls(
            id=strawberry.ID(record.id), title=record.title, source=record.source, started_at=record.started_at,
            series=record.series, loaded_messages=messages,
        )

    @classmethod
    def listed(cls, summary: SessionSummary) -> Session:
        return cls(
            id=strawberry.ID(summary.id), title=summary.title, source=summary.source, started_at=summary.started_at,
            series=summary.series, summary=summary,
        )

    @strawberry.field(description="The key of the repository it is about (ADRs imported from it, a conversation "
                                  "ingested with --repo, a coding-assistant session run in a checkout), if known.",
                      graphql_type=str | None)
    def repository(self, info: Info) -> str | None | Awaitable[str | None]:
        return self._summarised(info, lambda s: s.repository)

    @strawberry.field(description="What people call that repository (owner/name, or its folder's name without a "
                                  "remote), if known: what a list shows.", graphql_type=str | None)
    def repository_name(self, info: Info) -> str | None | Awaitable[str | None]:
        return self._summarised(info, lambda s: s.repository_name)

    @strawberry.field(description="How many messages it stored (0 for ADRs).", graphql_type=int)
    def message_count(self, info: Info) -> int | Awaitable[int]:
        return self._summarised(info, lambda s: s.messages)

    @strawberry.field(description="How many decisions came from it, of any status (replaced ones too); drafts are "
                                  "counted apart, in draftCount.", graphql_type=int)
    def decision_count(self, info: Info) -> int | Awaitable[int]:
        return self._summarised(info, lambda s: s.decisions)

    @strawberry.field(description="How many of its drafts await review.", graphql_type=int)
    def draft_count(self, info: Info) -> int | Awaitable[int]:
        return self._summarised(info, lambda s: s.drafts)

    @strawberry.field(description="Its first time: its earliest message's, else its start, else its earliest decision's.",
                      graphql_type=datetime | None)
    def first_at(self, info: Info) -> datetime | None | Awaitable[datetime | None]:
        return self._summarised(info, lambda s: s.first_at)

    @strawberry.field(description="Its last time: its latest message's, else its end, its latest decision's or its "
                                  "start. `sessions` lists the newest first.", graphql_type=datetime | None)
    def last_at(self, info: Info) -> datetime | None | Awaitable[datetime | None]:
        return self._summarised(info, lambda s: s.last_at)

    def _summarised(self, info: Info, field: Callable[[SessionSummary], T]) -> T | Awaitable[T]:
        if self.summary is not None:
            return field(self.summary)
        return _summary_field(info, str(self.id), field)

    @strawberry.field(description="Its stored messages in order (the conversation); empty for ADRs and hand-recorded decisions.")
    async def messages(self, info: Info) -> list[Message]:
        found = self.loaded_messages
        if found is None:
            context = info.context
            transcript = await session_transcript(context.executor, str(self.id), context.principal.groups)
            found = transcript.messages if transcript else ()
        return [Message.of(m) for m in found]

    @strawberry.field(description="Decisions stated in this session, in the order they were made.")
    async def decisions(
        self, info: Info, first: int | None = None, after: str | None = None, include_history: bool = True,
    ) -> DecisionConnection:
        where = DecisionFilter(session=str(self.id), include_history=include_history)
        return await decision_connection(info, where, DecisionOrder.OLDEST, first, after)


async def _summary_field(info: Info, session: str, field: Callable[[SessionSummary], T]) -> T:
    found = await info.context.session_summaries.load(session)
    if found is None:  # removed meanwhile: what an empty session would say
        found = SessionSummary(session, None, None, None, None, None, 0, 0, 0, None, None)
    return field(found)


@strawberry.type(description="A decision: what was decided, why, what lost, who decided, what it touches, how it evolved.")
class Decision:
    id: strawberry.ID
    summary: str = strawberry.field(description="What was decided.")
    subject: str | None = strawberry.field(
        description="What it is about: the agenda item, heading, thread topic or question it answers."
    )
    context: str | None
    rationale: str | None = strawberry.field(description="Why.")
    status: str = strawberry.field(description="active, superseded, revisited, proposed, rejected or deprecated; candidate "
                                               "for a draft a person has not confirmed (only where drafts are asked for).")
    status_text: str | None = strawberry.field(description="The status as the source wrote it (ADRs), when it differs.")
    decided_at: datetime | None
    recorded_at: datetime | None
    superseded_at: datetime | None
    confidence: float | None
    origin: str | None = strawberry.field(description="stated or inferred.")
    pattern: str | None = strawberry.field(description="The abstract pattern behind it (seed 002).")
    category: str | None
    reversibility: str | None
    impact: str | None
    quality: float | None = strawberry.field(description="Recording quality, 0..1 (seed 002).")
    tags: list[str]
    keywords: list[str]
    source: Source
    trade_offs: TradeOffs
    alternatives: list[Alternative]
    stakeholders: list[Stakeholder]
    decision_maker: Stakeholder | None
    files: list[File]
    code_links: list[CodeLink] = strawberry.field(description="Every file it affects with how the link is known, "
                                                               "stated links first.")
    features: list[Feature]
    session: Session | None
    stated_in: list[Message] = strawberry.field(
        description="The messages that state it: its unit (proposal, votes, conclusion), the anchor marked.")
    chain_position: ChainPosition
    record: strawberry.Private[DecisionRecord]

    @classmethod
    def of(cls, r: DecisionRecord) -> Decision:
        names = {s.handle: s.name for s in r.stakeholders}
        return cls(
            id=strawberry.ID(r.id), summary=r.summary, subject=r.subject, context=r.context, rationale=r.rationale, status=r.status,
            status_text=r.status_text,
            decided_at=r.decided_at, recorded_at=r.recorded_at, superseded_at=r.superseded_at,
            confidence=r.confidence, origin=r.origin, pattern=r.pattern, category=r.category,
            reversibility=r.reversibility, impact=r.impact, quality=r.quality, tags=list(r.tags),
            keywords=list(r.keywords),
            source=Source(kind=r.source, session=r.session, messages=list(r.messages), path=r.source_path),
            trade_offs=TradeOffs(pros=list(r.pros), cons=list(r.cons), risks=list(r.risks), assumptions=list(r.assumptions)),
            alternatives=[Alternative(option=a.option, pros=list(a.pros), cons=list(a.cons), why_not_chosen=a.why_not_chosen)
                          for a in r.alternatives],
            stakeholders=[Stakeholder(handle=s.handle, name=s.name, role=s.role) for s in r.stakeholders],
            decision_maker=Stakeholder(handle=r.decision_maker, name=names.get(r.decision_maker), role="decision_maker")
            if r.decision_maker else None,
            files=[File(path=c.path, repository=c.repository) for c in _distinct_files(r)],
            code_links=[CodeLink(file=File(path=c.path, repository=c.repository), via=c.via, inferred=c.inferred,
                                 confidence=c.confidence, evidence=c.evidence) for c in r.code],
            features=[Feature(key=k) for k in r.features],
            session=Session.of(r.session_info) if r.session_info else None,
            stated_in=[Message.of(m) for m in r.stated_in],
            chain_position=ChainPosition(earlier=r.earlier, is_current=r.is_current),
            record=r,
        )

    # The five fields below answer at once when the request read their records ahead
    # (``RequestContext.load_page``), and await a batched load otherwise.
    @strawberry.field(description="Older decisions this one replaces (those the caller may see).",
                      graphql_type=list["Decision"])
    def supersedes(self, info: Info) -> list[Decision] | Awaitable[list[Decision]]:
        return _linked(info, self.record.supersedes)

    @strawberry.field(description="Newer decisions that replace this one.", graphql_type=list["Decision"])
    def superseded_by(self, info: Info) -> list[Decision] | Awaitable[list[Decision]]:
        return _linked(info, self.record.superseded_by)

    @strawberry.field(description="Older decisions this one reconsidered.", graphql_type=list["Decision"])
    def revisits(self, info: Info) -> list[Decision] | Awaitable[list[Decision]]:
        return _linked(info, self.record.revisits)

    @strawberry.field(description="Newer decisions that reconsidered this one.", graphql_type=list["Decision"])
    def revisited_by(self, info: Info) -> list[Decision] | Awaitable[list[Decision]]:
        return _linked(info, self.record.revisited_by)

    @strawberry.field(description="Git commits that followed it (stored by ingest-git): those naming it and those "
                                  "that changed a file it governs after it was decided; newest first.",
                      graphql_type=list["Commit"])
    def commits(self, info: Info, first: int = 10) -> list[Commit] | Awaitable[list[Commit]]:
        shown = max(0, min(first, MAX_COMMITS))
        read = info.context.read_commits.get(self.record.id)
        if read is not None:
            return [Commit.of(c) for c in read[:shown]]
        return _commits(info, self.record.id, shown)


def _linked(info: Info, ids: Sequence[str]) -> list[Decision] | Awaitable[list[Decision]]:
    """The decisions of ``ids`` the caller may see, in order."""
    if not ids:
        return []
    ready = info.context.ready_decisions(ids)
    if ready is not None:
        return [Decision.of(r) for r in ready]
    return _load_linked(info, ids)


async def _load_linked(info: Info, ids: Sequence[str]) -> list[Decision]:
    return [Decision.of(r) for r in await info.context.load_decisions(ids)]


async def _commits(info: Info, decision: str, shown: int) -> list[Commit]:
    found = await info.context.commits.load(decision)
    return [Commit.of(c) for c in found[:shown]]


@strawberry.type(description="A git commit stored by ingest-git.")
class Commit:
    sha: str
    author: str | None
    date: datetime | None
    message: str
    subject: str = strawberry.field(description="The message's first line.")
    how: list[str] = strawberry.field(
        description="MENTIONS: its message names the decision (id, ADR number or title); "
                    "FOLLOWS: it changed a file the decision governs, after the decision."
    )
    files: list[str] = strawberry.field(description="The paths it changed.")

    @classmethod
    def of(cls, record: CommitRecord) -> Commit:
        return cls(sha=record.sha, author=record.author, date=record.date, message=record.message,
                   subject=record.subject, how=list(record.how), files=list(record.files))


@strawberry.type
class PageInfo:
    has_next_page: bool
    has_previous_page: bool
    start_cursor: str | None
    end_cursor: str | None


@strawberry.type
class DecisionEdge:
    cursor: str
    node: Decision


@strawberry.type(description="One page of decisions, with how many match in all.")
class DecisionConnection:
    total_count: int
    page_info: PageInfo
    edges: list[DecisionEdge]


@strawberry.type
class SessionEdge:
    cursor: str
    node: Session


@strawberry.type(description="One page of sessions, newest first, with how many match in all.")
class SessionConnection:
    total_count: int
    page_info: PageInfo
    edges: list[SessionEdge]


def session_connection(found: Sequence[SessionSummary], offset: int, total: int) -> SessionConnection:
    """The connection for one page of sessions found after ``offset``, of ``total`` in all."""
    edges = [SessionEdge(cursor=encode_cursor(offset + i), node=Session.listed(s)) for i, s in enumerate(found)]
    return SessionConnection(
        total_count=total,
        page_info=PageInfo(
            has_next_page=offset + len(found) < total, has_previous_page=offset > 0,
            start_cursor=edges[0].cursor if edges else None, end_cursor=edges[-1].cursor if edges else None,
        ),
        edges=edges,
    )


LINK_FIELDS = frozenset({"supersedes", "supersededBy", "revisits", "revisitedBy"})
"""A decision's fields that lead to other decisions."""


def _distinct_files(record: DecisionRecord) -> list[CodeLinkRecord]:
    """One link per (repository, path), in the order of ``record.files``."""
    seen: dict[tuple[str, str], CodeLinkRecord] = {}
    for link in record.code:
        seen.setdefault((link.repository, link.path), link)
    return sorted(seen.values(), key=lambda c: (c.path, c.repository))


async def decision_connection(
    info: Info, where: DecisionFilter, order: DecisionOrder, first: int | None, after: str | None
) -> DecisionConnection:
    """A page of what ``where`` selects, limited to what the caller may read: one query for
    the ids, the total and the decisions, with what they link to and their commits when the
    page shows those."""
    context = info.context
    limits = context.settings.graphql
    size = page_size(first, limits.default_page_size, limits.max_page_size)
    offset = decode_cursor(after)
    asked = selected_below(info, ("edges", "node"))
    # The page's ids, its decisions, what they link to and their commits in one query.
    page, records = await context.load_page(
        where, order, offset, size, linked=bool(asked & LINK_FIELDS), commits="commits" in asked
    )
    return connection_of(records, offset, len(page.ids), page.total)


def connection_of(records: list[DecisionRecord], offset: int, listed: int, total: int) -> DecisionConnection:
    """The connection for one page: ``records`` read of the ``listed`` ids found after
    ``offset``, of ``total`` in all."""
    edges = [DecisionEdge(cursor=encode_cursor(offset + i), node=Decision.of(r)) for i, r in enumerate(records)]
    return DecisionConnection(
        total_count=total,
        page_info=PageInfo(
            has_next_page=offset + listed < total, has_previous_page=offset > 0,
            start_cursor=edges[0].cursor if edges else None, end_cursor=edges[-1].cursor if edges else None,
        ),
        edges=edges,
    )


async def where_filter(info: Info, where: DecisionWhere | None, include_history: bool = False) -> DecisionFilter:
    """The graph filter the journal facade makes of ``where`` for the caller: normalised,
    its repository resolved to its key, limited to the caller's groups."""
    try:
        return await info.context.journal.filter(to_query(where, include_history))
    except InvalidRequest as exc:
        raise ArgumentError(str(exc)) from exc


async def repository_key(info: Info, named: str | None) -> str:
    """The key of the repository a GraphQL argument names (key, name or remote URL);
    ``''`` when none is named: the paths not tied to a repository.

    Raises:
        ArgumentError: No such repository in the journal.
    """
    try:
        return await info.context.journal.repository_key(named)
    except InvalidRequest as exc:
        raise ArgumentError(str(exc)) from exc


@strawberry.type(description="A search result: the decision, its fused score, and which retrievers found it.")
class SearchHit:
    decision: Decision
    score: float
    retrievers: list[str] = strawberry.field(description="fulltext, vector, or both.")


@strawberry.type(description="Search hits with the filters read from the question.")
class SearchResult:
    hits: list[SearchHit]
    filters_applied: list[str] = strawberry.field(
        description="Filters read from the question and used, such as stakeholder=@alice or since=2024-04-01.")
    filters_dropped: list[str] = strawberry.field(
        description="Filters read from the question and left out because with them nothing matched.")


@strawberry.type(description="A member of a chain; a decision outside the caller's groups shows as hidden.")
class ChainEntry:
    id: strawberry.ID
    hidden: bool
    decision: Decision | None


@strawberry.type(description="A SUPERSEDES or REVISITS link inside a chain (from the newer to the older decision).")
@fields_of(ChainLinkRecord, published={"source": "from", "target": "to"}, ids=("source", "target"))
class ChainLink:
    @classmethod
    def of(cls, link: ChainLinkRecord) -> ChainLink:
        return cls(**copy_fields(link))


@strawberry.type(description="How a decision evolved: original, revisions in time order, the current one, and branches.")
class Chain:
    original: ChainEntry
    revisions: list[ChainEntry]
    current: ChainEntry
    branches: list[ChainEntry] = strawberry.field(description="Every current head, when the decision was replaced by more than one.")
    links: list[ChainLink]

    @classmethod
    def of(cls, chain: DecisionChain) -> Chain:
        def entry(record: DecisionRecord) -> ChainEntry:
            hidden = record.id in chain.hidden
            return ChainEntry(id=strawberry.ID(record.id), hidden=hidden, decision=None if hidden else Decision.of(record))

        return cls(original=entry(chain.original), revisions=[entry(r) for r in chain.revisions],
                   current=entry(chain.current), branches=[entry(b) for b in chain.branches],
                   links=[ChainLink.of(link) for link in chain.links])


@strawberry.type(description="One group of an aggregate.")
class Bucket:
    key: str = strawberry.field(description="A tag, status, handle, month (YYYY-MM) or file path.")
    count: int
