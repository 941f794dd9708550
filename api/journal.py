"""``DecisionJournal``: the seed-000 Python API over the graph.

    async with DecisionJournal(session_id="design") as journal:
        await journal.add_message({"author": "alice", "content": "Let's go with REST."})
        hits = await journal.search_decisions("REST")
        chain = await journal.get_decision_chain(hits[0]["id"])
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from contextlib import AsyncExitStack
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from api.settings import Settings, load_settings
from api.usecases.code_links import link_repository_code
from api.usecases.events import EventBus, Handler
from api.usecases.evolution import mark_revisited as revisit_decision
from api.usecases.evolution import supersede_decision
from api.usecases.ingest import IngestReport, ingest_conversation
from api.usecases.journal_facade import Journal, local_journal
from api.usecases.json_shape import ChainJson, DecisionJson, chain_json, decision_record_json
from api.usecases.record import RecordedDecisionJson, RecordRequest, quality_json
from api.usecases.repositories import repository_to_ingest
from api.usecases.requests import ChainRequest, DecisionQuery, ReviewAction, SessionQuery, SourceRequest
from api.usecases.review import Confirmation, DraftJson, draft_json, review_labels
from api.usecases.runtime import connect
from api.usecases.search import hits_json
from api.usecases.services import Services, build_services
from api.usecases.sessions import SessionJson, session_json
from graph.lineage_store import Neo4jPrecedentStore
from graph.review import ReviewLabel
from nlp.readers.common import message_id, parse_timestamp, with_content_ids
from nlp.repository import identify_repository
from nlp.schema import Conversation, Message

log = logging.getLogger("decision_journal.journal")


class DecisionJournal:
    """Conversations in, decisions out, stored in Neo4j.

    Args:
        settings: Read from the environment and config file when not given.
        session_id: The session ``add_message`` and ``get_messages`` work on.
    """

    def __init__(self, settings: Settings | None = None, session_id: str = "default") -> None:
        self._settings = settings or load_settings()
        self._session_id = session_id
        self._events = EventBus()
        self._stack: AsyncExitStack | None = None
        self._services: Services | None = None
        self._journal: Journal | None = None

    async def __aenter__(self) -> DecisionJournal:
        self._stack = AsyncExitStack()
        graph = await self._stack.enter_async_context(connect(self._settings, log.info))
        self._services = build_services(self._settings, graph.executor, self._events)
        self._stack.push_async_callback(self._services.aclose)
        self._journal = local_journal(self._services, self._settings, "python-api")
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._stack is not None:
            await self._stack.aclose()
        self._stack = self._services = self._journal = None

    @property
    def services(self) -> Services:
        if self._services is None:
            raise RuntimeError("use DecisionJournal as `async with DecisionJournal() as journal:`")
        return self._services

    @property
    def journal(self) -> Journal:
        """The facade every face shares (``api.usecases.journal_facade``), as this journal's
        caller (``[auth] local_groups``) uses it."""
        if self._journal is None:
            raise RuntimeError("use DecisionJournal as `async with DecisionJournal() as journal:`")
        return self._journal

    def on(self, event: str, handler: Handler) -> None:
        """Register a handler for one of seed 000's events (see ``api.usecases.events``)."""
        self._events.on(event, handler)

    async def add_message(self, message: dict[str, Any]) -> None:
        """Append a message to this journal's session; detect and store any decision it makes."""
        # Text removed by `prune` is no context.
        stored = [m for m in await self.get_messages() if m["content"] is not None]
        context = [
            Message(id=m["id"], seq=i, author=m.get("author"), role=m.get("role"), content=m["content"])
            for i, m in enumerate(stored[-10:])
        ]
        local = len(context)
        new = Message(
            id=message_id(self._session_id, local), seq=local,
            author=message.get("author") or message.get("role"), role=message.get("role"),
            content=str(message.get("content", "")),
            timestamp=parse_timestamp(message.get("timestamp")) or datetime.now(UTC),
        )
        # The id hashes the content (and, for a short message, the one before it), as a
        # file ingest of the same conversation would; the writer places it after `stored`.
        messages = with_content_ids(self._session_id, [*context, new])
        window = Conversation(session_id=self._session_id, source_format="api", messages=tuple(messages))
        groups = await self.journal.admit(self._session_id, None)
        await ingest_conversation(window, self.services.ingest, access_groups=groups, only_messages={new.seq})

    async def get_messages(self) -> list[dict[str, Any]]:
        """This session's messages in order."""
        return await self.get_messages_of(self._session_id)

    async def get_messages_of(self, session_id: str) -> list[dict[str, Any]]:
        """Another session's messages in order."""
        return await self.journal.messages(session_id)

    async def ingest_session(
        self, source: Path | Conversation, fmt: str = "auto", session_id: str | None = None, *,
        date: datetime | None = None, series: str | None = None, repository: Path | None = None,
        access_groups: Sequence[str] | None = None, drafts: bool | None = None,
    ) -> IngestReport:
        """Ingest a whole file (any supported format) or an already read conversation.

        ``date`` dates the messages without a time of their own (over the date the file
        states); ``series`` names the series of meetings it belongs to (over the one its
        folder or title suggests). Both apply to files, not to a ``Conversation``.
        ``repository``: the checkout the conversation is about; the paths it names are that
        repository's, and its code is linked to the decisions (``ingest --repo``).
        ``access_groups``: who may read a new session (default: everyone); a session's groups
        are fixed when it is created, so naming others for an existing one raises
        ``SessionGroupsFixed``. ``drafts=True``: store every detection as a draft for a person to
        confirm (``drafts``, ``confirm_decision``), for a source whose detections are not trusted yet
        (``ingest --drafts``); the session remembers it, and an ingest without ``drafts`` (None)
        stores what it finds as drafts again (``report.drafts_remembered``). ``drafts=False``
        stores the sure detections as decisions, and is remembered too.
        """
        where = None
        checkout = identify_repository(repository) if repository is not None else None
        if checkout is not None:
            where = await repository_to_ingest(self.services.executor, checkout)
        if isinstance(source, Conversation):
            report = await self.journal.ingest_read(source, None, access_groups, where, drafts=drafts)
        else:
            request = SourceRequest(path=source, session=session_id, fmt=fmt, date=date, series=series,
                                    access_groups=access_groups, drafts=drafts)
            report = await self.journal.ingest(request, where)
        if checkout is not None and where is not None:
            await link_repository_code(
                self.services.executor, checkout, where.key,
                git_context=self._settings.journal.auto_link_strategy == "git_context",
            )
        return report

    async def search_decisions(self, query: str, filters: dict[str, Any] | None = None) -> list[DecisionJson]:
        """Decisions matching ``query``, best first, in the shared JSON shape.

        ``filters`` keys: ``tags`` (any case), ``tags_all``, ``stakeholder`` (``alice``,
        ``@alice`` or ``Alice``), ``since``, ``until`` (dates, ISO text or datetimes; a day
        means its start), ``status`` (one or a list), ``path`` (with ``repository``: its key,
        name or remote URL; paths tied to no repository without it), ``session``,
        ``series``, ``feature``, ``source``, ``history`` (include superseded), ``drafts``
        (include drafts awaiting review), ``limit``.
        """
        outcome = await self.journal.search(query_of(query, filters or {}))
        return [hit["decision"] for hit in hits_json(outcome.hits)]

    async def get_decision(self, decision_id: str, drafts: bool = False) -> DecisionJson:
        """One decision in the shared JSON shape (raises ``DecisionNotFound``); with
        ``drafts``, a draft awaiting review too (its id comes from ``drafts()``)."""
        return decision_record_json(await self.services.reader.decision(decision_id, self.journal.caller.groups, drafts))

    async def get_decision_chain(self, decision_id: str, as_of: datetime | str | None = None) -> ChainJson:
        """``{"original", "revisions", "current", "branches", "links"}`` from any member."""
        return chain_json(await self.journal.chain(ChainRequest(decision_id, as_of)))

    async def drafts(self, session_id: str | None = None, limit: int = 50) -> list[DraftJson]:
        """Drafts awaiting review (detections not sure enough to be decisions), in one
        session or all, oldest first: the shared shape (status ``candidate``) plus ``unit``,
        its messages with the anchor marked."""
        page = await self.journal.drafts(session_id, 0, limit)
        return [draft_json(record) for record in page.drafts]

    async def sessions(
        self, *, series: str | None = None, source: str | None = None, repository: str | None = None,
        limit: int = 50, offset: int = 0,
    ) -> list[SessionJson]:
        """What the journal has read (``decision-journal sessions``): the sessions this
        journal's groups may read, newest first (by their latest message's time; undated ones
        last, equal times by id), each with its ``messages``, ``decisions`` and ``drafts``
        counted. ``source``: a format (transcript, aider, adr…); ``repository``: a key or name.

        Raises:
            InvalidRequest: An unknown repository.
        """
        query = SessionQuery(series=series, source=source, repository=repository, offset=offset, limit=limit)
        return [session_json(s) for s in (await self.journal.sessions(query)).sessions]

    async def confirm_decision(self, draft_id: str, summary: str | None = None, reviewer: str | None = None) -> DecisionJson:
        """Make a draft a decision (``summary`` replaces its sentence when given), linked as
        ingest would have; returns it (raises ``DraftNotFound``)."""
        confirmed = await self._reviewing(reviewer).review(ReviewAction("confirm", draft_id, summary=summary))
        assert isinstance(confirmed, Confirmation)
        return decision_record_json(confirmed.record)

    async def reject_decision(self, draft_id: str, reason: str | None = None, reviewer: str | None = None) -> None:
        """Remove a draft, keeping the verdict as a review label (raises ``DraftNotFound``)."""
        await self._reviewing(reviewer).review(ReviewAction("reject", draft_id, reason=reason))

    def _reviewing(self, reviewer: str | None) -> Journal:
        journal = self.journal
        return Journal(journal.services, replace(journal.caller, name=reviewer), journal.settings) if reviewer else journal

    async def review_labels(self) -> list[ReviewLabel]:
        """Every confirmation and rejection so far, oldest first, as training records."""
        return await review_labels(self.services.executor)

    async def record_decision(
        self,
        decision: str,
        *,
        context: str | None = None,
        rationale: str | None = None,
        alternatives: list[str] | None = None,
        stakeholders: list[str] | None = None,
        decision_maker: str | None = None,
        files: list[str] | None = None,
        tags: list[str] | None = None,
        pattern: str | None = None,
        category: str | None = None,
        reasons: list[str] | None = None,
        decided_at: datetime | None = None,
        session_id: str = "manual",
    ) -> RecordedDecisionJson:
        """Record a decision by hand (source ``manual``); returns it as stored, with
        ``quality`` (seed 002's score and suggestions) beside it."""
        request = RecordRequest(
            decision=decision, context=context, alternatives=tuple(alternatives or ()),
            stakeholders=tuple(stakeholders or ()), decision_maker=decision_maker, files=tuple(files or ()),
            tags=tuple(tags or ()), pattern=pattern, category=category,
            reasons=tuple(reasons or ()) + ((rationale,) if rationale else ()), decided_at=decided_at,
            session_id=session_id,
        )
        recorded = await self.journal.record(request)
        return {**decision_record_json(recorded.record), "quality_report": quality_json(recorded.quality)}

    def precedent_store(self, access_groups: Sequence[str] = (), semantic_weight: float = 0.0) -> Neo4jPrecedentStore:
        """Seed 003's precedent store in this journal's graph, for ``check_with_lineage``.

        Args:
            access_groups: Groups the agent sessions it creates get.
            semantic_weight: Blend the embedder's similarity of decision contexts into
                ``find_similar`` (0: the seed's entity/source overlap only).
        """
        embedder = self.services.ingest.embedder
        embed = (lambda text: embedder.embed([text])[0]) if embedder is not None and semantic_weight else None
        return Neo4jPrecedentStore(
            self.services.executor, access_groups=access_groups, embed=embed, semantic_weight=semantic_weight
        )

    async def link_superseding_decision(self, old_decision_id: str, new_decision_id: str, reason: str) -> None:
        """``new`` replaces ``old`` (seed 000 ``TemporalTracker``); old becomes superseded."""
        await supersede_decision(self.services, old_decision_id, new_decision_id, reason)

    async def mark_revisited(self, old_decision_id: str, new_decision_id: str, reason: str, outcome: str = "kept") -> None:
        """``new`` reconsidered ``old``; an active old decision becomes revisited."""
        await revisit_decision(self.services, old_decision_id, new_decision_id, reason, outcome)



def query_of(text: str, options: dict[str, Any]) -> DecisionQuery:
    """The Python API's ``filters`` dict as the facade's request (see ``search_decisions``)."""
    status = options.get("status")
    return DecisionQuery(
        text=text, tags=tuple(options.get("tags") or ()), tags_all=tuple(options.get("tags_all") or ()),
        stakeholder=options.get("stakeholder"), since=options.get("since"), until=options.get("until"),
        statuses=(status,) if isinstance(status, str) else tuple(status or ()), path=options.get("path"),
        repository=options.get("repository"), feature=options.get("feature"), session=options.get("session"),
        series=options.get("series"), source=options.get("source"), include_history=bool(options.get("history", False)),
        include_drafts=bool(options.get("drafts", False)), limit=int(options.get("limit", 10)),
    )
