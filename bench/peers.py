"""Ours beside the peers a user would pick on Neo4j, in one process, one table: search
latency on a generated graph at each size, and MRR@10 / Recall@5 on the search evaluation.

Usage: pip install -e '.[bench]'; python bench/peers.py [--sizes 10000 100000] [--queries 300] [--no-quality]

Systems, all over the same server, corpus and MiniLM embedder:
- ours: ``search_decisions`` (its hits in the shared JSON shape) as the CLI, GraphQL and MCP call it (question parsing, full-text and
  vector retrieval, fusion, hits loaded in the JSON shape).
- neo4j-graphrag ``HybridRetriever`` over our own ``decision_embedding`` vector index and
  ``decision_text`` full-text index, as its documentation configures it: its default ranker,
  ``top_k=10``, our embedder behind its ``Embedder`` interface, the question escaped for
  Lucene (unescaped, a question mark is a Lucene parse error). Hits on an Alternative (the
  full-text index covers them) count as its decision. It returns the nodes' properties; it
  loads nothing else.
- Graphiti (graphiti-core) ``Graphiti.search``: its out-of-the-box hybrid search over
  facts (BM25 on its full-text index plus cosine similarity of fact embeddings, fused by
  reciprocal rank: its ``EDGE_HYBRID_SEARCH_RRF`` recipe), 10 results. Each decision is
  written as Graphiti writes what it learns, with no LLM: an ``EntityNode`` named by the
  decision's summary and an ``EntityEdge`` from one hub node to it whose ``fact`` is the
  decision's summary, context and rationale, and whose ``fact_embedding`` (and the node's
  ``name_embedding``) is the decision's MiniLM vector; saved with its bulk writer after
  ``build_indices_and_constraints``. Its telemetry is turned off; no LLM or reranker is
  called on this path (the OpenAI key it insists on at construction is a placeholder).
- SQLite FTS5, as in the evaluation and bench/graph_latency.py (porter stemming, stopwords
  out, ORDER BY rank), over the same texts, in both of its configurations: any term
  (bm25 ranks the documents sharing more and rarer terms first: the stronger on the
  development questions, so the baseline) and every term with any term only when that
  finds nothing.

Each system is timed over the questions on its own, one after another; then ours and
neo4j-graphrag once more in turn, question by question, each first on every other question
(the ``interleaved`` rows): on a
shared machine whose load drifts within a minute, that pair shares the machine's state,
so their ratio is the one to read.

A script that prints figures, not a test. Each size runs on its own throwaway Neo4j (2 GB
heap, 2 GB page cache); the evaluation on a third.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import logging
import os
import sys
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

# Before graphiti-core is imported: no telemetry leaves this machine, its embedding width
# is MiniLM's, and the OpenAI client it builds by default (never called here) has a key.
os.environ["GRAPHITI_TELEMETRY_ENABLED"] = "false"
os.environ["EMBEDDING_DIM"] = "384"
os.environ.setdefault("OPENAI_API_KEY", "placeholder-no-llm-is-called")

import neo4j
from graph_generator import cluster_vectors, generate, questions
from graph_latency import (
    SERVING_WARM_UP_SECONDS,
    keep_reading,
    load_and_settle,
    percentiles,
    settle,
    sqlite_baseline,
    throwaway_server,
    timed,
)
from graphiti_core import Graphiti
from graphiti_core.edges import EntityEdge
from graphiti_core.embedder.client import EmbedderClient
from graphiti_core.nodes import EntityNode
from graphiti_core.utils.bulk_utils import add_nodes_and_edges_bulk
from neo4j_graphrag.embeddings.base import Embedder as GraphragEmbedder
from neo4j_graphrag.retrievers import HybridRetriever
from search_stages import search_stages, stage_table

from api.settings import Settings
from api.usecases.adr_import import import_adrs
from api.usecases.search import hits_json, search_decisions
from api.usecases.search_eval import SystemScore, collection_dirs, load_questions
from api.usecases.services import build_services
from graph.connection import open_driver
from graph.cypher import load_query
from graph.executor import Neo4jExecutor
from graph.filters import DecisionFilter, lucene_escape
from graph.schema import apply_schema
from nlp.embedding import Embedder, MiniLMEmbedder
from nlp.evaluation.search_baselines import Document, Fts5Index, Fts5Match
from nlp.readers.adr_collection import adr_files, read_adr_collection

ROOT = Path(__file__).resolve().parents[1]
TOP_K = 10
SYSTEMS = ("ours", "neo4j-graphrag hybrid", "graphiti hybrid (RRF)", "sqlite fts5", "sqlite fts5 all-then-any")
EMBEDDING_ONLY = "question embedding alone"
GRAPHRAG_EMBEDDING = "neo4j-graphrag: its question's embedding, inside its search"
OURS_INTERLEAVED = "ours, interleaved with neo4j-graphrag"
GRAPHRAG_INTERLEAVED = "neo4j-graphrag hybrid, interleaved with ours"
"""Timed in the same run: the MiniLM call that ours and both peers make for every question,
so the floor under any of them."""


class MiniLMForGraphrag(GraphragEmbedder):
    """Our embedder behind neo4j-graphrag's interface, so both embed questions alike."""

    def __init__(self, embedder: Embedder) -> None:
        super().__init__()
        self._embedder = embedder
        self.timings: list[float] = []
        """Milliseconds of each question's embedding inside graphrag's searches: the same
        call as ours, in the same place (right after the previous search's query), so our
        embed stage is compared with it rather than with the embedding in a loop of its own."""

    def embed_query(self, text: str) -> list[float]:
        started = time.perf_counter()
        vector = list(self._embedder.embed([text])[0])
        self.timings.append((time.perf_counter() - started) * 1000)
        return vector


