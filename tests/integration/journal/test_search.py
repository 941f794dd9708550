from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from typer.testing import CliRunner

from api.journal import DecisionJournal
from api.usecases.search import SearchHitJson, hits_json, search_decisions
from api.usecases.services import Services
from graph.cypher import load_query
from graph.executor import CountingExecutor
from graph.filters import DecisionFilter, lucene_escape
from graph.search import DecisionSearch
from nlp.embedding import alternatives_text
from tests.support.cypher import support_query

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "platform-sync.txt"


async def _seed(journal: DecisionJournal) -> dict[str, str]:
    report = await journal.ingest_session(EXAMPLE)
    ids = {}
    for decision_id in report.decision_ids:
        summary = (await journal.get_decision(decision_id))["summary"]
        key = "rest" if "REST" in summary else "redis" if "Redis" in summary else "postgres"
        ids[key] = decision_id
    extra = await journal.record_decision(
        "Adopt OpenTelemetry for tracing", tags=["observability"], stakeholders=["@dana"], decision_maker="@dana",
        files=["src/telemetry/"], decided_at=datetime(2024, 5, 10, tzinfo=UTC),
    )
    ids["otel"] = extra["id"]
    return ids


async def search_hits(
    services: Services, question: str, filters: DecisionFilter = DecisionFilter(), limit: int = 10
) -> list[SearchHitJson]:
    """The one search entry point's hits in the shared JSON shape."""
    return hits_json((await search_decisions(services, question, filters, limit)).hits)


async def test_why_did_we_choose_returns_the_decision_first_with_provenance(journal: DecisionJournal) -> None:
    ids = await _seed(journal)
    hits = await search_hits(journal.services, "Why did we choose PostgreSQL over MongoDB?")
    assert hits[0]["decision"]["id"] == ids["postgres"]
    assert set(hits[0]["retrievers"]) == {"fulltext", "vector"}
    assert hits[0]["score"] > hits[-1]["score"] or len(hits) == 1
    graphql = await journal.search_decisions("Why aren't we using GraphQL?")
    assert graphql[0]["id"] == ids["rest"]


async def test_questions_become_filters(journal: DecisionJournal) -> None:
    ids = await _seed(journal)
    by_dana = await journal.search_decisions("decisions by @dana")
    assert [d["id"] for d in by_dana] == [ids["otel"]]
    q3 = await journal.search_decisions("decisions made in Q3 2024")
    assert [d["id"] for d in q3] == [ids["redis"]]
    q1 = await journal.search_decisions("decisions in March 2024")
    assert {d["id"] for d in q1} == {ids["rest"], ids["postgres"]}  # revisited means kept: still current


async def test_filters_tags_paths_sessions_and_status(journal: DecisionJournal) -> None:
    ids = await _seed(journal)
    tagged = await journal.search_decisions("", {"tags": ["observability"]})
    assert [d["id"] for d in tagged] == [ids["otel"]]
    under_src = await journal.search_decisions("", {"path": "src/"})
    assert {d["id"] for d in under_src} == {ids["rest"], ids["otel"]}
    inside_dir = await journal.search_decisions("", {"path": "src/api/handlers/orders.py"})
    assert [d["id"] for d in inside_dir] == [ids["rest"]]
    in_session = await journal.search_decisions("", {"session": "manual"})
    assert [d["id"] for d in in_session] == [ids["otel"]]
    revisited = await journal.search_decisions("", {"status": "revisited"})
    assert [d["id"] for d in revisited] == [ids["postgres"]]
    hits = await search_hits(journal.services, "tracing", DecisionFilter(since=datetime(2024, 6, 1, tzinfo=UTC)))
    assert hits == []


async def test_a_question_with_filters_is_retrieved_fused_filtered_and_read_in_one_round_trip(
    journal: DecisionJournal,
) -> None:
    ids = await _seed(journal)
    counted = CountingExecutor(journal.services.executor)
    services = journal.services.through(counted)
    why = await search_hits(services, "why did we choose PostgreSQL?")
    assert why[0]["decision"]["id"] == ids["postgres"]
    assert why[0]["decision"]["alternatives"] and why[0]["decision"]["stakeholders"]  # read in full
    assert counted.round_trips == 1  # full-text and vector retrieval, fusion, filters and the read
    tagged = await search_hits(services, "tracing", DecisionFilter(tags=("observability",)))
    assert [h["decision"]["id"] for h in tagged] == [ids["otel"]]
    # One hit for a page of ten under a filter: asked once more with wider candidates.
    assert counted.round_trips == 3
    # Filters narrow the fused candidates before the page is cut, not after.
    under_src = await search_hits(services, "PostgreSQL Redis REST tracing", DecisionFilter(path_prefix="src/"), limit=1)
    assert [h["decision"]["id"] for h in under_src] in ([ids["rest"]], [ids["otel"]])
    # A reader outside every group sees only open sessions' decisions (all of these are).
    grouped = await search_hits(services, "why did we choose PostgreSQL?", DecisionFilter(groups=("nobody",)))
    assert grouped[0]["decision"]["id"] == ids["postgres"]


