"""A repository's tree at one revision: which paths exist, which are code, and what a path
a decision names turns out to be in it."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import PurePosixPath

_DOC_SUFFIXES = frozenset({
    ".md", ".markdown", ".rst", ".adoc", ".txt", ".png", ".jpg", ".jpeg", ".gif", ".svg", ".drawio", ".puml",
    ".pdf", ".ico", ".webp",
})
_LOCK_NAMES = frozenset({
    "package-lock.json", "yarn.lock", "pnpm-lock.yaml", "poetry.lock", "Pipfile.lock", "Cargo.lock", "go.sum",
    "Gemfile.lock", "composer.lock", "packages.lock.json", "uv.lock",
})
_PROJECT_INDEXES = frozenset({".sln", ".slnx"})
"""Solution files list a repository's projects: every commit that adds a project changes
one, so what such a commit decides says nothing about it."""
_GENERATED = re.compile(r"(?:^|/)(?:node_modules|vendor|dist|build|target|\.git)/")
_GENERATED_CODE = re.compile(
    r"(?:\.pb(?:\.gw)?\.go|\.pulsar\.go|_pb2(?:_grpc)?\.pyi?|\.pb\.(?:cc|h|ts|js)|_(?:grpc_)?pb\.(?:js|ts|d\.ts)"
    r"|\.g\.cs|\.designer\.cs|\.generated\.[a-z]+|_gen\.go|(?:^|/)zz_generated\.[\w.]+)$",
    re.IGNORECASE,
)
"""Code a generator writes (protobuf and gRPC stubs, designer and source-generated files):
nobody edits it, and the type it declares is declared where it is generated from (the
``.proto``), which is what a decision governs."""


@dataclass(frozen=True)
class Resolved:
    """A stated path as found in the tree: ``path`` (a file, or a directory ending in
    ``/``) and, when it was found by its name alone, how (``evidence``)."""

    path: str
    evidence: str | None = None


class RepoTree:
    """The files of one revision, their directories, and an index by file name."""

    def __init__(self, files: Iterable[str]) -> None:
        self.files: frozenset[str] = frozenset(f for f in files if f and not _GENERATED.search(f))
        sizes: dict[str, int] = defaultdict(int)
        by_name: dict[str, list[str]] = defaultdict(list)
        for path in self.files:
            parts = path.split("/")
            for depth in range(1, len(parts)):
                sizes["/".join(parts[:depth]) + "/"] += 1
            by_name[parts[-1].lower()].append(path)
        self.dirs: frozenset[str] = frozenset(sizes)
        self._sizes = dict(sizes)
        self._by_name = {name: sorted(paths) for name, paths in by_name.items()}
        self._by_stem: dict[str, list[str]] | None = None

    def exists(self, path: str) -> bool:
        """A file or (with or without its trailing slash) a directory of the tree."""
        return path in self.files or path.rstrip("/") + "/" in self.dirs

    def named(self, name: str) -> list[str]:
        """Files whose last part is ``name`` (case-insensitive)."""
        return self._by_name.get(name.lower(), [])

    def with_stem(self, stem: str) -> list[str]:
        """Files whose name before its first dot is ``stem`` (case-sensitive): the files of
        a type named ``RoutingKey`` are ``RoutingKey.cs``, ``RoutingKey.test.ts``."""
        if self._by_stem is None:
            index: dict[str, list[str]] = defaultdict(list)
            for path in self.files:
                index[PurePosixPath(path).name.split(".", 1)[0]].append(path)
            self._by_stem = {name: sorted(paths) for name, paths in index.items()}
        return self._by_stem.get(stem, [])

    def under(self, directory: str) -> list[str]:
        """The files under ``directory`` (a path ending in ``/``)."""
        return sorted(f for f in self.files if f.startswith(directory))

    def size(self, directory: str) -> int:
        """How many files lie under ``directory`` (a path ending in ``/``)."""
        return self._sizes.get(directory, 0)

    def resolve(self, stated: str) -> Resolved | None:
        """What a path named in a decision is in this tree, or None when nothing is.

        Exact paths (and directories written without their slash) are themselves; a
        path that is not in the tree but ends one file's path alone ("pool.py",
        "utility/pool.py") is that file; otherwise nothing: a name several files share
        says not which.
        """
        clean = stated.strip().removeprefix("./")
        if not clean:
            return None
        if clean in self.files:
            return Resolved(clean)
        if clean.rstrip("/") + "/" in self.dirs:
            return Resolved(clean.rstrip("/") + "/")
        if clean.endswith("/"):
            return None
        tail = "/" + clean
        matches = [f for f in self.named(PurePosixPath(clean).name) if f.endswith(tail) or f == clean]
        if len(matches) == 1:
            return Resolved(matches[0], f"names {clean}, the one file of that name in the repository")
        return None


def is_code(path: str, documents: Iterable[str] = ()) -> bool:
    """A path a decision can govern as code: not documentation, an image, a lock file,
    generated code or one of the decision documents (``documents``: folders of ADRs)."""
    name = PurePosixPath(path).name
    suffix = PurePosixPath(path).suffix.lower()
    if suffix in _DOC_SUFFIXES and not (suffix == ".txt" and name.startswith("requirements")):  # pip's manifests
        return False
    if name in _LOCK_NAMES or suffix in _PROJECT_INDEXES or _GENERATED.search(path) or _GENERATED_CODE.search(path):
        return False
    return not any(path.startswith(folder) for folder in documents)


_TEST_SUPPORT = re.compile(
    r"(?:^|/)(?:test[-_]?utils?|testutils?|test[-_]?helpers?|spec_helper|rails_helper|conftest|factories)\.[A-Za-z]+$"
    r"|(?:^|/)(?:fixtures|__fixtures__|testdata)/"
    r"|(?:^|/)(?:spec|tests?)/support/"
)


def is_test_support(path: str) -> bool:
    """Shared test scaffolding: helpers (``test/test-utils.js``, ``spec/support/…``,
    ``conftest.py``), factories and fixtures. Every feature's tests lean on it, so a
    change to it is no feature's, and no label of the twelve repositories gives it to a
    decision."""
    return _TEST_SUPPORT.search(path) is not None


_TEXT_SUFFIXES = frozenset({".md", ".markdown", ".rst", ".adoc"})
_LEDGERS = re.compile(
    r"^(?:change(?:s|log)|history|contributors|authors|release[-_ ]?notes|news|summary|index|toc|_sidebar)\b", re.IGNORECASE,
)
"""Documents every release or every new page touches: ledgers, and a book's table of
contents (``SUMMARY.md``, ``index.md``, ``_sidebar.md``)."""


def is_written_beside(path: str, documents: Iterable[str] = ()) -> bool:
    """A document a change to code may carry that the code's decisions govern too (a README
    that says how to install, a folder of specifications): prose outside the decision
    folders, but not the ledgers every release touches (CHANGELOG, CONTRIBUTORS), a
    table of contents every new page does (SUMMARY.md), nor the repository's own README."""
    name = PurePosixPath(path).name
    if "/" not in path and name.lower().startswith("readme"):
        # The repository's front page: every feature, badge and install step lands there.
        return False
    return (PurePosixPath(path).suffix.lower() in _TEXT_SUFFIXES and not _LEDGERS.match(name)
            and not _GENERATED.search(path) and not any(path.startswith(folder) for folder in documents))