def graphrag_retriever(driver: neo4j.Driver, embedder: Embedder) -> HybridRetriever:
    return HybridRetriever(driver, "decision_embedding", "decision_text", MiniLMForGraphrag(embedder), return_properties=["id"])


async def interleaved(
    count: int, first: Callable[[int], Awaitable[Any]], second: Callable[[int], Awaitable[Any]]
) -> tuple[list[float], list[float]]:
    """Each question timed with both, in turn (milliseconds each). Which goes first alternates
    from question to question: the second to embed a question runs right after the same
    text's embedding, on the same input shape, which would favour one system throughout."""
    timings: tuple[list[float], list[float]] = ([], [])
    for index in range(count):
        pair = ((first, timings[0]), (second, timings[1]))
        for action, kept in pair if index % 2 == 0 else pair[::-1]:
            started = time.perf_counter()
            await action(index)
            kept.append((time.perf_counter() - started) * 1000)
    return timings


def graphrag_ids(retriever: HybridRetriever, question: str) -> list[str]:
    """The decisions a HybridRetriever search finds, best first (an Alternative's id is its
    decision's id and ``#alt<n>``)."""
    found = retriever.search(query_text=lucene_escape(question), top_k=TOP_K)
    ids: list[str] = []
    for item in found.items:
        content = item.content if isinstance(item.content, str) else str(item.content)
        node_id = _node_id(content)
        if node_id and node_id.split("#alt")[0] not in ids:
            ids.append(node_id.split("#alt")[0])
    return ids


class MiniLMForGraphiti(EmbedderClient):
    """Our embedder behind Graphiti's interface (it embeds the question with it)."""

    def __init__(self, embedder: Embedder) -> None:
        self._embedder = embedder

    async def create(self, input_data: Any) -> list[float]:
        text = input_data if isinstance(input_data, str) else next(iter(input_data))
        return list(self._embedder.embed([str(text)])[0])

    async def create_batch(self, input_data_list: list[str]) -> list[list[float]]:
        return [list(v) for v in self._embedder.embed(input_data_list)]


GRAPHITI_GROUP = "decisions"
GRAPHITI_BATCH = 1000


async def load_graphiti(uri: str, password: str, embedder: Embedder, decisions: list[tuple[str, str, list[float]]]) -> Graphiti:
    """``(id, text, vector)`` per decision, written as Graphiti nodes and edges."""
    graphiti = Graphiti(uri, "neo4j", password, embedder=MiniLMForGraphiti(embedder))
    await graphiti.build_indices_and_constraints()
    now = datetime.now(UTC)
    hub = EntityNode(uuid="decision-journal", name="decision journal", group_id=GRAPHITI_GROUP, labels=["Entity"],
                     created_at=now, name_embedding=decisions[0][2])
    await add_nodes_and_edges_bulk(graphiti.driver, [], [], [hub], [], graphiti.embedder)
    for start in range(0, len(decisions), GRAPHITI_BATCH):
        batch = decisions[start:start + GRAPHITI_BATCH]
        nodes = [EntityNode(uuid=f"decision:{d}", name=text[:200], group_id=GRAPHITI_GROUP, labels=["Entity"],
                            created_at=now, name_embedding=vector) for d, text, vector in batch]
        edges = [EntityEdge(group_id=GRAPHITI_GROUP, source_node_uuid=hub.uuid, target_node_uuid=f"decision:{d}",
                            created_at=now, name="DECIDED", fact=text, fact_embedding=vector, episodes=[])
                 for d, text, vector in batch]
        await add_nodes_and_edges_bulk(graphiti.driver, [], [], nodes, edges, graphiti.embedder)
    return graphiti


