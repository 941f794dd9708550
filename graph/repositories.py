"""Repositories in the journal: stored by key, found by what a user calls them."""

from __future__ import annotations

from dataclasses import dataclass

from graph.cypher import load_query
from graph.executor import QueryExecutor


@dataclass(frozen=True)
class RepositoryRecord:
    """A stored repository.

    Attributes:
        key: Its normalised remote URL or ``git:<root commit>``.
        name: What people call it (``acme/shop``).
        remote: Its remote URL, if it has one.
        root_commit: Its oldest parentless commit, if known.
        linked: How many decision links reach its files (``list`` only).
    """

    key: str
    name: str | None
    remote: str | None
    root_commit: str | None
    linked: int = 0


class RepositoryStore:
    """Writes and finds ``Repository`` nodes, one query each."""

    def __init__(self, executor: QueryExecutor) -> None:
        self._executor = executor

    async def upsert(self, key: str, name: str, remote: str | None, root_commit: str | None) -> None:
        """Store (or update) a repository by its key."""
        await self._executor.write(
            load_query("repository_upsert"),
            {"repository": {"key": key, "name": name, "remote": remote, "root_commit": root_commit}},
        )

    async def find(self, key: str, name: str | None = None, root_commit: str | None = None) -> list[RepositoryRecord]:
        """Repositories with this key, this name, or this root commit; the key's first."""
        rows = await self._executor.read(
            load_query("repository_find"), {"key": key, "name": name or key, "root_commit": root_commit}
        )
        return [RepositoryRecord(r["key"], r["name"], r["remote"], r["root_commit"]) for r in rows]

    async def all(self) -> list[RepositoryRecord]:
        """Every repository, by name."""
        rows = await self._executor.read(load_query("repository_list"))
        return [RepositoryRecord(r["key"], r["name"], r["remote"], r["root_commit"], int(r["linked"])) for r in rows]
