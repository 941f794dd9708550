"""GraphQL's answer to "which decisions govern these paths?" (``decisionsForPaths``),
the same as ``check-diff`` gives for a change."""

from __future__ import annotations

import strawberry

from api.graphql.context import Info
from api.graphql.errors import ArgumentError
from api.graphql.types import Decision
from api.usecases.path_check import PathDecisions as PathDecisionsRecord
from api.usecases.path_check import decisions_for_paths, lines_for_every_path
from nlp.schema import UNSCOPED_REPOSITORY

MAX_PATHS = 1000


@strawberry.type(description="A rejected option that the lines about to be added name again.")
class ReintroducedOption:
    decision_id: strawberry.ID = strawberry.field(description="The decision that rejected it.")
    option: str
    term: str = strawberry.field(description="The name the lines use.")
    line: str


@strawberry.type(description="The decisions that govern one path.")
class PathDecisions:
    path: str
    governed: bool = strawberry.field(description="An active (or revisited and kept) decision governs it.")
    governing: list[Decision] = strawberry.field(description="Current decisions affecting the path or a directory holding it, newest first.")
    related: list[Decision] = strawberry.field(description="What those decisions replaced or revisited, and what revised them.")
    reintroduced: list[ReintroducedOption]

    @classmethod
    def of(cls, item: PathDecisionsRecord) -> PathDecisions:
        return cls(
            path=item.path, governed=item.governed, governing=[Decision.of(d) for d in item.governing],
            related=[Decision.of(d) for d in item.related],
            reintroduced=[ReintroducedOption(decision_id=strawberry.ID(r.decision_id), option=r.option, term=r.term, line=r.line)
                          for r in item.reintroduced],
        )


async def governing_paths(
    info: Info, paths: list[str], added_lines: list[str] | None, repository: str = UNSCOPED_REPOSITORY,
) -> list[PathDecisions]:
    """``Query.decisionsForPaths``: only the paths some decision governs, in the order asked,
    within ``repository`` (a key)."""
    if len(paths) > MAX_PATHS:
        raise ArgumentError(f"at most {MAX_PATHS} paths at once")
    context = info.context
    report = await decisions_for_paths(
        context.executor, paths, lines_for_every_path(paths, added_lines), context.principal.groups, repository,
    )
    return [PathDecisions.of(item) for item in report.governed]