def holds_code(directory: str, tree: RepoTree, documents: Iterable[str] = ()) -> bool:
    """Whether a directory (ending in ``/``) holds code as ``is_code`` means it, beyond the
    bookkeeping dotfiles a folder of documents may carry (``.issue-number``)."""
    return any(is_code(f, documents) and not PurePosixPath(f).name.startswith(".") for f in tree.under(directory))


WIDEST = 150
"""A directory of more files than this (``src/``, a whole package) is too wide to stand for
a few of them, or to be governed as a whole by a decision that merely names it."""


def too_wide(path: str, tree: RepoTree) -> bool:
    """A directory too wide to link a decision to (see ``WIDEST``)."""
    return path.endswith("/") and tree.size(path) > WIDEST


def common_directories(
    paths: Iterable[str], tree: RepoTree, minimum: int = 2, share: float = 0.25, widest: int = WIDEST,
) -> list[str]:
    """``paths`` gathered where they cluster: the deepest directory holding at least
    ``minimum`` of them, and at least ``share`` of its own files, stands for them, then the
    next deepest for those left, and so on; the others stay files.

    A change that touches five files of ``src/mempool/`` is about ``src/mempool/``: the
    next change to another file there is governed too. Five files of a package of a
    hundred are about those five. A directory of more than ``widest`` files in the tree
    (``src/``, the root) never stands for a few of them.
    """
    remaining = set(paths)
    out: set[str] = set()
    while True:
        counts: dict[str, int] = defaultdict(int)
        for path in remaining:
            for parent in _parents(path):
                counts[parent] += 1
        clusters = [d for d, n in counts.items()
                    if n >= minimum and tree.size(d) <= widest and n >= share * tree.size(d) and not _in_tool_folder(d)]
        if not clusters:
            break
        depth = max(d.count("/") for d in clusters)
        for directory in (d for d in clusters if d.count("/") == depth):
            out.add(directory)
            remaining = {p for p in remaining if not p.startswith(directory)}
    return sorted(out | remaining)


def _in_tool_folder(directory: str) -> bool:
    """A folder of a tool's configuration (``.github/workflows/``, ``.circleci/``): each file
    there is a pipeline or setting of its own, not a part of one module, so the ones a change
    touched do not stand for the others."""
    return any(part.startswith(".") for part in directory.split("/"))


def _parents(path: str) -> list[str]:
    parts = path.split("/")
    return ["/".join(parts[:depth]) + "/" for depth in range(1, len(parts))]
