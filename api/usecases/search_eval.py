"""``eval search``: MRR@10 and Recall@5 of "why did we choose X?" over ADR collections,
per collection, with the full-text weight chosen by cross-validation over collections.

Each question is asked twice: within its collection (``search --session REPO``, the way an
engineer asks about their own project) and across every collection at once, where the
decisions of other projects compete too. The baselines index the same decisions each time."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from statistics import mean, pstdev

from api.settings import Settings
from api.usecases.adr_import import import_adrs
from api.usecases.search import search_decisions
from api.usecases.services import Services, build_services
from api.usecases.throwaway_graph import on_throwaway_graph
from graph.cypher import load_query
from graph.executor import QueryExecutor, Row
from graph.filters import DecisionFilter, lucene_escape
from graph.schema import apply_schema
from graph.search import FULLTEXT_WEIGHT, VECTOR_MIN_SCORE, candidates, fulltext_params, fulltext_weights
from nlp.evaluation.search_baselines import Document, Fts5Index, Fts5Match, JaccardIndex, reciprocal_rank
from nlp.question import parse_question
from nlp.readers.adr_collection import adr_files, read_adr_collection

FTS5_ALL_THEN_ANY = "fts5 all-then-any"
SYSTEMS = ("ours", "ours (cross-validated)", "sqlite-fts5", FTS5_ALL_THEN_ANY, "jaccard")
"""``sqlite-fts5`` is FTS5 in its stronger configuration (any term, bm25-ranked); the other
configuration is scored beside it so the choice stays visible (docs/quality.md)."""
WEIGHT_GRID = (0.0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1.0)
"""Full-text weights tried by the cross-validation (0: the vector retriever alone)."""
CANDIDATES = candidates(10)
"""The replay of fusion for other weights (``fused``) takes what each retriever brings to
the shipped search's page of 10."""


@dataclass
class SystemScore:
    """MRR@10 and Recall@5 of one system over some questions."""

    reciprocal_ranks: list[float] = field(default_factory=list)
    top5: int = 0
    empty: int = 0
    """Questions answered with nothing at all (every collection holds its question's answer)."""

    def add(self, ranked: Sequence[str], expected: str) -> None:
        self.reciprocal_ranks.append(reciprocal_rank(ranked, expected))
        self.top5 += expected in ranked[:5]
        self.empty += not ranked

    @property
    def mrr(self) -> float:
        return mean(self.reciprocal_ranks) if self.reciprocal_ranks else 0.0

    @property
    def recall5(self) -> float:
        return self.top5 / len(self.reciprocal_ranks) if self.reciprocal_ranks else 0.0


@dataclass
class CollectionScore:
    """One collection: its size, each system's scores, and the weight its fold chose."""

    decisions: int
    scores: dict[str, SystemScore]
    chosen_weight: float = FULLTEXT_WEIGHT


@dataclass
class SearchEvaluation:
    """Scores per collection and pooled, and the rank each missed question got from ours."""

    questions: int
    decisions: int
    collections: dict[str, CollectionScore]
    pooled: dict[str, SystemScore]
    misses: list[tuple[str, str, int | None]]

    def spread(self, system: str) -> tuple[float, float]:
        """Mean and standard deviation of MRR@10 over collections."""
        values = [c.scores[system].mrr for c in self.collections.values()]
        return mean(values), pstdev(values)


@dataclass
class SearchEvaluations:
    """The same questions asked within their collection and across all of them."""

    within: SearchEvaluation
    across: SearchEvaluation


@dataclass
class _Asked:
    collection: str
    question: str
    adr: str
    expected: str
    ours: list[str]
    fulltext: Row | None
    vector: list[tuple[str, float]]
    weighed: dict[str, float] = field(default_factory=dict)


def fused(asked: _Asked, weight: float) -> list[str]:
    """The product's score fusion (graph.search) replayed for another full-text weight."""
    scores = {i: 2 * s - 1 for i, s in asked.vector if s >= VECTOR_MIN_SCORE}
    # A candidate's vector share is that of the nearer of its own and its alternatives' vectors.
    for i, s in asked.weighed.items():
        if s >= VECTOR_MIN_SCORE:
            scores[i] = max(scores.get(i, -2.0), 2 * s - 1)
    for decision_id, share in fulltext_weights(asked.fulltext, weight).items():
        scores[decision_id] = scores.get(decision_id, 0.0) + share
    return sorted(scores, key=lambda i: -scores[i])


def _mrr(asked: Sequence[_Asked], weight: float) -> float:
    return mean(reciprocal_rank(fused(a, weight), a.expected) for a in asked) if asked else 0.0


def collection_dirs(shared: Path | None, data: Path) -> list[Path]:
    """Every ADR collection: the shared ones and those kept with the evaluation (``eval/adr``)."""
    roots = [r for r in ((shared / "adr") if shared else None, data / "adr") if r is not None and r.is_dir()]
    return [p for root in roots for p in sorted(root.iterdir()) if p.is_dir()]


