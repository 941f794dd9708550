"""Reading a change and a history from git (nlp.git_command), on temporary repositories."""

from __future__ import annotations

from pathlib import Path

import pytest

from nlp.git_command import GitError, file_texts, merged_by, read_change, read_commits
from tests.support.git import git


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "db.py").write_text("engine = 'postgres'\n")
    (tmp_path / "old.txt").write_text("x\n")
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-qm", "Start", date="2024-01-02T10:00:00+00:00")
    (tmp_path / "src" / "db.py").write_text("engine = 'mongodb'\n")
    git(tmp_path, "mv", "old.txt", "new.txt")
    git(tmp_path, "commit", "-qam", "Switch the engine\n\nWhy: see ADR-3", date="2024-02-03T10:00:00+00:00")
    return tmp_path


def test_a_committed_change_gives_its_paths_and_added_and_removed_lines(repo: Path) -> None:
    change = read_change(repo, "HEAD~1", "HEAD")
    assert set(change.paths) == {"src/db.py", "old.txt", "new.txt"}  # both names of a rename
    assert change.added == {"src/db.py": ("engine = 'mongodb'",)}
    assert change.removed == {"src/db.py": ("engine = 'postgres'",)}
    assert change.changed_lines("src/db.py") == ("engine = 'mongodb'", "engine = 'postgres'")


def test_the_work_tree_counts_untracked_files_and_staged_reads_only_the_index(repo: Path) -> None:
    (repo / "src" / "cache.py").write_text("import redis\n")
    (repo / "new.txt").write_text("y\n")
    assert read_change(repo).paths == ("new.txt", "src/cache.py")
    assert read_change(repo).added["src/cache.py"] == ("import redis",)
    git(repo, "add", "src/cache.py")
    assert read_change(repo, staged=True).paths == ("src/cache.py",)


def test_commits_oldest_first_with_their_files_and_whole_message(repo: Path) -> None:
    first, second = read_commits(repo)
    assert first.message == "Start" and set(first.files) == {"src/db.py", "old.txt"}
    assert second.message == "Switch the engine\n\nWhy: see ADR-3" and second.author == "Ann"
    assert second.date.isoformat() == "2024-02-03T10:00:00+00:00"
    assert [c.message for c in read_commits(repo, "HEAD~1")] == [second.message]
    assert [c.message for c in read_commits(repo, "2024-02-01")] == [second.message]


def test_bad_input_is_a_clear_error(repo: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    with pytest.raises(GitError, match="unknown revision|bad revision"):
        read_change(repo, "no-such-ref")
    with pytest.raises(GitError, match="not a git repository"):
        read_commits(tmp_path_factory.mktemp("plain"))


def test_file_texts_reads_many_files_at_a_revision_and_leaves_out_what_is_not_there(repo: Path) -> None:
    (repo / "src" / "db.py").write_text("engine = 'sqlite'\n")  # the work tree is not read
    assert file_texts(repo, ["src/db.py", "gone.py", "src", "new.txt"], "HEAD") == {
        "src/db.py": "engine = 'mongodb'\n", "new.txt": "x\n",
    }
    assert file_texts(repo, ["src/db.py", "old.txt"], "HEAD~1") == {"src/db.py": "engine = 'postgres'\n", "old.txt": "x\n"}
    assert file_texts(repo, ["src/db.py"], "HEAD", limit=5) == {}
    assert file_texts(repo, ["src/db.py"], "HEAD", head=6) == {"src/db.py": "engine"}
    assert file_texts(repo, []) == {}
    with pytest.raises(GitError):
        file_texts(repo.parent / "nowhere", ["a.py"])


def _commit_file(repo: Path, path: str, text: str, message: str) -> str:
    (repo / path).parent.mkdir(parents=True, exist_ok=True)
    (repo / path).write_text(text)
    git(repo, "add", path)
    git(repo, "commit", "-qm", message)
    return git(repo, "rev-parse", "HEAD").strip()


def test_a_pull_requests_commits_belong_to_the_merge_that_brought_them_in(tmp_path: Path) -> None:
    git(tmp_path, "init", "-q", "-b", "main")
    start = _commit_file(tmp_path, "README.md", "x\n", "Start")
    git(tmp_path, "checkout", "-qb", "feature")
    adr = _commit_file(tmp_path, "docs/adr/0002-use-redis.md", "# Use Redis\n", "Add ADR 2")
    git(tmp_path, "checkout", "-q", "main")
    direct = _commit_file(tmp_path, "src/other.py", "y = 1\n", "Straight to main")
    git(tmp_path, "checkout", "-q", "feature")
    git(tmp_path, "merge", "-q", "--no-edit", "main")  # the main line merged into the branch brings nothing new
    code = _commit_file(tmp_path, "src/cache.py", "import redis\n", "Cache with Redis")
    git(tmp_path, "checkout", "-q", "main")
    git(tmp_path, "merge", "-q", "--no-ff", "--no-edit", "feature")
    merge = git(tmp_path, "rev-parse", "HEAD").strip()
    after = _commit_file(tmp_path, "src/later.py", "z = 1\n", "Later")
    owners = merged_by(tmp_path)
    assert owners[adr] == owners[code] == merge
    assert not {start, direct, merge, after} & owners.keys()  # the main line is in no pull request
    assert merged_by(tmp_path, start) == {}
