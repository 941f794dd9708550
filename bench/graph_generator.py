"""A deterministic generator of realistic decision graphs, in the JSONL backup's row format
(so ``graph.backup.restore_rows`` bulk-loads it, and ``import-jsonl`` can too).

Decisions like "Move the billing events to Kafka" across components, with context and
rationale, two alternatives, two stakeholders and a decision maker, a file in nested
directories, tags, a session per component, and chains: runs of decisions on one subject
where each supersedes (or, one time in five, revisits) the one before, up to depth 50.
Vectors are real all-MiniLM-L6-v2 embeddings of one text per (technology, component) plus
a little seeded noise: embedding 100k texts one by one would measure the embedder. The
vector of a decision's alternatives is the sum of its two options' vectors, with noise.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np

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
START = datetime(2020, 1, 1, tzinfo=UTC)
MAX_CHAIN = 50


def cluster_vectors(embed: Callable[[Sequence[str]], list[list[float]]]) -> dict[tuple[str, str], np.ndarray]:
    """One real embedding per (technology, component)."""
    keys = [(t, c) for t in TECH for c in COMPONENTS]
    vectors = embed([f"Use {t} for {c}" for t, c in keys])
    return {key: np.array(vector) for key, vector in zip(keys, vectors, strict=True)}


def generate(total: int, clusters: dict[tuple[str, str], np.ndarray], seed: int = 42) -> Iterator[dict[str, Any]]:
    """``total`` backup rows, the same for the same arguments."""
    rng = random.Random(seed)
    index = 0
    while index < total:
        # Chain lengths: 70% single decisions, the rest heavy-tailed, capped at MAX_CHAIN.
        tail = int(rng.paretovariate(1.2)) if rng.random() < 0.3 else 1
        length = max(1, min(MAX_CHAIN, total - index, tail))
        links = [None, *("REVISITS" if rng.random() < 0.2 else "SUPERSEDES" for _ in range(length - 1))]
        tech, component = rng.choice(TECH), rng.choice(COMPONENTS)
        previous: str | None = None
        for step in range(length):
            decision_id = f"bench-{index:07d}"
            after = links[step + 1] if step + 1 < length else None
            status = "active" if after is None else "revisited" if after == "REVISITS" else "superseded"
            yield _row(rng, index, decision_id, tech, component, clusters, previous, links[step], status)
            previous = decision_id
            index += 1
            if step < length - 1 and rng.random() < 0.5:
                tech = rng.choice(TECH)  # the subject stays, the choice changes


def _row(
    rng: random.Random, index: int, decision_id: str, tech: str, component: str,
    clusters: dict[tuple[str, str], np.ndarray], previous: str | None, link: str | None, status: str,
) -> dict[str, Any]:
    when = START + timedelta(minutes=index * 10)
    vector = clusters[(tech, component)] + np.random.default_rng(index).normal(0, 0.02, 384)
    alternatives = rng.sample([t for t in TECH if t != tech], 2)
    weighed = sum(clusters[(option, component)] for option in alternatives) + np.random.default_rng(
        (index, 1)).normal(0, 0.02, 384)
    people = rng.sample(PEOPLE, 2)
    maker = rng.choice(PEOPLE)
    depth = rng.randint(1, 3)
    path = "/".join(["src", component, *[f"m{rng.randint(0, 9)}" for _ in range(depth)]]) + f"/f{index % 50}.py"
    properties = {
        "id": decision_id, "summary": rng.choice(ACTIONS).format(t=tech, c=component) + f" (#{index})",
        "context": f"Choosing how the {component} component handles its data.",
        "rationale": f"We picked {tech} because {rng.choice(REASONS)}.",
        "status": status, "decided_at": {"$datetime": when.isoformat()},
        "recorded_at": {"$datetime": when.isoformat()}, "source": "conversation", "origin": "stated",
        "confidence": 0.9, "tags": [component, tech.lower()], "keywords": [tech, component],
        "embedding": (vector / np.linalg.norm(vector)).round(6).tolist(),
        # Search's second vector: near the clusters of the two options it weighed.
        "alternatives_embedding": (weighed / np.linalg.norm(weighed)).round(6).tolist(),
    }
    relationships: list[dict[str, Any]] = [
        _rel("IN_SESSION", "Session", {"id": f"bench-{component}", "title": component, "source": "bench", "access_groups": []}),
        *(_rel("CONSIDERED", "Alternative", {"id": f"{decision_id}#alt{k}", "option": option, "why_not_chosen": "heavier to run"})
          for k, option in enumerate(alternatives)),
        *(_rel("INVOLVES", "Stakeholder", {"handle": h, "name": h[1:]}, {"role": "participant"}) for h in people),
        _rel("DECIDED_BY", "Stakeholder", {"handle": maker, "name": maker[1:]}),
        _rel("AFFECTS", "File", {"path": path, "kind": "file"}),
        *(_rel("TAGGED", "Tag", {"name": tag}) for tag in properties["tags"]),
    ]
    if previous is not None and link is not None:
        relationships.append(_rel(link, "Decision", {"id": previous},
                                  {"at": {"$datetime": when.isoformat()}, "reason": "generated chain", "inferred": False}))
    return {"labels": ["Decision"], "properties": properties, "relationships": relationships}


def _rel(kind: str, label: str, target: dict[str, Any], properties: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"type": kind, "properties": properties or {}, "target_labels": [label], "target": target}


def directories(rows: Sequence[dict[str, Any]]) -> list[str]:
    """The module directories (``src/<component>/<module>``) the generated decisions affect: the
    paths the impact and GraphQL path pages are asked about."""
    return sorted({"/".join(x["target"]["path"].split("/")[:3]) for r in rows for x in r["relationships"] if x["type"] == "AFFECTS"})


def questions(count: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    return [rng.choice(QUESTIONS).format(t=rng.choice(TECH), c=rng.choice(COMPONENTS)) for _ in range(count)]
