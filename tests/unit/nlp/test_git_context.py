from __future__ import annotations

import os
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import pytest

from nlp.git_context import GitContextError, changed_files


def _git(repo: Path, *args: str, date: str | None = None) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid"}
    if date:
        env |= {"GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date}
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env)


def test_files_changed_around_a_time_and_uncommitted_ones(tmp_path: Path) -> None:
    _git(tmp_path, "init", "-q")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "old.py").write_text("a\n")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-qm", "old", date="2024-01-01T12:00:00+00:00")
    (tmp_path / "src" / "db.py").write_text("b\n")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-qm", "db", date="2024-03-15T12:00:00+00:00")
    assert changed_files(tmp_path, datetime(2024, 3, 15, 18, tzinfo=UTC)) == ["src/db.py"]
    (tmp_path / "src" / "old.py").write_text("changed\n")
    assert changed_files(tmp_path) == ["src/old.py"]


def test_not_a_repository_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(GitContextError, match="is not a readable git repository"):
        changed_files(tmp_path)
