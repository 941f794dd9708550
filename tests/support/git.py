"""Run git in a test's temporary repository, with a fixed author and, if given, a date."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path


def git(repo: Path, *args: str, date: str | None = None, author: str = "Ann") -> str:
    """git's output; fails the test when git fails."""
    email = f"{author.lower()}@example.invalid"
    env = {**os.environ, "GIT_AUTHOR_NAME": author, "GIT_AUTHOR_EMAIL": email,
           "GIT_COMMITTER_NAME": author, "GIT_COMMITTER_EMAIL": email}
    if date:
        env |= {"GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date}
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True, env=env).stdout