async def test_lucene_and_cypher_looking_text_never_errors(journal: DecisionJournal) -> None:
    await _seed(journal)
    for text in ('title:(foo AND "bar) OR [x TO y]~2 \\', "MATCH (n) DETACH DELETE n", "*?", "", "   "):
        assert isinstance(await journal.search_decisions(text), list)
    assert lucene_escape('a+b "c" AND d') == 'a\\+b \\"c\\" and d'
    assert len(await journal.search_decisions("", {})) == 4  # nothing was deleted


def test_ask_prints_the_answer_the_way_seed_example_2_does(tmp_path: Path) -> None:
    # The CLI runs against the same test server through NEO4J_* (set by the test command).
    from api.cli.main import app

    runner = CliRunner()
    ingested = runner.invoke(app, ["ingest", str(EXAMPLE)])
    assert ingested.exit_code == 0, ingested.output
    result = runner.invoke(app, ["ask", "Why aren't we using GraphQL?"])
    assert result.exit_code == 0, result.output
    for line in ("We decided this in March 2024:", "Decision: Let's go with REST", "Made by: @alice",
                 "Alternatives considered:", "GraphQL", "Current status: Active", "Related code: src/api/"):
        assert line in result.stdout
    assert "No decision names" not in result.stdout
    # A question about something no decision names gets the closest one, said to be only that.
    unrelated = runner.invoke(app, ["ask", "Why are receipts Word files?"])
    assert unrelated.exit_code == 0, unrelated.output
    assert unrelated.stdout.startswith("No decision names receipts or word or files; the closest one by meaning:")
    empty = runner.invoke(app, ["ask", "  "])
    assert empty.exit_code == 2 and "ask needs a question" in empty.output


async def test_record_scores_quality_and_pre_returns_prior_patterns(journal: DecisionJournal) -> None:
    from api.usecases.record import RecordRequest, record_decision, recorded_json

    bare = recorded_json(await record_decision(
        journal.services, RecordRequest(decision="Increased cron trigger timeout from 60s to 120s", tags=("timeout",))
    ))
    assert bare["quality"]["score"] == 0.25
    assert any("--pattern" in s for s in bare["quality"]["suggestions"])
    full = recorded_json(await record_decision(journal.services, RecordRequest(
        decision="Raised the HTTP client timeout to 30s for the billing API", tags=("timeout",), stakes="low",
        pattern="Override system defaults when they don't match actual workload",
        reasons=("empirical:p99 was 25s", "analysis:retries doubled load"),
    )))
    assert full["quality"]["score"] == 0.6
    stored = full["decision"]
    assert stored["quality"] == 0.6 and "stakes:low" in stored["tags"]
    assert stored["rationale"] == "empirical: p99 was 25s; analysis: retries doubled load"
    prior = await search_hits(journal.services, "fixing a timeout issue", DecisionFilter(tags=("timeout",)))
    assert {h["decision"]["id"] for h in prior} == {bare["decision"]["id"], stored["id"]}
    assert "Override system defaults when they don't match actual workload" in {h["decision"]["pattern"] for h in prior}


async def test_a_filter_read_from_the_question_is_dropped_when_nothing_matches_with_it(journal: DecisionJournal) -> None:
    ids = await _seed(journal)
    # Nobody called Zed decided anything: the person is a hint, not a wall.
    outcome = await search_decisions(journal.services, "Why did we choose PostgreSQL, as asked by Zed?")
    assert outcome.hits[0].record.id == ids["postgres"]
    assert outcome.filters_dropped == ("stakeholder=@zed",) and outcome.filters_applied == ()
    # A person who did decide on the subject keeps the filter, and it is reported as used.
    kept = await search_decisions(journal.services, "tracing decisions by @dana")
    assert [hit.record.id for hit in kept.hits] == [ids["otel"]]
    assert kept.filters_applied == ("stakeholder=@dana",) and kept.filters_dropped == ()
    # A filter the caller set is never dropped.
    strict = await search_decisions(journal.services, "Why did we choose PostgreSQL?", DecisionFilter(stakeholder="@zed"))
    assert strict.hits == [] and strict.filters_dropped == ()


def test_cli_search_says_which_filters_it_dropped() -> None:
    from api.cli.main import app

    runner = CliRunner()
    assert runner.invoke(app, ["ingest", str(EXAMPLE)]).exit_code == 0
    found = runner.invoke(app, ["search", "Why did we choose PostgreSQL, as asked by Zed?", "--json"])
    assert found.exit_code == 0, found.output
    answer = json.loads(found.stdout)
    assert answer["filters_dropped"] == ["stakeholder=@zed"] and "PostgreSQL" in answer["hits"][0]["decision"]["summary"]
    said = runner.invoke(app, ["search", "Why did we choose PostgreSQL, as asked by Zed?"])
    assert "dropped (nothing matched with them): stakeholder=@zed" in said.stdout


