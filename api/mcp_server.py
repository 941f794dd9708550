"""An MCP server (stdio) for agents: record and query decisions, check before deciding,
follow chains and impact, and read an agent decision's lineage (seed 002's tools, seed 003)."""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any
from uuid import UUID

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from api.errors import ApiError
from api.settings import Settings
from api.usecases.governing import governing_decisions, locate_paths
from api.usecases.impact import impact_json
from api.usecases.journal_facade import Journal, local_journal
from api.usecases.json_shape import chain_json
from api.usecases.lineage_report import trace_lines
from api.usecases.path_check import decisions_for_paths as decisions_for_paths_of
from api.usecases.path_check import lines_for_every_path, path_report_json
from api.usecases.record import RecordRequest, recorded_json
from api.usecases.repositories import RepositoryScope, resolve_scope
from api.usecases.requests import ChainRequest, DecisionQuery, InvalidRequest, ReviewAction, SessionQuery
from api.usecases.review import Confirmation, draft_json
from api.usecases.runtime import connect
from api.usecases.search import hits_json, outcome_json
from api.usecases.services import Services, build_services
from api.usecases.sessions import session_json
from graph.errors import DecisionNotFound
from graph.lineage_store import Neo4jPrecedentStore
from graph.review import Verdict
from lineage.codec import to_json

log = logging.getLogger("decision_journal.mcp")


@contextmanager
def expected_failures() -> Iterator[None]:
    """An expected failure (an unknown id or repository, an argument out of range) becomes the
    tool's error result (``isError: true``) in its own words, so an agent need not parse a
    successful answer to notice it. Anything else stays a crash: the SDK shows the agent only
    "Error executing tool …" and logs the traceback, as its text may carry driver details."""
    try:
        yield
    except (ApiError, DecisionNotFound) as exc:
        raise ToolError(str(exc)) from exc


def bounded(limit: int, maximum: int) -> int:
    """``limit`` when it is between 1 and ``maximum`` (GraphQL's page size bound, [graphql]
    max_page_size): a limit out of range is refused, as GraphQL refuses ``first``, rather
    than quietly changed into another.

    Raises:
        InvalidRequest: ``limit`` is out of range.
    """
    if not 1 <= limit <= maximum:
        raise InvalidRequest(f"limit must be between 1 and {maximum}, got {limit}", field="limit")
    return limit


