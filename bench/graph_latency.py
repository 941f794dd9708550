"""Load a generated decision graph in bulk, then time search, chain, impact and GraphQL
against it, beside SQLite baselines (FTS5 search, a recursive-CTE chain walk) on the same data.

Usage: python bench/graph_latency.py --decisions 10000 [--queries 300]

Runs its own throwaway Neo4j (2 GB heap, 2 GB page cache). Every timed operation is the
full path a user's request takes: search includes question parsing and the query
embedding, and loads the hits with everything the JSON shape shows; chain reads the chain
of a decision with its members; impact pages the decisions under a directory and loads
them; GraphQL posts a page of 20 decisions with nested fields over HTTP, and a page of 50
with every field of a decision. Reads are timed
on a server that has been serving reads for a minute; the first searches after the load
are printed on their own line. A script that prints figures, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import resource
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from graph_generator import COMPONENTS, cluster_vectors, directories, generate, questions
from pydantic import SecretStr
from starlette.testclient import TestClient

from api.app import create_app
from api.settings import Neo4jSettings, Settings
from api.usecases.impact import impact_json
from api.usecases.local_server import default_lib_dir
from api.usecases.search import hits_json, search_decisions
from api.usecases.services import build_services
from graph.backup import restore_rows
from graph.connection import open_driver
from graph.cypher import load_query
from graph.executor import Neo4jExecutor
from graph.filters import DecisionFilter
from graph.local.config import LocalNeo4jConfig
from graph.local.install import install_neo4j
from graph.local.server import new_password, start_server, stop_server
from graph.local.throwaway import free_port
from graph.schema import apply_schema
from nlp.embedding import MiniLMEmbedder
from nlp.evaluation.search_baselines import STRONGEST_FTS5, Document, Fts5Index, Fts5Match

GRAPHQL_PAGE = """{ decisions(first: 20, where: {pathPrefix: "%s", includeHistory: true}) { totalCount edges { node {
  id summary status rationale decidedAt tags files { path } stakeholders { handle role } decisionMaker { handle }
  alternatives { option } session { id } chainPosition { earlier isCurrent } supersedes { id summary } supersededBy { id } } } } }"""

GRAPHQL_FULL_PAGE = """{ decisions(first: 50, where: {pathPrefix: "%s", includeHistory: true}) { totalCount
  pageInfo { hasNextPage endCursor } edges { cursor node {
  id summary subject context rationale status statusText decidedAt recordedAt supersededAt confidence origin pattern
  category reversibility impact quality tags keywords source { kind session messages path }
  tradeOffs { pros cons risks assumptions } alternatives { option pros cons whyNotChosen }
  stakeholders { handle name role aliases } decisionMaker { handle name role aliases } files { path repository }
  codeLinks { file { path repository } via inferred confidence evidence } features { key }
  session { id title source startedAt series } statedIn { id seq author role content timestamp anchor }
  chainPosition { earlier isCurrent } supersedes { id summary } supersededBy { id summary } revisits { id summary }
  revisitedBy { id summary } commits { sha author date message subject how files } } } } }"""
"""The issue-48 page: 50 decisions with every field of a decision, each object field with its
own fields (the connections that lead on to other pages, such as a stakeholder's decisions,
left out)."""

GRAPHQL_SESSIONS = """{ sessions(first: 20) { totalCount edges { node {
  id title source series repository messageCount decisionCount draftCount firstAt lastAt } } } }"""
"""The page's "Conversations": the newest 20 sessions, each with its counts and times."""


def percentiles(timings: list[float]) -> tuple[float, float, float]:
    cuts = statistics.quantiles(timings, n=100)
    return statistics.median(timings), cuts[94], cuts[98]


WARM_UP_SECONDS = 10.0
"""Each operation runs untimed this long first: caches, query plans and the JIT warm up."""

SERVING_WARM_UP_SECONDS = 60.0
"""Right after a bulk load the server has spent minutes compiling its write path, and its
read path takes about a minute of reads to reach the speed it then keeps (at 100k, search
p95 in successive 15 s windows after the load: 40.7, 31.8, 32.0, 28.1, 29.3, 29.4 ms).
The reads a user is served are timed after this much of the mixed read workload; the
first searches after the load are timed too and printed on their own line."""


SETTLE_LIMIT_SECONDS = 300.0
IDLE_CORES = 0.15
"""After a bulk load the server keeps merging index segments in the background (about
20 s at 100k); reads are timed once it uses less than this share of one core."""