async def test_a_decision_stores_the_vector_of_its_alternatives_and_search_compares_it(journal: DecisionJournal) -> None:
    redux = await journal.record_decision(
        "Use Redux to manage client state", context="Components need consistent shared state.",
        alternatives=["MobX", "React context only"],
    )
    lone = await journal.record_decision("Adopt OpenTelemetry for tracing")
    executor = journal.services.executor
    stored = {row["id"]: row["weighed"] for row in await executor.read(support_query("testing_decisions_with_alternatives_vector"))}
    assert stored == {redux["id"]: True, lone["id"]: False}
    embedder = journal.services.ingest.embedder
    assert embedder is not None
    weighed = alternatives_text("Use Redux to manage client state", "Use Redux to manage client state",
                                [("MobX", None), ("React context only", None)])
    assert weighed is not None
    near = await executor.read(load_query("decision_alternatives_similarity"),
                               {"ids": [redux["id"], lone["id"]], "embedding": embedder.embed([weighed])[0]})
    # Only the decision that weighed options has their vector; asked its very text, it is exact.
    assert [row["id"] for row in near] == [redux["id"]] and near[0]["score"] > 0.999
    hits = await search_hits(journal.services, "Was MobX weighed for client state?")
    assert hits[0]["decision"]["id"] == redux["id"]


async def test_a_search_within_a_session_finds_its_decisions_however_many_others_are_nearer(
    journal: DecisionJournal,
) -> None:
    # More decisions nearer to the question than a page's candidates, all in another session:
    # retrieved across the whole graph and then filtered, the session's own decision is lost.
    for n in range(60):
        await journal.record_decision(f"Keep the ledger of service {n} in PostgreSQL", session_id="platform")
    balances = await journal.record_decision(
        "Store account balances in a relational database", rationale="Balances need transactions.",
        session_id="payments",
    )
    scoped = await search_hits(journal.services, "Where do we keep the ledger?", DecisionFilter(session="payments"))
    assert [hit["decision"]["id"] for hit in scoped] == [balances["id"]]
    assert scoped[0]["retrievers"] == ["vector"]
    unscoped = await search_hits(journal.services, "Where do we keep the ledger?")
    assert balances["id"] not in {hit["decision"]["id"] for hit in unscoped}
    # Full-text too: the session's only decision with the word is found below 60 better matches.
    worded = await search_hits(journal.services, "PostgreSQL transactions", DecisionFilter(session="payments"))
    assert [hit["decision"]["id"] for hit in worded] == [balances["id"]]


async def test_a_session_larger_than_the_scope_scan_keeps_the_indexes_nearest_that_are_in_it(
    journal: DecisionJournal,
) -> None:
    for n in range(2):
        await journal.record_decision(f"Keep the ledger of service {n} in PostgreSQL", session_id="platform")
    balances = await journal.record_decision("Store account balances in a relational database", session_id="payments")
    for n in range(5):
        await journal.record_decision(f"Name message queue {n} after its topic", session_id="payments")
    embedder = journal.services.ingest.embedder
    assert embedder is not None
    question = "Where do we keep the ledger?"
    vector = embedder.embed([question])[0]
    within = DecisionFilter(session="payments")
    # Six decisions in the session, a scan of five: the index's five nearest, kept to the session.
    by_index = await DecisionSearch(journal.services.executor, scope_scan=5).search(question, vector, within)
    # Six within a scan of six: all six compared.
    in_full = await DecisionSearch(journal.services.executor, scope_scan=6).search(question, vector, within)
    assert [hit.record.id for hit in by_index][:1] == [hit.record.id for hit in in_full][:1] == [balances["id"]]
    assert all(hit.record.id != balances["id"] or hit.retrievers == ("vector",) for hit in by_index)


async def test_a_filter_that_the_nearest_candidates_all_fail_is_searched_again_wider(journal: DecisionJournal) -> None:
    for n in range(60):
        await journal.record_decision(f"Keep the ledger of service {n} in PostgreSQL", decision_maker="@bob")
    balances = await journal.record_decision(
        "Store account balances in a relational database", decision_maker="@alice",
    )
    # Asked for Alice's: the 50 nearest are all Bob's; the wider second pass finds hers.
    by_alice = await search_hits(journal.services, "Where do we keep the ledger?", DecisionFilter(stakeholder="@alice"))
    assert [hit["decision"]["id"] for hit in by_alice] == [balances["id"]]
    # Read from the question, the person is applied, not dropped as if she had decided nothing.
    asked = await search_decisions(journal.services, "Where do we keep the ledger, as decided by @alice?")
    assert [hit.record.id for hit in asked.hits] == [balances["id"]]
    assert asked.filters_applied == ("stakeholder=@alice",) and asked.filters_dropped == ()
