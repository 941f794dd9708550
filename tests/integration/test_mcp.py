"""The MCP server over stdio, called through the mcp package's own client."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from api.journal import DecisionJournal
from lineage.flow import check_with_lineage
from lineage.standing_exceptions import ExceptionRegistry
from tests.support.drafts import CHATTER, SEPTEMBER, ingest_as_drafts
from tests.support.lineage_example import DEADLINE_V1, PROCESS, customer_context, healthcare_exception

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "platform-sync.txt"


def _result(result: Any) -> dict[str, Any]:
    assert not result.is_error, result
    data: dict[str, Any] = json.loads(result.content[0].text)
    return data


def _refused(result: Any) -> str:
    """The text of a tool error: an expected failure is ``isError: true``, never an answer."""
    assert result.is_error, result
    text: str = result.content[0].text
    return text


def _mcp_server() -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "api.cli.main", "mcp"], env=dict(os.environ),
                                 cwd=str(Path(__file__).resolve().parents[2]))


async def test_agents_use_the_journal_through_mcp(journal: DecisionJournal) -> None:
    await journal.ingest_session(EXAMPLE)
    [draft] = (await ingest_as_drafts(journal.services.ingest, SEPTEMBER, "db-september")).draft_ids
    [aside] = (await ingest_as_drafts(journal.services.ingest, CHATTER, "retro")).draft_ids
    _, agent = await check_with_lineage(PROCESS, {"timeout_seconds": 45}, context=customer_context("st-mary", "healthcare"),
                                        policies=[DEADLINE_V1], exception_registry=ExceptionRegistry.of(healthcare_exception()),
                                        precedent_store=journal.precedent_store())
    async with stdio_client(_mcp_server()) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        tools = {tool.name for tool in (await session.list_tools()).tools}
        assert tools == {"record_decision", "query_decisions", "pre_decision", "get_chain", "get_impact", "check_lineage",
                         "decisions_for_paths", "list_drafts", "confirm_draft", "reject_draft", "list_sessions"}

        recorded = _result(await session.call_tool("record_decision", {
            "decision": "Cache product pages in Redis for five minutes", "tags": ["caching"],
            "pattern": "Cache what is read far more often than written", "reasons": ["analysis:p95 dropped 40%"],
            "files": ["src/catalogue/"],
        }))
        assert recorded["quality"]["score"] > 0 and recorded["decision"]["source"]["kind"] == "manual"
        hits = _result(await session.call_tool("query_decisions", {"query": "why did we choose PostgreSQL?", "history": True}))
        assert "PostgreSQL" in hits["hits"][0]["decision"]["summary"]
        before = _result(await session.call_tool("pre_decision", {"situation": "should we cache catalogue reads?"}))
        assert "Cache what is read far more often than written" in before["patterns"]
        chain = _result(await session.call_tool("get_chain", {"decision_id": hits["hits"][0]["decision"]["id"]}))
        assert "Redis" in chain["current"]["summary"]
        impact = _result(await session.call_tool("get_impact", {"path": "src/api"}))
        assert impact["total"] == 1 and "REST" in impact["decisions"][0]["summary"]
        assert impact["decisions"][0]["commits"] == []  # no ingest-git here
        governing = _result(await session.call_tool("decisions_for_paths", {
            "paths": ["services/orders/schema.sql", "docs/notes.md"], "added_lines": ["store orders in MongoDB"]}))
        [schema] = governing["governed_paths"]
        assert schema["path"] == "services/orders/schema.sql" and "PostgreSQL" in schema["governing"][0]["summary"]
        assert [r["option"] for r in schema["reintroduced"]] == ["MongoDB"]
        lineage = _result(await session.call_tool("check_lineage", {"decision_id": str(agent.decision_id)}))
        assert lineage["record"]["outcome"] == "allowed_by_exception"
        assert any("healthcare_extended_timeout" in line for line in lineage["trace"])
        missing = _refused(await session.call_tool("get_chain", {"decision_id": "dec-000000000000"}))
        assert "dec-000000000000" in missing

        # Drafts: in no answer until reviewed, then a decision or a label.
        redis = _result(await session.call_tool("query_decisions", {"query": "keep PostgreSQL and add Redis for caching", "history": True}))
        assert draft not in json.dumps(redis)
        queue = _result(await session.call_tool("list_drafts", {}))
        assert queue["total"] == 2 and {d["id"] for d in queue["drafts"]} == {draft, aside}
        shown = next(d for d in queue["drafts"] if d["id"] == draft)
        read = _result(await session.call_tool("list_sessions", {}))
        by_id = {s["id"]: s for s in read["sessions"]}
        assert read["total"] == len(by_id) == 5, "platform-sync, db-september, retro, the agent's and record_decision's"
        assert (by_id["db-september"]["decisions"], by_id["db-september"]["drafts"]) == (0, 1)
        assert by_id["platform-sync"]["messages"] == 11 and by_id["platform-sync"]["decisions"] >= 3
        [agents] = _result(await session.call_tool("list_sessions", {"source": "agent"}))["sessions"]
        assert agents["decisions"] == 1 and agents["messages"] == 0
        assert "limit must be between" in _refused(await session.call_tool("list_sessions", {"limit": 0}))
        assert shown["status"] == "candidate" and [m["anchor"] for m in shown["unit"]].count(True) == 1
        confirmed = _result(await session.call_tool("confirm_draft", {"draft_id": draft}))
        assert confirmed["decision"]["status"] == "active" and confirmed["decision"]["files"] == ["services/cache/"]
        assert _result(await session.call_tool("reject_draft", {"draft_id": aside, "reason": "small talk"})) == {
            "rejected": aside, "reason": "small talk"}
        assert _result(await session.call_tool("list_drafts", {}))["total"] == 0
        assert aside in _refused(await session.call_tool("reject_draft", {"draft_id": aside}))


async def test_every_expected_failure_is_a_tool_error_in_its_own_words(journal: DecisionJournal) -> None:
    await journal.ingest_session(EXAMPLE)
    unknown_repository = "no repository 'nowhere/none' in the journal"
    calls: list[tuple[str, dict[str, Any], str]] = [
        ("get_chain", {"decision_id": "dec-nope"}, "no decision with id 'dec-nope'"),
        ("get_chain", {"decision_id": "dec-400b65af5851", "as_of": "last tuesday"}, "as_of"),
        ("record_decision", {"decision": "  "}, "a decision needs its text"),
        ("query_decisions", {"query": "x", "repository": "nowhere/none", "path": "src"}, unknown_repository),
        ("query_decisions", {"query": "x", "limit": -3}, "limit must be between 1 and 100, got -3"),
        ("query_decisions", {"query": "x", "limit": 0}, "limit must be between 1 and 100, got 0"),
        ("pre_decision", {"situation": "x", "limit": 101}, "limit must be between 1 and 100, got 101"),
        ("pre_decision", {"paths": ["src/a.py"], "repository": "nowhere/none"}, unknown_repository),
        ("get_impact", {"path": "x", "limit": 100000}, "limit must be between 1 and 100, got 100000"),
        ("get_impact", {"path": "x", "repository": "nowhere/none"}, unknown_repository),
        ("decisions_for_paths", {"paths": ["x"], "repository": "nowhere/none"}, unknown_repository),
        ("list_drafts", {"limit": 500}, "limit must be between 1 and 100, got 500"),
        ("confirm_draft", {"draft_id": "dec-nope"}, "dec-nope"),
        ("reject_draft", {"draft_id": "dec-nope"}, "dec-nope"),
        ("check_lineage", {"decision_id": "dec-nope"}, "'dec-nope' is not an agent decision id (a UUID)"),
        ("check_lineage", {"decision_id": "00000000-0000-0000-0000-000000000000"}, "no agent decision"),
    ]
    async with stdio_client(_mcp_server()) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        for tool, arguments, said in calls:
            text = _refused(await session.call_tool(tool, arguments))
            assert said in text and tool in text, (tool, arguments, text)
        # The bounds themselves are answers.
        assert _result(await session.call_tool("query_decisions", {"query": "PostgreSQL", "limit": 100}))["hits"]
        assert _result(await session.call_tool("get_impact", {"path": "src/api", "limit": 1}))["total"] == 1
