"""The Neo4j precedent store on the real database: it agrees with the in-memory one, keeps
the ledger, counts exception applications durably, and joins the code graph."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from uuid import UUID

import pytest

from graph.executor import Neo4jExecutor
from graph.filters import DecisionFilter
from graph.lineage_store import Neo4jPrecedentStore
from graph.listing import DecisionListing
from graph.reader import DecisionReader
from graph.schema import apply_schema
from lineage.flow import check_with_lineage
from lineage.memory_store import InMemoryPrecedentStore
from lineage.model import AgentDecisionRecord
from lineage.policy import NamedTool, PolicyDecision, Tool, ToolContext, VersionedPolicy
from lineage.standing_exceptions import ExceptionRegistry
from lineage.store import LedgerViolation, PrecedentStore
from tests.graph_fixtures import EMBEDDING_DIMENSION
from tests.support.cypher import support_query
from tests.support.lineage_example import DEADLINE_V1, JAN_2024, PROCESS, customer_context, healthcare_exception

START = datetime(2024, 3, 1, 9, tzinfo=UTC)
CALLS = [  # (customer, industry, timeout, session)
    ("st-mary", "healthcare", 45, "run-1"), ("acme", "retail", 45, "run-1"), ("st-mary", "healthcare", 20, "run-1"),
    ("acme", "retail", 10, "run-2"), ("st-mary", "healthcare", 50, "run-2"), ("globex", "healthcare", 45, "run-2"),
    ("acme", "retail", 60, "run-2"), ("globex", "healthcare", 45, "run-3"),
]


async def _run_sequence(store: PrecedentStore) -> list[AgentDecisionRecord]:
    decisions = []
    for i, (customer, industry, timeout, session) in enumerate(CALLS):
        _, decision = await check_with_lineage(
            PROCESS, {"timeout_seconds": timeout}, context=customer_context(customer, industry, session),
            policies=[DEADLINE_V1], exception_registry=ExceptionRegistry.of(healthcare_exception(max_applications=3)),
            precedent_store=store, now=START + timedelta(minutes=i), decision_id=UUID(int=i + 1),
        )
        decisions.append(decision)
    return decisions


async def test_neo4j_and_in_memory_stores_agree(executor: Neo4jExecutor) -> None:
    memory, graph = InMemoryPrecedentStore(), Neo4jPrecedentStore(executor)
    in_memory, in_graph = await _run_sequence(memory), await _run_sequence(graph)
    assert in_graph == in_memory  # every decision, precedents and exception budget included
    assert [d.outcome for d in in_graph].count("allowed_by_exception") == 3  # the fourth hit max_applications
    for store in (memory, graph):
        assert await store.find_by_id(UUID(int=5)) == in_memory[4]
        assert await store.find_by_id(UUID(int=99)) is None
    inputs = in_memory[0].inputs
    assert await graph.find_similar(tool_name=PROCESS.name, inputs=inputs, limit=4) == \
        await memory.find_similar(tool_name=PROCESS.name, inputs=inputs, limit=4)
    assert await graph.find_similar(tool_name="other", inputs=inputs) == []
    for entity in ("st-mary", "acme", "nobody"):
        assert await graph.find_by_entity("customer", entity) == await memory.find_by_entity("customer", entity)
    for outcome in (None, "denied", "allowed", "allowed_by_exception"):
        assert await graph.find_by_policy("deadline_enforcement", outcome=outcome) == \
            await memory.find_by_policy("deadline_enforcement", outcome=outcome)  # type: ignore[arg-type]
    since = START + timedelta(minutes=4)
    assert await graph.find_by_policy("deadline_enforcement", since=since, limit=2) == \
        await memory.find_by_policy("deadline_enforcement", since=since, limit=2)
    for session in ("run-1", "run-2", "run-3"):
        assert await graph.session_decisions(session) == await memory.session_decisions(session)
    assert await graph.exception_applications("healthcare_extended_timeout", "1.0.0") == 3


async def test_the_ledger_and_the_exception_budget_survive_a_new_store(executor: Neo4jExecutor) -> None:
    decisions = await _run_sequence(Neo4jPrecedentStore(executor))
    reopened = Neo4jPrecedentStore(executor)
    await reopened.record(decisions[0])  # the same decision again: nothing changes
    assert len(await reopened.session_decisions("run-1")) == 3
    with pytest.raises(LedgerViolation):
        await reopened.record(AgentDecisionRecord(**{**decisions[0].__dict__, "rationale": "rewritten"}))
    _, next_one = await check_with_lineage(
        PROCESS, {"timeout_seconds": 45}, context=customer_context("st-mary", "healthcare", "run-9"),
        policies=[DEADLINE_V1], exception_registry=ExceptionRegistry.of(healthcare_exception(max_applications=3)),
        precedent_store=reopened, now=START + timedelta(hours=1),
    )
    assert next_one.outcome == "denied"


class WritePolicy:
    """Allows writes under src/, denies the rest."""

    name = "write_scope"

    def check(self, tool: Tool, params: dict[str, str], *, context: ToolContext) -> PolicyDecision:
        if params["path"].startswith("src/"):
            return PolicyDecision.allow()
        return PolicyDecision.deny("writes outside src/ need review")


async def test_agent_file_decisions_answer_what_touched_a_directory(executor: Neo4jExecutor) -> None:
    store = Neo4jPrecedentStore(executor)
    _, decision = await check_with_lineage(
        NamedTool("write_file"), {"path": "src/api/routes.py", "content": "..."}, context=ToolContext(session_id="bot", filesystem=True),
        policies=[VersionedPolicy(WritePolicy(), "1.0.0", JAN_2024)], exception_registry=ExceptionRegistry(),
        precedent_store=store, now=START,
    )
    page = await DecisionListing(executor).page(DecisionFilter(path_prefix="src/api"))
    assert page.ids == (str(decision.decision_id),)
    (record,) = await DecisionReader(executor).decisions(page.ids)
    assert record.source == "agent" and record.files == ("src/api/routes.py",) and record.session == "bot"
    assert record.summary == "write_file allowed for file:src/api/routes.py"
    assert await store.find_by_entity("file", "src/api/routes.py") == [decision]


async def test_tag_filters_find_agent_decisions_even_those_recorded_before_they_were_tagged(
    executor: Neo4jExecutor,
) -> None:
    decisions = await _run_sequence(Neo4jPrecedentStore(executor))
    denied = {str(d.decision_id) for d in decisions if d.outcome == "denied"}
    assert denied and len(denied) < len(decisions)
    listing = DecisionListing(executor)

    async def tagged(filters: DecisionFilter) -> set[str]:
        return set((await listing.page(filters, limit=50)).ids)

    # Agent decisions are tagged agent, their tool and their outcome; a page seeds from the tag.
    assert await tagged(DecisionFilter(tags=("denied",))) == denied
    assert await tagged(DecisionFilter(tags_all=("agent", "denied"))) == denied
    assert await tagged(DecisionFilter(tags_all=("denied", "no-such-tag"))) == set()
    await executor.write(support_query("testing_unlink_agent_tags"))  # as recorded before they were TAGGED
    assert await tagged(DecisionFilter(tags=("denied",))) == set()
    await apply_schema(executor, EMBEDDING_DIMENSION)  # links them again
    await apply_schema(executor, EMBEDDING_DIMENSION)  # and, run twice, changes nothing more
    assert await tagged(DecisionFilter(tags=("denied",))) == denied
    assert await tagged(DecisionFilter(tags=("agent",))) == {str(d.decision_id) for d in decisions}


async def test_reads_respect_access_groups(executor: Neo4jExecutor) -> None:
    writer = Neo4jPrecedentStore(executor, access_groups=["ops"])
    decisions = await _run_sequence(writer)
    outsider, insider = Neo4jPrecedentStore(executor, groups=["sales"]), Neo4jPrecedentStore(executor, groups=["ops"])
    assert await outsider.find_by_id(decisions[0].decision_id) is None
    assert await outsider.find_by_policy("deadline_enforcement") == []
    assert await insider.find_by_id(decisions[0].decision_id) == decisions[0]
