"""The root commits of a checkout, remembered between runs: the same answer as a walk of the
whole history, whatever happened to HEAD in between."""

from __future__ import annotations

from pathlib import Path

import pytest

from nlp.git_command import run_git
from nlp.repository import identify_repository, root_commit_of
from nlp.root_commits import remembered_roots, roots_from_head
from tests.support.git import git


def _commit(repo: Path, name: str, text: str = "x\n") -> str:
    (repo / name).write_text(text)
    git(repo, "add", name)
    git(repo, "commit", "-qm", f"add {name}")
    return run_git(repo, "rev-parse", "HEAD").strip()


def _repo(path: Path) -> Path:
    path.mkdir(parents=True)
    git(path, "init", "-q", "-b", "main")
    _commit(path, "a.txt")
    return path


def _walks(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, ...]]:
    """Records each ``rev-list`` the remembered roots still run (the walks)."""
    import nlp.root_commits as module

    seen: list[tuple[str, ...]] = []
    plain = module.run_git

    def run(repo: Path, *args: str) -> str:
        if args[0] == "rev-list":
            seen.append(args)
        return plain(repo, *args)

    monkeypatch.setattr(module, "run_git", run)
    return seen


def test_the_second_read_at_the_same_head_walks_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = _repo(tmp_path / "repo")
    _commit(repo, "b.txt")
    walks = _walks(monkeypatch)
    first = remembered_roots(repo, tmp_path / "cache")
    assert first == roots_from_head(repo) and len(walks) == 2  # the walk, and the check above
    assert remembered_roots(repo, tmp_path / "cache") == first
    assert len(walks) == 2


def test_after_new_commits_only_those_are_walked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = _repo(tmp_path / "repo")
    cache = tmp_path / "cache"
    before = run_git(repo, "rev-parse", "HEAD").strip()
    remembered_roots(repo, cache)
    _commit(repo, "b.txt")
    walks = _walks(monkeypatch)
    assert remembered_roots(repo, cache) == roots_from_head(repo)
    assert walks[0][-1] == f"^{before}"


def test_a_merged_history_with_a_root_of_its_own_is_found(tmp_path: Path) -> None:
    repo = _repo(tmp_path / "repo")
    cache = tmp_path / "cache"
    remembered_roots(repo, cache)
    git(repo, "checkout", "-q", "--orphan", "other")
    git(repo, "rm", "-rqf", ".")
    _commit(repo, "other.txt")
    git(repo, "checkout", "-q", "main")
    git(repo, "merge", "-q", "--allow-unrelated-histories", "-m", "join", "other")
    found = remembered_roots(repo, cache)
    assert len(found) == 2 and found == roots_from_head(repo)
    assert root_commit_of(repo, cache) == min(found)


def test_a_head_that_is_no_descendant_is_walked_again(tmp_path: Path) -> None:
    repo = _repo(tmp_path / "repo")
    cache = tmp_path / "cache"
    git(repo, "checkout", "-q", "--orphan", "other")
    git(repo, "rm", "-rqf", ".")
    _commit(repo, "other.txt")
    remembered_roots(repo, cache)  # the orphan branch's root
    git(repo, "checkout", "-q", "main")
    assert remembered_roots(repo, cache) == roots_from_head(repo)
    assert identify_repository(repo, find_root=False, remembered=cache).root_commit == roots_from_head(repo)[0]


def test_a_damaged_file_costs_only_the_walk(tmp_path: Path) -> None:
    repo = _repo(tmp_path / "repo")
    cache = tmp_path / "cache"
    remembered_roots(repo, cache)
    (kept,) = cache.iterdir()
    kept.write_bytes(b"\xff\xfe not a head")
    assert remembered_roots(repo, cache) == roots_from_head(repo)
    kept.write_text(run_git(repo, "rev-parse", "HEAD").strip() + "\n")  # a head without roots
    assert remembered_roots(repo, cache) == roots_from_head(repo)


def test_a_shallow_clone_is_never_remembered(tmp_path: Path) -> None:
    origin = _repo(tmp_path / "origin")
    _commit(origin, "b.txt")
    _commit(origin, "c.txt")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{origin}", str(clone))
    cache = tmp_path / "cache"
    assert remembered_roots(clone, cache) == roots_from_head(clone)
    assert not cache.exists()
    # Deepening it changes its roots without moving HEAD.
    git(clone, "fetch", "-q", "--unshallow")
    assert remembered_roots(clone, cache) == roots_from_head(origin)


def test_before_the_first_commit_there_is_no_root(tmp_path: Path) -> None:
    repo = tmp_path / "empty"
    repo.mkdir()
    git(repo, "init", "-q")
    assert root_commit_of(repo, tmp_path / "cache") is None
