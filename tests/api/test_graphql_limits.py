"""Depth and cost limits, and the round-trip bound for a page of 50 decisions with every field."""

from __future__ import annotations

from tests.api.graphql_client import GraphQL
from tests.api.test_graphql_queries import DECISION_FIELDS

RECORD = """mutation($input: RecordDecisionInput!) { recordDecision(input: $input) { ... on RecordSuccess { decision { id } } } }"""
SUPERSEDE = "mutation($id: ID!, $by: ID!) { supersede(id: $id, supersededBy: $by) { __typename } }"


def test_too_deep_a_query_is_refused(graphql: GraphQL) -> None:
    deep = "{ decisions { edges { node { " + "supersedes { " * 12 + "id" + " }" * 12 + " } } } }"
    assert any("exceeds maximum operation depth" in e for e in graphql.errors(deep))


def test_too_costly_a_query_is_refused_before_it_runs(graphql: GraphQL) -> None:
    costly = """{ decisions(first: 100) { edges { node { stakeholders {
      decisions(first: 100) { edges { node { id summary rationale tags } } } } } } } }"""
    errors = graphql.errors(costly)
    assert any("over the limit" in e for e in errors)


def test_a_page_of_fifty_with_every_nested_field_costs_one_round_trip(graphql: GraphQL) -> None:
    ids = []
    for i in range(60):
        text = f"Service {i} keeps its configuration in src/services/s{i}/config.yaml with owner team {i % 7}."
        ids.append(graphql.run(RECORD, {"input": {"decision": text, "stakeholders": [f"owner{i % 5}"],
                                                  "alternatives": ["environment variables"], "tags": ["config"]}})
                   ["recordDecision"]["decision"]["id"])
    for old, new in zip(ids[0:20:2], ids[1:20:2], strict=True):
        assert graphql.run(SUPERSEDE, {"id": old, "by": new})["supersede"]["__typename"] == "LinkSuccess"
    response = graphql.post(f"""{{ decisions(first: 50, where: {{includeHistory: true, tagsAny: ["config"]}}) {{
      totalCount edges {{ node {{ {DECISION_FIELDS} }} }} }} }}""")
    body = response.json()
    assert "errors" not in body, body["errors"]
    edges = body["data"]["decisions"]["edges"]
    assert len(edges) == 50 and body["data"]["decisions"]["totalCount"] == 60
    assert sum(len(e["node"]["supersedes"]) + len(e["node"]["supersededBy"]) for e in edges) > 0
    # The page with its decisions, those they link to and their commits.
    assert body["extensions"]["cypherRoundTrips"] == 1
    # Read ahead with the page, the linked decisions are those each decision reads alone.
    for edge in edges[:12]:
        alone = graphql.run(f"query($id: ID!) {{ decision(id: $id) {{ {DECISION_FIELDS} }} }}", {"id": edge["node"]["id"]})
        assert alone["decision"] == edge["node"]
    # Asked through a fragment, the fields are read ahead the same way.
    fragment = graphql.post("""fragment Links on Decision { id supersedes { id summary } supersededBy { id summary } }
      { decisions(first: 50, where: {includeHistory: true, tagsAny: ["config"]}) { edges { node { ...Links } } } }""").json()
    assert fragment["extensions"]["cypherRoundTrips"] <= 1
    assert [e["node"] for e in fragment["data"]["decisions"]["edges"]] == [
        {k: e["node"][k] for k in ("id", "supersedes", "supersededBy")} for e in edges]
