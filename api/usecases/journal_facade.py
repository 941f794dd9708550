"""``Journal``: the one facade every face calls (CLI, GraphQL, MCP, the page through GraphQL,
and the Python API's ``DecisionJournal``).

A face parses its own syntax into a neutral request (``api.usecases.requests``), calls one
method here and renders the answer. What a request means is decided here, once: how names,
tags, dates and statuses are spelled (``api.usecases.normalise``), which repository a path
is in, what the caller may read and write (its access groups, the write scope, and that a
session's groups are fixed when it is created), and the shape of the answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

from api.settings import JournalSettings, Settings
from api.usecases.chain import decision_chain
from api.usecases.in_repository import InRepository
from api.usecases.ingest import IngestReport, IngestServices, ingest_conversation, ingest_text
from api.usecases.normalise import access_groups, decision_filter, instant, text
from api.usecases.re_read import messages_to_detect
from api.usecases.record import Recorded, RecordRequest, record_decision
from api.usecases.repositories import UnknownRepository, resolve_scope
from api.usecases.requests import (
    LOCAL_USER,
    Caller,
    ChainRequest,
    DecisionQuery,
    InvalidRequest,
    Refused,
    ReviewAction,
    SessionGroupsFixed,
    SessionQuery,
    SourceRequest,
)
from api.usecases.review import Confirmation, DraftPage, confirm_draft, list_drafts, reject_draft
from api.usecases.search import SearchOutcome, search_decisions
from api.usecases.services import Services
from api.usecases.session_ids import own_session_ids
from api.usecases.sessions import list_sessions, session_summaries
from graph.filters import DecisionFilter
from graph.messages import session_access_groups, session_messages
from graph.records import DecisionChain
from graph.review import Verdict
from graph.session_list import SessionFilter, SessionPage, SessionSummary
from nlp.readers import FORMATS, read_conversation, read_decisions
from nlp.schema import UNSCOPED_REPOSITORY, Conversation, ExtractedDecision

MAX_LIMIT = 100
"""The most answers one search returns, whatever a face allows."""


class Journal:
    """The journal as ``caller`` may use it, over ``services``.

    Args:
        services: The stores and models of this process (or request).
        caller: Who asks (default: the local user, who reads every group and may write).
        settings: Seed 000's switches (questions read as filters, and so on).
    """

    def __init__(self, services: Services, caller: Caller = LOCAL_USER, settings: JournalSettings | None = None) -> None:
        self.services = services
        self.caller = caller
        self.settings = settings or JournalSettings()

    # ------------------------------------------------------------------ reads

    async def filter(self, query: DecisionQuery) -> DecisionFilter:
        """The graph filter ``query`` means for this caller: normalised, its repository named
        by key, name or remote resolved to its key, limited to the caller's groups.

        Raises:
            InvalidRequest: A bad date, status or source, or an unknown repository.
        """
        return decision_filter(query, await self.repository_key(query.repository), self.caller.groups)

    async def search(self, query: DecisionQuery) -> SearchOutcome:
        """The decisions that answer ``query``, best first (``api.usecases.search``)."""
        where = await self.filter(query)
        limit = max(1, min(query.limit, MAX_LIMIT))
        return await search_decisions(self.services, query.text, where, limit, self.settings)

    async def chain(self, request: ChainRequest) -> DecisionChain:
        """How a decision evolved; members the caller may not see are redacted.

        Raises:
            InvalidRequest: No id, or a bad ``as_of``.
            DecisionNotFound: No such decision the caller may see.
        """
        return await decision_chain(self.services, request, self.caller.groups)

    async def drafts(self, session: str | None = None, offset: int = 0, limit: int = 50) -> DraftPage:
        """The review queue the caller may read: drafts in ``session`` or in all, oldest first."""
        return await list_drafts(self.services, text(session), self.caller.groups, max(0, offset), max(1, limit))

    async def sessions(self, query: SessionQuery) -> SessionPage:
        """What the journal has read that the caller may read: sessions of ``query``'s
        series, format and repository, newest first (by their last time: their latest
        message's, else their end, their latest decision's or their start; undated ones
        last; equal times by id), with their messages, decisions and drafts counted.

        Raises:
            InvalidRequest: An unknown repository.
        """
        repository = await self.repository_key(query.repository) if text(query.repository) else None
        source = text(query.source)
        where = SessionFilter(series=text(query.series), source=source.lower() if source else None,
                              repository=repository, groups=self.caller.groups)
        return await list_sessions(self.services, where, query.offset, query.limit)

    async def session_summaries(self, ids: list[str]) -> dict[str, SessionSummary]:
        """The sessions of ``ids`` the caller may read, with their counts, by id."""
        return await session_summaries(self.services, ids, self.caller.groups)

    async def messages(self, session_id: str) -> list[dict[str, Any]]:
        """A session's stored messages in order; none when the caller may not read it."""
        if self.caller.groups is not None:
            existing = await session_access_groups(self.services.executor, session_id)
            if existing and not set(existing) & set(self.caller.groups):
                return []
        return await session_messages(self.services.executor, session_id)

    async def repository_key(self, named: str | None) -> str:
        """The key of the repository named by key, name or remote URL; ``''`` when none is
        named (paths stated where no repository was known).

        Raises:
            InvalidRequest: No such repository in the journal.
        """
        if named is None or not named.strip():
            return UNSCOPED_REPOSITORY
        try:
            return (await resolve_scope(self.services.executor, named)).key
        except UnknownRepository as exc:
            raise InvalidRequest(str(exc), field="repository") from exc

    # ------------------------------------------------------------------ writes

    async def admit(self, session: str, asked: Sequence[str] | None) -> tuple[str, ...]:
        """The access groups a write into ``session`` gives it, once the caller may write it.

        ``asked`` None takes the caller's own groups (none for the local user: open). A new
        session gets them; an existing one keeps its own, and asking for others is refused.

        Raises:
            Refused: The caller may not write, may not give these groups, or the session
                belongs to groups it is not in.
            SessionGroupsFixed: The session exists with other groups than ``asked``.
        """
        self.require_write("writing to the journal")
        groups = access_groups(asked) if asked is not None else self.caller.groups or ()
        if not self.caller.may_assign(groups):
            raise Refused("you can only give a session access groups you belong to")
        existing = await session_access_groups(self.services.executor, session)
        if existing is None:
            return groups
        if not self.caller.may_write_to(existing):
            raise Refused(f"session {session!r} belongs to access groups you are not in")
        if asked is not None and set(groups) != set(existing):
            raise SessionGroupsFixed(session, existing)
        return existing

    async def ingest(self, request: SourceRequest, repository: InRepository | None = None) -> IngestReport:
        """Detect, extract, store and relate the decisions of one conversation or decision
        document, a file or its text (idempotent); ``repository``: the checkout it is about.

        Raises:
            InvalidRequest: An unknown format, no session for a text, a bad date.
            Refused, SessionGroupsFixed: As ``admit``.
            NlpError: The content cannot be read; nothing is stored then.
        """
        if request.fmt not in FORMATS:
            raise InvalidRequest(f"unknown format {request.fmt!r}; choose one of {', '.join(FORMATS)}", field="format")
        date, series = instant(request.date, "date"), text(request.series)
        if request.text is not None:
            session = text(request.session)
            if session is None:
                raise InvalidRequest("session must not be empty", field="session")
            groups = await self.admit(session, request.access_groups)
            return await ingest_text(
                request.text, request.fmt, session, self._ingesting(request.drafts), groups, date=date, series=series,
            )
        if request.path is None:
            raise InvalidRequest("nothing to ingest: give a file or its text", field="content")
        conversation, decisions = read_source(request.path, request.fmt, text(request.session), date, series)
        if repository is not None and repository.name and text(request.session) is None:
            own = await own_session_ids(self.services.executor, [conversation.session_id], repository.key, repository.name)
            if own[conversation.session_id] != conversation.session_id:
                conversation, decisions = read_source(request.path, request.fmt, own[conversation.session_id], date, series)
        return await self.ingest_read(conversation, decisions, request.access_groups, repository, drafts=request.drafts)

    async def ingest_read(
        self, conversation: Conversation, decisions: list[ExtractedDecision] | None,
        asked_groups: Sequence[str] | None = None, repository: InRepository | None = None, *, drafts: bool | None = None,
    ) -> IngestReport:
        """Ingest a conversation already read (``decisions``: those a decision document
        states, else None to detect them), once the caller may write its session;
        ``drafts``: every detection waits for review, or none asked (``SourceRequest.drafts``)."""
        groups = await self.admit(conversation.session_id, asked_groups)
        # A conversation read again after it grew adds only what is anchored in its new messages.
        fresh = await messages_to_detect(conversation, self.services.executor) if decisions is None else None
        return await ingest_conversation(
            conversation, self._ingesting(drafts), decisions=decisions,
            source="adr" if decisions is not None else "conversation", access_groups=groups, repository=repository,
            only_messages=fresh,
        )

    def _ingesting(self, drafts: bool | None) -> IngestServices:
        """The ingest services with the caller's choice of drafts; None (no choice) keeps the
        session's own (``IngestServices.drafts_only``)."""
        return self.services.ingest if drafts is None else self.services.ingest.drafting(drafts)

    async def record(self, request: RecordRequest, asked_groups: Sequence[str] | None = None) -> Recorded:
        """Record a decision by hand, once the caller may write (``asked_groups``: who may read
        it; None: the caller's own groups). It goes into ``request.session_id``, or with
        groups into a session of that name and those groups (``manual:eng``).

        Raises:
            InvalidRequest: No decision text.
            Refused, SessionGroupsFixed: As ``admit``.
        """
        if not request.decision.strip():
            raise InvalidRequest("a decision needs its text", field="decision")
        groups = access_groups(asked_groups) if asked_groups is not None else self.caller.groups or ()
        # A session's groups are fixed when it is created, so each set of groups records into
        # its own session of hand-recorded decisions ("manual", "manual:eng+ops").
        session = request.session_id if not groups else f"{request.session_id}:{'+'.join(sorted(set(groups)))}"
        admitted = await self.admit(session, groups)
        return await record_decision(self.services, replace(request, session_id=session, access_groups=admitted))

    async def review(self, action: ReviewAction) -> Confirmation | Verdict:
        """Confirm or reject a draft of a session the caller may read.

        Raises:
            Refused: The caller may not write.
            DraftNotFound: No such draft the caller may see.
        """
        self.require_write("reviewing drafts")
        if action.kind == "confirm":
            return await confirm_draft(self.services, action.draft_id, self.caller, text(action.summary))
        return await reject_draft(self.services, action.draft_id, self.caller, text(action.reason))

    def require_write(self, what: str) -> None:
        """Raises ``Refused`` unless the caller may write."""
        if not self.caller.can_write:
            raise Refused(f"{what} needs a token with the write scope")

    def through(self, services: Services) -> Journal:
        """The same journal for the same caller over other services (a request's counting ones)."""
        return Journal(services, self.caller, self.settings)


def local_caller(settings: Settings, name: str = "local user") -> Caller:
    """The caller of a local face: every group, or ``[auth] local_groups`` when set; may write."""
    groups = settings.auth.local_groups
    return Caller(name, tuple(groups) if groups is not None else None, can_write=True)


def local_journal(services: Services, settings: Settings, name: str = "local user") -> Journal:
    """The journal as a local face (CLI, MCP over stdio, Python API) uses it."""
    return Journal(services, local_caller(settings, name), settings.journal)


def read_source(
    path: Path, fmt: str, session: str | None, date: datetime | None = None, series: str | None = None,
) -> tuple[Conversation, list[ExtractedDecision] | None]:
    """A file as ingest reads it: a decision document's conversation and the decisions it
    states, or a conversation (decisions None: to be detected).

    Raises:
        NlpError: The file cannot be read.
    """
    structured = read_decisions(path, session) if fmt in {"auto", "decision-doc"} else None
    if structured is not None:
        return structured[0], list(structured[1])
    return read_conversation(path, fmt, session, date=date, series=series), None
