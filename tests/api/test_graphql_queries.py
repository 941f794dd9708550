"""Every query of the GraphQL API over HTTP, on the real Neo4j."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from neo4j import AsyncDriver

from api.usecases.git_ingest import ingest_git
from graph.executor import Neo4jExecutor
from tests.api.graphql_client import GraphQL
from tests.support.git import git

DECISION_FIELDS = """
  id summary context rationale status decidedAt recordedAt supersededAt confidence origin pattern
  category reversibility impact quality tags keywords
  source { kind session messages path }
  tradeOffs { pros cons risks assumptions }
  alternatives { option pros cons whyNotChosen }
  stakeholders { handle name role }
  decisionMaker { handle name }
  files { path } features { key }
  session { id title source startedAt }
  statedIn { id seq number author content timestamp }
  chainPosition { earlier isCurrent }
  supersedes { id summary } supersededBy { id summary } revisits { id summary } revisitedBy { id summary }
  commits { sha subject how files }
"""


def _platform(graphql: GraphQL, **where: Any) -> list[dict[str, Any]]:
    data = graphql.run(
        "query($where: DecisionWhere) { decisions(where: $where, first: 50) { edges { node { id summary status } } } }",
        {"where": {"session": "platform-sync", **where}},
    )
    return [edge["node"] for edge in data["decisions"]["edges"]]


def _find(nodes: list[dict[str, Any]], word: str) -> dict[str, Any]:
    matches = [n for n in nodes if word in n["summary"]]
    assert len(matches) == 1, (word, nodes)
    return matches[0]


def test_decision_has_every_field_and_its_links(graphql: GraphQL) -> None:
    postgres = _find(_platform(graphql, includeHistory=True), "use PostgreSQL")
    decision = graphql.run(f"query($id: ID!) {{ decision(id: $id) {{ {DECISION_FIELDS} }} }}", {"id": postgres["id"]})["decision"]
    assert "transactions" in decision["rationale"]
    assert decision["source"] == {"kind": "conversation", "session": "platform-sync", "messages": [3], "path": None}
    assert decision["session"]["id"] == "platform-sync"
    # Stored 0-based (as source.messages counts); numbered 1-based as the page and review show it.
    assert [(m["seq"], m["number"]) for m in decision["statedIn"]] == [(3, 4)]
    assert decision["statedIn"][0]["author"] == "alice"
    assert decision["files"] == [{"path": "services/orders/schema.sql"}]
    assert "MongoDB" in [a["option"] for a in decision["alternatives"]]
    assert "@alice" in [s["handle"] for s in decision["stakeholders"]]
    assert decision["decidedAt"].startswith("2024-03-15T14:08:00")
    # The September decision keeps PostgreSQL: a revisit, so the March one is no longer current.
    assert [r["summary"] for r in decision["revisitedBy"]] and "Redis" in decision["revisitedBy"][0]["summary"]
    assert decision["status"] == "revisited"
    assert decision["chainPosition"] == {"earlier": 0, "isCurrent": False}


def test_unknown_decision_is_null(graphql: GraphQL) -> None:
    assert graphql.run('{ decision(id: "dec-000000000000") { id } }')["decision"] is None


def test_cursor_paging_walks_every_decision_once(graphql: GraphQL) -> None:
    query = """query($after: String) { decisions(first: 1, after: $after, where: {includeHistory: true}, orderBy: OLDEST) {
      totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { id decidedAt } } } }"""
    seen, after, total = [], None, None
    while True:
        page = graphql.run(query, {"after": after})["decisions"]
        total = page["totalCount"]
        seen += [edge["node"] for edge in page["edges"]]
        assert page["pageInfo"]["hasPreviousPage"] == (after is not None)
        if not page["pageInfo"]["hasNextPage"]:
            break
        after = page["pageInfo"]["endCursor"]
    assert total == len(seen) == len({n["id"] for n in seen}) >= 4
    times = [n["decidedAt"] for n in seen]
    assert times == sorted(times)


def test_a_cursor_the_api_did_not_hand_out_is_an_error(graphql: GraphQL) -> None:
    errors = graphql.errors('{ decisions(after: "bm90LWEtY3Vyc29y") { totalCount } }')
    assert "not a cursor of this API" in errors[0]


def test_page_size_is_bounded(graphql: GraphQL) -> None:
    assert "between 0 and 100" in graphql.errors("{ decisions(first: 1000) { totalCount } }")[0]


def test_filters(graphql: GraphQL) -> None:
    assert [n["summary"] for n in _platform(graphql, pathPrefix="src/api")] == [
        n["summary"] for n in _platform(graphql) if "REST" in n["summary"]
    ]
    assert all("PostgreSQL" in n["summary"] for n in _platform(graphql, text="PostgreSQL", includeHistory=True))
    assert len(_platform(graphql, text="PostgreSQL", includeHistory=True)) == 2
    assert {n["status"] for n in _platform(graphql, statusIn=["revisited"])} == {"revisited"}
    after_summer = _platform(graphql, decidedAfter="2024-06-01T00:00:00Z")
    assert after_summer and all("Redis" in n["summary"] for n in after_summer)
    assert _platform(graphql, decidedBefore="2024-01-01T00:00:00Z") == []
    assert len(_platform(graphql, tagsAny=["database", "api"], includeHistory=True)) >= 2
    both = _platform(graphql, tagsAll=["database", "postgresql"], includeHistory=True)
    assert both and all("PostgreSQL" in n["summary"] for n in both)
    assert {n["id"] for n in _platform(graphql, stakeholder="alice", includeHistory=True)} == {
        n["id"] for n in _platform(graphql, includeHistory=True)
    }
    assert _platform(graphql, source="adr") == []
    assert _platform(graphql, feature="no-such-feature") == []


def test_search_answers_why_with_scores_and_provenance(graphql: GraphQL) -> None:
    hits = graphql.run('{ search(query: "why did we choose PostgreSQL?", first: 3, where: {includeHistory: true}) '
                       "{ score retrievers decision { summary rationale } } }")["search"]
    assert "PostgreSQL" in hits[0]["decision"]["summary"]
    assert hits[0]["score"] > 0 and set(hits[0]["retrievers"]) <= {"fulltext", "vector"} and hits[0]["retrievers"]
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)


def test_search_result_reports_a_filter_read_from_the_question_and_dropped(graphql: GraphQL) -> None:
    found = graphql.run('{ searchResult(query: "why did we choose PostgreSQL, as asked by Zed?", '
                        "where: {includeHistory: true}) { filtersApplied filtersDropped hits { decision { summary } } } }")
    result = found["searchResult"]
    assert result["filtersDropped"] == ["stakeholder=@zed"] and result["filtersApplied"] == []
    assert "PostgreSQL" in result["hits"][0]["decision"]["summary"]


def test_search_takes_lucene_syntax_as_plain_words(graphql: GraphQL) -> None:
    hits = graphql.run('{ search(query: "PostgreSQL AND (orders OR \\"title:x\\"~2", first: 3, where: {includeHistory: true}) '
                       "{ decision { summary } } }")["search"]
    # Read as the words PostgreSQL, orders, title, x: the PostgreSQL decisions come first, not an error.
    assert hits and "PostgreSQL" in hits[0]["decision"]["summary"]


def test_chain_from_any_member_and_as_of(graphql: GraphQL) -> None:
    nodes = _platform(graphql, includeHistory=True)
    march, september = _find(nodes, "use PostgreSQL"), _find(nodes, "Redis")
    query = """query($id: ID!, $asOf: DateTime) { chain(id: $id, asOf: $asOf) {
      original { id hidden decision { summary } } current { id hidden } revisions { id }
      links { type from to reason outcome inferred } } }"""
    for member in (march, september):
        chain = graphql.run(query, {"id": member["id"]})["chain"]
        assert chain["original"]["id"] == march["id"] and chain["current"]["id"] == september["id"]
        assert [r["id"] for r in chain["revisions"]] == [september["id"]]
        assert chain["links"][0]["type"] == "REVISITS" and chain["links"][0]["from"] == september["id"]
    before = graphql.run(query, {"id": march["id"], "asOf": "2024-06-01T00:00:00Z"})["chain"]
    assert before["current"]["id"] == march["id"] and before["revisions"] == [] and before["links"] == []
    assert graphql.run(query, {"id": september["id"], "asOf": "2024-06-01T00:00:00Z"})["chain"] is None


def test_impact_answers_what_touched_a_directory(graphql: GraphQL) -> None:
    query = """query($path: String!) { impact(path: $path, includeHistory: true) { totalCount
      edges { node { summary status files { path } chainPosition { earlier isCurrent } } } } }"""
    api = graphql.run(query, {"path": "src/api/"})["impact"]
    assert api["totalCount"] == 1 and "REST" in api["edges"][0]["node"]["summary"]
    assert api["edges"][0]["node"]["chainPosition"] == {"earlier": 0, "isCurrent": True}
    assert graphql.run(query, {"path": "src/api/orders/handlers.py"})["impact"]["totalCount"] == 1  # inside src/api/
    assert graphql.run(query, {"path": "src/ap"})["impact"]["totalCount"] == 0  # a prefix is not a directory
    services = graphql.run(query, {"path": "services"})["impact"]
    assert [e["node"]["files"] for e in services["edges"]] == [[{"path": "services/orders/schema.sql"}]]


def test_stakeholder_feature_and_file_entry_points(graphql: GraphQL) -> None:
    data = graphql.run("""{ stakeholder(handle: "Alice") { handle decisions(includeHistory: true) { totalCount } }
      nobody: stakeholder(handle: "@nobody") { handle }
      file(path: "services/orders/schema.sql") { path decisions(includeHistory: true) { edges { node { summary } } } }
      feature(key: "checkout") { key decisions { totalCount } } }""")
    assert data["stakeholder"]["handle"] == "@alice" and data["stakeholder"]["decisions"]["totalCount"] >= 3
    assert data["nobody"] is None
    assert ["PostgreSQL" in e["node"]["summary"] for e in data["file"]["decisions"]["edges"]] == [True]
    assert data["feature"] == {"key": "checkout", "decisions": {"totalCount": 0}}


def test_session_lists_its_decisions_in_order(graphql: GraphQL) -> None:
    postgres = _find(_platform(graphql, includeHistory=True), "use PostgreSQL")
    data = graphql.run("query($id: ID!) { decision(id: $id) { session { title decisions { edges { node { decidedAt } } } } } }",
                       {"id": postgres["id"]})
    times = [e["node"]["decidedAt"] for e in data["decision"]["session"]["decisions"]["edges"]]
    assert len(times) >= 3 and times == sorted(times)


def test_timeline_between_two_instants(graphql: GraphQL) -> None:
    data = graphql.run("""{ timeline(from: "2024-03-15T14:10:00Z", to: "2024-06-01T00:00:00Z") {
      edges { node { summary decidedAt } } } }""")
    summaries = [e["node"]["summary"] for e in data["timeline"]["edges"]]
    assert any("REST" in s for s in summaries) and any("annual discount" in s for s in summaries)
    assert not any("PostgreSQL" in s for s in summaries)


def test_aggregates(graphql: GraphQL) -> None:
    where = '{session: "platform-sync", includeHistory: true}'
    data = graphql.run(f"""{{ status: aggregate(by: STATUS, where: {where}) {{ key count }}
      month: aggregate(by: MONTH, where: {where}) {{ key count }}
      people: aggregate(by: STAKEHOLDER, where: {where}) {{ key count }}
      tags: aggregate(by: TAG, where: {where}) {{ key count }} }}""")
    total = graphql.run(f"{{ decisions(where: {where}) {{ totalCount }} }}")["decisions"]["totalCount"]
    assert sum(b["count"] for b in data["status"]) == total
    assert sum(b["count"] for b in data["month"]) == total
    assert {b["key"] for b in data["month"]} == {"2024-03", "2024-09"}
    assert {"key": "@alice", "count": total} in data["people"]
    assert {"key": "database", "count": 2} in data["tags"]


def test_aggregate_by_file_counts_the_decisions_on_each_path(graphql: GraphQL) -> None:
    where = '{session: "platform-sync", includeHistory: true}'
    buckets = graphql.run(f"{{ aggregate(by: FILE, where: {where}) {{ key count }} }}")["aggregate"]
    assert {"key": "services/orders/schema.sql", "count": 1} in buckets
    assert any(b["key"].startswith("src/api") for b in buckets)
    # Another group's files are not counted for a reader outside it.
    sales = graphql.run("{ aggregate(by: FILE) { key } }", as_="sales")["aggregate"]
    assert not any(b["key"].startswith("services/orders") for b in sales)
    assert "src/billing/pricing.py" in {b["key"] for b in sales}


def test_session_opens_with_its_messages_in_one_round_trip(graphql: GraphQL) -> None:
    query = "query($id: ID!) { session(id: $id) { id source messages { seq number author content } } }"
    body = graphql.post(query, {"id": "platform-sync"}, as_="eng").json()
    session = body["data"]["session"]
    assert session["id"] == "platform-sync" and session["source"] == "transcript"
    assert [m["seq"] for m in session["messages"]] == list(range(len(session["messages"])))
    assert [m["number"] for m in session["messages"]] == list(range(1, len(session["messages"]) + 1))
    assert session["messages"][0]["author"] == "alice" and "PostgreSQL" in session["messages"][0]["content"]
    assert body["extensions"]["cypherRoundTrips"] == 1
    # Outside the reader's groups, or unknown: null, as for a decision.
    assert graphql.run(query, {"id": "platform-sync"}, as_="sales")["session"] is None
    assert graphql.run(query, {"id": "no-such-session"})["session"] is None
    # Reached from a decision, the messages load on demand.
    via = graphql.run("""{ decisions(where: {session: "pricing"}) { edges { node {
      session { messages { seq } } } } } }""", as_="sales")["decisions"]["edges"]
    assert [m["seq"] for m in via[0]["node"]["session"]["messages"]] == [0, 1, 2]


def test_text_matches_every_word_and_each_filter_alone_seeds_the_same_answer(graphql: GraphQL) -> None:
    both = _platform(graphql, text="PostgreSQL Redis", includeHistory=True)
    assert [n["summary"] for n in both] == [n["summary"] for n in _platform(graphql, text="Redis", includeHistory=True)]
    assert len(_platform(graphql, text="PostgreSQL", includeHistory=True)) > len(both)
    everyone = graphql.run(
        "query($where: DecisionWhere) { decisions(where: $where, first: 50) { edges { node { id } } } }",
        {"where": {"stakeholder": "alice", "includeHistory": True}},
    )["decisions"]["edges"]
    assert {e["node"]["id"] for e in everyone} == {n["id"] for n in _platform(graphql, stakeholder="alice", includeHistory=True)}


def test_decisions_for_paths_answers_as_check_diff_does(graphql: GraphQL) -> None:
    data = graphql.run(
        """query($paths: [String!]!, $added: [String!]) { decisionsForPaths(paths: $paths, addedLines: $added) {
             path governed governing { summary status } related { summary } reintroduced { decisionId option term line } } }""",
        {"paths": ["services/orders/schema.sql", "README.md", "src/api/handlers/orders.py"],
         "added": ["reports = MongoClient(url)  # MongoDB for the reporting copy"]},
    )["decisionsForPaths"]
    assert [item["path"] for item in data] == ["services/orders/schema.sql", "src/api/handlers/orders.py"]
    schema, handlers = data
    assert schema["governed"] and "PostgreSQL" in schema["governing"][0]["summary"]
    assert "Redis" in schema["related"][0]["summary"]
    assert [(r["option"], r["term"]) for r in schema["reintroduced"]] == [("MongoDB", "MongoDB")]
    assert "REST" in handlers["governing"][0]["summary"] and handlers["reintroduced"] == []
    assert graphql.run('{ decisionsForPaths(paths: ["docs/unrelated.md"]) { path } }')["decisionsForPaths"] == []
    directory = graphql.run('{ decisionsForPaths(paths: ["src/api/"]) { path governing { summary } } }')["decisionsForPaths"]
    assert [(d["path"], "REST" in d["governing"][0]["summary"]) for d in directory] == [("src/api/", True)]


async def test_a_decision_lists_the_commits_that_followed_it(graphql: GraphQL, driver: AsyncDriver, tmp_path: Path) -> None:
    postgres = _find(_platform(graphql, includeHistory=True), "use PostgreSQL")
    query = "query($id: ID!) { decision(id: $id) { commits { subject how files author } } }"
    assert graphql.run(query, {"id": postgres["id"]})["decision"]["commits"] == []
    repo = tmp_path / "repo"
    (repo / "services" / "orders").mkdir(parents=True)
    (repo / "services" / "orders" / "schema.sql").write_text("CREATE TABLE orders (id bigint);\n")
    for args in (["init", "-q"], ["add", "."], ["commit", "-qm", f"Orders schema, see {postgres['id']}"]):
        git(repo, *args, author="Dana")
    await ingest_git(Neo4jExecutor(driver), repo)
    # The conversation was ingested with no repository: its paths belong to none, so a
    # repository's commit that changes services/orders/schema.sql names it without following it.
    assert graphql.run(query, {"id": postgres["id"]})["decision"]["commits"] == [{
        "subject": f"Orders schema, see {postgres['id']}", "how": ["MENTIONS"],
        "files": ["services/orders/schema.sql"], "author": "Dana",
    }]
    # A page that shows commits reads them with its decisions, in the one query of the page.
    page = graphql.post("""{ decisions(first: 50, where: {includeHistory: true}) {
      edges { node { id commits(first: 5) { subject how files author } } } } }""").json()
    assert "errors" not in page, page["errors"]
    listed = {e["node"]["id"]: e["node"]["commits"] for e in page["data"]["decisions"]["edges"]}
    assert listed[postgres["id"]] == graphql.run(query, {"id": postgres["id"]})["decision"]["commits"]
    assert sum(1 for commits in listed.values() if commits) == 1
    assert page["extensions"]["cypherRoundTrips"] == 1
