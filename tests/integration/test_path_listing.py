"""A page under a path (impact, GraphQL's pathPrefix) on the real Neo4j: the
decisions_page_under_path query finds the decisions through the File index and checks no
path rule per decision, so what it returns must be exactly the path rule of DecisionFilter,
newest first, as counted by the aggregate (which applies the rule itself)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from graph.backup import restore_rows
from graph.executor import Neo4jExecutor
from graph.filters import DecisionFilter
from graph.listing import AggregateBy, DecisionListing, DecisionOrder

START = datetime(2024, 1, 1, tzinfo=UTC)

# (path, repository) of each decision's one file; its index is its age, newest last.
FILES = [
    ("src/api", ""),  # the file itself
    ("src/api/routes.py", ""),
    ("src/api/v2/handlers/users.py", ""),
    ("src/api/", ""),  # the directory, as a directory File
    ("src/", ""),  # a directory holding it
    ("src/apix/y.py", ""),  # starts with the path's text, but not under it
    ("src/ap", ""),
    ("lib/src/api/z.py", ""),
    ("src/api/routes.py", "acme/billing"),  # the same path in another repository
    ("/", ""),
    ("src/api/routes.py", ""),  # replaced: left out unless history is asked for
]
REPLACED = {len(FILES) - 1}


def _row(index: int, path: str, repository: str) -> dict[str, Any]:
    at = {"$datetime": (START + timedelta(days=index)).isoformat()}
    target = {"path": path, "kind": "directory" if path.endswith("/") else "file"}
    if repository:
        target["repository"] = repository
    return {
        "labels": ["Decision"],
        "properties": {"id": f"dec-path-{index:02d}", "summary": f"decision {index} on {path}",
                       "status": "superseded" if index in REPLACED else "active", "decided_at": at, "recorded_at": at,
                       "source": "conversation", "origin": "stated"},
        "relationships": [{"type": "AFFECTS", "properties": {}, "target_labels": ["File"], "target": target}],
    }


def _on_path(path: str, prefix: str) -> bool:
    """The path rule, written out again here as the oracle: the file, under the directory,
    or a directory holding it."""
    return path == prefix or path.startswith(f"{prefix}/") or (path.endswith("/") and f"{prefix}/".startswith(path))


async def test_a_page_under_a_path_is_exactly_the_path_rule_newest_first(executor: Neo4jExecutor) -> None:
    await restore_rows(executor, [_row(i, path, repo) for i, (path, repo) in enumerate(FILES)])
    listing = DecisionListing(executor)
    for prefix in ("src/api", "src/api/", "src/api/v2", "src", "src/ap", "src/api/routes.py", "lib", "nowhere"):
        for history in (False, True):
            for repository in ("", "acme/billing"):
                wanted = [f"dec-path-{i:02d}" for i, (path, repo) in reversed(list(enumerate(FILES)))
                          if repo == repository and _on_path(path, prefix.rstrip("/")) and (history or i not in REPLACED)]
                where = DecisionFilter(path_prefix=prefix, include_history=history, repository=repository)
                page = await listing.page(where, DecisionOrder.NEWEST, 0, 50)
                assert (page.ids, page.total) == (tuple(wanted), len(wanted)), (prefix, history, repository)
                assert (await listing.page(where, DecisionOrder.NEWEST, 1, 2)).ids == tuple(wanted[1:3])
                # The aggregate scans every decision and applies the filter's own path rule: the same count.
                counted = sum(bucket.count for bucket in await listing.aggregate(where, AggregateBy.STATUS))
                assert counted == len(wanted), (prefix, history, repository)
    assert len((await listing.page(DecisionFilter(path_prefix="src/api"), limit=50)).ids) == 5
