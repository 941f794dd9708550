"""Where a search's time goes: our search cut into its stages, p50 / p95 per stage.

Usage: python bench/search_stages.py [--decisions 10000] [--queries 200]
(bench/peers.py prints the same table for each of its sizes, on its own servers.)

Each question is searched once along the real path (``search_decisions`` then the JSON
shape, as ``hits_json`` renders it), with the executor and the question embedder timing what
passes through them; then the parts of the one query that retrieves, fuses and loads are
timed apart. Stages, per question:

- parse: reading stakeholders, dates and terms out of the question (``parse_question``).
- embed: the MiniLM call on the question, through the service's question embedder (its
  worker thread), as the search awaits it before its one query; beside it, the same call
  made directly on the asking thread right after the search (not part of the sum): the
  difference is the hand-over to the worker thread and back.
- one query (full-text + vector + fuse + filters + load): ``decisions_by_ids`` with
  ``$search``, the client's time (round trip, decoding), then its server time (the driver's
  ``result_available_after + result_consumed_after``, the query run again on its own), then
  that server time cut into its parts, each run apart in server time: the full-text retrieval
  (``search_retrieve_fulltext``, as many candidates), the vector retrieval
  (``decision_vector``, as many candidates), the loading of the found hits' shape
  (``decisions_by_ids`` with their ids), and what is left: fusion and filters (a per-question
  difference, so noisy, and it can come out below zero).
- records: turning the query's rows into ``DecisionRecord``s (Python).
- serialise: the hits in the shared JSON shape (``hits_json``) and ``json.dumps``.
- whole search: the real path end to end.

A question whose search sends more than one query (a filter read from it left a short page,
so the search asked again) is left out of the stages, and the count is printed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from graph_generator import cluster_vectors, generate, questions
from graph_latency import SERVING_WARM_UP_SECONDS, keep_reading, load_and_settle, percentiles, throwaway_server
from neo4j import READ_ACCESS, AsyncDriver

from api.settings import Settings
from api.usecases.question_embedding import QuestionEmbedder
from api.usecases.search import hits_json, search_decisions
from api.usecases.services import Services, build_services
from graph.connection import open_driver
from graph.cypher import Query, load_query
from graph.executor import Neo4jExecutor, QueryExecutor, Row
from graph.filters import DecisionFilter, lucene_escape
from graph.records import DecisionRecord
from graph.search import (
    FULLTEXT_WEIGHT,
    SCOPE_SCAN,
    VECTOR_MIN_SCORE,
    VECTOR_WEIGHT,
    candidates,
    fulltext_params,
)
from nlp.embedding import MiniLMEmbedder
from nlp.question import parse_question

TOP_K = 10
STAGES = (
    "parse", "embed", "  the same embedding called directly (no worker thread), for comparison",
    "full-text + vector + fuse + filters + load, one query", "  its server time",
    "  of which full-text retrieval (server, timed apart)", "  of which vector retrieval (server, timed apart)",
    "  of which loading the hits' shape (server, timed apart)", "  of which fusion and filters (server, the rest)",
    "records", "serialise (JSON shape + dumps)", "whole search",
)


class _TimingExecutor:
    """Passes queries through, keeping the client's time of the last run of each by name."""

    def __init__(self, inner: QueryExecutor) -> None:
        self._inner = inner
        self.last: dict[str, float] = {}
        self.sent = 0

    async def read(self, query: Query, params: Mapping[str, object] | None = None) -> list[Row]:
        started = time.perf_counter()
        rows = await self._inner.read(query, params)
        self.last[query.name] = (time.perf_counter() - started) * 1000
        self.sent += 1
        return rows

    async def write(self, query: Query, params: Mapping[str, object] | None = None) -> list[Row]:
        return await self._inner.write(query, params)


class _TimingQuestions(QuestionEmbedder):
    """The service's question embedder, keeping the time of the last call."""

    last = 0.0

    async def embed(self, sentence: str) -> list[float]:
        started = time.perf_counter()
        vector = await super().embed(sentence)
        self.last = (time.perf_counter() - started) * 1000
        return vector


async def _server_ms(driver: AsyncDriver, query: Query, params: Mapping[str, object]) -> float:
    async with driver.session(default_access_mode=READ_ACCESS) as session:
        result = await session.run(query.text, dict(params))
        await result.values()
        summary = await result.consume()
    return float((summary.result_available_after or 0) + (summary.result_consumed_after or 0))


WARM_UP_QUESTIONS = 20
"""Questions run through the stages untimed first: the queries timed apart get their plans
and the server its caches, as the searches they are cut from already have."""


async def search_stages(services: Services, driver: AsyncDriver, texts: Sequence[str]) -> dict[str, list[float]]:
    """Per stage, one timing (ms) per question of ``texts``; unfiltered searches of 10."""
    await _stages(services, driver, texts[:WARM_UP_QUESTIONS])
    return await _stages(services, driver, texts)


