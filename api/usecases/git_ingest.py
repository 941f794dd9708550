"""``ingest-git``: a repository's commits into the graph, linked to the files they changed
and to the decisions they mention or followed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from graph.commits import BATCH, CommitStore
from graph.executor import QueryExecutor
from nlp.commit_refs import DecisionMentions
from nlp.readers.git_repo import read_commits

Progress = Callable[[str], None]


@dataclass(frozen=True)
class GitIngestReport:
    """What one ``ingest-git`` run read and stored."""

    commits: int
    mentioning: int
    """Commits whose message names a decision (id, ADR number or title)."""
    files: int


async def ingest_git(
    executor: QueryExecutor, repo: Path, since: str | None = None, progress: Progress | None = None
) -> GitIngestReport:
    """Store the commits of ``repo`` (after ``since``: a revision or a date), idempotently.

    Raises:
        GitError: Not a git work tree, or an unknown revision.
    """
    commits = read_commits(repo, since)
    store = CommitStore(executor)
    mentioned = DecisionMentions(await store.adr_rows())
    mentions = {c.sha: mentioned(c.message) for c in commits}
    for start in range(0, len(commits), BATCH):
        batch = commits[start : start + BATCH]
        await store.write(batch, mentions)
        if progress is not None:
            progress(f"  commits: {start + len(batch)}/{len(commits)}")
    return GitIngestReport(
        commits=len(commits), mentioning=sum(1 for found in mentions.values() if found),
        files=len({path for c in commits for path in c.files}),
    )
