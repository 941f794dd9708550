"""Which repository a checkout is: the same key on every machine, never a machine path."""

from __future__ import annotations

from pathlib import Path

import pytest

from nlp.git_command import GitError
from nlp.repository import identify_repository, normalise_remote
from tests.support.git import git


@pytest.mark.parametrize(("url", "key"), [
    ("git@github.com:cisagov/manage.get.gov.git", "github.com/cisagov/manage.get.gov"),
    ("https://github.com/CISAgov/Manage.Get.Gov", "github.com/cisagov/manage.get.gov"),
    ("https://user:token@github.com/acme/shop.git/", "github.com/acme/shop"),
    ("ssh://git@gitlab.example.org:2222/group/sub/app.git", "gitlab.example.org/group/sub/app"),
    ("git://example.org/acme/shop", "example.org/acme/shop"),
])
def test_remotes_written_any_way_are_one_key(url: str, key: str) -> None:
    assert normalise_remote(url) == key


@pytest.mark.parametrize("url", ["/srv/mirrors/shop.git", "../shop", "file:///srv/mirrors/shop.git", ""])
def test_a_local_folder_is_no_remote(url: str) -> None:
    assert normalise_remote(url) is None


def _repo(path: Path) -> Path:
    path.mkdir(parents=True)
    git(path, "init", "-q")
    (path / "a.txt").write_text("a\n")
    git(path, "add", ".")
    git(path, "commit", "-qm", "first")
    return path


def test_a_checkout_is_known_by_its_remote_from_any_folder_inside_it(tmp_path: Path) -> None:
    repo = _repo(tmp_path / "work" / "shop")
    git(repo, "remote", "add", "origin", "git@github.com:acme/shop.git")
    (repo / "src").mkdir()
    found = identify_repository(repo / "src")
    assert (found.key, found.name) == ("github.com/acme/shop", "acme/shop")
    assert found.remote == "git@github.com:acme/shop.git" and found.root == repo.resolve()
    assert str(tmp_path) not in found.key


def test_without_a_remote_two_clones_share_their_root_commit(tmp_path: Path) -> None:
    first = _repo(tmp_path / "one")
    second = tmp_path / "elsewhere" / "two"
    second.parent.mkdir()
    git(tmp_path, "clone", "-q", str(first), str(second))
    git(second, "remote", "remove", "origin")
    a, b = identify_repository(first), identify_repository(second)
    assert a.key == b.key and a.key.startswith("git:") and a.root_commit == b.root_commit
    # A clone whose remote is a local folder is keyed by its root commit too.
    third = tmp_path / "three"
    git(tmp_path, "clone", "-q", str(first), str(third))
    assert identify_repository(third).key == a.key


def test_a_read_need_not_walk_the_history_when_a_remote_names_the_repository(tmp_path: Path) -> None:
    named = _repo(tmp_path / "named")
    git(named, "remote", "add", "origin", "https://github.com/acme/shop.git")
    quick = identify_repository(named, find_root=False)
    assert (quick.key, quick.root_commit) == ("github.com/acme/shop", None)
    assert identify_repository(named).root_commit is not None
    # Without a remote the root commit is the key, so it is found all the same.
    bare = identify_repository(_repo(tmp_path / "bare"), find_root=False)
    assert bare.root_commit is not None and bare.key == f"git:{bare.root_commit}"


def test_a_folder_outside_any_repository_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(GitError):
        identify_repository(tmp_path)


def test_a_stored_path_carries_no_folder_of_the_machine(tmp_path: Path) -> None:
    from nlp.repository import portable_path

    repo = _repo(tmp_path / "work" / "shop")
    (repo / "notes").mkdir()
    assert portable_path(str(repo / "notes" / "m.md"), repo) == "notes/m.md"
    assert portable_path(str(tmp_path / "elsewhere" / "m.md"), repo) == "m.md"
    assert portable_path("meetings/2024-03-15.md") == "meetings/2024-03-15.md"
    assert portable_path("../up/m.md") == "m.md"
    assert portable_path(str(tmp_path / "m.md")) == "m.md"
    assert portable_path(None) is None


def test_a_folder_that_is_no_checkout_is_said_plainly(tmp_path: Path) -> None:
    # --repo /tmp/nope printed git's "rev-parse failed in /tmp/nope: fatal: cannot change to …".
    with pytest.raises(GitError, match=r"^\S*nope does not exist: give a git checkout's folder$"):
        identify_repository(tmp_path / "nope")
    (tmp_path / "file.txt").write_text("x")
    with pytest.raises(GitError, match=r"file.txt is not a folder"):
        identify_repository(tmp_path / "file.txt")
    plain = tmp_path / "plain"
    plain.mkdir()
    with pytest.raises(GitError, match=r"^\S*plain is not a git repository \(nor inside one\)$"):
        identify_repository(plain)