async def _stages(services: Services, driver: AsyncDriver, texts: Sequence[str]) -> dict[str, list[float]]:
    assert services.ingest.embedder is not None, "the stages need the offline embedder"
    executor = _TimingExecutor(services.executor)
    questions_embedder = _TimingQuestions(services.ingest.embedder)
    timed = replace(services.through(executor), questions=questions_embedder)
    filters = DecisionFilter()
    out: dict[str, list[float]] = {stage: [] for stage in STAGES}
    left_out = 0
    retrieved = candidates(TOP_K, filters)
    for text in texts:
        executor.last.clear()
        executor.sent = 0
        started = time.perf_counter()
        outcome = await search_decisions(timed, text, filters, TOP_K)
        searched = time.perf_counter()
        shaped = json.dumps(hits_json(outcome.hits))
        finished = time.perf_counter()
        assert shaped
        if executor.sent != 1 or "decisions_by_ids" not in executor.last:
            # A filter read from the question ("decisions by @alice about billing") left a
            # short page, so the search asked again: its stages would not add up.
            left_out += 1
            continue
        out["whole search"].append((finished - started) * 1000)
        out["serialise (JSON shape + dumps)"].append((finished - searched) * 1000)
        out["embed"].append(questions_embedder.last)
        out["full-text + vector + fuse + filters + load, one query"].append(executor.last["decisions_by_ids"])

        # The parts, timed apart with the inputs the real query got (graph.search's own
        # constants), in server time: the client's time of a query run on its own carries a
        # round trip and the scheduling of a busy machine, which would swamp the differences.
        began = time.perf_counter()
        parsed = parse_question(text)
        out["parse"].append((time.perf_counter() - began) * 1000)
        began = time.perf_counter()
        services.ingest.embedder.embed([parsed.sentence])
        out["  the same embedding called directly (no worker thread), for comparison"].append(
            (time.perf_counter() - began) * 1000)
        embedding = await questions_embedder.embed(parsed.sentence)
        terms = lucene_escape(parsed.text)
        search = {**filters.params(), "embedding": embedding, "terms": terms, "k": retrieved, "scan": retrieved,
                  "scope_scan": SCOPE_SCAN, "min_score": VECTOR_MIN_SCORE, "text_weight": FULLTEXT_WEIGHT,
                  "weight": VECTOR_WEIGHT, "limit": TOP_K}
        by_ids = load_query("decisions_by_ids")
        server = await _server_ms(driver, by_ids, {"ids": [], "search": search, "groups": None, "with_code": True})
        out["  its server time"].append(server)
        fulltext = await _server_ms(driver, load_query("search_retrieve_fulltext"), fulltext_params(terms, retrieved, filters))
        out["  of which full-text retrieval (server, timed apart)"].append(fulltext)
        vector = await _server_ms(driver, load_query("decision_vector"), {"embedding": embedding, "limit": retrieved})
        out["  of which vector retrieval (server, timed apart)"].append(vector)
        ids = [hit.record.id for hit in outcome.hits]
        load = await _server_ms(driver, by_ids, {"ids": ids, "search": None, "groups": None, "with_code": True})
        out["  of which loading the hits' shape (server, timed apart)"].append(load)
        out["  of which fusion and filters (server, the rest)"].append(server - fulltext - vector - load)
        rows = await executor.read(by_ids, {"ids": ids, "search": None, "groups": None, "with_code": True})
        members = list(rows[0]["decisions"]) if rows else []
        began = time.perf_counter()
        [DecisionRecord.from_row(member) for member in members]
        out["records"].append((time.perf_counter() - began) * 1000)
    if left_out:
        print(f"stages: {left_out} of {len(texts)} questions sent more than one query and are left out", flush=True)
    return out


def stage_table(by_size: Mapping[int, Mapping[str, list[float]]]) -> str:
    """A Markdown table: one row per stage, p50 / p95 ms per size."""
    sizes = sorted(by_size)
    lines = ["| search stage | " + " | ".join(f"{size:,} decisions p50 / p95 ms" for size in sizes) + " |",
             "|---|" + "---|" * len(sizes)]
    for stage in STAGES:
        cells = []
        for size in sizes:
            p50, p95, _p99 = percentiles(by_size[size][stage])
            cells.append(f"{p50:.1f} / {p95:.1f}")
        lines.append(f"| {stage} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


async def _run(uri: str, password: str, pid: int, total: int, count: int) -> dict[str, list[float]]:
    embedder = MiniLMEmbedder()
    rows = list(generate(total, cluster_vectors(embedder.embed)))
    texts = questions(count)
    async with open_driver(uri, "neo4j", password) as driver:
        executor = Neo4jExecutor(driver)
        await load_and_settle(executor, rows, pid)
        services = build_services(Settings(), executor)

        async def search(i: int) -> None:
            await search_decisions(services, texts[i], DecisionFilter(), TOP_K)

        await keep_reading(SERVING_WARM_UP_SECONDS, [search], count)
        return await search_stages(services, driver, texts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, nargs="*", default=[10_000])
    parser.add_argument("--queries", type=int, default=200)
    args = parser.parse_args()
    table: dict[int, dict[str, list[float]]] = {}
    for size in args.decisions:
        with throwaway_server(f"dj-stages-{size}-") as (uri, password, pid):
            table[size] = asyncio.run(_run(uri, password, pid, size, args.queries))
        # Each size's table as soon as it is known: a long run that is stopped keeps it.
        print(f"{size:,} decisions timed; load average {os.getloadavg()}", flush=True)
        print(stage_table({size: table[size]}), flush=True)
    if len(table) > 1:
        print(stage_table(table))


if __name__ == "__main__":
    main()
