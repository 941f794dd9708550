"""The auth matrix over HTTP: no token, unknown token, read tokens of two groups, a writer."""

from __future__ import annotations

from typing import Any

from tests.api.graphql_client import GraphQL

RECORD = """mutation($input: RecordDecisionInput!) { recordDecision(input: $input) {
  __typename ... on RecordSuccess { decision { id } } ... on Forbidden { message requiredScope } } }"""


def _ids(graphql: GraphQL, as_: str, where: dict[str, Any] | None = None) -> set[str]:
    data = graphql.run("query($where: DecisionWhere) { decisions(first: 100, where: $where) { totalCount edges { node { id } } } }",
                       {"where": {"includeHistory": True, **(where or {})}}, as_=as_)
    assert data["decisions"]["totalCount"] == len(data["decisions"]["edges"])
    return {edge["node"]["id"] for edge in data["decisions"]["edges"]}


def _record(graphql: GraphQL, text: str, groups: list[str], as_: str = "admin") -> str:
    result = graphql.run(RECORD, {"input": {"decision": text, "accessGroups": groups}}, as_=as_)["recordDecision"]
    assert result["__typename"] == "RecordSuccess", result
    return str(result["decision"]["id"])


def test_requests_without_a_valid_token_are_refused(graphql: GraphQL) -> None:
    for headers in ({}, {"Authorization": "Bearer not-a-token-we-issued"}, {"Authorization": "Basic YWxpY2U6c2VjcmV0"}):
        response = graphql.client.post("/graphql", json={"query": "{ decisions { totalCount } }"}, headers=headers)
        assert response.status_code == 401
        assert response.headers["WWW-Authenticate"].startswith("Bearer")
        assert response.json()["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"


def test_graphiql_loads_in_a_browser_without_a_token(graphql: GraphQL) -> None:
    page = graphql.client.get("/graphql", headers={"Accept": "text/html"})
    assert page.status_code == 200 and "graphiql" in page.text.lower()


def test_readers_see_only_their_groups_everywhere(graphql: GraphQL) -> None:
    everything = _ids(graphql, "admin", {"session": None})
    eng, sales = _ids(graphql, "eng"), _ids(graphql, "sales")
    platform = _ids(graphql, "admin", {"session": "platform-sync"})
    pricing = _ids(graphql, "admin", {"session": "pricing"})
    assert eng >= platform and not eng & pricing
    assert sales >= pricing and not sales & platform
    assert everything >= platform | pricing

    hidden = next(iter(pricing))
    as_eng = graphql.run("""query($id: ID!) { decision(id: $id) { id } chain(id: $id) { current { id } }
      search(query: "annual billing discount retention", first: 10) { decision { id } }
      aggregate(by: STATUS, where: {includeHistory: true}) { count }
      erin: stakeholder(handle: "erin") { decisions { totalCount } }
      impact(path: "src/billing") { totalCount } }""", {"id": hidden}, as_="eng")
    assert as_eng["decision"] is None and as_eng["chain"] is None
    assert hidden not in {hit["decision"]["id"] for hit in as_eng["search"]}
    assert sum(bucket["count"] for bucket in as_eng["aggregate"]) == len(eng)
    assert as_eng["erin"]["decisions"]["totalCount"] == 0
    assert as_eng["impact"]["totalCount"] == 0
    as_sales = graphql.run('{ impact(path: "src/billing") { totalCount } }', as_="sales")
    assert as_sales["impact"]["totalCount"] == 1


def test_a_chain_shows_a_hidden_link_as_hidden(graphql: GraphQL) -> None:
    old = _record(graphql, "We use nightly batch exports for the partner feed.", ["eng"])
    new = _record(graphql, "We replace nightly batch exports with a streaming partner feed.", ["sales"])
    linked = graphql.run('mutation($id: ID!, $by: ID!) { supersede(id: $id, supersededBy: $by, reason: "streaming") '
                         "{ __typename } }", {"id": old, "by": new})
    assert linked["supersede"]["__typename"] == "LinkSuccess"
    query = """query($id: ID!) { chain(id: $id) { original { id hidden decision { summary } }
      current { id hidden decision { summary } } links { from to reason } }
      decision(id: $id) { status supersededBy { id } } }"""
    seen = graphql.run(query, {"id": old}, as_="eng")
    assert seen["chain"]["original"] == {"id": old, "hidden": False, "decision": {"summary": "We use nightly batch exports for the partner feed."}}
    assert seen["chain"]["current"] == {"id": new, "hidden": True, "decision": None}
    assert seen["chain"]["links"] == [{"from": new, "to": old, "reason": None}]
    assert seen["decision"] == {"status": "superseded", "supersededBy": []}
    # A page reads what its decisions link to with them: the hidden one stays out there too.
    page = graphql.run("{ decisions(where: {includeHistory: true}) { edges { node { id supersededBy { id } } } } }", as_="eng")
    assert {"id": old, "supersededBy": []} in [edge["node"] for edge in page["decisions"]["edges"]]
    assert graphql.run(query, {"id": old}, as_="admin")["chain"]["links"][0]["reason"]  # the admin reads it
    assert graphql.run(query, {"id": old}, as_="sales")["decision"] is None


def test_read_tokens_cannot_write(graphql: GraphQL) -> None:
    result = graphql.run(RECORD, {"input": {"decision": "We adopt trunk-based development."}}, as_="eng")["recordDecision"]
    assert result == {"__typename": "Forbidden", "message": "recordDecision needs a token with the write scope", "requiredScope": "write"}
    assert "trunk-based" not in str(graphql.run('{ search(query: "trunk-based development") { decision { summary } } }'))


def test_writers_write_into_their_own_groups_only(graphql: GraphQL) -> None:
    ingest = """mutation($session: String!, $groups: [String!]) { ingest(session: $session, accessGroups: $groups,
      content: "[2024-10-01T10:00:00Z] gina: We decided to use Terraform for the staging environment because it is reviewable.") {
      __typename ... on Forbidden { message } ... on IngestSuccess { decisions { id } } } }"""
    assert graphql.run(ingest, {"session": "staging", "groups": ["sales"]}, as_="writer")["ingest"]["__typename"] == "Forbidden"
    assert graphql.run(ingest, {"session": "pricing"}, as_="writer")["ingest"]["__typename"] == "Forbidden"
    stored = graphql.run(ingest, {"session": "staging"}, as_="writer")["ingest"]
    regroup = graphql.run(ingest, {"session": "platform-sync", "groups": ["eng", "ops"]}, as_="admin")["ingest"]
    assert regroup == {"__typename": "ValidationError"}  # groups are fixed when a session is created
    assert stored["__typename"] == "IngestSuccess" and stored["decisions"]
    ids = {d["id"] for d in stored["decisions"]}
    assert ids <= _ids(graphql, "eng") and not ids & _ids(graphql, "sales")
