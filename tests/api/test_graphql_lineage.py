"""Lineage over GraphQL: an auditor asks under which policy, exception and precedent a call was allowed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from uuid import UUID

from neo4j import AsyncDriver

from graph.executor import Neo4jExecutor
from graph.lineage_store import Neo4jPrecedentStore
from lineage.flow import check_with_lineage
from lineage.model import AgentDecisionRecord
from lineage.policy import NamedTool
from lineage.standing_exceptions import ExceptionRegistry
from tests.api.graphql_client import GraphQL
from tests.support.lineage_example import DEADLINE_V1, PROCESS, customer_context, healthcare_exception

MARCH = datetime(2024, 3, 1, 9, tzinfo=UTC)
LINEAGE = """query($id: ID!) { lineage(decisionId: $id) {
  id toolName outcome rationale sessionId
  policy { policyName policyVersion policyHash baseDecision denialReason conditions { conditionName expression result inputsUsed } }
  exception { exceptionName exceptionVersion conditionMatched overrideAction rationale }
  precedents { decisionId similarity matchReason followed lineage { outcome } }
  inputs { key sourceType sourceName keysAccessed }
  entities { type id }
  deviations { precedentId deviationType explanation }
  decision { summary source { kind } session { id } } } }"""


async def _record(driver: AsyncDriver, groups: list[str]) -> list[AgentDecisionRecord]:
    store = Neo4jPrecedentStore(Neo4jExecutor(driver), access_groups=groups)
    registry = ExceptionRegistry.of(healthcare_exception())
    decisions = []
    for i, industry in enumerate(("retail", "healthcare")):
        _, decision = await check_with_lineage(
            PROCESS, {"timeout_seconds": 45}, context=customer_context("st-mary", industry, f"claims-{groups[0]}"),
            policies=[DEADLINE_V1], exception_registry=registry, precedent_store=store, now=MARCH + timedelta(minutes=i),
        )
        decisions.append(decision)
    _, write = await check_with_lineage(NamedTool("write_file"), {"path": "src/claims/handler.py"},
                                        context=customer_context("st-mary", "healthcare", f"claims-{groups[0]}"),
                                        policies=[], exception_registry=registry, precedent_store=store, now=MARCH)
    return [*decisions, write]


async def test_lineage_answers_the_auditor(graphql: GraphQL, driver: AsyncDriver) -> None:
    denied, allowed, write = await _record(driver, ["eng"])
    data = graphql.run(LINEAGE, {"id": str(allowed.decision_id)})["lineage"]
    assert data["outcome"] == "allowed_by_exception" and data["toolName"] == "process_claim"
    assert data["policy"]["policyName"] == "deadline_enforcement" and data["policy"]["policyVersion"] == "1.0.0"
    assert data["policy"]["policyHash"] == DEADLINE_V1.policy_hash and data["policy"]["baseDecision"] == "deny"
    assert data["policy"]["conditions"] == [{"conditionName": "within_deadline", "expression": "timeout_seconds <= 30",
                                             "result": False, "inputsUsed": ["params.timeout_seconds"]}]
    assert data["exception"]["exceptionName"] == "healthcare_extended_timeout"
    assert data["exception"]["conditionMatched"] == "Customer industry is healthcare"
    (precedent,) = data["precedents"]
    assert precedent["decisionId"] == str(denied.decision_id) and precedent["followed"] is False
    assert precedent["lineage"] == {"outcome": "denied"} and precedent["similarity"] == 1.0
    assert data["deviations"][0]["deviationType"] == "outcome_differs"
    assert {"type": "customer", "id": "st-mary"} in data["entities"]
    assert data["decision"]["source"] == {"kind": "agent"} and data["decision"]["session"] == {"id": "claims-eng"}

    listed = graphql.run("""{ byEntity: decisionsByEntity(type: "customer", id: "st-mary") { id }
      byPolicy: decisionsByPolicy(name: "deadline_enforcement", outcome: "allowed_by_exception") { id }
      deviations: precedentDeviations { id }
      touched: impact(path: "src/claims") { edges { node { summary source { kind } } } } }""")
    assert {d["id"] for d in listed["byEntity"]} == {str(d.decision_id) for d in (denied, allowed, write)}
    assert [d["id"] for d in listed["byPolicy"]] == [str(allowed.decision_id)]
    assert [d["id"] for d in listed["deviations"]] == [str(allowed.decision_id)]
    assert listed["touched"]["edges"][0]["node"] == {"summary": "write_file allowed for customer:st-mary, file:src/claims/handler.py",
                                                     "source": {"kind": "agent"}}
    assert graphql.run(LINEAGE, {"id": str(allowed.decision_id)}, as_="sales")["lineage"] is None
    assert graphql.run('{ decisionsByEntity(type: "customer", id: "st-mary") { id } }', as_="sales")["decisionsByEntity"] == []
    assert graphql.errors('{ decisionsByPolicy(name: "x", outcome: "maybe") { id } }')[0].startswith("outcome must be one of")
    assert UUID(data["id"]) == allowed.decision_id
