"""Read what link inference needs from a checkout: its tree, history, libraries and who
imports them. Reads git only; writes nothing."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from nlp.code_links.definitions import DECLARATION
from nlp.code_links.infer import RepositoryView
from nlp.code_links.libraries import Library, import_names, import_pattern, imported_name, libraries_of
from nlp.code_links.manifests import (
    catalog_aliases,
    catalog_dependencies,
    catalog_name,
    dependencies,
    is_build_script,
    is_manifest,
)
from nlp.code_links.tree import RepoTree
from nlp.code_links.wording import TEXT_CHARACTERS, source_files
from nlp.git_command import (
    PathHistory,
    file_text,
    file_texts,
    grep_declarations,
    grep_files,
    grep_lines,
    grep_lines_matching,
    grep_matches,
    history_of,
    merged_by,
    tracked_files,
)

MAX_MANIFESTS = 400
"""Manifests read at most (a monorepo of thousands of packages is read by its first ones)."""
MAX_SOURCES = 20_000
"""Source files read for their words at most (JabRef has 3,000; a larger monorepo is read by its first)."""
MAX_SOURCE_BYTES = 512 * 1024
"""A larger source file is generated or bundled code: its words say nothing of a decision."""


def read_view(
    root: Path, documents: Sequence[str], revision: str = "HEAD", history: Sequence[PathHistory] | None = None,
    name: str = "",
) -> RepositoryView:
    """The repository at ``root`` as of ``revision``.

    Args:
        documents: Folders (repository-relative, ending in ``/``) that hold decision documents.
        history: Its commits, newest first, when the caller has read them already.
        name: Its ``owner/name`` on its forge, when it has a remote (its issues are known by it).

    Raises:
        GitError: Not a git repository, or an unknown revision.
    """
    tree = RepoTree(tracked_files(root, revision))
    manifests = sorted(f for f in tree.files if is_manifest(f))[:MAX_MANIFESTS]
    texts = {m: file_text(root, m, revision) or "" for m in manifests}
    declared = [(m, name) for m in manifests for name in dependencies(m, texts[m])]
    catalogs = {alias: catalog_aliases(texts[m]) for m in manifests if (alias := catalog_name(m))}
    if catalogs:  # a module's build script names its libraries by the catalog's aliases
        declared += [(m, c) for m in manifests if is_build_script(m) for c in catalog_dependencies(texts[m], catalogs)]
    libraries = libraries_of(declared)

    def importers(wanted: Sequence[Library]) -> dict[Library, list[str]]:
        return find_importers(root, revision, wanted, tree)

    return RepositoryView(
        tree=tree,
        history=history if history is not None else history_of(root, None, revision),
        libraries=libraries,
        importers=importers,
        documents=tuple(documents),
        grep=lambda patterns, pathspecs: [
            f for f in grep_files(root, patterns, revision, pathspecs, ignore_case=True) if f in tree.files
        ],
        occurrences=lambda words: _occurrences(root, revision, words, tree),
        annotated=lambda names: _annotated(root, revision, names, tree),
        declared=lambda names: _declared(root, revision, names, tree),
        cited=lambda patterns: grep_lines_matching(root, list(patterns), revision),
        name=name,
        sources=lambda: file_texts(root, source_files(tree.files, documents)[:MAX_SOURCES], revision,
                                   limit=MAX_SOURCE_BYTES, head=TEXT_CHARACTERS),
        merges=lambda: merged_by(root, revision),
    )


_COMMENT = re.compile(r"^\s*(?:#|//|/?\*|<!--|--\s|;|')")


def _occurrences(root: Path, revision: str, words: Sequence[str], tree: RepoTree) -> dict[str, list[str]]:
    """Each of ``words`` → the files whose code (not a comment line) holds it: a comment
    recalls a name in passing ("# Because init-log4brains's tests use …")."""
    found: dict[str, set[str]] = {}
    if not words:
        return {}
    # Not a part of a path: ``crates/relayer-rest`` in a workspace's member list names a folder.
    matcher = re.compile(r"(?<![\w\-/])(?<!\w:)(" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + r")(?![\w\-/]|:\w)")
    for path, line in grep_lines(root, list(words), revision):
        if path in tree.files and not _COMMENT.match(line):
            for word in matcher.findall(line):
                found.setdefault(word, set()).add(path)
    return {word: sorted(paths) for word, paths in found.items()}


def find_importers(root: Path, revision: str, wanted: Sequence[Library], tree: RepoTree) -> dict[Library, list[str]]:
    """The files that import each library: one ``git grep`` per ecosystem for all of them
    (one per library took 75 s over Brighter's 54 named libraries)."""
    found: dict[Library, set[str]] = {library: set() for library in wanted}
    by_ecosystem: dict[str, dict[str, list[Library]]] = {}
    for library in wanted:
        for name in import_names(library):
            by_ecosystem.setdefault(library.ecosystem, {}).setdefault(name, []).append(library)
    for ecosystem, names in by_ecosystem.items():
        built = import_pattern(ecosystem, list(names))
        if built is None:
            continue
        pattern, pathspecs = built
        matcher = re.compile(pattern, re.MULTILINE)
        known = list(names)
        for path, text in grep_matches(root, [pattern], revision, list(pathspecs)):
            match = matcher.search(text)
            if match is None or path not in tree.files:
                continue
            imported = next((name for name in (imported_name(group, known) for group in match.groups() if group)
                             if name is not None), None)
            for library in names.get(imported or "", []):
                found[library].add(path)
    return {library: sorted(paths) for library, paths in found.items()}


def _annotated(root: Path, revision: str, names: Sequence[str], tree: RepoTree) -> dict[str, list[str]]:
    """Each of ``names`` → the files whose code applies it as an attribute or annotation
    (``[LoggerMessage(...)]``, ``@Transactional``), comment lines aside."""
    if not names:
        return {}
    matcher = re.compile(r"(?:\[|@)\s*(" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + r")\b")
    found: dict[str, set[str]] = {}
    for path, line in grep_lines(root, list(names), revision):
        if path in tree.files and not _COMMENT.match(line):
            for name in matcher.findall(line):
                found.setdefault(name, set()).add(path)
    return {name: sorted(paths) for name, paths in found.items()}


def _declared(root: Path, revision: str, names: Sequence[str], tree: RepoTree) -> dict[str, list[str]]:
    """Each of ``names`` → the files with a line that declares it as a type: one ``git grep``
    for every declaration of the tree (asking for the names themselves, 1,444 of Brighter's,
    took over two minutes)."""
    if not names:
        return {}
    wanted = set(names)
    found: dict[str, set[str]] = {}
    for path, line in grep_declarations(root, revision):
        match = DECLARATION.match(line)
        if match and match.group(1) in wanted and path in tree.files:
            found.setdefault(match.group(1), set()).add(path)
    return {name: sorted(paths) for name, paths in found.items()}
