"""What touched a path: the decisions affecting it, each with the commits that followed it
(``decision-journal impact`` and MCP ``get_impact`` answer from here alike)."""

from __future__ import annotations

from typing import TypedDict

from api.usecases.json_shape import CommitJson, DecisionJson, commit_json, decision_record_json
from graph.commits import COMMITS_SHOWN
from graph.executor import QueryExecutor
from graph.filters import DecisionFilter
from graph.listing import DecisionListing, DecisionOrder, PathHolder
from nlp.plural import plural
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


async def path_elsewhere(executor: QueryExecutor, where: DecisionFilter) -> list[PathHolder]:
    """The repositories other than ``where``'s in which decisions ``where`` would select
    affect its path, most decisions first: what an empty answer in one repository names, so
    that "nothing" never hides that the path is another repository's."""
    holders = await DecisionListing(executor).path_holders(where)
    return [h for h in holders if h.repository != where.repository]


def elsewhere_hint(path: str, holders: list[PathHolder], how: str) -> str:
    """One line naming the repositories that hold ``path`` (``how``: how to ask for one,
    ``--repo`` or ``repository:``), or ``""`` when none does."""
    if not holders:
        return ""
    named = ", ".join(f"{h.label} ({plural(h.decisions, 'decision')})" for h in holders[:5])
    first = holders[0]
    ask = f'{how} "{first.name or first.repository}"' if first.repository else f'{how} ""'
    return f"{path} is a path of {named}; ask there: {ask}"
