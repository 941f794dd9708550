"""Search latency at scale: bulk-load N generated decisions, then time hybrid searches.

Usage: python bench/search_latency.py --decisions 10000 [--queries 200]

A deterministic generator (seed 42) writes decisions like "Use Kafka for the billing
events" across components, with tags, files in nested directories, stakeholders and
alternatives, through the same writer ingest uses, into its own throwaway Neo4j. Vectors
are real all-MiniLM-L6-v2 embeddings of a few hundred distinct texts, each decision taking
one plus a little noise (embedding 100k texts one by one would measure the embedder, not
search). Then every query goes through the full search path — question parsing, query
embedding, full-text and vector retrieval, fusion, filters, loading the hits — and the
script prints load time and latency percentiles. A script, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import secrets
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from api.runtime import default_lib_dir  # noqa: E402  # after the path set-up above
from api.search import search_hits  # noqa: E402
from api.services import build_services  # noqa: E402
from api.settings import Settings  # noqa: E402
from graph.connection import open_driver  # noqa: E402
from graph.cypher import load_query  # noqa: E402
from graph.executor import Neo4jExecutor  # noqa: E402
from graph.local.config import LocalNeo4jConfig  # noqa: E402
from graph.local.install import install_neo4j  # noqa: E402
from graph.local.server import start_server, stop_server  # noqa: E402
from graph.local.throwaway import free_port  # noqa: E402
from graph.schema import apply_schema  # noqa: E402
from graph.filters import DecisionFilter  # noqa: E402
from graph.writer import DecisionInput  # noqa: E402
from nlp.embedding import MiniLMEmbedder  # noqa: E402
from nlp.schema import Conversation, ExtractedAlternative, ExtractedDecision, ExtractedStakeholder, Message  # noqa: E402

TECH = ["PostgreSQL", "MySQL", "MongoDB", "Redis", "Kafka", "RabbitMQ", "NATS", "GraphQL", "REST", "gRPC",
        "Kubernetes", "Terraform", "React", "Vue", "Django", "FastAPI", "Go", "Rust", "Elasticsearch", "S3"]
COMPONENTS = ["billing", "orders", "search", "auth", "notifications", "inventory", "analytics", "payments",
              "checkout", "profile", "admin", "reporting", "ingest", "gateway", "scheduler"]
ACTIONS = ["Use {t} for the {c} service", "Move the {c} events to {t}", "Keep {t} for {c} storage",
           "Adopt {t} in the {c} pipeline", "Replace the {c} queue with {t}", "Expose {c} through {t}"]
REASONS = ["the team already knows it", "it scales with our traffic", "it keeps operations simple",
           "latency at p99 was too high", "licensing costs dropped", "it removes a moving part"]
PEOPLE = ["@alice", "@bob", "@carol", "@dave", "@erin", "@frank", "@grace", "@heidi"]
QUESTIONS = ["why did we choose {t} for {c}?", "what did we decide about {c}?", "decisions about {t}",
             "why aren't we using {t} in {c}?", "{c} {t} decision", "decisions by @alice about {c}"]


def _decision(rng: random.Random, index: int) -> tuple[ExtractedDecision, str]:
    tech, component = rng.choice(TECH), rng.choice(COMPONENTS)
    summary = rng.choice(ACTIONS).format(t=tech, c=component) + f" (#{index})"
    others = rng.sample([t for t in TECH if t != tech], 2)
    depth = rng.randint(1, 3)
    path = "/".join(["src", component, *[f"m{rng.randint(0, 9)}" for _ in range(depth)]]) + f"/f{index % 50}.py"
    decision = ExtractedDecision(
        decision=summary,
        context=f"Choosing how the {component} component handles its data.",
        rationale=f"We picked {tech} because {rng.choice(REASONS)}.",
        alternatives=tuple(ExtractedAlternative(option=o, why_not_chosen="heavier to run") for o in others),
        stakeholders=tuple(ExtractedStakeholder(handle=h, role="participant") for h in rng.sample(PEOPLE, 2)),
        decision_maker=rng.choice(PEOPLE),
        related_code=(path,),
        tags=(component, tech.lower()),
        keywords=(tech, component),
        messages=(0,),
    )
    return decision, f"{tech} {component}"


async def _run(uri: str, password: str, total: int, queries: int) -> None:
    rng = random.Random(42)
    embedder = MiniLMEmbedder()
    async with open_driver(uri, "neo4j", password) as driver:
        executor = Neo4jExecutor(driver)
        await apply_schema(executor, 384)
        services = build_services(Settings(), executor)
        writer = services.ingest.writer
        clusters = sorted({f"{t} {c}" for t in TECH for c in COMPONENTS})
        base = dict(zip(clusters, embedder.embed([f"Use {c} for {c.split()[1]}" for c in clusters]), strict=True))
        started = time.perf_counter()
        batch: list[DecisionInput] = []
        for index in range(total):
            session = f"bench-{index * 100 // total}"  # contiguous blocks: one session per batch
            if index % max(1, total // 100) == 0:
                message = Message(id=f"{session}#0", seq=0, content="generated")
                await writer.write_conversation(Conversation(session_id=session, source_format="bench", messages=(message,)))
            decision, cluster = _decision(rng, index)
            vector = np.array(base[cluster]) + np.random.default_rng(index).normal(0, 0.02, 384)
            batch.append(DecisionInput(f"bench-{index}", decision, (f"{session}#0",), (vector / np.linalg.norm(vector)).tolist()))
            if len(batch) == 1000 or index == total - 1:
                by_session: dict[str, list[DecisionInput]] = {}
                for item in batch:
                    by_session.setdefault(item.message_ids[0].split("#")[0], []).append(item)
                for session_id, items in by_session.items():
                    await writer.write_decisions(session_id, items)
                batch = []
        await executor.write(load_query("schema_await_indexes"), {"seconds": 600})
        load = time.perf_counter() - started
        print(f"loaded {total} decisions with edges in {load:.1f} s ({total / load:.0f}/s)")
        texts = [rng.choice(QUESTIONS).format(t=rng.choice(TECH), c=rng.choice(COMPONENTS)) for _ in range(queries)]
        for text in texts[:10]:  # warm the caches and the query plans
            await search_hits(services, text, DecisionFilter(), 10)
        timings = []
        for text in texts:
            t0 = time.perf_counter()
            await search_hits(services, text, DecisionFilter(), 10)
            timings.append((time.perf_counter() - t0) * 1000)
        cuts = statistics.quantiles(timings, n=100)
        print(f"search over {total} decisions, {queries} queries (query embedding included): "
              f"p50 {statistics.median(timings):.1f} ms, p95 {cuts[94]:.1f} ms, p99 {cuts[98]:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=10_000)
    parser.add_argument("--queries", type=int, default=200)
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="dj-bench-"))
    config = LocalNeo4jConfig(home=home, lib_dir=default_lib_dir(), bolt_port=free_port(), http_port=free_port(),
                              heap="2g", pagecache="2g")
    password = secrets.token_urlsafe(12)
    try:
        install_neo4j(config)
        start_server(config, password)
        asyncio.run(_run(config.bolt_uri, password, args.decisions, args.queries))
    finally:
        stop_server(config)
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
