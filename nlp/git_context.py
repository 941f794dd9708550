"""Seed 000's ``git_context`` linking: the files a repository changed around a decision.

Reads git through its command line (no database, no network). With a time, the files
of commits within ``window`` of it; without one, the working tree's uncommitted changes.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from nlp.git_command import GitError, run_git


class GitContextError(GitError):
    """The path is not a git repository, or git failed."""


def changed_files(repo: Path, when: datetime | None = None, window: timedelta = timedelta(hours=24)) -> list[str]:
    """Repository-relative paths changed near ``when`` (or uncommitted now), in git's order.

    Raises:
        GitContextError: ``repo`` is not a git work tree, or git is missing.
    """
    if when is None:
        output = _git(repo, "diff", "--name-only", "HEAD")
    else:
        since, until = (when - window).isoformat(), (when + window).isoformat()
        output = _git(repo, "log", f"--since={since}", f"--until={until}", "--name-only", "--pretty=format:")
    return list(dict.fromkeys(line.strip() for line in output.splitlines() if line.strip()))


def _git(repo: Path, *args: str) -> str:
    try:
        return run_git(repo, *args)
    except GitError as exc:
        raise GitContextError(f"{repo} is not a readable git repository ({exc})") from exc
