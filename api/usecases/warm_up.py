"""The reads a freshly started Neo4j answers slowly, asked once by ``neo4j start``.

The first ``check-diff`` after the server started took 5.0 s on JabRef where later ones took
0.8 s (docs/check-diff.md). The time is the server's, not the data's: profiled query by
query on a fresh server, the first read of all paid the Cypher runtime's start, and the
decisions read (``decisions_by_ids``, the largest query to plan) most of the rest, while the
store (34 MB) was already in the OS's cache. Run once on real data when the server starts,
the same reads are planned, and their code compiled by the JVM, before a pre-commit hook or
a search waits on them. A command that starts the server itself is not delayed by this: its
own reads are the first.

Neo4j keeps a plan per query and per order of magnitude of each list parameter's size: on a
warm server, the decisions read took 50-90 ms for 9 to 100 ids and 8.6 s (load 13 on 2
cores) the first time it was asked for 3, and 5.9 s for 101. So each read is asked with one
item and with ten: the sizes of a small commit and of a larger one (or of the governing
decisions and the decisions related to them).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from api.usecases.path_check import decisions_for_paths
from graph.cypher import load_query
from graph.executor import QueryExecutor
from graph.filters import DecisionFilter
from graph.reader import DecisionReader
from graph.repositories import RepositoryStore
from graph.search import DecisionSearch

SAMPLE_PATHS = 20
"""Paths asked about: enough that the reads return decisions and their links, few enough
that the warm-up stays a few seconds on an idle machine."""
SIZES = (1, 10)
"""List sizes each read is asked with: one per order of magnitude Neo4j plans apart, up to
the ones commits usually have."""


@dataclass(frozen=True)
class WarmUp:
    """What the warm-up asked: paths of how many repositories, how many decisions came back."""

    repositories: int
    paths: int
    decisions: int
    seconds: float


async def warm_up(executor: QueryExecutor, dimension: int, sample: int = SAMPLE_PATHS) -> WarmUp:
    """Run the reads of ``check-diff`` and ``search`` once, on a sample of the journal's own
    paths and a search with a plain query vector (no model is loaded). Reads only."""
    started = time.perf_counter()
    rows = await executor.read(load_query("warm_up_paths"), {"limit": sample})
    store = RepositoryStore(executor)
    paths = decisions = 0
    reader = DecisionReader(executor)
    for row in rows:
        await store.find(row["repository"] or "warm-up", None, None)  # check-diff's scope read
        report = await decisions_for_paths(executor, row["paths"], None, repository=row["repository"])
        found = list(dict.fromkeys(d.id for item in report.governed for d in item.governing))
        for size in SIZES:
            # Padded with names nothing has: the plan depends on the list's size, not on what matches.
            await decisions_for_paths(executor, _padded(row["paths"], size, "warm-up/"), None, repository=row["repository"])
            await reader.decisions(_padded(found, size, "warm-up-"))
        paths += len(row["paths"])
        decisions += len(found)
    axis = [1.0] + [0.0] * (dimension - 1)  # a unit vector: the vector index is opened and searched
    await DecisionSearch(executor).search("decision", axis, DecisionFilter(), 5)
    return WarmUp(len(rows), paths, decisions, time.perf_counter() - started)


def _padded(items: list[str], size: int, filler: str) -> list[str]:
    """``size`` items: the first of ``items``, then made-up ones if there are too few."""
    return [*items[:size], *(f"{filler}{n}" for n in range(size - len(items[:size])))]
