"""``ingest-git``: a repository's commits into the graph, linked to the files they changed
and to the decisions they mention or followed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from api.usecases.code_links import CodeLinkReport, link_repository_code
from api.usecases.repositories import store_repository
from graph.commits import CommitStore, write_batches
from graph.executor import QueryExecutor
from nlp.code_links.infer import MIN_CONFIDENCE
from nlp.commit_refs import DecisionMentions
from nlp.git_command import read_commits
from nlp.repository import identify_repository

Progress = Callable[[str], None]


@dataclass(frozen=True)
class GitIngestReport:
    """What one ``ingest-git`` run read and stored."""

    commits: int
    mentioning: int
    """Commits whose message names a decision (id, ADR number or title)."""
    files: int
    repository: str = ""
    """The key the repository is kept under."""
    links: CodeLinkReport | None = None
    """What link inference stored afterwards."""


async def ingest_git(
    executor: QueryExecutor, repo: Path, since: str | None = None, progress: Progress | None = None,
    git_context: bool = False, link_floor: float = MIN_CONFIDENCE,
) -> GitIngestReport:
    """Store the commits of ``repo`` (after ``since``: a revision or a date) under its
    repository, idempotently, then link the repository's decisions to its code from what
    the history and tree show (``code_links``; ``git_context`` as seed 000's
    ``auto_link_strategy`` says).

    Raises:
        GitError: Not a git work tree, or an unknown revision.
    """
    checkout = identify_repository(repo)
    key = await store_repository(executor, checkout)
    commits = read_commits(repo, since)
    store = CommitStore(executor)
    mentioned = DecisionMentions(await store.adr_rows(key))
    mentions = {c.sha: mentioned(c.message) for c in commits}
    written: set[str] = set()
    for batch in write_batches(commits):
        await store.write(batch, mentions, key)
        written.update(c.sha for c in batch)
        if progress is not None:
            progress(f"  commits: {len(written)}/{len(commits)}")
    links = await link_repository_code(executor, checkout, key, progress=progress, minimum=link_floor, git_context=git_context)
    return GitIngestReport(
        commits=len(commits), mentioning=sum(1 for found in mentions.values() if found),
        files=len({path for c in commits for path in c.files}), repository=key, links=links,
    )
