"""The read side of the GraphQL schema."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Annotated

import strawberry

from api.graphql.context import Info
from api.graphql.errors import ArgumentError
from api.graphql.inputs import AggregateKey, DecisionOrderBy, DecisionWhere, to_query
from api.graphql.lineage import AgentDecision
from api.graphql.paging import decode_cursor, page_size
from api.graphql.path_tree import RepositoryPaths, repository_paths
from api.graphql.paths import PathDecisions, governing_paths
from api.graphql.review import ReviewQuery
from api.graphql.types import (
    Bucket,
    Chain,
    Decision,
    DecisionConnection,
    Feature,
    File,
    Repository,
    SearchHit,
    SearchResult,
    Session,
    SessionConnection,
    Stakeholder,
    decision_connection,
    repository_key,
    session_connection,
    where_filter,
)
from api.usecases import normalise
from api.usecases.requests import ChainRequest, DecisionQuery, InvalidRequest, SessionQuery
from api.usecases.search import SearchOutcome
from graph.errors import DecisionNotFound
from graph.listing import AggregateBy, DecisionOrder
from graph.messages import session_transcript
from graph.messages import stakeholder as find_stakeholder
from graph.repositories import RepositoryStore
from graph.search import SearchHit as FoundDecision
from lineage.model import OUTCOMES


@strawberry.type
class Query(ReviewQuery):
    @strawberry.field(description="One decision, or null when there is none the caller may see. A draft awaiting "
                                  "review (status `candidate`) only with `includeDrafts`: its id comes from `drafts`.")
    async def decision(self, info: Info, id: strawberry.ID, include_drafts: bool = False) -> Decision | None:
        loader = info.context.with_drafts if include_drafts else info.context.decisions
        record = await loader.load(str(id))
        return Decision.of(record) if record else None

    @strawberry.field(description="Decisions that match `where`, paged with cursors.")
    async def decisions(
        self, info: Info, where: DecisionWhere | None = None, order_by: DecisionOrderBy = DecisionOrder.NEWEST,
        first: int | None = None, after: str | None = None,
    ) -> DecisionConnection:
        return await decision_connection(info, await where_filter(info, where), order_by, first, after)

    @strawberry.field(description="Hybrid full-text and vector search: \"why did we choose PostgreSQL?\". People and dates named in the question become filters.")
    async def search(
        self, info: Info, query: str, where: DecisionWhere | None = None, first: int = 10,
    ) -> list[SearchHit]:
        return _hits((await _search(info, query, where, first)).hits)

    @strawberry.field(description="`search` with what it read from the question: the people and dates it used as "
                                  "filters (`filtersApplied`), or dropped because with them nothing matched "
                                  "(`filtersDropped`).")
    async def search_result(
        self, info: Info, query: str, where: DecisionWhere | None = None, first: int = 10,
    ) -> SearchResult:
        outcome = await _search(info, query, where, first)
        return SearchResult(
            hits=_hits(outcome.hits), filters_applied=list(outcome.filters_applied), filters_dropped=list(outcome.filters_dropped),
        )

    @strawberry.field(description="How a decision evolved, from any member of its chain; `asOf` reads it as it stood then.")
    async def chain(self, info: Info, id: strawberry.ID, as_of: datetime | None = None) -> Chain | None:
        try:
            return Chain.of(await info.context.journal.chain(ChainRequest(str(id), as_of)))
        except DecisionNotFound:
            return None
        except InvalidRequest as exc:
            raise ArgumentError(str(exc)) from exc

    @strawberry.field(description="What touched this path in one repository: decisions affecting the file, anything "
                                  "under the directory, or a directory containing it; newest first. `repository`: its "
                                  "key or name (default: paths not tied to a repository). Without `repository`, a path "
                                  "found only in repositories gives none: `pathTree` says which repositories hold it.")
    async def impact(
        self, info: Info, path: str, repository: str | None = None, include_history: bool = False,
        first: int | None = None, after: str | None = None,
    ) -> DecisionConnection:
        try:
            where = await info.context.journal.filter(
                DecisionQuery(path=path, repository=repository, include_history=include_history)
            )
        except InvalidRequest as exc:
            raise ArgumentError(str(exc)) from exc
        # Without `repository`, a path that is only a repository's gives 0 here: a client asks
        # `pathTree` where it is (the page does); the CLI names the repositories itself.
        return await decision_connection(info, where, DecisionOrder.NEWEST, first, after)

    @strawberry.field(description="Before an edit: for each path some decision governs, the current decisions "
                                  "affecting it (or a directory holding it), what they replaced or revisited, and the "
                                  "rejected options that addedLines (the lines about to be written) name again. "
                                  "Paths nothing governs are left out. The same answer as check-diff.")
    async def decisions_for_paths(
        self, info: Info, paths: list[str], added_lines: list[str] | None = None, repository: str | None = None,
    ) -> list[PathDecisions]:
        return await governing_paths(info, paths, added_lines, await repository_key(info, repository))

    @strawberry.field(description="A person, by handle (@alice), name or one of their aliases; null when unknown.")
    async def stakeholder(self, info: Info, handle: str) -> Stakeholder | None:
        person = normalise.handle(handle)
        found = await find_stakeholder(info.context.services.executor, person) if person else None
        return Stakeholder(handle=found.handle, name=found.name, role=None, aliases=list(found.aliases)) if found else None

    @strawberry.field(description="A conversation, meeting or ADR collection with its messages; null when unknown or outside the caller's groups.")
    async def session(self, info: Info, id: strawberry.ID) -> Session | None:
        context = info.context
        found = await session_transcript(context.executor, str(id), context.principal.groups)
        return Session.of(found.session, found.messages) if found else None

    @strawberry.field(description="What the journal has read: the conversations, meetings, ADR collections, agent "
                                  "sessions and hand-recorded decisions the caller may read, newest first by their last "
                                  "time (`lastAt`; sessions with no time last, equal times by id), each with its "
                                  "message, decision and draft counts. Filters: `series`, `source` (its format: "
                                  "transcript, claude-code, aider, adr, agent, manual…), `repository` (key, name or remote).")
    async def sessions(
        self, info: Info, first: int | None = None, after: str | None = None, series: str | None = None,
        source: str | None = None, repository: str | None = None,
    ) -> SessionConnection:
        context = info.context
        limits = context.settings.graphql
        size = page_size(first, limits.default_page_size, limits.max_page_size)
        offset = decode_cursor(after)
        try:
            found = await context.journal.sessions(
                SessionQuery(series=series, source=source, repository=repository, offset=offset, limit=size)
            )
        except InvalidRequest as exc:
            raise ArgumentError(str(exc)) from exc
        return session_connection(found.sessions, offset, found.total)

    @strawberry.field(description="A feature or epic, by key.")
    def feature(self, key: str) -> Feature:
        return Feature(key=key)

    @strawberry.field(description="A file or directory, by its path in a repository (`repository`: key or name; "
                                  "default: paths not tied to a repository).")
    async def file(self, info: Info, path: str, repository: str | None = None) -> File:
        return File(path=path.strip(), repository=await repository_key(info, repository))

    @strawberry.field(description="The code repositories in the journal.")
    async def repositories(self, info: Info) -> list[Repository]:
        found = await RepositoryStore(info.context.executor).all()
        return [Repository(key=r.key, name=r.name, remote=r.remote) for r in found]

    @strawberry.field(description="Decisions made between two instants, oldest first.")
    async def timeline(
        self, info: Info, from_: Annotated[datetime | None, strawberry.argument(name="from")] = None,
        to: datetime | None = None, where: DecisionWhere | None = None, first: int | None = None,
        after: str | None = None,
    ) -> DecisionConnection:
        selected = await where_filter(info, where, include_history=True)
        where_ = replace(selected, since=from_ or selected.since, until=to or selected.until)
        return await decision_connection(info, where_, DecisionOrder.OLDEST, first, after)

    @strawberry.field(description="How many decisions (that match `where`) fall under each tag, status, stakeholder, month or file they affect.")
    async def aggregate(self, info: Info, by: AggregateKey, where: DecisionWhere | None = None) -> list[Bucket]:
        context = info.context
        buckets = await context.services.listing.aggregate(context.scoped(await where_filter(info, where)), AggregateBy(by.value))
        return [Bucket(key=b.key, count=b.count) for b in buckets]

    @strawberry.field(description="The paths the decisions that match `where` affect, per repository (named ones "
                                  "first, then paths not tied to a repository): every file or directory and every "
                                  "directory above one, with how many distinct decisions affect it or anything under it.")
    async def path_tree(self, info: Info, where: DecisionWhere | None = None) -> list[RepositoryPaths]:
        return await repository_paths(info, where)

    @strawberry.field(description="An agent decision's lineage: policy version and hash, conditions checked, exception applied, precedents and whether they were followed, deviations. Null when unknown or outside the caller's groups.")
    async def lineage(self, info: Info, decision_id: strawberry.ID) -> AgentDecision | None:
        found = await info.context.agent_decisions.load(str(decision_id))
        return AgentDecision.of(found) if found else None

    @strawberry.field(description="Agent decisions that involved an entity (type customer, ticket, file, …), newest first.")
    async def decisions_by_entity(self, info: Info, type: str, id: str, first: int = 20) -> list[AgentDecision]:
        limit = page_size(first, 20, info.context.settings.graphql.max_page_size)
        return [AgentDecision.of(d) for d in await info.context.precedents.find_by_entity(type, id, limit=limit)]

    @strawberry.field(description="Agent decisions a policy decided, optionally with one outcome (allowed, denied, allowed_by_exception) and since an instant, newest first.")
    async def decisions_by_policy(
        self, info: Info, name: str, outcome: str | None = None, since: datetime | None = None, first: int = 20,
    ) -> list[AgentDecision]:
        if outcome is not None and outcome not in OUTCOMES:
            raise ArgumentError(f"outcome must be one of {', '.join(OUTCOMES)}")
        limit = page_size(first, 20, info.context.settings.graphql.max_page_size)
        found = await info.context.precedents.find_by_policy(name, outcome=outcome, since=since, limit=limit)
        return [AgentDecision.of(d) for d in found]

    @strawberry.field(description="Agent decisions that came out otherwise than a precedent they cited, newest first.")
    async def precedent_deviations(self, info: Info, since: datetime | None = None, first: int = 20) -> list[AgentDecision]:
        limit = page_size(first, 20, info.context.settings.graphql.max_page_size)
        return [AgentDecision.of(d) for d in await info.context.precedents.deviating(since, limit)]


async def _search(info: Info, query: str, where: DecisionWhere | None, first: int) -> SearchOutcome:
    context = info.context
    limit = page_size(first, 10, context.settings.graphql.max_page_size)
    try:
        return await context.journal.search(to_query(where, text=query, limit=limit))
    except InvalidRequest as exc:
        raise ArgumentError(str(exc)) from exc


def _hits(found: list[FoundDecision]) -> list[SearchHit]:
    return [SearchHit(decision=Decision.of(f.record), score=f.score, retrievers=list(f.retrievers)) for f in found]
