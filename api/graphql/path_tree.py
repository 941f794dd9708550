"""GraphQL's tree of the paths decisions affect, per repository (the web page's "what
touched this path?")."""

from __future__ import annotations

import strawberry

from api.graphql.context import Info
from api.graphql.inputs import DecisionWhere
from api.graphql.types import where_filter
from graph.path_tree import RepositoryPaths as RepositoryPathsRecord
from graph.path_tree import path_tree


@strawberry.type(description="A file or directory (ending in /) and how many distinct decisions affect it or anything under it.")
class PathCount:
    path: str
    count: int


@strawberry.type(description="The paths decisions affect in one repository, or in none.")
class RepositoryPaths:
    repository: str = strawberry.field(description="The repository's key; empty for paths not tied to a repository "
                                                   "(those a conversation named where no repository was known).")
    name: str | None = strawberry.field(description="What people call it (owner/name), when known.")
    count: int = strawberry.field(description="How many distinct decisions affect any of its paths.")
    paths: list[PathCount] = strawberry.field(description="Every path a decision affects and every directory above "
                                                          "one, in path order.")

    @classmethod
    def of(cls, record: RepositoryPathsRecord) -> RepositoryPaths:
        return cls(repository=record.repository, name=record.name, count=record.count,
                   paths=[PathCount(path=p.path, count=p.count) for p in record.paths])


async def repository_paths(info: Info, where: DecisionWhere | None) -> list[RepositoryPaths]:
    """``Query.pathTree``: the counted paths of each repository, for the caller's groups."""
    context = info.context
    found = await path_tree(context.executor, context.scoped(await where_filter(info, where)))
    return [RepositoryPaths.of(record) for record in found]
