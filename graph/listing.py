"""Pages and counts of decisions under a filter: the reads behind GraphQL connections,
impact, timelines and aggregates."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from graph.commits import CommitRecord, commits_by_decision
from graph.cypher import load_query
from graph.executor import QueryExecutor
from graph.filters import DecisionFilter, hidden_statuses, path_ancestors
from graph.reader import read_members
from graph.records import DecisionRecord
from nlp.schema import UNSCOPED_REPOSITORY


class DecisionOrder(Enum):
    """How a page is sorted; ties go newest first, then by id, so pages never overlap."""

    NEWEST = "NEWEST"
    OLDEST = "OLDEST"
    SUMMARY = "SUMMARY"
    CONFIDENCE = "CONFIDENCE"
    QUALITY = "QUALITY"


class AggregateBy(Enum):
    """What decisions can be counted by."""

    TAG = "TAG"
    STATUS = "STATUS"
    STAKEHOLDER = "STAKEHOLDER"
    MONTH = "MONTH"
    FILE = "FILE"


@dataclass(frozen=True)
class Page:
    """Decision ids of one page, in order, and how many the filter selects in all."""

    ids: tuple[str, ...]
    total: int


@dataclass(frozen=True)
class PageRead:
    """A page with its decisions read (``DecisionListing.page_read``): those of its ids the
    reader may see, in order, what they link to, by id (absent: hidden or unknown), and, when
    asked, the commits that followed each of ``records`` (every one of them a key)."""

    page: Page
    records: tuple[DecisionRecord, ...]
    linked: dict[str, DecisionRecord]
    commits: dict[str, list[CommitRecord]] | None = None


@dataclass(frozen=True)
class GoverningLink:
    """A decision that governs a path, and the link it governs it by: the affected file
    or directory (``file``), how the link is known (``via``, ``evidence``, ``inferred``,
    ``confidence``) and the commits it rests on."""

    decision_id: str
    file: str
    via: str
    inferred: bool
    confidence: float | None
    evidence: str | None
    commits: tuple[str, ...] = ()


@dataclass(frozen=True)
class Bucket:
    """One group of an aggregate: its key (a tag, status, handle, ``YYYY-MM`` or file path) and count."""

    key: str
    count: int


@dataclass(frozen=True)
class PathHolder:
    """A repository in which selected decisions affect a path ('' key: paths tied to none)."""

    repository: str
    name: str | None
    decisions: int

    @property
    def label(self) -> str:
        """How to name it to a person: its name, else its key."""
        return self.name or self.repository or "paths not tied to a repository"


class DecisionListing:
    """Filtered, ordered, paged decision ids and grouped counts, one query each."""

    def __init__(self, executor: QueryExecutor) -> None:
        self._executor = executor

    async def page(
        self, where: DecisionFilter, order: DecisionOrder = DecisionOrder.NEWEST, offset: int = 0, limit: int = 20
    ) -> Page:
        """The ``limit`` decisions after the first ``offset`` that ``where`` selects."""
        row = await self._page_row(where, order, offset, limit, read=False, linked=False)
        return Page(tuple(row["page"]), int(row["total"]))

    async def page_read(
        self, where: DecisionFilter, order: DecisionOrder = DecisionOrder.NEWEST, offset: int = 0, limit: int = 20,
        linked: bool = False, commits: int | None = None,
    ) -> PageRead:
        """``page``, with its decisions read in the same round trip (as ``DecisionReader.decisions``
        reads them, drafts as ``where`` asks), with ``linked`` the decisions they supersede,
        revisit, or are superseded or revisited by, and with ``commits`` the newest
        ``commits`` commits that followed each (as ``CommitStore.commits_of`` reads them)."""
        row = await self._page_row(where, order, offset, limit, read=True, linked=linked, commits=commits)
        page = Page(tuple(row["page"]), int(row["total"]))
        records, linking = read_members(row["decisions"], page.ids, where.include_drafts)
        if commits is None:
            return PageRead(page, tuple(records), linking)
        followed = commits_by_decision(row["commits"])
        return PageRead(page, tuple(records), linking, {r.id: followed.get(r.id, []) for r in records})

    async def _page_row(
        self, where: DecisionFilter, order: DecisionOrder, offset: int, limit: int, read: bool, linked: bool,
        commits: int | None = None,
    ) -> dict[str, Any]:
        params = {**where.params(), "order": order.value, "skip": max(offset, 0), "limit": max(limit, 0),
                  "read": read, "linked": linked, "commits": commits is not None, "commit_limit": commits or 0,
                  "with_code": True}
        if params["path_prefix"] is not None:
            # The same answer, found from the File index: a path page reads only the decisions
            # affecting the path's files, and skips the general query's union of seeds.
            rows = await self._executor.read(load_query("decisions_page_under_path"), params)
        else:
            rows = await self._executor.read(load_query("decisions_page"), params)
        return rows[0] if rows else {"page": [], "total": 0, "decisions": [], "commits": []}

    async def governing(
        self, paths: Sequence[str], groups: Sequence[str] | None = None, repository: str = UNSCOPED_REPOSITORY
    ) -> dict[str, tuple[GoverningLink, ...]]:
        """Path → the current decisions that govern it (the file, anything under a
        directory, or a directory holding it) with how each is linked, newest first; paths
        nothing governs are left out.

        Args:
            groups: The reader's access groups; None reads without restriction.
            repository: The key of the repository the paths are in (``''``: paths stated
                where no repository was known).
        """
        wanted = {p.strip(): p.strip().rstrip("/") for p in paths if p.strip().rstrip("/")}
        params = {
            # Keyed by the path as asked ("src/api/"), matched without its trailing slash.
            "paths": [{"asked": asked, "path": p, "dir": f"{p}/", "ancestors": path_ancestors(p)} for asked, p in wanted.items()],
            "hidden_statuses": hidden_statuses(),
            "groups": list(groups) if groups is not None else None,
            "repository": repository,
        }
        rows = await self._executor.read(load_query("decisions_for_paths"), params)
        return {
            row["path"]: tuple(
                GoverningLink(decision_id, link["file"], link["via"], bool(link["inferred"]), link["confidence"],
                              link["evidence"], tuple(link["commits"] or ()))
                for decision_id, link in zip(row["ids"], row["links"], strict=True)
            )
            for row in rows
        }

    async def aggregate(self, where: DecisionFilter, by: AggregateBy) -> list[Bucket]:
        """Counts of the selected decisions per key, largest first."""
        rows = await self._executor.read(load_query("decisions_aggregate"), {**where.params(), "by": by.value})
        if not rows:
            return []
        return [Bucket(str(key), int(count)) for key, count in zip(rows[0]["keys"], rows[0]["counts"], strict=True)]

    async def path_holders(self, where: DecisionFilter) -> list[PathHolder]:
        """The repositories in which the decisions ``where`` selects, but for its repository,
        affect its path; most decisions first. None without a path."""
        params = where.params()
        if params["path_prefix"] is None:
            return []
        rows = await self._executor.read(load_query("decisions_path_repositories"), params)
        return [PathHolder(row["repository"], row["name"], int(row["decisions"])) for row in rows]
