"""Load: concurrent GraphQL clients against a real `decision-journal serve` on loopback.

Usage: python bench/graphql_load.py [--clients 50] [--seconds 60] [--decisions 2000]

Starts its own throwaway Neo4j, bulk-loads a generated decision graph, starts
`decision-journal serve` on a free loopback port in its own process, then runs N clients
in a closed loop for the given time, each posting a mix of portal queries (a filtered
page with nested fields, search, a chain, impact of a directory, an aggregate). Prints
requests, errors (any non-200 answer or GraphQL error other than a 503 "busy"), the 503s
the server's admission control answered (a client waits the `Retry-After` it was given,
then asks again; counted, not timed), throughput, latency percentiles overall and per kind
of request, and the API process's peak memory; exits 1 on any error. A script, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx2

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from graph_generator import COMPONENTS, TECH, cluster_vectors, generate

from api.usecases.local_server import default_lib_dir
from graph.backup import restore_rows
from graph.connection import open_driver
from graph.cypher import load_query
from graph.executor import Neo4jExecutor
from graph.local.config import LocalNeo4jConfig
from graph.local.install import install_neo4j
from graph.local.server import new_password, start_server, stop_server
from graph.local.throwaway import free_port
from graph.schema import apply_schema
from nlp.embedding import MiniLMEmbedder

QUERIES = [
    ('query($p: String!) { decisions(first: 20, where: {pathPrefix: $p}) { totalCount edges { node { id summary status '
     'files { path } stakeholders { handle } alternatives { option } supersedes { id } } } } }', "path"),
    ('query($q: String!) { search(query: $q, first: 10) { score retrievers decision { id summary rationale } } }', "question"),
    ('query($id: ID!) { chain(id: $id) { original { id } current { id decision { summary } } links { type } } }', "chain"),
    ('query($p: String!) { impact(path: $p, includeHistory: true) { totalCount edges { node { summary status } } } }', "path"),
    ('{ aggregate(by: TAG) { key count } }', None),
]


KINDS = ("page", "search", "chain", "impact", "aggregate")


async def client(
    base: str, deadline: float, rng: random.Random, chain_ids: list[str], out: list[tuple[str, float]],
    errors: list[str], busy: list[float],
) -> None:
    async with httpx2.AsyncClient(base_url=base, timeout=30) as http:
        while time.perf_counter() < deadline:
            index = rng.randrange(len(QUERIES))
            query, kind = QUERIES[index]
            variables = {
                "path": {"p": f"src/{rng.choice(COMPONENTS)}"},
                "question": {"q": f"why did we choose {rng.choice(TECH)} for {rng.choice(COMPONENTS)}?"},
                "chain": {"id": rng.choice(chain_ids)},
            }.get(kind or "", {})
            started = time.perf_counter()
            try:
                response = await http.post("/graphql", json={"query": query, "variables": variables})
                if response.status_code == 503 and "retry-after" in response.headers:
                    busy.append((time.perf_counter() - started) * 1000)
                    await asyncio.sleep(float(response.headers["retry-after"]))
                    continue
                body = response.json()
                if response.status_code != 200 or body.get("errors"):
                    errors.append(f"{response.status_code}: {str(body)[:200]}")
            except (httpx2.HTTPError, ValueError) as exc:
                errors.append(f"{type(exc).__name__}: {exc}")
            out.append((KINDS[index], (time.perf_counter() - started) * 1000))


async def load_graph(uri: str, password: str, total: int) -> list[str]:
    rows = list(generate(total, cluster_vectors(MiniLMEmbedder().embed)))
    async with open_driver(uri, "neo4j", password) as driver:
        executor = Neo4jExecutor(driver)
        await apply_schema(executor, 384)
        await restore_rows(executor, rows)
        await executor.read(load_query("schema_await_indexes"), {"seconds": 600})
    return [r["properties"]["id"] for r in rows if any(x["type"] == "SUPERSEDES" for x in r["relationships"])]


def peak_rss_mb(pid: int) -> float:
    """The process's peak resident memory (VmHWM), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def start_serve(uri: str, password: str, port: int, workers: int = 1) -> subprocess.Popen[bytes]:
    """`decision-journal serve` on the throwaway Neo4j, ready to answer."""
    env = {**os.environ, "DJ_NEO4J__URI": uri, "DJ_NEO4J__PASSWORD": password}
    command = [sys.executable, "-m", "api.cli.main", "serve", "--port", str(port)]
    if workers > 1:  # commits before `serve --workers` can be measured with this script too
        command += ["--workers", str(workers)]
    serve = subprocess.Popen(command, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if serve.poll() is not None:
            raise SystemExit(f"decision-journal serve exited with {serve.returncode}")
        try:
            if httpx2.get(f"http://127.0.0.1:{port}/readyz", timeout=2).status_code == 200:
                return serve
        except httpx2.HTTPError:
            pass
        time.sleep(0.5)
    serve.kill()
    raise SystemExit("decision-journal serve did not become ready in 120 s")


@dataclass(frozen=True)
class ServedGraph:
    """A served API over a throwaway Neo4j holding a generated graph."""

    base: str
    serve: subprocess.Popen[bytes]
    chain_ids: list[str]


@contextmanager
def served_graph(decisions: int, prefix: str, workers: int = 1) -> Iterator[ServedGraph]:
    """A throwaway Neo4j with ``decisions`` generated decisions and `decision-journal serve`
    on it; both stopped and deleted afterwards."""
    home = Path(tempfile.mkdtemp(prefix=prefix))
    config = LocalNeo4jConfig(home=home, lib_dir=default_lib_dir(), bolt_port=free_port(), http_port=free_port())
    password = new_password()
    serve: subprocess.Popen[bytes] | None = None
    try:
        install_neo4j(config)
        start_server(config, password)
        chain_ids = asyncio.run(load_graph(config.bolt_uri, password, decisions))
        port = free_port()
        serve = start_serve(config.bolt_uri, password, port, workers)
        yield ServedGraph(f"http://127.0.0.1:{port}", serve, chain_ids)
    finally:
        if serve is not None:
            serve.terminate()
            serve.wait(timeout=30)
        stop_server(config)
        shutil.rmtree(home, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--decisions", type=int, default=2000)
    parser.add_argument("--warmup", type=float, default=0.0,
                        help="Seconds of the same load before the measured run, not counted (a server just loaded "
                             "is still settling: docs/performance.md).")
    parser.add_argument("--workers", type=int, default=1, help="`serve --workers N`: API worker processes.")
    args = parser.parse_args()
    with served_graph(args.decisions, "dj-load-", args.workers) as served:
        answered: list[tuple[str, float]] = []
        errors: list[str] = []
        busy: list[float] = []

        async def run_clients(seconds: float, answered: list[tuple[str, float]], errors: list[str], busy: list[float]) -> None:
            deadline = time.perf_counter() + seconds
            await asyncio.gather(*(
                client(served.base, deadline, random.Random(i), served.chain_ids, answered, errors, busy)
                for i in range(args.clients)
            ))

        if args.warmup:
            asyncio.run(run_clients(args.warmup, [], [], []))
        asyncio.run(run_clients(args.seconds, answered, errors, busy))
        timings = [ms for _, ms in answered]
        cuts = statistics.quantiles(timings, n=100)
        asked = len(timings) + len(busy)
        print(f"{args.clients} clients, {args.seconds:.0f} s, {args.decisions} decisions, {args.workers} worker(s): {len(timings)} requests "
              f"({len(timings) / args.seconds:.1f}/s), {len(errors)} errors, {len(busy)} busy 503s "
              f"({100 * len(busy) / max(asked, 1):.1f}% of {asked}); latency p50 {statistics.median(timings):.0f} ms, "
              f"p95 {cuts[94]:.0f} ms, p99 {cuts[98]:.0f} ms; API process peak memory {peak_rss_mb(served.serve.pid):.0f} MB"
              f"{' (the parent; each worker has its own)' if args.workers > 1 else ''}")
        for kind in KINDS:
            mine = sorted(ms for k, ms in answered if k == kind)
            if len(mine) >= 2:
                parts = statistics.quantiles(mine, n=100)
                print(f"  {kind:9} {len(mine):6} requests  p50 {statistics.median(mine):7.0f} ms  p95 {parts[94]:7.0f} ms  "
                      f"p99 {parts[98]:7.0f} ms")
        for error in errors[:5]:
            print("  error:", error)
    if errors:
        sys.exit(1)


if __name__ == "__main__":
    main()
