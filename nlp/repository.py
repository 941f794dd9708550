"""Which repository a checkout is: a key that is the same on every machine.

A path means nothing without its repository, and a machine's folder names mean nothing on
another machine. So a repository is known by its normalised remote URL
(``github.com/cisagov/manage.get.gov`` from ``git@github.com:cisagov/manage.get.gov.git``
or ``https://user@github.com/cisagov/manage.get.gov``), or, with no remote, by its root
commit (``git:4b825dc…``), which every clone shares.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from nlp.git_command import GitError, run_git
from nlp.root_commits import remembered_roots, roots_from_head

UNSCOPED = ""
"""The repository of a path stated where no repository was known (a chat ingested without
``--repo``): such paths are matched only by reads that are not about a repository either."""

_SCP_LIKE = re.compile(r"^(?:[\w.-]+@)?(?P<host>[\w.-]+):(?!//)(?P<path>.+)$")
_URL = re.compile(r"^(?P<scheme>[a-z][a-z0-9+.-]*)://(?:[^@/]*@)?(?P<host>[^/:]+)(?::\d+)?(?P<path>/.*)?$", re.IGNORECASE)
_ROOT_KEY = re.compile(r"^git:[0-9a-f]{7,64}$")


@dataclass(frozen=True)
class Repository:
    """A repository as the journal stores it.

    Attributes:
        key: The normalised remote URL (``host/owner/name``) or ``git:<root commit>``.
        name: What people call it: ``owner/name``, or the checkout's folder name when it
            has no remote (shown only, never used as a key).
        remote: The remote URL as configured, with any credentials removed; None without one.
        root_commit: The oldest parentless commit reachable from HEAD (None before the
            first commit): what two clones of one repository always share.
        root: The work tree's top folder on this machine (never stored).
    """

    key: str
    name: str
    remote: str | None
    root_commit: str | None
    root: Path


def normalise_remote(url: str) -> str | None:
    """``host/owner/name`` for a remote URL, lower-cased, without scheme, user, port and
    ``.git``; None when ``url`` names no host (a local folder used as a remote)."""
    text = url.strip()
    match = _URL.match(text)
    if match and match.group("scheme").lower() != "file":
        host, path = match.group("host"), match.group("path") or ""
    else:
        scp = _SCP_LIKE.match(text) if not match else None
        if scp is None or "/" in scp.group("host"):
            return None
        host, path = scp.group("host"), scp.group("path")
    parts = [p for p in PurePosixPath(path.strip("/")).parts if p not in ("", ".")]
    if not parts:
        return None
    parts[-1] = parts[-1].removesuffix(".git")
    return "/".join([host.lower(), *(p.lower() for p in parts)])


def is_repository_key(text: str) -> bool:
    """Whether ``text`` is already a key (``host/owner/name`` or ``git:<sha>``), as a user
    may pass one to ``--repo`` instead of a folder."""
    return bool(_ROOT_KEY.match(text)) or (text.count("/") >= 2 and "." in text.split("/", 1)[0] and not Path(text).exists())


def identify_repository(folder: Path, *, find_root: bool = True, remembered: Path | None = None) -> Repository:
    """The repository ``folder`` lies in (a work tree or a bare repository).

    Args:
        find_root: Find the root commit even when a remote names the repository. Finding
            it walks the whole history (0.2 s of CPU on 21,000 commits), which a read such
            as a pre-commit hook's ``check-diff`` should not pay when the remote is enough;
            with ``False`` and a remote, ``root_commit`` is None (``root_commit_of`` finds
            it later if needed).
        remembered: Where the root commits found are kept between runs
            (``root_commit_of``); None walks the history each time.

    Raises:
        GitError: ``folder`` is not inside a git repository, or it has no commits and no remote.
    """
    root = _top_level(folder)
    remote = _remote_url(root)
    key = normalise_remote(remote) if remote else None
    first = root_commit_of(root, remembered) if find_root or key is None else None
    if key is not None and remote is not None:
        return Repository(key, "/".join(key.split("/")[-2:]), _without_credentials(remote), first, root)
    if first is None:
        raise GitError(f"{folder} has no commits and no remote: it cannot be identified")
    return Repository(f"git:{first}", root.name, None, first, root)


def root_commit_of(root: Path, remembered: Path | None = None) -> str | None:
    """The oldest parentless commit reachable from HEAD in ``root``; None before the first commit.

    Args:
        remembered: A folder where the roots found are kept for the next call, which then
            walks only the commits since (``nlp/root_commits.py``); None walks the history.
    """
    try:
        roots = remembered_roots(root, remembered) if remembered is not None else roots_from_head(root)
    except GitError:
        return None  # no commits yet
    return roots[0] if roots else None


def _top_level(folder: Path) -> Path:
    # Said plainly: a mistyped --repo showed git's own "rev-parse failed … fatal: cannot
    # change to '/tmp/nope'".
    if not folder.exists():
        raise GitError(f"{folder} does not exist: give a git checkout's folder")
    if not folder.is_dir():
        raise GitError(f"{folder} is not a folder: give a git checkout's folder")
    try:
        bare = run_git(folder, "rev-parse", "--is-bare-repository").strip() == "true"
    except GitError as exc:
        if "not a git repository" in str(exc):
            raise GitError(f"{folder} is not a git repository (nor inside one)") from exc
        raise
    if bare:
        return Path(run_git(folder, "rev-parse", "--absolute-git-dir").strip())
    return Path(run_git(folder, "rev-parse", "--show-toplevel").strip())


def _remote_url(root: Path) -> str | None:
    names = run_git(root, "remote").split()
    if not names:
        return None
    name = "origin" if "origin" in names else sorted(names)[0]
    try:
        return run_git(root, "remote", "get-url", name).strip() or None
    except GitError:
        return None


def _without_credentials(url: str) -> str:
    return re.sub(r"^([a-z][a-z0-9+.-]*://)[^@/]*@", r"\1", url.strip(), flags=re.IGNORECASE)


def portable_path(path: str | None, root: Path | None = None) -> str | None:
    """Where a file is, said without the importing machine's folders: its path in the
    repository ``root`` when it lies there; a relative path as given (``meetings/2024-03.md``);
    otherwise (an absolute path, or one that climbs out with ``..``) its name alone."""
    if not path:
        return None
    given = Path(path)
    if root is not None and given.is_absolute():
        try:
            return given.resolve().relative_to(root.resolve()).as_posix()
        except (ValueError, OSError):
            pass
    if not given.is_absolute() and ".." not in given.parts:
        return given.as_posix()
    return given.name
