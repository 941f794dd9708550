"""The tree of "what touched this path?" on the real Neo4j (decisions_path_tree): per
repository, every path a decision affects and every directory above one, counted in distinct
decisions, so a decision naming three files of a directory counts once for it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from graph.backup import restore_rows
from graph.executor import Neo4jExecutor
from graph.filters import DecisionFilter
from graph.path_tree import PathCount, RepositoryPaths, path_tree

START = datetime(2024, 1, 1, tzinfo=UTC)
SHOP = "github.com/acme/shop"

# The files each decision affects, as (path, repository); the last decision is replaced.
DECISIONS = [
    [("src/events/a.py", SHOP), ("src/events/b.py", SHOP), ("src/events/c.py", SHOP)],
    [("src/events/", SHOP), ("docs/events.md", SHOP)],
    [("src/api/x.py", "")],
    [("src/events/a.py", "")],  # the same path, tied to no repository: another path
    [("src/events/a.py", SHOP)],  # replaced: counted with history only
]


def _row(index: int, files: list[tuple[str, str]]) -> dict[str, Any]:
    at = {"$datetime": (START + timedelta(days=index)).isoformat()}
    replaced = index == len(DECISIONS) - 1
    relationships = []
    for path, repository in files:
        target = {"path": path, "kind": "directory" if path.endswith("/") else "file"}
        if repository:
            target["repository"] = repository
        relationships.append({"type": "AFFECTS", "properties": {}, "target_labels": ["File"], "target": target})
    return {
        "labels": ["Decision"],
        "properties": {"id": f"dec-tree-{index:02d}", "summary": f"decision {index}",
                       "status": "superseded" if replaced else "active", "decided_at": at, "recorded_at": at,
                       "source": "conversation", "origin": "stated"},
        "relationships": relationships,
    }


async def test_each_directory_counts_distinct_decisions_per_repository(executor: Neo4jExecutor) -> None:
    await restore_rows(executor, [_row(i, files) for i, files in enumerate(DECISIONS)])

    assert await path_tree(executor, DecisionFilter()) == [
        RepositoryPaths(SHOP, None, 2, (
            PathCount("docs/", 1), PathCount("docs/events.md", 1),
            PathCount("src/", 2), PathCount("src/events/", 2),
            PathCount("src/events/a.py", 1), PathCount("src/events/b.py", 1), PathCount("src/events/c.py", 1),
        )),
        RepositoryPaths("", None, 2, (
            PathCount("src/", 2), PathCount("src/api/", 1), PathCount("src/api/x.py", 1),
            PathCount("src/events/", 1), PathCount("src/events/a.py", 1),
        )),
    ]

    with_history = await path_tree(executor, DecisionFilter(include_history=True))
    shop = {p.path: p.count for p in with_history[0].paths}
    assert (with_history[0].count, shop["src/events/"], shop["src/events/a.py"]) == (3, 3, 2)
