"""Which repository a request is about: named by the user, or the one a command runs in.

Every face that reads paths (``impact``, ``check-diff``, GraphQL ``file``/``impact``/
``decisionsForPaths``, MCP) asks here, so that a path is always read within one repository
and two repositories' ``src/api`` never mix.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from api.errors import ApiError
from api.user_dirs import user_dir
from graph.executor import QueryExecutor
from graph.repositories import RepositoryRecord, RepositoryStore
from nlp.git_command import GitError
from nlp.repository import Repository, identify_repository, normalise_remote, root_commit_of
from nlp.schema import UNSCOPED_REPOSITORY

if TYPE_CHECKING:
    from api.usecases.in_repository import InRepository


def roots_folder() -> Path:
    """Where the root commits of checkouts without a forge remote are kept between reads
    (``nlp/root_commits.py``): a pre-commit ``check-diff`` need not walk the history each time."""
    return user_dir("cache") / "roots"


class UnknownRepository(ApiError):
    """A repository was named that the journal does not hold."""

    def __init__(self, named: str, known: list[str]) -> None:
        listed = ", ".join(known) if known else "none yet: `import-adr` or `ingest-git` in a repository adds it"
        super().__init__(f"no repository {named!r} in the journal (known: {listed})")
        self.named = named


@dataclass(frozen=True)
class RepositoryScope:
    """The repository a read is about.

    Attributes:
        key: Its key, or ``''`` for paths stated where no repository was known.
        name: What to call it in output (None when unscoped).
        known: The journal holds it (False: unscoped, or a checkout the journal has not seen).
        note: Why this scope was chosen, when it was not named (for the user).
    """

    key: str
    name: str | None
    known: bool
    note: str | None = None

    @property
    def label(self) -> str:
        """How to name the scope in one line of output."""
        return self.name or self.key if self.key else "paths not tied to a repository"


UNSCOPED = RepositoryScope(UNSCOPED_REPOSITORY, None, False)


async def store_repository(executor: QueryExecutor, repository: Repository) -> str:
    """Store the repository of a checkout; return the key it is kept under.

    A clone whose remote is a local folder (no usable URL) is keyed by its root commit; when
    the journal already holds a repository with that root commit, the clone is that one.
    """
    store = RepositoryStore(executor)
    if repository.remote is None and repository.root_commit is not None:
        same = [r for r in await store.find(repository.key, None, repository.root_commit) if r.root_commit == repository.root_commit]
        if same:
            return same[0].key
    await store.upsert(repository.key, repository.name, repository.remote, repository.root_commit)
    return repository.key


async def repository_to_ingest(executor: QueryExecutor, checkout: Repository) -> InRepository:
    """A checkout stored as a repository of the journal, ready for conversations about it
    to be ingested with (its key, and its tree to find the paths they name)."""
    # Imported here: the reads (check-diff, impact) that share this module need no tree.
    from api.usecases.in_repository import InRepository
    from nlp.code_links.tree import RepoTree
    from nlp.git_command import tracked_files

    key = await store_repository(executor, checkout)
    return InRepository(key, RepoTree(await asyncio.to_thread(tracked_files, checkout.root)), checkout.root, checkout.name)


async def resolve_scope(executor: QueryExecutor, named: str | None, cwd: Path | None = None) -> RepositoryScope:
    """The scope of a read.

    Args:
        named: What the user passed (``--repo``, a GraphQL or MCP argument): a checkout's
            folder, a key (``github.com/acme/shop``), a name (``acme/shop``) or a remote URL.
            ``""`` asks for the paths not tied to a repository.
        cwd: Where a command runs; used when nothing is named. A checkout (named or the
            one run in) that the journal holds is the scope; one it does not hold reads the
            unscoped paths, and ``note`` says so.

    Raises:
        UnknownRepository: ``named`` is not a folder and names no repository the journal
            holds, or is a folder outside any git repository.
    """
    store = RepositoryStore(executor)
    if named is not None and named.strip() == "":
        return UNSCOPED
    if named is not None and _folder(named) is None:
        key = normalise_remote(named) or named.strip().lower().rstrip("/")
        matches = await store.find(key, named.strip())
        if not matches:
            raise UnknownRepository(named, [r.name or r.key for r in await store.all()])
        return RepositoryScope(matches[0].key, matches[0].name, True)
    folder = _folder(named) if named is not None else cwd
    if folder is None:
        return UNSCOPED
    try:
        checkout = identify_repository(folder, find_root=False, remembered=roots_folder())
    except GitError:
        if named is not None:
            raise UnknownRepository(named, [r.name or r.key for r in await store.all()]) from None
        return UNSCOPED
    found = await _known(store, checkout)
    if found is None:
        return RepositoryScope(
            UNSCOPED_REPOSITORY, None, False,
            note=f"the journal holds nothing of {checkout.name} ({checkout.key}): reading the paths not tied to "
                 "a repository (`import-adr` / `ingest-git` here adds this one)",
        )
    return RepositoryScope(found.key, found.name, True)


def _folder(named: str) -> Path | None:
    """``named`` as an existing folder of this machine, or None: what cannot be a path here
    ("~nobody/x" with no such user, a NUL byte) is a repository name to look up instead."""
    try:
        folder = Path(named).expanduser()
        return folder if folder.is_dir() else None
    except (RuntimeError, OSError, ValueError):
        return None


async def _known(store: RepositoryStore, checkout: Repository) -> RepositoryRecord | None:
    """The stored repository ``checkout`` is: by its key, else (a clone stored before its
    remote was set, or without one) by its root commit, found only then."""
    matches = await store.find(checkout.key, None, checkout.root_commit)
    if not matches and checkout.root_commit is None:
        root = await asyncio.to_thread(root_commit_of, checkout.root, roots_folder())
        matches = await store.find(checkout.key, None, root) if root is not None else []
    return matches[0] if matches else None
