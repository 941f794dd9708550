"""The same question gets the same answer on every face: one table of questions and filters,
asked of the CLI, the Python API, GraphQL, MCP and the page, on the real Neo4j.

Every new filter joins ``TABLE``. A row says what its answer must hold (``want``: words some
answer's summary contains; ``never``: words none may contain), so that agreeing on nothing
cannot pass; the faces must then agree on the very ids, in the same order.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
from neo4j import AsyncDriver
from starlette.testclient import TestClient

from api.app import create_app
from api.journal import DecisionJournal
from tests.api.graphql_client import GraphQL
from tests.graph_fixtures import Neo4jServer
from tests.support.cross_face import Faces, McpClient, Row, ingest_corpus, settings_for
from tests.support.cypher import support_query

# name, row, words some answer must contain, words no answer may contain
TABLE: list[tuple[Row, tuple[str, ...], tuple[str, ...]]] = [
    (Row("question", "why did we choose PostgreSQL?"), ("PostgreSQL",), ()),
    (Row("question-history", "why did we choose PostgreSQL?", history=True), ("PostgreSQL",), ()),
    (Row("by-alice", "database", by="alice"), ("PostgreSQL",), ("discount",)),
    (Row("by-at-alice", "database", by="@alice"), ("PostgreSQL",), ("discount",)),
    (Row("by-Alice", "database", by="Alice"), ("PostgreSQL",), ("discount",)),
    (Row("by-ALICE-only", by="ALICE", history=True), ("S3",), ("deploy window",)),
    (Row("question-names-alice", "what did Alice decide about caching?"), ("Redis",), ()),
    (Row("by-Lindström", by="Niklas Lindström"), ("locale files",), ("PostgreSQL",)),
    (Row("by-lindstrom-typed-plain", by="@niklas-lindstrom"), ("locale files",), ("PostgreSQL",)),
    (Row("by-chinese-name", by="王小明"), ("locale files",), ("PostgreSQL",)),
    (Row("by-at-chinese-name", by="@王小明"), ("locale files",), ("PostgreSQL",)),
    (Row("by-cyrillic-upper", by="ИВАН ПЕТРОВ"), ("locale files",), ("PostgreSQL",)),
    (Row("question-names-chinese", "what was decided by 王小明 about translations?"), ("locale files",), ()),
    (Row("tag-lower", tags=("storage",)), ("S3",), ("Kafka",)),
    (Row("tag-Title", tags=("Storage",)), ("S3",), ("Kafka",)),
    (Row("tag-UPPER", "images", tags=("STORAGE",)), ("S3",), ()),
    (Row("tag-adr-mixed", tags=("MESSAGING",), history=True), ("Kafka", "RabbitMQ"), ("S3",)),
    (Row("tags-any-of", tags=("aws", "Observability"), history=True), ("S3",), ("Kafka",)),
    (Row("since", since="2024-06-01"), ("Redis",), ("REST",)),
    (Row("until", until="2024-04-01", history=True), ("REST",), ("Redis",)),
    (Row("since-until", since="2024-04-01", until="2024-05-01", history=True), ("deploy window", "load tests"), ("REST",)),
    (Row("question-in-march", "decisions made in March 2024", history=True), ("REST",), ()),
    (Row("status-superseded", status=("superseded",), history=True), ("RabbitMQ",), ("Kafka for",)),
    (Row("status-Proposed", status=("Proposed",), history=True), ("OpenTelemetry",), ()),
    (Row("status-revisited", status=("revisited",), history=True), ("PostgreSQL",), ("Redis",)),
    (Row("status-two", status=("active", "PROPOSED")), ("OpenTelemetry", "Kafka"), ("RabbitMQ",)),
    (Row("path-dir", path="src/"), ("REST", "S3"), ("PostgreSQL",)),
    (Row("path-file-in-dir", path="src/api/handlers/orders.py"), ("REST",), ()),
    (Row("path-repo-key", path="app/checkout", repo="github.com/acme/shop"), ("checkout",), ()),
    (Row("path-repo-name", "checkout handlers", path="app/", repo="acme/shop"), ("checkout",), ()),
    (Row("path-unscoped-misses-repo", path="app/checkout"), (), ("checkout",)),
    (Row("series", series="weekly-sync", history=True), ("deploy window", "load tests"), ("PostgreSQL",)),
    (Row("series-question", "deploy", series="weekly-sync"), ("deploy window",), ()),
    (Row("session", session="platform-sync", history=True), ("PostgreSQL", "REST", "Redis"), ("Kafka",)),
    (Row("drafts-excluded", "pizza retro"), (), ("pizza",)),
    (Row("drafts-included", "pizza retro", drafts=True), ("pizza",), ()),
    (Row("drafts-with-history", "pizza retro", drafts=True, history=True), ("pizza",), ()),
    (Row("admin-sees-groups", "self-hosted runners annual discount", history=True), ("self-hosted", "discount"), ()),
    (Row("eng-sees-eng", "self-hosted runners annual discount", history=True, reader="eng"), ("self-hosted",), ("discount",)),
    (Row("sales-sees-sales", "self-hosted runners annual discount", history=True, reader="sales"), ("discount",), ("self-hosted",)),
    (Row("eng-path-hidden", path="src/billing", reader="eng"), (), ("discount",)),
    (Row("sales-by-dave-hidden", by="Dave", history=True, reader="sales"), (), ("self-hosted",)),
    (Row("eng-by-dave", by="dave", history=True, reader="eng"), ("self-hosted",), ()),
    (Row("sales-session-hidden", session="infra", history=True, reader="sales"), (), ("self-hosted",)),
]


@pytest.fixture(scope="module")
def graphql(neo4j_server: Neo4jServer) -> Iterator[GraphQL]:
    with TestClient(create_app(settings_for(neo4j_server))) as client:
        yield GraphQL(client)


@pytest.fixture(scope="module")
async def faces(
    neo4j_server: Neo4jServer, driver: AsyncDriver, graphql: GraphQL, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[Faces]:
    """The corpus on a wiped database (the schema applied by ``driver``), and a Python API
    journal for each reader."""
    readers = {"admin": None, "eng": ["eng"], "sales": ["sales"]}
    journals, mcp = {}, {}
    for reader, groups in readers.items():
        journal = DecisionJournal(settings_for(neo4j_server, groups), session_id="cross-face")
        journals[reader] = await journal.__aenter__()
    await journals["admin"].services.executor.write(support_query("testing_wipe"))
    await ingest_corpus(journals["admin"], tmp_path_factory.mktemp("corpus"))
    for reader, groups in readers.items():
        mcp[reader] = await McpClient(settings_for(neo4j_server, groups)).start()
    yield Faces(neo4j_server, journals, graphql, mcp)
    for client in mcp.values():
        await client.stop()
    for journal in journals.values():
        await journal.__aexit__(None, None, None)


def test_the_table_covers_every_filter() -> None:
    rows = [row for row, _, _ in TABLE]
    assert len(rows) >= 25 and len({row.name for row in rows}) == len(rows)
    for field in ("tags", "by", "since", "until", "status", "path", "repo", "session", "series", "history", "drafts"):
        assert any(getattr(row, field) for row in rows), f"no row filters by {field}"
    assert {row.by for row in rows if row.by} >= {"alice", "@alice", "Alice", "王小明", "@王小明"}
    assert {row.reader for row in rows} == {"admin", "eng", "sales"}
    assert {name for row in rows for name in row.page_params()} >= {"q", "tag", "person", "status", "from", "to", "path",
                                                                     "repo", "session", "series", "history", "drafts"}


@pytest.mark.parametrize(("row", "want", "never"), TABLE, ids=[row.name for row, _, _ in TABLE])
async def test_every_face_gives_the_same_answer(faces: Faces, row: Row, want: tuple[str, ...], never: tuple[str, ...]) -> None:
    expected = await faces.python_api(row)
    found = {r.id: r.summary for r in await faces.journals["admin"].services.reader.decisions(expected, None, drafts=True)}
    summaries = [found[i] for i in expected]
    for word in want:
        assert any(word.lower() in s.lower() for s in summaries), (row.name, word, summaries)
    for word in never:
        assert not any(word.lower() in s.lower() for s in summaries), (row.name, word, summaries)
    if not want:
        assert not expected or never, row.name
    answers = {
        "cli": await faces.cli(row),
        "graphql": await faces.graphql_search(row),
        "mcp": await faces.mcp(row),
        "page": await faces.page(row),
    }
    for face, ids in answers.items():
        assert ids == expected, f"{row.name}: {face} answered {ids}, the Python API {expected}"


async def test_a_draft_is_found_only_when_asked_for(faces: Faces) -> None:
    # The drafts rows above agree; this pins what they agree on.
    drafts = await faces.python_api(Row("d", "pizza retro", drafts=True))
    assert drafts and not set(drafts) & set(await faces.python_api(Row("n", "pizza retro")))