async def settle(pid: int) -> float:
    """Wait until the server process is idle, at most ``SETTLE_LIMIT_SECONDS``; return the seconds waited."""
    ticks = os.sysconf("SC_CLK_TCK")

    def cpu_seconds() -> float:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / ticks  # utime + stime

    started = time.perf_counter()
    while time.perf_counter() - started < SETTLE_LIMIT_SECONDS:
        before = cpu_seconds()
        await asyncio.sleep(5.0)
        if (cpu_seconds() - before) / 5.0 < IDLE_CORES:
            break
    return time.perf_counter() - started


async def timed(count: int, action: Callable[[int], Awaitable[Any]]) -> list[float]:
    warm_until = time.perf_counter() + WARM_UP_SECONDS
    warm = 0
    while time.perf_counter() < warm_until:
        await action(warm % count)
        warm += 1
    timings = []
    for index in range(count):
        started = time.perf_counter()
        await action(index)
        timings.append((time.perf_counter() - started) * 1000)
    return timings


async def keep_reading(seconds: float, actions: list[Callable[[int], Awaitable[Any]]], count: int) -> None:
    """Run ``actions`` in turn, untimed, for ``seconds``."""
    until = time.perf_counter() + seconds
    step = 0
    while time.perf_counter() < until:
        await actions[step % len(actions)](step // len(actions) % count)
        step += 1


def sqlite_baseline(
    rows: list[dict[str, Any]], texts: list[str], chain_ids: list[str], match: Fts5Match = STRONGEST_FTS5
) -> tuple[list[float], list[float]]:
    """Seed 000's own design: SQLite with FTS5 for search, a recursive CTE for chains.

    Search is the evaluation's FTS5 baseline (``nlp.evaluation.search_baselines.Fts5Index``:
    porter stemming, stopwords out, by default any term, bm25-ranked, the configuration that
    scores better on the development questions; ``ORDER BY rank LIMIT 10``), then the hits'
    rows loaded, as ours loads them.
    """
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE decision (id TEXT PRIMARY KEY, summary TEXT, context TEXT, rationale TEXT, status TEXT)")
    db.execute("CREATE TABLE link (newer TEXT, older TEXT)")
    db.execute("CREATE INDEX link_newer ON link(newer)")
    db.execute("CREATE INDEX link_older ON link(older)")
    documents = []
    for row in rows:
        p = row["properties"]
        db.execute("INSERT INTO decision VALUES (?, ?, ?, ?, ?)", (p["id"], p["summary"], p["context"], p["rationale"], p["status"]))
        documents.append(Document(p["id"], p["summary"], p["context"] or "", p["rationale"] or ""))
        for r in row["relationships"]:
            if r["type"] in {"SUPERSEDES", "REVISITS"}:
                db.execute("INSERT INTO link VALUES (?, ?)", (p["id"], r["target"]["id"]))
    db.commit()
    fts = Fts5Index(documents, match)
    search = []
    for text in texts:
        started = time.perf_counter()
        ids = fts.search(text, 10)
        if ids:
            db.execute(f"SELECT * FROM decision WHERE id IN ({', '.join('?' * len(ids))})", ids).fetchall()
        search.append((time.perf_counter() - started) * 1000)
    chain = []
    walk = """WITH RECURSIVE members(id) AS (SELECT ? UNION
                SELECT l.older FROM link l JOIN members m ON l.newer = m.id UNION
                SELECT l.newer FROM link l JOIN members m ON l.older = m.id)
              SELECT d.* FROM decision d JOIN members m ON d.id = m.id"""
    for decision_id in chain_ids:
        started = time.perf_counter()
        db.execute(walk, (decision_id,)).fetchall()
        chain.append((time.perf_counter() - started) * 1000)
    return search, chain


async def load_generated(executor: Neo4jExecutor, rows: list[dict[str, Any]]) -> float:
    """Bulk-load generated rows into an empty graph, as every scale bench does: the schema,
    the rows, then wait for the indexes. Returns the seconds it took."""
    await apply_schema(executor, 384)
    started = time.perf_counter()
    await restore_rows(executor, rows)
    await executor.read(load_query("schema_await_indexes"), {"seconds": 1800})
    return time.perf_counter() - started


async def load_and_settle(executor: Neo4jExecutor, rows: list[dict[str, Any]], pid: int) -> None:
    """``load_generated``, said on one line with how long the server then took to go idle."""
    loaded = await load_generated(executor, rows)
    print(f"{len(rows)} decisions loaded in {loaded:.0f} s; server idle {await settle(pid):.0f} s later", flush=True)


async def run(uri: str, password: str, server_pid: int, total: int, count: int) -> None:
    embedder = MiniLMEmbedder()
    rows = list(generate(total, cluster_vectors(embedder.embed)))
    rng = random.Random(3)
    async with open_driver(uri, "neo4j", password) as driver:
        executor = Neo4jExecutor(driver)
        load = await load_generated(executor, rows)
        print(f"bulk load: {total} decisions with alternatives, people, files, tags, chains and vectors in "
              f"{load:.1f} s ({total / load:.0f}/s)")
        print(f"server idle {await settle(server_pid):.0f} s later (background index merges)", flush=True)
        # The generated rows (a GB at 100k) stay in this process for the baselines; frozen,
        # Python's garbage collector stops walking them on every collection, which an API
        # process, holding none of them, would not pay either.
        gc.freeze()
        services = build_services(Settings(), executor)
        texts = questions(count)
        linked = [r["properties"]["id"] for r in rows if any(x["type"] in {"SUPERSEDES", "REVISITS"} for x in r["relationships"])]
        chain_ids = [rng.choice(linked) for _ in range(count)]
        dirs = directories(rows)
        impact_dirs = [rng.choice(dirs) for _ in range(count)]

        sessions = [f"bench-{rng.choice(COMPONENTS)}" for _ in range(count)]

        async def search(i: int) -> None:
            hits_json((await search_decisions(services, texts[i], DecisionFilter(), 10)).hits)

        async def search_in_session(i: int) -> None:
            # A component's session holds 1/15 of the graph: every decision of it is compared.
            hits_json((await search_decisions(services, texts[i], DecisionFilter(session=sessions[i]), 10)).hits)

        async def chain(i: int) -> None:
            await services.reader.chain(chain_ids[i])

        async def impact(i: int) -> None:
            # What `decision-journal impact` and MCP's get_impact answer: the 20 newest
            # decisions under the directory, each with its commits.
            await impact_json(executor, impact_dirs[i], limit=20)

        first_searches = await timed(count, search)
        await keep_reading(SERVING_WARM_UP_SECONDS, [search, chain, impact, search_in_session], count)
        results: dict[str, list[float]] = {}
        for name, action in (("search", search), ("chain", chain), ("impact", impact),
                             ("search within a session", search_in_session)):
            results[name] = await timed(count, action)
    settings = Settings(neo4j=Neo4jSettings(uri=uri, password=SecretStr(password)))
    trips: dict[str, list[int]] = {"graphql page": [], "graphql page of 50, every field": [], "graphql sessions page": []}
    with TestClient(create_app(settings)) as client:
        for name, page in (("graphql page", GRAPHQL_PAGE), ("graphql page of 50, every field", GRAPHQL_FULL_PAGE),
                           ("graphql sessions page", GRAPHQL_SESSIONS)):

            async def graphql(i: int, page: str = page, name: str = name) -> None:
                query = page % impact_dirs[i] if "%s" in page else page
                body = client.post("/graphql", json={"query": query}).json()
                assert "errors" not in body, body
                trips[name].append(body["extensions"]["cypherRoundTrips"])

            results[name] = await timed(count, graphql)
    results["search, right after load"] = first_searches
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    baseline_search, baseline_chain = sqlite_baseline(rows, texts, chain_ids)
    print(f"{'operation':<34}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}")
    for name, timings in results.items():
        p50, p95, p99 = percentiles(timings)
        print(f"{name:<34}{p50:>9.1f}{p95:>9.1f}{p99:>9.1f}")
    for name, timings in (("sqlite fts5 search", baseline_search), ("sqlite recursive-CTE chain", baseline_chain)):
        p50, p95, p99 = percentiles(timings)
        print(f"{name:<34}{p50:>9.2f}{p95:>9.2f}{p99:>9.2f}")
    print("graphql round trips per page: " + "; ".join(
        f"{name}: max {max(sent)}, mean {statistics.mean(sent):.2f}" for name, sent in trips.items()) + "; "
          f"client process max RSS {rss:.0f} MB")
    print(json.dumps({name: dict(zip(("p50", "p95", "p99"), (round(x, 2) for x in percentiles(t)), strict=True)) for name, t in results.items()}))


@contextmanager
def throwaway_server(prefix: str) -> Iterator[tuple[str, str, int]]:
    """A local Neo4j (2 GB heap, 2 GB page cache) in a temporary folder: its bolt URI,
    password and pid; stopped and deleted afterwards."""
    home = Path(tempfile.mkdtemp(prefix=prefix))
    config = LocalNeo4jConfig(home=home, lib_dir=default_lib_dir(), bolt_port=free_port(), http_port=free_port(),
                              heap="2g", pagecache="2g")
    password = new_password()
    try:
        install_neo4j(config)
        server = start_server(config, password)
        assert server.pid is not None
        yield config.bolt_uri, password, server.pid
    finally:
        stop_server(config)
        shutil.rmtree(home, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=10_000)
    parser.add_argument("--queries", type=int, default=300)
    args = parser.parse_args()
    with throwaway_server("dj-bench-") as (uri, password, pid):
        asyncio.run(run(uri, password, pid, args.decisions, args.queries))

if __name__ == "__main__":
    main()
