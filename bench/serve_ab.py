"""Two `serve` processes, one of this tree and one of another, on one generated graph: the
GraphQL page of 50 with every field asked of each in turn, request by request.

This machine's speed drifts by up to 2x within an hour, so two `graph_latency.py` runs one after
the other can differ by more than a change does. Here both servers share the same Neo4j, the
same questions and the same minutes: each request goes to one and then the other (the order
alternating), over loopback, as a portal's would. A script that prints figures, not a test.

    python bench/serve_ab.py --decisions 100000 --before /tmp/main-worktree
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from graph_generator import cluster_vectors, directories, generate
from graph_latency import GRAPHQL_FULL_PAGE, load_generated, settle, throwaway_server

from graph.connection import open_driver
from graph.executor import Neo4jExecutor
from graph.local.throwaway import free_port
from nlp.embedding import MiniLMEmbedder

ROOT = Path(__file__).resolve().parents[1]
WARM_UP_SECONDS = 60.0
"""Each server answers pages this long before any is timed (graph_latency's serving warm-up)."""


async def _load(uri: str, password: str, pid: int, decisions: int) -> list[str]:
    rows = list(generate(decisions, cluster_vectors(MiniLMEmbedder().embed)))
    async with open_driver(uri, "neo4j", password) as driver:
        seconds = await load_generated(Neo4jExecutor(driver), rows)
    print(f"loaded {decisions} decisions in {seconds:.1f} s; server idle {await settle(pid):.0f} s later", flush=True)
    return directories(rows)


@contextmanager
def _serve(tree: Path, uri: str, password: str) -> Iterator[int]:
    """`decision-journal serve` of ``tree`` on a free port, from an empty folder (so no
    decision-journal.toml is read); its port."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(tree), "DJ_NEO4J__URI": uri, "DJ_NEO4J__PASSWORD": password}
    env.pop("DJ_CONFIG", None)
    with tempfile.TemporaryDirectory() as folder:
        process = subprocess.Popen([sys.executable, "-m", "api.cli.main", "serve", "--port", str(port)], cwd=folder, env=env,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 120
            while True:
                try:
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                    connection.request("GET", "/healthz")
                    if connection.getresponse().status == 200:
                        break
                except OSError:
                    pass
                if process.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"serve of {tree} did not come up on port {port}")
                time.sleep(0.5)
            yield port
        finally:
            process.terminate()
            process.wait(timeout=30)


def _page(connection: http.client.HTTPConnection, directory: str) -> float:
    body = json.dumps({"query": GRAPHQL_FULL_PAGE % directory})
    start = time.perf_counter()
    connection.request("POST", "/graphql", body, {"Content-Type": "application/json"})
    answer = connection.getresponse().read()
    elapsed = (time.perf_counter() - start) * 1000
    if b'"errors"' in answer[:200]:
        raise SystemExit(f"the page failed: {answer[:300]!r}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=100_000)
    parser.add_argument("--before", type=Path, required=True, help="The other tree (a worktree of the commit before).")
    parser.add_argument("--pages", type=int, default=400, help="Pages timed on each server.")
    parser.add_argument("--rounds", type=int, default=2, help="Timed rounds, one after the other (each --pages).")
    args = parser.parse_args()
    trees = {"this tree": ROOT, "before": args.before.resolve()}
    with throwaway_server("dj-ab-") as (uri, password, pid):
        directories = asyncio.run(_load(uri, password, pid, args.decisions))
        rng = random.Random(3)
        with ExitStack() as stack:
            connections = {name: http.client.HTTPConnection("127.0.0.1", stack.enter_context(_serve(tree, uri, password)))
                           for name, tree in trees.items()}
            names = list(connections)
            warm_until = time.monotonic() + WARM_UP_SECONDS
            while time.monotonic() < warm_until:
                directory = rng.choice(directories)
                for name in names:
                    _page(connections[name], directory)
            for round_number in range(1, args.rounds + 1):
                timings: dict[str, list[float]] = {name: [] for name in names}
                for index in range(args.pages):
                    directory = rng.choice(directories)
                    for name in names if index % 2 == 0 else names[::-1]:
                        timings[name].append(_page(connections[name], directory))
                load = os.getloadavg()[0]
                for name in names:
                    cuts = statistics.quantiles(timings[name], n=100)
                    print(f"round {round_number} (load {load:.1f}) {name:<10} GraphQL page of 50, every field: "
                          f"p50 {statistics.median(timings[name]):.1f} p95 {cuts[94]:.1f} p99 {cuts[98]:.1f} ms", flush=True)


if __name__ == "__main__":
    main()
