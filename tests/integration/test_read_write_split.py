"""Reads a Neo4j cluster can route: every read runs in a READ transaction and every write in
a WRITE one, so a cluster or Aura can send reads to secondaries and writes to the leader.

Two checks, both against the real server:
- the executor's read path is a READ transaction: the server refuses a write sent down it;
- every query the product sends, as the code names it (``.read(load_query("x"))`` or
  ``.write(load_query("x"))``), is what the server says it is when asked with ``EXPLAIN``:
  a read is a read ('r'), and a query sent as a write writes or changes the schema. A read
  sent down the write path would run on the leader only, a write down the read path fails.
  A query named at run time (``load_query(name)``: the evolution links, the restore batches)
  is not in that scan; a write among them sent down the read path still fails in every test
  that runs it, since the server refuses it.
"""

from __future__ import annotations

import ast
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from neo4j import AsyncDriver, AsyncGraphDatabase, AsyncNeo4jDriver, Bookmarks
from neo4j.exceptions import ClientError

from graph.cypher import load_query, query_names
from graph.executor import Neo4jExecutor
from tests.graph_fixtures import Neo4jServer
from tests.support.cypher import support_query
from tests.support.throwaway import SCHEME_ENV

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ("api", "graph", "lineage", "bench")
PLANNED_AS_SCHEMA_BUT_READS = {
    # A DBMS procedure: the planner types it 's', yet it changes nothing and the server runs
    # it in a READ transaction (readyz and doctor call it on every cluster member alike).
    "server_info": "CALL dbms.components()",
}


async def test_a_write_sent_down_the_read_path_is_refused(executor: Neo4jExecutor) -> None:
    with pytest.raises(ClientError) as refused:
        await executor.read(support_query("testing_read_probe_create"))
    assert refused.value.code == "Neo.ClientError.Statement.AccessMode"
    assert (await executor.read(support_query("testing_read_probe_count")))[0]["probes"] == 0
    # The same statement down the write path is accepted: the refusal was the access mode's.
    assert (await executor.write(support_query("testing_read_probe_create")))[0]["made"] is True


async def test_reads_wait_for_the_bookmarks_of_the_writes_before_them(driver: AsyncDriver) -> None:
    # Read-your-writes in a cluster: a write hands its bookmark to the manager, and a read
    # asks the manager for the bookmarks to wait for, so the member serving it has the write.
    handed: list[frozenset[str]] = []
    asked = 0

    def supplier() -> Bookmarks:
        nonlocal asked
        asked += 1
        return Bookmarks()

    def consumer(bookmarks: Bookmarks) -> None:
        handed.append(frozenset(bookmarks.raw_values))

    manager = AsyncGraphDatabase.bookmark_manager(bookmarks_supplier=supplier, bookmarks_consumer=consumer)
    executor = Neo4jExecutor(driver, bookmarks=manager)
    await executor.write(support_query("testing_read_probe_create"))
    assert handed and handed[-1], "the write left no bookmark"
    written = handed[-1]
    asked_before = asked
    rows = await executor.read(support_query("testing_read_probe_count"))
    assert asked > asked_before, "the read did not ask for the writes' bookmarks"
    assert written <= set(await manager.get_bookmarks()), "the manager lost the write's bookmark"
    assert rows[0]["probes"] >= 1


def test_a_routing_run_routes(neo4j_server: Neo4jServer, driver: AsyncDriver) -> None:
    # `DJ_TEST_URI_SCHEME=neo4j make test-routing` must really go through the routing driver,
    # which asks the server for its routing table and sends reads to its readers.
    if os.environ.get(SCHEME_ENV, "").lower() != "neo4j":
        pytest.skip(f"a direct (bolt://) run; {SCHEME_ENV}=neo4j runs the suite through a routing URI")
    assert neo4j_server.uri.startswith("neo4j://")
    assert isinstance(driver, AsyncNeo4jDriver)


def _sent() -> Iterator[tuple[str, str, str]]:
    """``(read | write, query name, file:line)`` for every call that names its query."""
    for package in PRODUCT:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(), str(path))
            for node in ast.walk(tree):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.func.attr in {"read", "write"} and node.args):
                    continue
                first = node.args[0]
                if (isinstance(first, ast.Call) and isinstance(first.func, ast.Name) and first.func.id == "load_query"
                        and first.args and isinstance(first.args[0], ast.Constant) and isinstance(first.args[0].value, str)):
                    yield node.func.attr, first.args[0].value, f"{path.relative_to(ROOT)}:{node.lineno}"


def test_the_scan_finds_the_queries_the_product_sends() -> None:
    sent = list(_sent())
    names = {name for _, name, _ in sent}
    # Guards the scan itself: were it to find nothing, the test below would pass vacuously.
    assert {"decisions_by_ids", "search_retrieve_fulltext", "decisions_page"} <= names
    assert {"lineage_record", "review_reject", "code_links_replace"} <= names
    assert names <= set(query_names()), f"unknown queries: {sorted(names - set(query_names()))}"


async def _query_type(driver: AsyncDriver, text: str) -> str:
    async with driver.session() as session:
        result = await session.run("EXPLAIN " + text)
        summary = await result.consume()
    return str(summary.query_type)


async def test_each_query_runs_in_the_transaction_its_work_needs(driver: AsyncDriver) -> None:
    wrong = []
    for mode, name, where in sorted(set(_sent())):
        kind = await _query_type(driver, load_query(name).text)
        reads = kind == "r" or (kind == "s" and name in PLANNED_AS_SCHEMA_BUT_READS)
        if (mode == "read") != reads:
            wrong.append(f"{where}: {name} is sent as a {mode} but the server plans it as {kind!r}")
    assert not wrong, "\n".join(wrong)
