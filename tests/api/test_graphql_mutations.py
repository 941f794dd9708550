"""Mutations over HTTP: ingest, recordDecision, supersede, markRevisited, and their union errors."""

from __future__ import annotations

from pathlib import Path

from tests.api.graphql_client import GraphQL

INGEST = """mutation($session: String!, $content: String!, $format: String!) {
  ingest(session: $session, content: $content, format: $format) {
    __typename
    ... on IngestSuccess { session messagesRead newMessages decisionsFound newDecisions decisions { summary source { kind } } }
    ... on ValidationError { message field } } }"""
RECORD = """mutation($input: RecordDecisionInput!) { recordDecision(input: $input) {
  __typename ... on RecordSuccess { decision { id summary pattern tags source { kind } files { path } }
                                    quality { score suggestions } }
  ... on ValidationError { message field } } }"""
SUPERSEDE = """mutation($id: ID!, $by: ID!) { supersede(id: $id, supersededBy: $by, reason: "cheaper", partial: false) {
  __typename ... on LinkSuccess { decision { id status supersededAt supersededBy { id } } by { supersedes { id } } }
  ... on NotFound { message id } ... on ValidationError { message field } } }"""
REVISIT = """mutation($id: ID!, $by: ID!, $outcome: String!) { markRevisited(id: $id, revisitedBy: $by, outcome: $outcome) {
  __typename ... on LinkSuccess { decision { status revisitedBy { id } } } ... on ValidationError { message field } } }"""
CHAT = """[2024-10-02T09:00:00Z] hana: Should the worker queue be SQS or RabbitMQ?
[2024-10-02T09:03:00Z] ivan: We decided to use SQS for the worker queue because we do not want to run brokers.
"""


def _record(graphql: GraphQL, text: str, **fields: object) -> dict[str, object]:
    result = graphql.run(RECORD, {"input": {"decision": text, **fields}})["recordDecision"]
    assert result["__typename"] == "RecordSuccess", result
    return dict(result)


def test_ingest_stores_and_is_idempotent(graphql: GraphQL) -> None:
    first = graphql.run(INGEST, {"session": "queues", "content": CHAT, "format": "transcript"})["ingest"]
    assert first["__typename"] == "IngestSuccess"
    assert (first["messagesRead"], first["newMessages"], first["newDecisions"]) == (2, 2, 1)
    assert "SQS" in first["decisions"][0]["summary"] and first["decisions"][0]["source"] == {"kind": "conversation"}
    again = graphql.run(INGEST, {"session": "queues", "content": CHAT, "format": "auto"})["ingest"]
    assert (again["newMessages"], again["newDecisions"], again["decisionsFound"]) == (0, 0, 1)


def test_ingest_dates_untimed_messages_and_names_the_series(graphql: GraphQL) -> None:
    notes = "# Queue review\n\n## Decisions\n\n- We decided to use SQS for the worker queue.\n"
    dated = """mutation($content: String!) { ingest(session: "queue-review", content: $content, format: "markdown",
      date: "2024-09-30T00:00:00", series: "architecture review") {
      __typename ... on IngestSuccess { date dateFrom series decisions { decidedAt session { series startedAt } } } } }"""
    result = graphql.run(dated, {"content": notes})["ingest"]
    assert result["__typename"] == "IngestSuccess", result
    assert (result["date"], result["dateFrom"], result["series"]) == ("2024-09-30T00:00:00+00:00", "--date", "architecture review")
    assert result["decisions"][0]["decidedAt"].startswith("2024-09-30")
    assert result["decisions"][0]["session"] == {"series": "architecture review", "startedAt": "2024-09-30T00:00:00+00:00"}
    listed = graphql.run('{ decisions(where: {series: "architecture review"}) { totalCount } }')
    assert listed == {"decisions": {"totalCount": 1}}


def test_ingest_refuses_bad_input_and_stores_nothing(graphql: GraphQL) -> None:
    unknown = graphql.run(INGEST, {"session": "bad", "content": CHAT, "format": "docx"})["ingest"]
    assert unknown["__typename"] == "ValidationError" and unknown["field"] == "format"
    broken = graphql.run(INGEST, {"session": "broken", "content": '{"author": "a", "content": ', "format": "chat-jsonl"})["ingest"]
    assert broken["__typename"] == "ValidationError" and ":1:" in broken["message"]
    empty = graphql.run(INGEST, {"session": " ", "content": CHAT, "format": "transcript"})["ingest"]
    assert empty["__typename"] == "ValidationError" and empty["field"] == "session"
    counts = graphql.run('{ a: decisions(where: {session: "bad"}) { totalCount } b: decisions(where: {session: "broken"}) { totalCount } }')
    assert counts == {"a": {"totalCount": 0}, "b": {"totalCount": 0}}