async def _evaluate(
    executor: QueryExecutor, settings: Settings, collections: list[Path], questions: list[dict[str, str]],
    progress: Callable[[str], None],
) -> SearchEvaluations:
    await apply_schema(executor, settings.embedding.dimension)
    services = build_services(settings, executor)
    embedder = services.ingest.embedder
    assert embedder is not None, "the evaluation needs the offline embedder"
    ids: dict[tuple[str, str], str] = {}
    documents: dict[str, list[Document]] = {}
    for folder in collections:
        report = await import_adrs([folder], folder.name, services.ingest)
        ids.update({(folder.name, adr): decision_id for adr, decision_id in report.decision_ids.items()})
        conversation, decisions, links = read_adr_collection(adr_files([folder]), folder.name)
        documents[folder.name] = [
            Document(report.decision_ids[adr], d.summary, d.context or "", message.content)
            for message, d, adr in zip(conversation.messages, decisions, links, strict=True)
        ]
        progress(f"imported {folder.name}: {len(decisions)} ADRs")
    every = [d for docs in documents.values() for d in docs]
    pooled_baselines = (Fts5Index(every, Fts5Match.ANY), Fts5Index(every, Fts5Match.ALL_THEN_ANY), JaccardIndex(every))
    own_baselines = {name: (Fts5Index(docs, Fts5Match.ANY), Fts5Index(docs, Fts5Match.ALL_THEN_ANY), JaccardIndex(docs))
                     for name, docs in documents.items()}
    asked: dict[str, list[_Asked]] = {"within": [], "across": []}
    baselines: dict[str, dict[str, dict[str, list[str]]]] = {"within": {}, "across": {}}
    for item in questions:
        expected = ids[(item["collection"], item["adr"])]
        parsed = parse_question(item["question"])
        embedding = (await asyncio.to_thread(embedder.embed, [parsed.sentence]))[0]
        for scope, session in (("within", item["collection"]), ("across", None)):
            asked[scope].append(await _ask(executor, services, settings, item, expected, parsed.text, embedding, session))
            fts, fts_all, jaccard = own_baselines[item["collection"]] if session else pooled_baselines
            baselines[scope][item["question"]] = {"sqlite-fts5": fts.search(item["question"]),
                                                 FTS5_ALL_THEN_ANY: fts_all.search(item["question"]),
                                                 "jaccard": jaccard.search(item["question"])}
    sizes = {name: len(docs) for name, docs in documents.items()}
    return SearchEvaluations(*(_score(asked[scope], baselines[scope], sizes) for scope in ("within", "across")))


async def _ask(
    executor: QueryExecutor, services: Services, settings: Settings, item: dict[str, str], expected: str,
    terms: str, embedding: list[float], session: str | None,
) -> _Asked:
    """Ours' answer to one question (within ``session``, or across all when None), with what
    each retriever brought, so fusion can be replayed for other full-text weights."""
    question = item["question"]
    scope = DecisionFilter(include_history=True, session=session)
    hits = (await search_decisions(services, question, scope, 10, settings.journal)).hits
    text = lucene_escape(terms)
    rows = await executor.read(load_query("search_retrieve_fulltext"), fulltext_params(text, CANDIDATES, scope)) if text.strip() else []
    vector = await _nearest(executor, embedding, session)
    candidates = sorted({i for i, _ in vector} | set(rows[0]["ids"] if rows else ()))
    weighed = await executor.read(load_query("decision_alternatives_similarity"), {"ids": candidates, "embedding": embedding})
    return _Asked(item["collection"], question, item["adr"], expected, [h.record.id for h in hits],
                  rows[0] if rows else None, vector, {row["id"]: float(row["score"]) for row in weighed})


async def _nearest(executor: QueryExecutor, embedding: list[float], session: str | None) -> list[tuple[str, float]]:
    if session is None:
        rows = await executor.read(load_query("decision_vector"), {"embedding": embedding, "limit": CANDIDATES})
    else:
        rows = await executor.read(load_query("decision_vector_in_session"),
                                   {"embedding": embedding, "session": session, "limit": CANDIDATES})
    return [(row["id"], float(row["score"])) for row in rows]


def _score(asked: list[_Asked], baselines: dict[str, dict[str, list[str]]], sizes: dict[str, int]) -> SearchEvaluation:
    collections: dict[str, CollectionScore] = {}
    pooled = {system: SystemScore() for system in SYSTEMS}
    misses: list[tuple[str, str, int | None]] = []
    for name in sorted({a.collection for a in asked}):
        held_out = [a for a in asked if a.collection == name]
        others = [a for a in asked if a.collection != name]
        # Ties go to the weight nearest the shipped one, so a flat stretch picks no extreme.
        weight = max(WEIGHT_GRID, key=lambda w: (round(_mrr(others, w), 6), -abs(w - FULLTEXT_WEIGHT)))
        score = CollectionScore(sizes.get(name, 0), {system: SystemScore() for system in SYSTEMS}, weight)
        for a in held_out:
            ranked = {"ours": a.ours, "ours (cross-validated)": fused(a, weight), **baselines[a.question]}
            for system, ids in ranked.items():
                score.scores[system].add(ids, a.expected)
                pooled[system].add(ids, a.expected)
            if a.ours[:1] != [a.expected]:
                misses.append((a.question, f"{a.collection}/{a.adr}", a.ours.index(a.expected) + 1 if a.expected in a.ours else None))
        collections[name] = score
    return SearchEvaluation(len(asked), sum(sizes.values()), collections, pooled, misses)


def load_questions(questions_file: Path) -> list[dict[str, str]]:
    """``{"question", "collection", "adr"}`` per line."""
    return [json.loads(line) for line in questions_file.read_text().splitlines() if line.strip()]


def evaluate_search(
    settings: Settings, shared: Path | None, data: Path, progress: Callable[[str], None] = lambda _: None
) -> SearchEvaluations:
    """Import every ADR collection into a throwaway Neo4j and score ``data/search_questions.jsonl``."""
    questions = load_questions(data / "search_questions.jsonl")
    collections = [c for c in collection_dirs(shared, data) if c.name in {q["collection"] for q in questions}]
    questions = [q for q in questions if q["collection"] in {c.name for c in collections}]

    return on_throwaway_graph(lambda executor: _evaluate(executor, settings, collections, questions, progress))