def build_mcp_server(settings: Settings) -> MCPServer[Any]:
    """The server; it connects to the graph (starting the local one if needed) when a client
    connects, and loads the models once."""
    state: dict[str, Services] = {}
    max_limit = settings.graphql.max_page_size

    @asynccontextmanager
    async def lifespan(_server: MCPServer[Any]) -> AsyncIterator[None]:
        async with connect(settings, log.info) as graph:
            state["services"] = build_services(settings, graph.executor)
            try:
                yield
            finally:
                await state["services"].aclose()

    def services() -> Services:
        return state["services"]

    def journal() -> Journal:
        return local_journal(services(), settings, "mcp")

    server: MCPServer[Any] = MCPServer(
        name="decision-journal",
        instructions="A journal of team and agent decisions in Neo4j. Call pre_decision before deciding, "
                     "record_decision after, query_decisions to ask why, get_chain for history, get_impact for code, "
                     "decisions_for_paths before editing files; list_sessions for what it has read; list_drafts, "
                     "confirm_draft and reject_draft review the detections it was not sure of.",
        lifespan=lifespan,
    )

    @server.tool(name="record_decision", description="Record a decision (seed 002): returns it as stored with a recording-quality score and "
                             "suggestions. reasons are 'type:text' (analysis, precedent, intuition, pattern, constraint, ...).")
    async def record_decision_tool(
        decision: str, tags: list[str] | None = None, pattern: str | None = None, reasons: list[str] | None = None,
        context: str | None = None, alternatives: list[str] | None = None, stakeholders: list[str] | None = None,
        decision_maker: str | None = None, files: list[str] | None = None, confidence: float | None = None,
        stakes: str | None = None, category: str | None = None,
    ) -> dict[str, Any]:
        request = RecordRequest(
            decision=decision, tags=tuple(tags or ()), pattern=pattern, reasons=tuple(reasons or ()), context=context,
            alternatives=tuple(alternatives or ()), stakeholders=tuple(stakeholders or ()), decision_maker=decision_maker,
            files=tuple(files or ()), confidence=confidence, stakes=stakes, category=category, session_id="mcp",
        )
        with expected_failures():
            return dict(recorded_json(await journal().record(request)))

    @server.tool(description="Search decisions: 'why did we choose X?'. Filters: tags (any case), stakeholder (alice, "
                             "@alice or Alice), since/until (ISO dates; until: before that day), status, path (a file or "
                             "directory) in repository (its key, name or remote URL; default: paths not tied to one), "
                             "session, series, history (include superseded), drafts (include drafts awaiting review).")
    async def query_decisions(
        query: str, tags: list[str] | None = None, stakeholder: str | None = None, since: str | None = None,
        until: str | None = None, status: str | list[str] | None = None, path: str | None = None, history: bool = False,
        limit: int = 5, repository: str | None = None, session: str | None = None, series: str | None = None,
        drafts: bool = False,
    ) -> dict[str, Any]:
        with expected_failures():
            request = DecisionQuery(
                text=query, tags=tags or (), stakeholder=stakeholder, since=since, until=until,
                statuses=[status] if isinstance(status, str) else status or (), path=path, repository=repository,
                session=session, series=series, include_history=history, include_drafts=drafts,
                limit=bounded(limit, max_limit),
            )
            return dict(outcome_json(await journal().search(request)))

    @server.tool(description="Before deciding or editing: prior decisions and the patterns behind them for a situation; "
                             "with paths (files you are about to edit: repository-relative, or absolute in a checkout), "
                             "also 'governing': the current decisions that govern each file, what each chose and why, and "
                             "the options it rejected with why they lost. repository: as for get_impact.")
    async def pre_decision(
        situation: str = "", tags: list[str] | None = None, limit: int = 5, paths: list[str] | None = None,
        repository: str | None = None,
    ) -> dict[str, Any]:
        with expected_failures():
            wanted = DecisionQuery(text=situation, tags=tags or (), limit=bounded(limit, max_limit))
            found = await journal().search(wanted) if situation.strip() else None
            hits = hits_json(found.hits) if found is not None else []
            patterns = list(dict.fromkeys(h["decision"]["pattern"] for h in hits if h["decision"]["pattern"]))
            answer: dict[str, Any] = {"decisions": hits, "patterns": patterns}
            if paths:
                located = locate_paths(paths, Path.cwd())
                named = repository if repository is not None else (str(located.checkout) if located.checkout else None)
                scope = await scope_of(named)
                answer["governing"] = dict(await governing_decisions(services().executor, located.paths, scope.key))
            return answer

    @server.tool(description="How a decision evolved: original, revisions, current, from any member; as_of (ISO date) reads the past.")
    async def get_chain(decision_id: str, as_of: str | None = None) -> dict[str, Any]:
        with expected_failures():
            return dict(chain_json(await journal().chain(ChainRequest(decision_id, as_of))))

    async def scope_of(repository: str | None) -> RepositoryScope:
        return await resolve_scope(services().executor, repository, Path.cwd())

    @server.tool(description="What touched a file or directory: the decisions that affect it, newest first, each with "
                             "how it is linked and the git commits that followed it (after ingest-git). repository: the "
                             "repository's key or name (default: the one this server runs in; '' for paths not tied to one).")
    async def get_impact(path: str, include_history: bool = False, limit: int = 20, repository: str | None = None) -> dict[str, Any]:
        with expected_failures():
            wanted = bounded(limit, max_limit)
            scope = await scope_of(repository)
            return dict(await impact_json(services().executor, path, include_history, wanted, scope.key))

    @server.tool(description="Before editing files: the current decisions that govern each path (the file or a directory "
                             "holding it), how each reaches it, what they replaced or revisited, and the rejected options "
                             "that added_lines (what you are about to write) name again. The same answer as "
                             "`decision-journal check-diff`. repository: as for get_impact.")
    async def decisions_for_paths(
        paths: list[str], added_lines: list[str] | None = None, repository: str | None = None,
    ) -> dict[str, Any]:
        with expected_failures():
            scope = await scope_of(repository)
        added = lines_for_every_path(paths, added_lines)
        return path_report_json(await decisions_for_paths_of(services().executor, paths, added, repository=scope.key))

    @server.tool(name="list_drafts", description="Drafts awaiting review: detections not sure enough to be stored as decisions, each with "
                             "its proposed sentence, its unit of messages (the anchor marked), confidence and subject; "
                             "in one session or all, oldest first. They are in no other answer until confirmed.")
    async def list_drafts_tool(session: str | None = None, limit: int = 20) -> dict[str, Any]:
        with expected_failures():
            page = await journal().drafts(session, 0, bounded(limit, max_limit))
        return {"total": page.total, "drafts": [dict(draft_json(r)) for r in page.drafts]}

    @server.tool(name="list_sessions", description="What the journal has read: the conversations, meetings, ADR "
                             "collections and agent sessions, newest first (by their latest message's time), each with "
                             "its id, title, format (source), series, repository, how many messages it stored and how "
                             "many decisions and drafts came from it. Filters: series, source (a format: transcript, "
                             "claude-code, aider, adr…), repository (key or name). A session's id is query_decisions' "
                             "session filter.")
    async def list_sessions_tool(
        series: str | None = None, source: str | None = None, repository: str | None = None, limit: int = 20,
    ) -> dict[str, Any]:
        with expected_failures():
            query = SessionQuery(series=series, source=source, repository=repository, limit=bounded(limit, max_limit))
            page = await journal().sessions(query)
        return {"total": page.total, "sessions": [dict(session_json(s)) for s in page.sessions]}

    @server.tool(name="confirm_draft", description="Confirm a draft: it becomes a decision (summary replaces its sentence when given) and is "
                             "linked as ingest would have (files, people, search, the earlier decision on its subject).")
    async def confirm_draft_tool(draft_id: str, summary: str | None = None) -> dict[str, Any]:
        with expected_failures():
            done = await journal().review(ReviewAction("confirm", draft_id, summary=summary))
        assert isinstance(done, Confirmation)
        return {"decision": dict(draft_json(done.record)), "superseded": done.superseded, "revisited": done.revisited}

    @server.tool(name="reject_draft", description="Reject a draft: it leaves the graph (its messages stay) and is kept as a review label; "
                             "ingesting the same input again does not bring it back.")
    async def reject_draft_tool(draft_id: str, reason: str | None = None) -> dict[str, Any]:
        with expected_failures():
            verdict = await journal().review(ReviewAction("reject", draft_id, reason=reason))
        assert isinstance(verdict, Verdict)
        return {"rejected": draft_id, "reason": verdict.reason}

    @server.tool(description="An agent decision's lineage (seed 003): policy version and hash, conditions, exception, "
                             "precedents followed or not, as the record and a readable trace.")
    async def check_lineage(decision_id: str) -> dict[str, Any]:
        try:
            wanted = UUID(decision_id)
        except ValueError as exc:
            raise ToolError(f"{decision_id!r} is not an agent decision id (a UUID)") from exc
        store = Neo4jPrecedentStore(services().executor)
        found = await store.find_by_id(wanted)
        if found is None:
            raise ToolError(f"no agent decision {decision_id}")
        cited = await store.find_many([r.decision_id for r in found.precedent_refs])
        return {"record": json.loads(to_json(found)), "trace": trace_lines(found, cited)}

    return server

