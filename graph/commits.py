"""Git commits in the graph (``ingest-git``) and the commits that followed a decision."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graph.cypher import load_query
from graph.executor import QueryExecutor
from graph.filters import path_ancestors
from graph.temporal import instant
from nlp.schema import CommitInfo

BATCH = 200
"""Commits per write: a long history is stored in steps the caller can report."""

COMMITS_SHOWN = 10
"""The newest commits listed under a decision where the caller sets no number (impact)."""

FILES_PER_WRITE = 2_000
"""Changed paths per write. A write's memory grows with the paths it merges, and Neo4j
refuses a transaction past ``dbms.memory.transaction.total.max`` (70% of the heap by
default): 200 commits of a history with bulk commits (a vendored tree, a mass rename) held
tens of thousands of paths, which a 512 MB heap refused."""


def write_batches(commits: Sequence[CommitInfo], commits_per_write: int = BATCH, files_per_write: int = FILES_PER_WRITE) -> Iterator[list[CommitInfo]]:
    """``commits`` in writes of at most ``commits_per_write`` commits and
    ``files_per_write`` changed paths. A commit that alone changes more paths is written in
    parts, each the commit with a slice of its paths: the write merges, so the parts add up to
    the whole commit."""
    batch: list[CommitInfo] = []
    paths = 0
    for commit in commits:
        parts = [commit.files[i : i + files_per_write] for i in range(0, len(commit.files), files_per_write)] or [commit.files]
        for files in parts:
            if batch and (len(batch) >= commits_per_write or paths + len(files) > files_per_write):
                yield batch
                batch, paths = [], 0
            batch.append(commit if len(parts) == 1 else commit.model_copy(update={"files": files}))
            paths += len(files)
    if batch:
        yield batch


@dataclass(frozen=True)
class CommitRecord:
    """A stored commit as a decision's reader sees it.

    Attributes:
        how: ``MENTIONS`` (its message names the decision) and/or ``FOLLOWS`` (it changed
            a file the decision governs, after the decision).
    """

    sha: str
    author: str | None
    date: datetime | None
    message: str
    how: tuple[str, ...]
    files: tuple[str, ...]

    @property
    def subject(self) -> str:
        """The message's first line."""
        return self.message.splitlines()[0] if self.message else ""


@dataclass(frozen=True)
class AdrRow:
    """An ADR decision's id, source file and title, as ``adr_references`` returns them
    (what ``nlp.commit_refs.DecisionMentions`` reads)."""

    decision_id: str
    path: str | None
    title: str | None


class CommitStore:
    """Writes commits and reads the commits of decisions, one query each."""

    def __init__(self, executor: QueryExecutor) -> None:
        self._executor = executor

    async def adr_rows(self, repository: str) -> list[AdrRow]:
        """Every ADR decision of ``repository`` (its key) with its file and title (what a
        commit of that repository may name it by)."""
        rows = await self._executor.read(load_query("adr_references"), {"repository": repository})
        return [AdrRow(row["id"], row["path"], row["title"]) for row in rows]

    async def write(self, commits: Sequence[CommitInfo], mentions: Mapping[str, Sequence[str]], repository: str) -> int:
        """Store ``commits`` of ``repository`` (its key; idempotent); ``mentions`` maps a
        sha to the decision ids its message names. Returns how many were written."""
        payload = [
            {
                "sha": c.sha, "author": c.author, "email": c.email, "date": c.date.isoformat(), "message": c.message,
                "files": [{"path": path, "ancestors": path_ancestors(path)} for path in c.files],
                "mentions": list(mentions.get(c.sha, ())),
            }
            for c in commits
        ]
        if not payload:
            return 0
        rows = await self._executor.write(load_query("ingest_commits"), {"repository": repository, "commits": payload})
        return int(rows[0]["commits"]) if rows else 0

    async def commits_of(self, ids: Sequence[str], limit: int = COMMITS_SHOWN) -> dict[str, list[CommitRecord]]:
        """Decision id → the commits that followed it, newest first (at most ``limit``)."""
        if not ids:
            return {}
        rows = await self._executor.read(load_query("commits_of_decisions"), {
            "ids": list(ids), "commit_limit": limit, "path_prefix": None, "path_dir": None, "repository": None,
        })
        return commits_by_decision(rows)


def commits_by_decision(rows: Sequence[Mapping[str, Any]]) -> dict[str, list[CommitRecord]]:
    """Decision id → its commits, from rows of ``{id, commits}`` as the fragment
    ``decision_commits`` reads them (``commits_of_decisions``, a page read with its commits)."""
    return {
        row["id"]: [
            CommitRecord(
                sha=c["sha"], author=c["author"], date=instant(c["date"]), message=c["message"] or "",
                how=tuple(sorted(c["how"])), files=tuple(sorted(c["files"])),
            )
            for c in row["commits"]
        ]
        for row in rows
    }