def test_record_decision_returns_quality_and_suggestions(graphql: GraphQL) -> None:
    bare = _record(graphql, "Use feature flags for the checkout rewrite.")
    assert bare["quality"]["score"] < 0.5 and bare["quality"]["suggestions"]
    rich = _record(
        graphql, "Use feature flags for risky rollouts of the checkout rewrite.",
        reasons=["analysis:two incidents came from big-bang releases", "precedent:the search rewrite used flags"],
        pattern="Reduce the blast radius of risky changes", tags=["release", "checkout"], files=["src/checkout/"],
        context="Checkout rewrite ships in Q3", decidedAt="2024-07-01T12:00:00Z",
    )
    assert rich["quality"]["score"] > bare["quality"]["score"]
    decision = rich["decision"]
    assert decision["source"] == {"kind": "manual"} and decision["files"] == [{"path": "src/checkout/"}]
    assert decision["pattern"].startswith("Reduce the blast radius") and "release" in decision["tags"]
    blank = graphql.run(RECORD, {"input": {"decision": "   "}})["recordDecision"]
    assert blank == {"__typename": "ValidationError", "message": "a decision needs its text", "field": "decision"}


def test_supersede_and_its_errors(graphql: GraphQL) -> None:
    old = str(_record(graphql, "Host the docs site on a VM.")["decision"]["id"])  # type: ignore[index]
    new = str(_record(graphql, "Host the docs site on static object storage instead of a VM.")["decision"]["id"])  # type: ignore[index]
    linked = graphql.run(SUPERSEDE, {"id": old, "by": new})["supersede"]
    assert linked["__typename"] == "LinkSuccess"
    assert linked["decision"]["status"] == "superseded" and linked["decision"]["supersededAt"]
    assert linked["decision"]["supersededBy"] == [{"id": new}] and linked["by"]["supersedes"] == [{"id": old}]
    missing = graphql.run(SUPERSEDE, {"id": old, "by": "dec-000000000000"})["supersede"]
    assert missing == {"__typename": "NotFound", "message": "no decision dec-000000000000", "id": "dec-000000000000"}
    itself = graphql.run(SUPERSEDE, {"id": old, "by": old})["supersede"]
    assert itself["__typename"] == "ValidationError"


def test_mark_revisited(graphql: GraphQL) -> None:
    old = str(_record(graphql, "Keep the monolith for the admin tools.")["decision"]["id"])  # type: ignore[index]
    new = str(_record(graphql, "Reviewed the admin tools monolith again; it stays.")["decision"]["id"])  # type: ignore[index]
    wrong = graphql.run(REVISIT, {"id": old, "by": new, "outcome": "maybe"})["markRevisited"]
    assert wrong["__typename"] == "ValidationError" and wrong["field"] == "outcome"
    done = graphql.run(REVISIT, {"id": old, "by": new, "outcome": "kept"})["markRevisited"]
    assert done == {"__typename": "LinkSuccess", "decision": {"status": "revisited", "revisitedBy": [{"id": new}]}}


def test_ingest_of_a_grown_history_stores_its_last_message_once(graphql: GraphQL) -> None:
    """A SpecStory or aider history sent again after its last message grew (it was still
    being written): the grown message takes the place of what was stored of it, as the CLI's
    ingest, watch and hook do, and the session holds what one read of the final text holds."""
    history = (Path(__file__).parents[1] / "unit" / "nlp" / "sessions" / "aider" / ".aider.chat.history.md").read_text()
    marker = "ok, let's use ISO 8601"
    half = history[: history.index(marker) + len(marker) // 2]
    for session, content in (("aider-growing", half), ("aider-growing", history), ("aider-final", history)):
        done = graphql.run(INGEST, {"session": session, "content": content, "format": "aider"})["ingest"]
        assert done["__typename"] == "IngestSuccess", done
    read = """query($id: ID!) { session(id: $id) { messages { seq author content } decisions { edges { node { summary } } } } }"""
    growing = graphql.run(read, {"id": "aider-growing"})["session"]
    final = graphql.run(read, {"id": "aider-final"})["session"]
    assert growing["messages"] == final["messages"], "no message stored twice"
    assert growing["decisions"] == final["decisions"]


def test_ingest_remembers_drafts_until_drafts_false(graphql: GraphQL) -> None:
    """A session ingested with `drafts: true` stays drafts when ingested again without
    `drafts` (issue 45); `drafts: false` makes its sure detections decisions, and is kept."""
    ingest = """mutation($content: String!, $drafts: Boolean) { ingest(session: "queues-chat", content: $content,
      format: "transcript", drafts: $drafts) { __typename
      ... on IngestSuccess { decisionsFound newDecisions drafts draftsOnly decisions { id } } } }"""
    queue = '{ drafts(session: "queues-chat") { totalCount } }'
    drafted = graphql.run(ingest, {"content": CHAT, "drafts": True})["ingest"]
    assert (drafted["drafts"], drafted["draftsOnly"], drafted["newDecisions"]) == (1, True, 0), drafted
    plain = graphql.run(ingest, {"content": CHAT})["ingest"]
    assert (plain["drafts"], plain["draftsOnly"], plain["decisionsFound"], plain["decisions"]) == (1, True, 0, []), plain
    assert graphql.run(queue)["drafts"]["totalCount"] == 1
    chosen = graphql.run(ingest, {"content": CHAT, "drafts": False})["ingest"]
    assert (chosen["drafts"], chosen["draftsOnly"], chosen["newDecisions"]) == (0, False, 1), chosen
    again = graphql.run(ingest, {"content": CHAT})["ingest"]
    assert (again["draftsOnly"], again["decisionsFound"], again["newDecisions"]) == (False, 1, 0), again
    assert graphql.run(queue)["drafts"]["totalCount"] == 0
