"""Drafts over GraphQL: out of every list, search, count and lookup unless `includeDrafts`,
the `drafts` review queue with each draft's unit and anchor, and `confirmDecision` /
`rejectDecision` with the write scope and the session's groups. The tests of this module
run in order on one database: the queue is reviewed as they go."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest

from api.journal import DecisionJournal
from tests.api.graphql_client import GraphQL, settings_for
from tests.graph_fixtures import Neo4jServer
from tests.support.drafts import CARDS, CHATTER, NOVEMBER, OCTOBER, ingest_as_decisions, ingest_as_drafts

CONFIRM = """mutation($id: ID!, $summary: String) { confirmDecision(id: $id, summary: $summary) {
  __typename ... on ConfirmSuccess { revisited superseded decision { id status summary files { path } revisits { id } } }
  ... on NotFound { message id } ... on ValidationError { message field } ... on Forbidden { message requiredScope } } }"""
REJECT = """mutation($id: ID!, $reason: String) { rejectDecision(id: $id, reason: $reason) {
  __typename ... on RejectSuccess { id reason } ... on NotFound { message id } ... on Forbidden { requiredScope } } }"""
QUEUE = """query($session: String) { drafts(session: $session) { totalCount
  edges { node { id status summary confidence subject session { id } statedIn { seq author content anchor } } } } }"""


@pytest.fixture(scope="module")
async def drafts(graphql: GraphQL, neo4j_server: Neo4jServer) -> AsyncIterator[dict[str, str]]:
    """October's decision (eng), and three drafts: November's on the same subject and an
    aside (both eng), and one of the design group."""
    async with DecisionJournal(settings_for(neo4j_server)) as journal:
        ingest = journal.services.ingest
        october = await ingest_as_decisions(ingest, OCTOBER, "queues-oct", ["eng"])
        november = await ingest_as_drafts(ingest, NOVEMBER, "queues-nov", ["eng"])
        aside = await ingest_as_drafts(ingest, CHATTER, "retro", ["eng"])
        design = await ingest_as_drafts(ingest, CARDS, "cards", ["design"])
    yield {"october": october.decision_ids[0], "november": november.draft_ids[0], "aside": aside.draft_ids[0],
           "design": design.draft_ids[0]}


DEFAULT_READS = {
    "decisions": ('{ decisions(where: {includeHistory: true}, first: 100) { totalCount edges { node { id status } } } }',
                  '{ decisions(where: {includeHistory: true, includeDrafts: true}, first: 100) { edges { node { id status } } } }'),
    "a session's decisions": ('{ decisions(where: {session: "queues-nov"}) { totalCount edges { node { id } } } }',
                              '{ decisions(where: {session: "queues-nov", includeDrafts: true}) { edges { node { id } } } }'),
    "timeline": ('{ timeline(first: 100) { edges { node { id status } } } }',
                 '{ timeline(first: 100, where: {includeDrafts: true}) { edges { node { id status } } } }'),
    "search": ('{ search(query: "keep SQS for the worker queue and batch the messages") { decision { id status } } }',
               '{ search(query: "keep SQS for the worker queue and batch the messages", where: {includeDrafts: true}) { decision { id status } } }'),
    "aggregate": ('{ aggregate(by: STATUS, where: {includeHistory: true}) { key count } }',
                  '{ aggregate(by: STATUS, where: {includeHistory: true, includeDrafts: true}) { key count } }'),
    "session": ('{ session(id: "queues-nov") { decisions { totalCount edges { node { id } } } } }', None),
    "decision by id": ('query($id: ID!) { decision(id: $id) { id status } }',
                       'query($id: ID!) { decision(id: $id, includeDrafts: true) { id status } }'),
    "chain": ('query($id: ID!) { chain(id: $id) { current { id } } }', None),
    "impact": ('{ impact(path: "src/queue", includeHistory: true) { totalCount edges { node { id } } } }', None),
    "decisionsForPaths": ('{ decisionsForPaths(paths: ["src/queue/worker.py"]) { path governing { id } } }', None),
}


def _shows_draft(data: Any, draft: str) -> bool:
    text = json.dumps(data)
    return draft in text or '"candidate"' in text


@pytest.mark.parametrize("read", list(DEFAULT_READS), ids=list(DEFAULT_READS))
def test_a_draft_is_out_of_every_default_read_and_in_when_asked(graphql: GraphQL, drafts: dict[str, str], read: str) -> None:
    default, asked = DEFAULT_READS[read]
    variables = {"id": drafts["november"]} if "$id" in default else {}
    assert not _shows_draft(graphql.run(default, variables), drafts["november"]), read
    if asked is not None:
        assert _shows_draft(graphql.run(asked, {"id": drafts["november"]} if "$id" in asked else {}), drafts["november"]), read


def test_a_draft_opened_by_id_is_its_groups_only(graphql: GraphQL, drafts: dict[str, str]) -> None:
    lookup = 'query($id: ID!) { decision(id: $id, includeDrafts: true) { id status } }'
    assert graphql.run(lookup, {"id": drafts["design"]}, as_="design")["decision"] == {"id": drafts["design"], "status": "candidate"}
    assert graphql.run(lookup, {"id": drafts["design"]}, as_="eng")["decision"] is None


def test_the_queue_shows_each_draft_with_its_unit_to_its_groups_only(graphql: GraphQL, drafts: dict[str, str]) -> None:
    queue = graphql.run(QUEUE, {"session": "queues-nov"}, as_="eng")["drafts"]
    [node] = [edge["node"] for edge in queue["edges"]]
    assert (node["id"], node["status"], node["session"]) == (drafts["november"], "candidate", {"id": "queues-nov"})
    assert "keep SQS" in node["summary"] and 0 <= node["confidence"] <= 1
    anchored = [m for m in node["statedIn"] if m["anchor"]]
    assert len(anchored) == 1 and anchored[0]["content"].startswith("Decision: we keep SQS")
    everything = {edge["node"]["id"] for edge in graphql.run(QUEUE, as_="eng")["drafts"]["edges"]}
    assert everything == {drafts["november"], drafts["aside"]}
    assert graphql.run(QUEUE, as_="sales")["drafts"] == {"totalCount": 0, "edges": []}
    assert {e["node"]["id"] for e in graphql.run(QUEUE, as_="design")["drafts"]["edges"]} == {drafts["design"]}
    assert graphql.run(QUEUE, as_="admin")["drafts"]["totalCount"] == 3


def test_reviewing_needs_the_write_scope_and_the_sessions_groups(graphql: GraphQL, drafts: dict[str, str]) -> None:
    for mutation, name in ((CONFIRM, "confirmDecision"), (REJECT, "rejectDecision")):
        read_only = graphql.run(mutation, {"id": drafts["november"]}, as_="eng")[name]
        assert (read_only["__typename"], read_only["requiredScope"]) == ("Forbidden", "write")
        unseen = graphql.run(mutation, {"id": drafts["november"]}, as_="design")[name]
        assert (unseen["__typename"], unseen["id"]) == ("NotFound", drafts["november"])
        assert graphql.run(mutation, {"id": drafts["design"]}, as_="writer")[name]["__typename"] == "NotFound"
    assert graphql.run(QUEUE, as_="admin")["drafts"]["totalCount"] == 3, "nothing was reviewed"
    blank = graphql.run(CONFIRM, {"id": drafts["november"], "summary": "  "}, as_="writer")["confirmDecision"]
    assert blank["__typename"] == "ValidationError" and blank["field"] == "summary"


def test_confirm_links_the_decision_and_reject_keeps_it_out_for_good(graphql: GraphQL, drafts: dict[str, str]) -> None:
    edited = "We keep SQS for the worker queue and batch its messages."
    done = graphql.run(CONFIRM, {"id": drafts["november"], "summary": edited}, as_="writer")["confirmDecision"]
    assert done["__typename"] == "ConfirmSuccess", done
    decision = done["decision"]
    assert (decision["id"], decision["status"], decision["summary"]) == (drafts["november"], "active", edited)
    assert decision["files"] == [{"path": "src/queue/"}]
    assert (done["revisited"], decision["revisits"]) == (1, [{"id": drafts["october"]}])
    assert graphql.run('{ impact(path: "src/queue") { totalCount } }', as_="eng")["impact"]["totalCount"] == 1

    gone = graphql.run(REJECT, {"id": drafts["aside"], "reason": "not a team decision"}, as_="writer")["rejectDecision"]
    assert gone == {"__typename": "RejectSuccess", "id": drafts["aside"], "reason": "not a team decision"}
    assert graphql.run(QUEUE, as_="eng")["drafts"]["totalCount"] == 0
    assert graphql.run(REJECT, {"id": drafts["aside"]}, as_="writer")["rejectDecision"]["__typename"] == "NotFound"

    # Ingesting the same conversations again (the detector is sure of both now) changes neither.
    for session, text in (("queues-nov", NOVEMBER), ("retro", CHATTER)):
        again = graphql.run("""mutation($session: String!, $content: String!) {
          ingest(session: $session, content: $content, format: "transcript") {
            __typename ... on IngestSuccess { newDecisions drafts } } }""", {"session": session, "content": text}, as_="writer")
        assert again["ingest"] == {"__typename": "IngestSuccess", "newDecisions": 0, "drafts": 0}, session
    kept = graphql.run('query($id: ID!) { decision(id: $id) { summary status } }', {"id": drafts["november"]}, as_="eng")
    assert kept["decision"] == {"summary": edited, "status": "active"}
    assert graphql.run('{ decisions(where: {session: "retro", includeDrafts: true}) { totalCount } }')["decisions"]["totalCount"] == 0


def test_ingest_with_drafts_queues_what_it_finds_and_a_plain_ingest_makes_decisions(graphql: GraphQL) -> None:
    ingest = """mutation($content: String!, $drafts: Boolean!) {
      ingest(session: "queues-dec", content: $content, format: "transcript", drafts: $drafts) {
        __typename ... on IngestSuccess { decisionsFound newDecisions drafts decisions { id status } } } }"""
    drafted = graphql.run(ingest, {"content": OCTOBER, "drafts": True}, as_="writer")["ingest"]
    assert (drafted["__typename"], drafted["decisionsFound"], drafted["newDecisions"]) == ("IngestSuccess", 0, 0)
    assert drafted["drafts"] >= 1 and drafted["decisions"] == [], "a draft is not a decision"
    queued = {e["node"]["id"] for e in graphql.run(QUEUE, {"session": "queues-dec"}, as_="eng")["drafts"]["edges"]}
    assert len(queued) == drafted["drafts"]
    plain = graphql.run(ingest, {"content": OCTOBER, "drafts": False}, as_="writer")["ingest"]
    assert plain["newDecisions"] == len(queued) and {d["id"] for d in plain["decisions"]} == queued
    assert {d["status"] for d in plain["decisions"]} == {"active"}
    assert graphql.run(QUEUE, {"session": "queues-dec"}, as_="eng")["drafts"]["totalCount"] == 0