async def graphiti_ids(graphiti: Graphiti, question: str) -> list[str]:
    edges = await graphiti.search(question, group_ids=[GRAPHITI_GROUP], num_results=TOP_K)
    return list(dict.fromkeys(e.target_node_uuid.removeprefix("decision:") for e in edges))


def _fact(summary: str, context: str | None, rationale: str | None) -> str:
    return " ".join(part for part in (summary, context, rationale) if part)


def _node_id(content: str) -> str | None:
    # HybridRetriever's default formatter renders the returned node properties as "{'id': '...'}".
    start = content.find("'id': '")
    if start < 0:
        return None
    start += len("'id': '")
    return content[start:content.index("'", start)]


async def latency(
    uri: str, password: str, pid: int, total: int, count: int
) -> tuple[dict[str, tuple[float, float, float]], dict[str, list[float]]]:
    """Each system's p50 / p95 / p99 search latency, and ours cut into its stages (bench/search_stages.py)."""
    embedder = MiniLMEmbedder()
    rows = list(generate(total, cluster_vectors(embedder.embed)))
    texts = questions(count)
    async with open_driver(uri, "neo4j", password) as driver:
        executor = Neo4jExecutor(driver)
        await load_and_settle(executor, rows, pid)
        started = time.perf_counter()
        graphiti = await load_graphiti(uri, password, embedder, [
            (r["properties"]["id"], _fact(r["properties"]["summary"], r["properties"]["context"], r["properties"]["rationale"]),
             list(r["properties"]["embedding"])) for r in rows
        ])
        print(f"{total} decisions written as Graphiti nodes and edges in {time.perf_counter() - started:.0f} s; "
              f"server idle {await settle(pid):.0f} s later", flush=True)
        gc.freeze()
        services = build_services(Settings(), executor)
        sync_driver = neo4j.GraphDatabase.driver(uri, auth=("neo4j", password), notifications_min_severity="OFF")
        try:
            retriever = graphrag_retriever(sync_driver, embedder)

            async def ours(i: int) -> None:
                hits_json((await search_decisions(services, texts[i], DecisionFilter(), TOP_K)).hits)

            async def graphrag(i: int) -> None:
                graphrag_ids(retriever, texts[i])

            async def graphiti_search(i: int) -> None:
                await graphiti_ids(graphiti, texts[i])

            async def embedding_only(i: int) -> None:
                embedder.embed([texts[i]])

            # The same mixed warm-up for all, so none is timed on a colder server.
            await keep_reading(SERVING_WARM_UP_SECONDS, [ours, graphrag, graphiti_search], count)
            graphrag_embedder = retriever.embedder
            assert isinstance(graphrag_embedder, MiniLMForGraphrag)
            results = {"ours": await timed(count, ours), "neo4j-graphrag hybrid": await timed(count, graphrag),
                       GRAPHRAG_EMBEDDING: graphrag_embedder.timings[-count:],
                       "graphiti hybrid (RRF)": await timed(count, graphiti_search),
                       EMBEDDING_ONLY: await timed(count, embedding_only)}
            results[OURS_INTERLEAVED], results[GRAPHRAG_INTERLEAVED] = await interleaved(count, ours, graphrag)
            # Right after ours was timed, on the same warm server and questions.
            stages = await search_stages(services, driver, texts)
        finally:
            sync_driver.close()
            await graphiti.close()
    results["sqlite fts5"] = sqlite_baseline(rows, texts, [], Fts5Match.ANY)[0]
    results["sqlite fts5 all-then-any"] = sqlite_baseline(rows, texts, [], Fts5Match.ALL_THEN_ANY)[0]
    return {name: percentiles(timings) for name, timings in results.items()}, stages


