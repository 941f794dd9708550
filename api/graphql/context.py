"""What every resolver of one request shares: the caller, the services, the loaders."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import strawberry
from strawberry.dataloader import DataLoader

from api.auth import Principal
from api.settings import Settings
from api.usecases.journal_facade import Journal
from api.usecases.requests import Caller
from api.usecases.services import Services
from graph.commits import CommitRecord, CommitStore
from graph.executor import CountingExecutor
from graph.filters import DecisionFilter
from graph.lineage_store import Neo4jPrecedentStore
from graph.listing import DecisionOrder, Page
from graph.records import DecisionRecord
from graph.session_list import SessionSummary
from lineage.model import AgentDecisionRecord

MAX_COMMITS = 50
"""The most commits a decision lists (``Decision.commits(first)``)."""


@dataclass
class RequestContext:
    """Per-request state; resolvers reach it as ``info.context``.

    ``services`` reads through a counting executor, so the response can report (and tests
    bound) how many Cypher round trips the request cost. ``decisions`` (and
    ``agent_decisions`` for lineage records) batch and cache loads for the request: every
    id asked for in one tick of the event loop costs one query together.
    """

    principal: Principal
    settings: Settings
    services: Services
    executor: CountingExecutor
    decisions: DataLoader[str, DecisionRecord | None]
    precedents: Neo4jPrecedentStore
    agent_decisions: DataLoader[str, AgentDecisionRecord | None]
    commits: DataLoader[str, list[CommitRecord]]
    with_drafts: DataLoader[str, DecisionRecord | None]
    """Like ``decisions``, drafts included: for the review queue and ``includeDrafts``."""
    journal: Journal
    """The journal facade as this caller uses it, over the counting ``services``."""
    session_summaries: DataLoader[str, SessionSummary | None]
    """Sessions with their counts, for a ``Session`` not read with them (``Decision.session``)."""
    read_decisions: dict[str, DecisionRecord | None] = field(default_factory=dict)
    """Decisions read ahead for this request (``load_page``), None when hidden or unknown."""
    read_commits: dict[str, list[CommitRecord]] = field(default_factory=dict)
    """Commits read ahead for this request, by decision id."""

    def scoped(self, where: DecisionFilter) -> DecisionFilter:
        """``where`` limited to what the caller may read."""
        return replace(where, groups=self.principal.groups)

    async def load_decisions(self, ids: Sequence[str], drafts: bool = False) -> list[DecisionRecord]:
        """Visible decisions for ``ids``, in order; unknown and hidden ones are left out, and
        drafts unless ``drafts``."""
        found = await (self.with_drafts if drafts else self.decisions).load_many(list(ids))
        return [record for record in found if record is not None]

    def ready_decisions(self, ids: Sequence[str]) -> list[DecisionRecord] | None:
        """What ``load_decisions(ids)`` would return, when every id was read ahead; else None."""
        read = self.read_decisions
        if not all(i in read for i in ids):
            return None
        return [record for i in ids if (record := read[i]) is not None]

    async def load_page(
        self, where: DecisionFilter, order: DecisionOrder, offset: int, size: int, linked: bool, commits: bool = False,
    ) -> tuple[Page, list[DecisionRecord]]:
        """The page of what ``where`` selects that the caller may read, with its decisions
        (drafts as ``where`` asks), with ``linked`` the decisions they supersede, revisit, or
        are superseded or revisited by, and with ``commits`` the commits that followed them
        (``MAX_COMMITS`` each), all in one round trip; those fields then resolve without
        awaiting.

        Why: an awaiting field costs graphql-core a task and turns of the event loop, and
        each load a round trip after the one before; on a page of 50 with every field, the
        five linking fields took about as long as all the others together."""
        read = await self.services.listing.page_read(
            self.scoped(where), order, offset, size, linked=linked, commits=MAX_COMMITS if commits else None
        )
        if read.commits is not None:
            self.read_commits.update(read.commits)
        if linked:
            for record in read.records:
                for i in (*record.supersedes, *record.superseded_by, *record.revisits, *record.revisited_by):
                    self.read_decisions[i] = read.linked.get(i)
        return read.page, list(read.records)


def build_context(principal: Principal, settings: Settings, services: Services) -> RequestContext:
    """A fresh context (and fresh loader cache) for one request."""
    executor = CountingExecutor(services.executor)
    reading = services.through(executor)

    async def load(ids: list[str]) -> list[DecisionRecord | None]:
        records = {r.id: r for r in await reading.reader.decisions(ids, principal.groups)}
        return [records.get(i) for i in ids]

    async def load_with_drafts(ids: list[str]) -> list[DecisionRecord | None]:
        records = {r.id: r for r in await reading.reader.decisions(ids, principal.groups, drafts=True)}
        return [records.get(i) for i in ids]

    precedents = Neo4jPrecedentStore(executor, groups=principal.groups)

    async def load_agent(ids: list[str]) -> list[AgentDecisionRecord | None]:
        found = await precedents.find_many(ids)
        return [found.get(i) for i in ids]

    commit_store = CommitStore(executor)

    async def load_commits(ids: list[str]) -> list[list[CommitRecord]]:
        # Only for decisions the caller has already read (a Decision object), so no
        # visibility check is needed here.
        found = await commit_store.commits_of(ids, MAX_COMMITS)
        return [found.get(i, []) for i in ids]

    caller = Caller(principal.name, principal.groups, principal.can("write"))
    journal = Journal(reading, caller, settings.journal)

    async def load_sessions(ids: list[str]) -> list[SessionSummary | None]:
        found = await journal.session_summaries(ids)
        return [found.get(i) for i in ids]

    return RequestContext(
        principal, settings, reading, executor, DataLoader(load_fn=load), precedents, DataLoader(load_fn=load_agent),
        DataLoader(load_fn=load_commits), DataLoader(load_fn=load_with_drafts), journal, DataLoader(load_fn=load_sessions),
    )


Info = strawberry.Info[RequestContext, None]
