"""``eval search``: MRR@10 and Recall@5 of "why did we choose X?" over the shared ADR sets."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field, replace
from pathlib import Path

from api.ingest import ingest_conversation
from api.runtime import default_lib_dir
from api.search import search_hits
from api.services import build_services
from api.settings import Settings
from graph.connection import open_driver
from graph.executor import Neo4jExecutor
from graph.local.throwaway import throwaway_neo4j
from graph.schema import apply_schema
from graph.filters import DecisionFilter
from nlp.evaluation.search_baselines import Document, Fts5Index, JaccardIndex, reciprocal_rank
from nlp.readers.adr_collection import read_adr_collection

SYSTEMS = ("ours", "sqlite-fts5", "jaccard")


@dataclass
class SystemScore:
    """MRR@10 and Recall@5 of one system over the questions."""

    reciprocal_ranks: list[float] = field(default_factory=list)
    top5: int = 0

    @property
    def mrr(self) -> float:
        return sum(self.reciprocal_ranks) / len(self.reciprocal_ranks) if self.reciprocal_ranks else 0.0

    @property
    def recall5(self) -> float:
        return self.top5 / len(self.reciprocal_ranks) if self.reciprocal_ranks else 0.0


@dataclass
class SearchEvaluation:
    """Scores per system and the rank each question's ADR got from ours."""

    questions: int
    decisions: int
    scores: dict[str, SystemScore]
    misses: list[tuple[str, str, int | None]]


async def _evaluate(uri: str, user: str, password: str, settings: Settings, shared: Path, questions: list[dict[str, str]]) -> SearchEvaluation:
    async with open_driver(uri, user, password) as driver:
        executor = Neo4jExecutor(driver)
        await apply_schema(executor, settings.embedding.dimension)
        services = build_services(settings, executor)
        # ADR links are stated in their text (the ADR importer reads them); inferring
        # them here would change statuses and is not what is being measured.
        ingest = replace(services.ingest, detect_evolution=False)
        by_adr: dict[str, str] = {}
        documents: list[Document] = []
        for repo in sorted(p for p in (shared / "adr").iterdir() if p.is_dir()):
            paths = sorted(repo.rglob("*.md"))
            conversation, decisions, _links = read_adr_collection(paths, repo.name)
            report = await ingest_conversation(conversation, ingest, decisions=decisions, source="adr")
            for message, decision, decision_id in zip(conversation.messages, decisions, report.decision_ids, strict=True):
                by_adr[message.id.split("#", 1)[1]] = decision_id
                documents.append(Document(decision_id, decision.decision, decision.context or "", decision.rationale or ""))
        fts, jaccard = Fts5Index(documents), JaccardIndex(documents)
        scores = {system: SystemScore() for system in SYSTEMS}
        misses: list[tuple[str, str, int | None]] = []
        for item in questions:
            expected = by_adr[item["adr"]]
            hits = await search_hits(services, item["question"], DecisionFilter(include_history=True), 10, settings.journal)
            ranked = {
                "ours": [hit["decision"]["id"] for hit in hits],
                "sqlite-fts5": fts.search(item["question"]),
                "jaccard": jaccard.search(item["question"]),
            }
            for system, ids in ranked.items():
                scores[system].reciprocal_ranks.append(reciprocal_rank(ids, expected))
                scores[system].top5 += expected in ids[:5]
            if ranked["ours"][:1] != [expected]:
                rank = ranked["ours"].index(expected) + 1 if expected in ranked["ours"] else None
                misses.append((item["question"], item["adr"], rank))
        return SearchEvaluation(len(questions), len(documents), scores, misses)


def evaluate_search(settings: Settings, shared: Path, questions_file: Path, split: str) -> SearchEvaluation:
    """Ingest the ADR collections into a throwaway Neo4j and score the questions of ``split``."""
    questions = [json.loads(line) for line in questions_file.read_text().splitlines() if line.strip()]
    chosen = [q for q in questions if split == "all" or q["split"] == split]
    with throwaway_neo4j(default_lib_dir()) as server:
        return asyncio.run(_evaluate(server.uri, server.user, server.password, settings, shared, chosen))