async def quality(uri: str, password: str, shared: Path, data: Path) -> dict[str, SystemScore]:
    asked = load_questions(data / "search_questions.jsonl")
    folders = [c for c in collection_dirs(shared, data) if c.name in {q["collection"] for q in asked}]
    settings = Settings()
    scores = {name: SystemScore() for name in SYSTEMS}
    async with open_driver(uri, "neo4j", password) as driver:
        executor = Neo4jExecutor(driver)
        await apply_schema(executor, settings.embedding.dimension)
        services = build_services(settings, executor)
        assert services.ingest.embedder is not None
        ids: dict[tuple[str, str], str] = {}
        documents: list[Document] = []
        for folder in folders:
            report = await import_adrs([folder], folder.name, services.ingest)
            ids.update({(folder.name, adr): decision for adr, decision in report.decision_ids.items()})
            conversation, decisions, links = read_adr_collection(adr_files([folder]), folder.name)
            documents += [Document(report.decision_ids[adr], d.summary, d.context or "", message.content)
                          for message, d, adr in zip(conversation.messages, decisions, links, strict=True)]
        await executor.read(load_query("schema_await_indexes"), {"seconds": 600})
        fts = Fts5Index(documents, Fts5Match.ANY)
        fts_all = Fts5Index(documents, Fts5Match.ALL_THEN_ANY)
        facts = [_fact(d.decision, d.context, d.rationale) for d in documents]
        vectors = services.ingest.embedder.embed(facts)
        graphiti = await load_graphiti(uri, password, services.ingest.embedder, [
            (d.id, fact, list(vector)) for d, fact, vector in zip(documents, facts, vectors, strict=True)
        ])
        sync_driver = neo4j.GraphDatabase.driver(uri, auth=("neo4j", password), notifications_min_severity="OFF")
        try:
            retriever = graphrag_retriever(sync_driver, services.ingest.embedder)
            for item in asked:
                if (item["collection"], item["adr"]) not in ids:
                    continue
                expected = ids[(item["collection"], item["adr"])]
                hits = hits_json((await search_decisions(services, item["question"], DecisionFilter(include_history=True), TOP_K, settings.journal)).hits)
                scores["ours"].add([h["decision"]["id"] for h in hits], expected)
                scores["neo4j-graphrag hybrid"].add(graphrag_ids(retriever, item["question"]), expected)
                scores["sqlite fts5"].add(fts.search(item["question"]), expected)
                scores["sqlite fts5 all-then-any"].add(fts_all.search(item["question"]), expected)
                scores["graphiti hybrid (RRF)"].add(await graphiti_ids(graphiti, item["question"]), expected)
        finally:
            sync_driver.close()
            await graphiti.close()
    return scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[10_000, 100_000])
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--data", type=Path, default=ROOT / "eval")
    parser.add_argument("--quality", action=argparse.BooleanOptionalAction, default=True,
                        help="also score every system on the search evaluation (a third server)")
    args = parser.parse_args()
    # Graphiti's queries name properties its bulk writer leaves unset; the server's advice
    # about that is noise here.
    logging.getLogger("neo4j.notifications").setLevel(logging.ERROR)
    table: dict[str, dict[str, Any]] = {}
    stages: dict[int, dict[str, list[float]]] = {}
    for size in args.sizes:
        with throwaway_server(f"dj-peers-{size}-") as (uri, password, pid):
            measured, stages[size] = asyncio.run(latency(uri, password, pid, size, args.queries))
            for name, cut in measured.items():
                table.setdefault(name, {})[size] = cut
        # Each size's figures as soon as they are known: a long run that is stopped keeps them.
        print(f"{size:,} decisions timed; load average {os.getloadavg()}", flush=True)
        for name, cut in measured.items():
            print(f"  {name}: p50 / p95 / p99 " + " / ".join(f"{x:.1f}" for x in cut) + " ms", flush=True)
        print(stage_table({size: stages[size]}), flush=True)
    if not args.quality:
        return
    with throwaway_server("dj-peers-eval-") as (uri, password, _pid):
        scores = asyncio.run(quality(uri, password, args.shared, args.data))
    sizes = " | ".join(f"{size:,} decisions p50 / p95 / p99 ms" for size in args.sizes)
    print(f"| system | {sizes} | MRR@10 | Recall@5 |")
    print("|---|" + "---|" * len(args.sizes) + "---|---|")
    for name in SYSTEMS:
        cuts = " | ".join(" / ".join(f"{x:.1f}" for x in table[name][size]) for size in args.sizes)
        score = scores[name]
        print(f"| {name} | {cuts} | {score.mrr:.3f} | {score.recall5:.3f} |")
    floor = " | ".join(" / ".join(f"{x:.1f}" for x in table[EMBEDDING_ONLY][size]) for size in args.sizes)
    print(f"| {EMBEDDING_ONLY} | {floor} | – | – |")
    print()
    print(stage_table(stages))
    print(json.dumps({name: {"latency": {str(s): table[name][s] for s in args.sizes},
                             **({"mrr@10": round(scores[name].mrr, 4), "recall@5": round(scores[name].recall5, 4)}
                                if name in scores else {})}
                      for name in table}))


if __name__ == "__main__":
    main()
