"""A decision that takes up a programming language governs how the language is set up in the
repository: its toolchain's own files (``tsconfig.json``, ``global.json``, ``build.sbt``,
``.ruby-version``), not every file written in it nor the manifest entry of its compiler."""

from __future__ import annotations

import re
from collections.abc import Sequence

from nlp.code_links.model import CodeLink, DecisionText
from nlp.code_links.tree import RepoTree

SETUP_FILES: dict[str, tuple[str, ...]] = {
    "typescript": ("tsconfig.json",),
    "go": ("go.mod",),
    "scala": ("build.sbt",),
    "ruby": (".ruby-version",),
    "python": (".python-version",),
    "rust": ("rust-toolchain", "rust-toolchain.toml"),
    "dotnet": ("global.json", "Directory.Build.props"),
    "javascript": (".nvmrc", ".node-version"),
}
"""Each language's files that say which version and how it is built, whatever the project."""
VARIANTS: dict[str, str] = {"tsconfig.json": "tsconfig"}
"""Setup files a project keeps variants of beside the main one (``tsconfig.build.json``,
``tsconfig.prod.json``), found by the part of their name before the first dot."""

_NAMES = re.compile(
    r"\b(?P<typescript>typescript)\b|\b(?P<go>golang|(?-i:Go))\b|\b(?P<scala>scala)\b|\b(?P<ruby>ruby)\b"
    r"|\b(?P<python>python)\b|\b(?P<rust>rust)\b|(?P<dotnet>\.net\b|\bdotnet(?:core)?\b|\bc#|\bcsharp\b)"
    r"|\b(?P<javascript>javascript|node\.?js)\b",
    re.IGNORECASE,
)
_CHOOSING = re.compile(r"\b(?:use|using|adopt|choose|chose|write|written|build|switch\s+to|move\s+to|migrate\s+to)\b", re.IGNORECASE)
MAX_PER_NAME = 3
"""A monorepo keeps a ``tsconfig.json`` per package: past this many, the top one alone sets
the language up for all."""
CONFIDENCE = 0.6


def language_links(decisions: Sequence[DecisionText], tree: RepoTree) -> list[CodeLink]:
    """The setup files of each language a decision's title takes up ("Use TypeScript", "Use Go
    on the server side", "Use dotnet"): named after the choosing verb, not in passing."""
    links: list[CodeLink] = []
    for decision in decisions:
        verb = _CHOOSING.search(decision.title)
        if verb is None:
            continue
        rest = decision.title[verb.end():]
        languages = {name for match in _NAMES.finditer(rest) for name, value in match.groupdict().items() if value}
        for language in sorted(languages):
            for file_name in SETUP_FILES[language]:
                for path in _setup_files(file_name, tree):
                    links.append(CodeLink(decision.id, path, "language", CONFIDENCE, f"{path} sets up {language}, which it takes up"))
    return links


def _setup_files(file_name: str, tree: RepoTree) -> list[str]:
    """The files of one setup file's name and its variants; past ``MAX_PER_NAME`` of one
    name, the top-level one alone."""
    stem = VARIANTS.get(file_name)
    found = [p for p in tree.with_stem(stem) if p.endswith(".json")] if stem else tree.named(file_name)
    by_name: dict[str, list[str]] = {}
    for path in sorted(found):
        by_name.setdefault(path.rsplit("/", 1)[-1].lower(), []).append(path)
    return [path for paths in by_name.values()
            for path in (paths if len(paths) <= MAX_PER_NAME else [p for p in paths if "/" not in p])]
