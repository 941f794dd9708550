from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr

from api.journal import DecisionJournal
from api.settings import JournalSettings, Neo4jSettings, Settings
from api.usecases.events import DETECTED, EXTRACTED, INDEXED, SEARCHED
from graph.errors import DecisionNotFound
from graph.evolution import Link
from graph.executor import Neo4jExecutor
from graph.messages import session_messages
from nlp.errors import InputFormatError
from nlp.readers import read_conversation
from tests.graph_fixtures import Neo4jServer
from tests.support.cypher import support_query

EXAMPLE_1 = """\
[2024-03-15T14:00:00Z] alice: Should we use REST or GraphQL for the new API?
[2024-03-15T14:02:00Z] agent: Let's evaluate both options. GraphQL has flexible queries but a learning curve.
[2024-03-15T14:05:00Z] bob: gRPC is fast but browser support is limited.
[2024-03-15T14:20:00Z] alice: Based on this, I think we should go with REST for now.
[2024-03-15T14:30:00Z] carol: Agreed. REST gives us simplicity and we can add GraphQL later if needed, see src/api/routes/.
"""
MARCH = """\
[2024-03-15T10:00:00Z] alice: Which database for the new service, PostgreSQL or MongoDB?
[2024-03-15T10:05:00Z] bob: PostgreSQL gives us ACID guarantees and the team knows it well.
[2024-03-15T10:10:00Z] alice: Agreed. We decided to use PostgreSQL for the primary database.
"""
SEPTEMBER = """\
[2024-09-20T09:00:00Z] carol: Our PostgreSQL instance struggles at peak. Should we migrate to DynamoDB for better scale?
[2024-09-20T09:10:00Z] bob: Migration would take a quarter; caching the hot reads would fix most of it.
[2024-09-20T09:20:00Z] alice: Decision: we keep PostgreSQL and add Redis for caching.
"""


