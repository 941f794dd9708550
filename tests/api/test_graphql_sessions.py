"""`sessions`: what the journal has read, over GraphQL. A caller lists only the sessions its
groups may read, newest first by their last time (undated ones last, equal times by id),
each with its message, decision and draft counts; pages follow the connection's cursors, and
series, format and repository narrow the list."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from api.journal import DecisionJournal
from api.usecases.in_repository import InRepository
from graph.repositories import RepositoryStore
from tests.api.graphql_client import GraphQL, settings_for
from tests.graph_fixtures import Neo4jServer
from tests.support.drafts import CARDS, CHATTER, NOVEMBER, OCTOBER, SEPTEMBER, ingest_as_decisions, ingest_as_drafts

SHOP = "github.com/acme/shop"
NOTES = """# Weekly sync

## Release train

- We decided to ship on Tuesdays from now on.
- Dana will write the checklist.
"""
INGEST = """mutation($session: String!, $content: String!, $format: String!, $series: String) {
  ingest(session: $session, content: $content, format: $format, series: $series, accessGroups: ["eng"]) {
    __typename ... on IngestSuccess { newDecisions } ... on ValidationError { message } } }"""
LIST = """query($first: Int, $after: String, $series: String, $source: String, $repository: String) {
  sessions(first: $first, after: $after, series: $series, source: $source, repository: $repository) {
    totalCount pageInfo { hasNextPage hasPreviousPage endCursor }
    edges { cursor node { id title source series repository messageCount decisionCount draftCount firstAt lastAt } } } }"""
ENG_ORDER = ["queues-nov", "queues-oct", "retro-a", "retro-b", "shop-sync", "platform-sync", "weekly-notes"]
"""What the eng group may read, newest first: the two retros end at the same minute (by id),
and the undated notes come last."""


@pytest.fixture(scope="module")
async def read(graphql: GraphQL, neo4j_server: Neo4jServer) -> AsyncIterator[None]:
    """Beside platform-sync (eng) and pricing (sales): October's queue decision and November's
    draft, two retros of one minute and a session about acme/shop (all eng), the design
    group's cards, and undated weekly notes of a series (eng, through GraphQL)."""
    async with DecisionJournal(settings_for(neo4j_server)) as journal:
        ingest = journal.services.ingest
        await RepositoryStore(journal.services.executor).upsert(SHOP, "acme/shop", f"https://{SHOP}.git", None)
        await ingest_as_decisions(ingest, OCTOBER, "queues-oct", ["eng"])
        await ingest_as_drafts(ingest, NOVEMBER, "queues-nov", ["eng"])
        await ingest_as_drafts(ingest, CHATTER, "retro-b", ["eng"])
        await ingest_as_drafts(ingest, CHATTER, "retro-a", ["eng"])
        await ingest_as_drafts(ingest, SEPTEMBER, "shop-sync", ["eng"], repository=InRepository(SHOP))
        await ingest_as_drafts(ingest, CARDS, "cards", ["design"])
    done = graphql.run(INGEST, {"session": "weekly-notes", "content": NOTES, "format": "markdown", "series": "weekly"},
                       as_="writer")["ingest"]
    assert done["__typename"] == "IngestSuccess", done
    yield


