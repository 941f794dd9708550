"""What touched a path: the decisions affecting it, each with the commits that followed it
(``decision-journal impact`` and MCP ``get_impact`` answer from here alike)."""

from __future__ import annotations

from typing import TypedDict

from api.usecases.json_shape import CommitJson, DecisionJson, commit_json, decision_record_json
from graph.commits import COMMITS_SHOWN
from graph.executor import QueryExecutor
from graph.filters import DecisionFilter
from graph.listing import DecisionListing, DecisionOrder
from nlp.schema import UNSCOPED_REPOSITORY


class ImpactedDecisionJson(DecisionJson):
    """A decision in the shared shape with the commits that followed it."""

    commits: list[CommitJson]


class ImpactJson(TypedDict):
    repository: str
    total: int
    decisions: list[ImpactedDecisionJson]


async def impact_json(
    executor: QueryExecutor, path: str, include_history: bool = False, limit: int = 20,
    repository: str = UNSCOPED_REPOSITORY,
) -> ImpactJson:
    """``{"repository", "total", "decisions": [decision in the shared shape + "commits"]}``,
    newest first; ``repository`` is the key of the repository ``path`` is in."""
    where = DecisionFilter(path_prefix=path, include_history=include_history, repository=repository)
    # The page, its decisions and their commits in one round trip.
    read = await DecisionListing(executor).page_read(where, DecisionOrder.NEWEST, 0, limit, commits=COMMITS_SHOWN)
    commits = read.commits or {}
    return {"repository": repository, "total": read.page.total, "decisions": [
        {**decision_record_json(r), "commits": [commit_json(c) for c in commits.get(r.id, [])]} for r in read.records
    ]}
