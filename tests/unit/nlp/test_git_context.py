from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from nlp.git_context import GitContextError, changed_files
from tests.support.git import git


def test_files_changed_around_a_time_and_uncommitted_ones(tmp_path: Path) -> None:
    git(tmp_path, "init", "-q")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "old.py").write_text("a\n")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-qm", "old", date="2024-01-01T12:00:00+00:00")
    (tmp_path / "src" / "db.py").write_text("b\n")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-qm", "db", date="2024-03-15T12:00:00+00:00")
    assert changed_files(tmp_path, datetime(2024, 3, 15, 18, tzinfo=UTC)) == ["src/db.py"]
    (tmp_path / "src" / "old.py").write_text("changed\n")
    assert changed_files(tmp_path) == ["src/old.py"]


def test_not_a_repository_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(GitContextError, match="is not a readable git repository"):
        changed_files(tmp_path)
