"""The paths decisions affect, per repository, with how many distinct decisions affect each
path or anything under it: the tree of the web page's "what touched this path?"."""

from __future__ import annotations

from dataclasses import dataclass

from graph.cypher import load_query
from graph.executor import QueryExecutor
from graph.filters import DecisionFilter


@dataclass(frozen=True)
class PathCount:
    """A file or directory (ending in ``/``) and how many distinct decisions affect it or
    anything under it."""

    path: str
    count: int


@dataclass(frozen=True)
class RepositoryPaths:
    """The counted paths of one repository: its key (``''`` for paths not tied to a
    repository), its name when known, how many distinct decisions affect any of its paths,
    and its paths in path order."""

    repository: str
    name: str | None
    count: int
    paths: tuple[PathCount, ...]


async def path_tree(executor: QueryExecutor, where: DecisionFilter) -> list[RepositoryPaths]:
    """Every path the decisions ``where`` selects affect, and every directory above one, with
    distinct decision counts, one entry per repository (named ones first, then ``''``).

    Counted in the database rather than by adding per-file counts: a decision that names
    many files under a directory is one decision for that directory.
    """
    rows = await executor.read(load_query("decisions_path_tree"), where.params())
    found = []
    for row in rows:
        counted = [PathCount(str(k), int(c)) for k, c in zip(row["keys"], row["counts"], strict=True)]
        # The key '' is the repository as a whole (every repository has it: the query
        # counts each decision there once).
        whole = sum(p.count for p in counted if not p.path)
        paths = tuple(p for p in counted if p.path)
        found.append(RepositoryPaths(repository=str(row["repository"]), name=row["name"], count=whole, paths=paths))
    return found