def _file(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


async def _count(journal: DecisionJournal, label: str) -> int:
    rows = await journal.services.executor.read(support_query("testing_label_counts"), {})
    return int(next(row["n"] for row in rows if row["label"] == label))


async def test_seed_example_1_rest_over_graphql(journal: DecisionJournal, tmp_path: Path) -> None:
    report = await journal.ingest_session(_file(tmp_path, "api-design.txt", EXAMPLE_1))
    assert (report.messages_read, report.decisions_found, report.new_decisions) == (5, 1, 1)
    decision = await journal.get_decision(report.decision_ids[0])
    assert "REST" in decision["summary"]
    assert [alt["option"] for alt in decision["alternatives"]] == ["GraphQL", "gRPC"]
    assert {s["handle"] for s in decision["stakeholders"]} == {"@alice", "@agent", "@bob", "@carol"}
    assert decision["decision_maker"] == "@alice"
    assert decision["files"] == ["src/api/routes/"]
    assert decision["source"] == {"kind": "conversation", "session": "api-design", "series": None, "messages": [3, 4], "path": "api-design.txt"}  # never a folder of this machine
    assert decision["decided_at"] == "2024-03-15T14:30:00+00:00"


async def test_seed_example_3_chain_from_any_member(journal: DecisionJournal, tmp_path: Path) -> None:
    march = await journal.ingest_session(_file(tmp_path, "db-march.txt", MARCH))
    september = await journal.ingest_session(_file(tmp_path, "db-september.txt", SEPTEMBER))
    assert september.revisited == 1
    original_id, revision_id = march.decision_ids[0], september.decision_ids[0]
    for member in (original_id, revision_id):
        chain = await journal.get_decision_chain(member)
        assert chain["original"]["id"] == original_id
        assert chain["original"]["status"] == "revisited"
        assert [r["id"] for r in chain["revisions"]] == [revision_id]
        assert chain["revisions"][0]["summary"] == "We keep PostgreSQL and add Redis for caching."
        assert chain["revisions"][0]["revisits"] == [original_id]
        assert chain["current"]["id"] == revision_id
        assert chain["links"][0]["inferred"] is True
    as_of_june = await journal.get_decision_chain(original_id, as_of=datetime(2024, 6, 1, tzinfo=UTC))
    assert as_of_june["current"]["id"] == original_id and as_of_june["revisions"] == []
    with pytest.raises(DecisionNotFound, match="on 2024-06-01"):
        await journal.get_decision_chain(revision_id, as_of=datetime(2024, 6, 1, tzinfo=UTC))


NOTES_MARCH = """\
# Payments sync, 2024-03-01
## Decisions
### Payment retries proposal
- We decided to accept the payment retries proposal for the next stage.
### Office plants
- We decided to water the plants on Fridays.
"""
NOTES_APRIL = """\
# Payments sync, 2024-04-05
## Decisions
### Payment retries proposal
- We decided to put the payment retries proposal into its final comment period.
### Team lunch
- We decided to book the team lunch for Thursday.
"""


async def test_a_later_meeting_on_the_same_agenda_item_links_to_the_earlier_decision(
    journal: DecisionJournal, tmp_path: Path
) -> None:
    march = await journal.ingest_session(_file(tmp_path, "2024-03-01.md", NOTES_MARCH))
    april = await journal.ingest_session(_file(tmp_path, "2024-04-05.md", NOTES_APRIL))
    assert (march.decisions_found, april.decisions_found, april.revisited, april.superseded) == (2, 2, 1, 0)
    chain = await journal.get_decision_chain(april.decision_ids[0])
    summaries = {d: (await journal.get_decision(d))["summary"] for d in march.decision_ids}
    retries = next(d for d, summary in summaries.items() if "retries" in summary)
    assert chain["original"]["id"] == retries and chain["current"]["id"] == april.decision_ids[0]
    assert "Payment retries proposal" in chain["links"][0]["reason"] and chain["links"][0]["inferred"] is True
    plants = next(d for d in march.decision_ids if d != retries)
    assert (await journal.get_decision(plants))["status"] == "active"  # the lunch is another subject
    again = await journal.ingest_session(_file(tmp_path, "2024-04-05.md", NOTES_APRIL))
    assert (again.new_decisions, again.revisited) == (0, 0)


TOPIC_CALL = """\
# Payments sync: topic call on payment retries, 2024-04-12
## Decisions
### Payment retries
- We decided to ship payment retries behind a feature flag.
"""


async def test_a_topic_call_named_for_its_item_links_to_the_earlier_decision_on_it(
    journal: DecisionJournal, tmp_path: Path
) -> None:
    # The words both meetings' titles share ("payments sync") name the series; "payment
    # retries" names what this call is about, so it still counts as the subject.
    march = await journal.ingest_session(_file(tmp_path, "2024-03-01.md", NOTES_MARCH))
    call = await journal.ingest_session(_file(tmp_path, "2024-04-12.md", TOPIC_CALL))
    assert (call.decisions_found, call.revisited, call.superseded) == (1, 1, 0)
    chain = await journal.get_decision_chain(call.decision_ids[0])
    summaries = {d: (await journal.get_decision(d))["summary"] for d in march.decision_ids}
    assert "retries" in summaries[chain["original"]["id"]]
    assert "Payment retries" in chain["links"][0]["reason"]


LINK_HEADER = """\
# JSON-LD syntax sync, 2024-05-03
## Decisions
### Link header for HTML and JSON-LD
- We decided to invite the schema.org editors to discuss the link header.
"""
HTML_BASE = """\
# JSON-LD syntax sync, 2024-05-10
## Decisions
### Does HTML base affect IRIs?
- We decided to recommend absolute IRIs, see #134.
"""
LINK_HEADER_AGAIN = """\
# JSON-LD syntax sync, 2024-05-17
## Decisions
### Link header for HTML and JSON-LD #204
- We decided to merge api#134 and close syntax#204.
"""


async def test_a_shared_agenda_item_outweighs_a_bare_issue_number_and_one_word(
    journal: DecisionJournal, tmp_path: Path
) -> None:
    # "#134" says no repository, and the two items share only "HTML": the later, more
    # recent decision on it is not the subject the new one takes up again.
    item = await journal.ingest_session(_file(tmp_path, "2024-05-03.md", LINK_HEADER))
    await journal.ingest_session(_file(tmp_path, "2024-05-10.md", HTML_BASE))
    again = await journal.ingest_session(_file(tmp_path, "2024-05-17.md", LINK_HEADER_AGAIN))
    assert (again.decisions_found, again.revisited) == (1, 1)
    chain = await journal.get_decision_chain(again.decision_ids[0])
    assert chain["original"]["id"] == item.decision_ids[0]
    assert "same subject (Link header for HTML and JSON-LD)" in chain["links"][0]["reason"]


async def test_explicit_supersede_branches_and_history_kept(journal: DecisionJournal) -> None:
    old = await journal.record_decision("Use Jenkins for CI", tags=["ci"], decided_at=datetime(2023, 1, 1, tzinfo=UTC))
    new_a = await journal.record_decision("Use GitHub Actions for the web app", decided_at=datetime(2024, 1, 1, tzinfo=UTC))
    new_b = await journal.record_decision("Use GitLab CI for the firmware", decided_at=datetime(2024, 2, 1, tzinfo=UTC))
    await journal.link_superseding_decision(old["id"], new_a["id"], "web app moved to GitHub")
    await journal.link_superseding_decision(old["id"], new_b["id"], "firmware moved to GitLab")
    chain = await journal.get_decision_chain(new_a["id"])
    assert chain["original"]["id"] == old["id"] and chain["original"]["status"] == "superseded"
    assert {b["id"] for b in chain["branches"]} == {new_a["id"], new_b["id"]}
    assert chain["current"]["id"] == new_b["id"]
    stored = await journal.get_decision(old["id"])
    assert stored["superseded_by"] == sorted([new_a["id"], new_b["id"]])
    assert await journal.search_decisions("Jenkins") == []
    assert [d["id"] for d in await journal.search_decisions("Jenkins", {"history": True})] == [old["id"]]


async def test_a_stated_link_takes_the_place_of_the_one_ingest_inferred(journal: DecisionJournal) -> None:
    old = await journal.record_decision("Deploy the billing service with Heroku pipelines", tags=["deploy"])
    new = await journal.record_decision("Deploy the billing service with Fly.io instead of Heroku", tags=["deploy"])
    [guessed] = (await journal.get_decision_chain(old["id"]))["links"]
    assert guessed["inferred"], "the premise: recording the second decision inferred the link"
    await journal.link_superseding_decision(old["id"], new["id"], reason="Heroku free tier ended")
    [stated] = (await journal.get_decision_chain(old["id"]))["links"]
    assert (stated["type"], stated["reason"], stated["inferred"]) == ("SUPERSEDES", "Heroku free tier ended", False)
    guess = Link("SUPERSEDES", new["id"], old["id"], "a later guess", inferred=True, confidence=0.6)
    await journal.services.ingest.evolution.link(guess)
    assert (await journal.get_decision_chain(old["id"]))["links"] == [stated], "a guess never overwrites what was stated"


async def test_full_decision_lifecycle(journal: DecisionJournal) -> None:
    """Seed 000's integration test."""
    await journal.add_message({"content": "Should we use X or Y?"})
    await journal.add_message({"content": "Let's go with X"})
    results = await journal.search_decisions("use X")
    assert len(results) == 1
    assert "X" in results[0]["summary"]
    assert [m["content"] for m in await journal.get_messages()] == ["Should we use X or Y?", "Let's go with X"]


async def test_ingest_is_idempotent_and_overlaps_add_nothing_twice(journal: DecisionJournal, tmp_path: Path) -> None:
    first = _file(tmp_path, "thread.txt", EXAMPLE_1)
    await journal.ingest_session(first, session_id="thread")
    counts = {label: await _count(journal, label) for label in ("Message", "Decision", "Alternative", "Stakeholder")}
    again = await journal.ingest_session(first, session_id="thread")
    assert (again.new_messages, again.new_decisions) == (0, 0)
    overlap = _file(tmp_path, "later.txt", "\n".join(EXAMPLE_1.splitlines()[2:]) + "\n[2024-03-15T15:00:00Z] dave: Thanks all.\n")
    later = await journal.ingest_session(overlap, session_id="thread")
    assert (later.new_messages, later.new_decisions) == (1, 0)
    assert await _count(journal, "Message") == counts["Message"] + 1
    for label in ("Decision", "Alternative", "Stakeholder"):
        assert await _count(journal, label) == counts[label]
    assert [m["seq"] for m in await journal.get_messages_of("thread")] == [0, 1, 2, 3, 4, 5]


async def test_events_are_delivered_and_a_failing_handler_breaks_nothing(journal: DecisionJournal, tmp_path: Path) -> None:
    seen: list[tuple[str, dict[str, Any]]] = []

    def broken(event: str, data: dict[str, Any]) -> None:
        raise RuntimeError("handler bug")

    async def record(event: str, data: dict[str, Any]) -> None:
        seen.append((event, data))

    for event in (DETECTED, EXTRACTED, INDEXED, SEARCHED):
        journal.on(event, broken)
        journal.on(event, record)
    report = await journal.ingest_session(_file(tmp_path, "db.txt", MARCH))
    await journal.search_decisions("PostgreSQL")
    decision_id = report.decision_ids[0]
    assert [event for event, _ in seen] == [DETECTED, EXTRACTED, INDEXED, SEARCHED]
    assert seen[0][1]["decision_id"] == decision_id and 0.7 <= seen[0][1]["confidence"] <= 1
    assert seen[1][1] == {"decision_id": decision_id, "decision_summary": "We decided to use PostgreSQL for the primary database."}
    assert seen[3][1] == {"query": "PostgreSQL", "result_count": 1}
    with pytest.raises(ValueError, match="unknown event"):
        journal.on("context:decision:deleted", record)


@pytest.mark.parametrize(
    ("content", "message"),
    [(b"", "is empty"), (b"\x00\x01\x02", "looks binary"), (b'{"content": "ok"}\n{broken\n', "not valid JSON")],
)
async def test_bad_input_is_refused_and_loses_nothing(
    journal: DecisionJournal, tmp_path: Path, content: bytes, message: str
) -> None:
    await journal.ingest_session(_file(tmp_path, "db.txt", MARCH))
    before = {label: await _count(journal, label) for label in ("Message", "Decision", "Session")}
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(content)
    with pytest.raises(InputFormatError, match=message):
        await journal.ingest_session(bad)
    assert {label: await _count(journal, label) for label in before} == before


async def test_a_one_megabyte_message_is_stored_whole(journal: DecisionJournal, tmp_path: Path) -> None:
    body = "We decided to use PostgreSQL. " + "x" * (1024 * 1024)
    report = await journal.ingest_session(_file(tmp_path, "big.txt", f"alice: {body}\n"))
    assert report.new_messages == 1
    stored = await journal.get_messages_of("big")
    assert len(stored[0]["content"]) == len(body)


async def test_a_5000_message_session(journal: DecisionJournal, tmp_path: Path) -> None:
    lines = []
    for i in range(5000):
        speaker = ("alice", "bob", "carol")[i % 3]
        text = f"We decided to use cache layer v{i} for service {i}." if i % 250 == 0 else f"Status update {i}: still testing."
        lines.append(f"{speaker}: {text}")
    report = await journal.ingest_session(_file(tmp_path, "long.txt", "\n".join(lines) + "\n"))
    assert (report.messages_read, report.new_messages) == (5000, 5000)
    assert report.new_decisions == 20
    assert await _count(journal, "Message") == 5000


async def test_seed_config_auto_detect_off_stores_messages_only(
    neo4j_server: Neo4jServer, executor: Neo4jExecutor, tmp_path: Path
) -> None:
    settings = Settings(
        neo4j=Neo4jSettings(uri=neo4j_server.uri, user=neo4j_server.user, password=SecretStr(neo4j_server.password)),
        journal=JournalSettings(auto_detect=False, index_embeddings=False),
    )
    async with DecisionJournal(settings) as quiet:
        report = await quiet.ingest_session(_file(tmp_path, "db.txt", MARCH))
        assert (report.new_messages, report.decisions_found) == (3, 0)
        assert await _count(quiet, "Message") == 3


async def test_message_times_are_stored_as_the_reader_read_them(journal: DecisionJournal, tmp_path: Path) -> None:
    text = ("[2024-03-15T14:00:00.250+05:30] alice: Should we cache the catalogue?\n"
            "[2024-03-15T08:31:00Z] bob: Yes, let's cache it for an hour.\n"
            "carol: Agreed.\n")
    path = _file(tmp_path, "cache.txt", text)
    read = read_conversation(path)
    await journal.ingest_session(path, session_id="cache")
    stored = await session_messages(journal.services.executor, "cache")
    assert [m["timestamp"] for m in stored] == [m.timestamp for m in read.messages]
    assert [m["timestamp"].utcoffset() if m["timestamp"] else None for m in stored] == \
        [m.timestamp.utcoffset() if m.timestamp else None for m in read.messages]
