"""A session's access rules, face by face: a reader outside its groups sees none of it, and
its groups, fixed when it was created, cannot be changed through any face that writes."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from neo4j import AsyncDriver
from starlette.testclient import TestClient
from typer.testing import CliRunner

from api.app import create_app
from api.cli.main import app as cli_app
from api.journal import DecisionJournal
from api.mcp_server import build_mcp_server
from api.usecases.requests import Refused, SessionGroupsFixed
from graph.errors import DecisionNotFound
from graph.messages import session_access_groups
from tests.api.graphql_client import GraphQL
from tests.graph_fixtures import Neo4jServer
from tests.support.cross_face import INFRA, page_query, settings_for
from tests.support.cypher import support_query

INGEST = """mutation($session: String!, $content: String!, $groups: [String!]) {
  ingest(session: $session, content: $content, format: "transcript", accessGroups: $groups) {
    __typename ... on IngestSuccess { newDecisions } ... on ValidationError { message field } ... on Forbidden { message } } }"""
LATER = "[2024-08-16T09:00:00Z] dave: We decided to keep one self-hosted runner warm because cold starts take minutes.\n"
SALES = '["sales"]'


@pytest.fixture(scope="module")
def graphql(neo4j_server: Neo4jServer) -> Iterator[GraphQL]:
    with TestClient(create_app(settings_for(neo4j_server))) as client:
        yield GraphQL(client)


@pytest.fixture(scope="module")
async def infra(neo4j_server: Neo4jServer, driver: AsyncDriver, tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[str]:
    """Session ``infra`` of group eng, holding one decision (its id is yielded)."""
    folder = tmp_path_factory.mktemp("infra")
    (folder / "infra.txt").write_text(INFRA)
    async with DecisionJournal(settings_for(neo4j_server)) as admin:
        await admin.services.executor.write(support_query("testing_wipe"))
        report = await admin.ingest_session(folder / "infra.txt", session_id="infra", access_groups=["eng"])
        [decision] = report.decision_ids
        yield decision
        assert await session_access_groups(admin.services.executor, "infra") == ("eng",)  # no face changed them


async def _cli(*args: str, groups: str | None = None) -> tuple[int, str]:
    env = {"DJ_AUTH__LOCAL_GROUPS": groups} if groups else {}
    result = await asyncio.to_thread(CliRunner().invoke, cli_app, list(args), env=env)
    return result.exit_code, result.output


async def _mcp(server: Neo4jServer, groups: list[str] | None, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    async with Client(build_mcp_server(settings_for(server, groups))) as client:
        result = await client.call_tool(tool, arguments)
    text: str = result.content[0].text  # type: ignore[union-attr]
    if result.is_error:
        return {"error": text}  # an MCP tool error: what the tool refused, said once
    answer: dict[str, Any] = json.loads(text)
    return answer


# ---------------------------------------------------------------- a reader outside the groups sees nothing

async def test_python_api_hides_the_session(neo4j_server: Neo4jServer, infra: str) -> None:
    async with DecisionJournal(settings_for(neo4j_server, ["sales"])) as sales, \
            DecisionJournal(settings_for(neo4j_server, ["eng"])) as eng:
        assert await sales.search_decisions("self-hosted runners", {"history": True}) == []
        assert await sales.search_decisions("", {"session": "infra", "history": True}) == []
        assert await sales.search_decisions("", {"stakeholder": "Dave", "history": True}) == []
        assert await sales.get_messages_of("infra") == []
        with pytest.raises(DecisionNotFound):
            await sales.get_decision(infra)
        with pytest.raises(DecisionNotFound):
            await sales.get_decision_chain(infra)
        assert [d["id"] for d in await eng.search_decisions("self-hosted runners")] == [infra]
        assert "infra" not in [s["id"] for s in await sales.sessions()]
        assert "infra" in [s["id"] for s in await eng.sessions()]
        assert len(await eng.get_messages_of("infra")) == 3


async def test_cli_hides_the_session(infra: str) -> None:
    code, out = await _cli("search", "self-hosted runners", "--history", "--json", groups=SALES)
    assert code == 0 and json.loads(out)["hits"] == []
    code, out = await _cli("search", "", "--session", "infra", "--json", groups=SALES)
    assert code == 0 and json.loads(out)["hits"] == []
    code, out = await _cli("chain", infra, "--json", groups=SALES)
    assert code != 0 and infra in out
    code, out = await _cli("search", "self-hosted runners", "--json", groups='["eng"]')
    assert code == 0 and [h["decision"]["id"] for h in json.loads(out)["hits"]] == [infra]
    code, out = await _cli("sessions", "--json", groups=SALES)
    assert code == 0 and "infra" not in [s["id"] for s in json.loads(out)["sessions"]]
    code, out = await _cli("sessions", "--json", groups='["eng"]')
    assert code == 0 and "infra" in [s["id"] for s in json.loads(out)["sessions"]]


async def test_graphql_and_the_page_hide_the_session(graphql: GraphQL, infra: str) -> None:
    reads = """query($id: ID!, $q: String!) { decision(id: $id) { id } chain(id: $id) { current { id } }
      session(id: "infra") { id } search(query: $q) { decision { id } }
      decisions(where: {session: "infra", includeHistory: true}) { totalCount } }"""
    hidden = await asyncio.to_thread(graphql.run, reads, {"id": infra, "q": "self-hosted runners"}, "sales")
    assert hidden == {"decision": None, "chain": None, "session": None, "search": [], "decisions": {"totalCount": 0}}
    shown = await asyncio.to_thread(graphql.run, reads, {"id": infra, "q": "self-hosted runners"}, "eng")
    assert shown["decision"] == {"id": infra} and shown["decisions"] == {"totalCount": 1}
    listed = "{ sessions(first: 100) { edges { node { id decisionCount } } } }"
    assert "infra" not in [e["node"]["id"] for e in (await asyncio.to_thread(graphql.run, listed, {}, "sales"))["sessions"]["edges"]]
    assert {"id": "infra", "decisionCount": 1} in [
        e["node"] for e in (await asyncio.to_thread(graphql.run, listed, {}, "eng"))["sessions"]["edges"]]
    # The page's own requests: its search view and its session view.
    found = await asyncio.to_thread(graphql.run, page_query("searchResult"), {"q": "self-hosted runners"}, "sales")
    assert found["searchResult"]["hits"] == []
    session_view = (Path(__file__).resolve().parents[2] / "api" / "web" / "static" / "app.js").read_text()
    start = session_view.index("`query($id: ID!, $session: String) { session(id: $id)")
    query = session_view[start + 1: session_view.index("`", start + 1)]
    assert (await asyncio.to_thread(graphql.run, query, {"id": "infra", "session": "infra"}, "sales"))["session"] is None
    assert (await asyncio.to_thread(graphql.run, query, {"id": "infra", "session": "infra"}, "eng"))["session"]["id"] == "infra"


async def test_mcp_hides_the_session(neo4j_server: Neo4jServer, infra: str) -> None:
    found = await _mcp(neo4j_server, ["sales"], "query_decisions", {"query": "self-hosted runners", "history": True})
    assert found["hits"] == []
    scoped = await _mcp(neo4j_server, ["sales"], "query_decisions", {"query": "", "session": "infra", "history": True})
    assert scoped["hits"] == []
    chain = await _mcp(neo4j_server, ["sales"], "get_chain", {"decision_id": infra})
    assert infra in chain["error"]
    shown = await _mcp(neo4j_server, ["eng"], "query_decisions", {"query": "self-hosted runners"})
    assert [h["decision"]["id"] for h in shown["hits"]] == [infra]
    assert "infra" not in [s["id"] for s in (await _mcp(neo4j_server, ["sales"], "list_sessions", {}))["sessions"]]
    assert "infra" in [s["id"] for s in (await _mcp(neo4j_server, ["eng"], "list_sessions", {}))["sessions"]]


# ---------------------------------------------------------------- a session's groups cannot change

async def test_python_api_refuses_other_groups(neo4j_server: Neo4jServer, infra: str, tmp_path: Path) -> None:
    later = tmp_path / "infra.txt"
    later.write_text(LATER)
    async with DecisionJournal(settings_for(neo4j_server)) as admin:
        with pytest.raises(SessionGroupsFixed, match="fixed when it is created"):
            await admin.ingest_session(later, session_id="infra", access_groups=["sales"])
        with pytest.raises(SessionGroupsFixed):
            await admin.ingest_session(later, session_id="infra", access_groups=[])
    async with DecisionJournal(settings_for(neo4j_server, ["sales"])) as sales:
        with pytest.raises(Refused, match="not in"):
            await sales.ingest_session(later, session_id="infra")
        with pytest.raises(Refused, match="belong to"):
            await sales.ingest_session(later, session_id="elsewhere", access_groups=["eng"])


async def test_cli_refuses_other_groups(infra: str, tmp_path: Path) -> None:
    later = tmp_path / "infra.txt"
    later.write_text(LATER)
    code, out = await _cli("ingest", str(later), "--session", "infra", "--access-group", "sales")
    assert code == 2 and "fixed when it is created" in out
    code, out = await _cli("ingest", str(later), "--session", "infra", groups=SALES)
    assert code == 2 and "not in" in out
    code, out = await _cli("ingest", str(later), "--session", "infra", "--access-group", "eng")
    assert code == 0, out  # the same groups: allowed


async def test_graphql_refuses_other_groups(graphql: GraphQL, infra: str) -> None:
    changed = await asyncio.to_thread(graphql.run, INGEST, {"session": "infra", "content": LATER, "groups": ["sales"]})
    assert changed["ingest"]["__typename"] == "ValidationError" and changed["ingest"]["field"] == "accessGroups"
    outsider = await asyncio.to_thread(graphql.run, INGEST, {"session": "infra", "content": LATER, "groups": None}, "design")
    assert outsider["ingest"]["__typename"] == "Forbidden"


async def test_mcp_writes_into_the_callers_own_session(neo4j_server: Neo4jServer, infra: str) -> None:
    # MCP names no session groups: what a restricted caller records goes into a session of
    # its own groups, created with them, which the other groups do not see.
    recorded = await _mcp(neo4j_server, ["sales"], "record_decision", {"decision": "Quote prices in euros", "tags": ["Pricing"]})
    assert recorded["decision"]["source"]["session"] == "mcp:sales" and recorded["decision"]["tags"] == ["pricing"]
    eng = await _mcp(neo4j_server, ["eng"], "query_decisions", {"query": "quote prices in euros"})
    assert eng["hits"] == []
    sales = await _mcp(neo4j_server, ["sales"], "query_decisions", {"query": "quote prices in euros", "tags": ["PRICING"]})
    assert [h["decision"]["id"] for h in sales["hits"]] == [recorded["decision"]["id"]]
