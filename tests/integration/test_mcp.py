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


async def test_agents_use_the_journal_through_mcp(journal: DecisionJournal) -> None:
    await journal.ingest_session(EXAMPLE)
    [draft] = (await ingest_as_drafts(journal.services.ingest, SEPTEMBER, "db-september")).draft_ids
    [aside] = (await ingest_as_drafts(journal.services.ingest, CHATTER, "retro")).draft_ids
    _, agent = await check_with_lineage(PROCESS, {"timeout_seconds": 45}, context=customer_context("st-mary", "healthcare"),
                                        policies=[DEADLINE_V1], exception_registry=ExceptionRegistry.of(healthcare_exception()),
                                        precedent_store=journal.precedent_store())
    server = StdioServerParameters(command=sys.executable, args=["-m", "api.cli.main", "mcp"], env=dict(os.environ),
                                   cwd=str(Path(__file__).resolve().parents[2]))
    async with stdio_client(server) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        tools = {tool.name for tool in (await session.list_tools()).tools}
        assert tools == {"record_decision", "query_decisions", "pre_decision", "get_chain", "get_impact", "check_lineage",
                         "decisions_for_paths", "list_drafts", "confirm_draft", "reject_draft"}

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
        missing = _result(await session.call_tool("get_chain", {"decision_id": "dec-000000000000"}))
        assert "error" in missing

        # Drafts: in no answer until reviewed, then a decision or a label.
        redis = _result(await session.call_tool("query_decisions", {"query": "keep PostgreSQL and add Redis for caching", "history": True}))
        assert draft not in json.dumps(redis)
        queue = _result(await session.call_tool("list_drafts", {}))
        assert queue["total"] == 2 and {d["id"] for d in queue["drafts"]} == {draft, aside}
        shown = next(d for d in queue["drafts"] if d["id"] == draft)
        assert shown["status"] == "candidate" and [m["anchor"] for m in shown["unit"]].count(True) == 1
        confirmed = _result(await session.call_tool("confirm_draft", {"draft_id": draft}))
        assert confirmed["decision"]["status"] == "active" and confirmed["decision"]["files"] == ["services/cache/"]
        assert _result(await session.call_tool("reject_draft", {"draft_id": aside, "reason": "small talk"})) == {
            "rejected": aside, "reason": "small talk"}
        assert _result(await session.call_tool("list_drafts", {}))["total"] == 0
        assert "error" in _result(await session.call_tool("reject_draft", {"draft_id": aside}))