def _nodes(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [edge["node"] for edge in data["sessions"]["edges"]]


def test_a_reader_lists_its_groups_sessions_newest_first_with_their_counts(graphql: GraphQL, read: None) -> None:
    data = graphql.run(LIST, {"first": 50}, as_="eng")
    nodes = {n["id"]: n for n in _nodes(data)}
    assert list(nodes) == ENG_ORDER, "another group's sessions (pricing, cards) stay hidden"
    assert data["sessions"]["totalCount"] == len(ENG_ORDER)
    october, november = nodes["queues-oct"], nodes["queues-nov"]
    assert (october["messageCount"], october["decisionCount"], october["draftCount"]) == (2, 1, 0)
    assert (november["messageCount"], november["decisionCount"], november["draftCount"]) == (2, 0, 1)
    assert (november["firstAt"], november["lastAt"]) == ("2024-11-12T09:00:00+00:00", "2024-11-12T09:05:00+00:00")
    assert nodes["platform-sync"]["messageCount"] == 11 and nodes["platform-sync"]["decisionCount"] >= 3
    assert nodes["platform-sync"]["source"] == "transcript" and nodes["platform-sync"]["repository"] is None
    assert nodes["shop-sync"]["repository"] == SHOP
    notes = nodes["weekly-notes"]
    assert (notes["source"], notes["series"], notes["lastAt"]) == ("markdown", "weekly", None)
    assert notes["decisionCount"] + notes["draftCount"] >= 1
    sales = _nodes(graphql.run(LIST, {}, as_="sales"))
    assert [n["id"] for n in sales] == ["pricing"] and sales[0]["decisionCount"] == 1
    everyone = _nodes(graphql.run(LIST, {"first": 50}, as_="admin"))
    assert {n["id"] for n in everyone} == {*ENG_ORDER, "pricing", "cards"}


def test_pages_follow_the_cursors_without_overlap(graphql: GraphQL, read: None) -> None:
    seen: list[str] = []
    after = None
    for _ in range(len(ENG_ORDER)):
        page = graphql.run(LIST, {"first": 3, "after": after}, as_="eng")["sessions"]
        assert page["totalCount"] == len(ENG_ORDER)
        assert page["pageInfo"]["hasPreviousPage"] is (after is not None)
        seen += [edge["node"]["id"] for edge in page["edges"]]
        if not page["pageInfo"]["hasNextPage"]:
            break
        after = page["pageInfo"]["endCursor"]
    assert seen == ENG_ORDER
    assert graphql.run(LIST, {"first": 0}, as_="eng")["sessions"]["totalCount"] == len(ENG_ORDER)
    assert "not a cursor of this API" in graphql.errors(LIST, {"after": "bm9wZQ=="}, as_="eng")[0]


def test_series_format_and_repository_narrow_the_list(graphql: GraphQL, read: None) -> None:
    assert [n["id"] for n in _nodes(graphql.run(LIST, {"series": "weekly"}, as_="eng"))] == ["weekly-notes"]
    assert [n["id"] for n in _nodes(graphql.run(LIST, {"source": "Markdown"}, as_="eng"))] == ["weekly-notes"]
    assert [n["id"] for n in _nodes(graphql.run(LIST, {"repository": "acme/shop"}, as_="eng"))] == ["shop-sync"]
    assert [n["id"] for n in _nodes(graphql.run(LIST, {"repository": SHOP}, as_="sales"))] == []
    assert "acme/shop" in graphql.errors(LIST, {"repository": "acme/nowhere"}, as_="eng")[0]


def test_a_session_anywhere_in_an_answer_has_its_counts(graphql: GraphQL, read: None) -> None:
    """`session(id:)` and a decision's `session` answer the same counts as the list; a page of
    decisions reads its sessions' counts in one more round trip, whatever their number."""
    one = graphql.run('{ session(id: "queues-oct") { messageCount decisionCount draftCount repository lastAt } }', as_="eng")
    assert one["session"] == {"messageCount": 2, "decisionCount": 1, "draftCount": 0, "repository": None,
                              "lastAt": "2024-10-02T09:03:00+00:00"}
    response = graphql.post('{ decisions(first: 20, where: {includeHistory: true}) { edges { node { id '
                            'session { id messageCount decisionCount } } } } }', as_="eng")
    body = response.json()
    sessions = {e["node"]["session"]["id"]: e["node"]["session"] for e in body["data"]["decisions"]["edges"]}
    assert len(sessions) >= 2 and sessions["queues-oct"]["decisionCount"] == 1
    assert body["extensions"]["cypherRoundTrips"] == 2
