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
                found = tree.named(file_name)
                if len(found) > MAX_PER_NAME:
                    found = [path for path in found if "/" not in path]
                for path in found:
                    links.append(CodeLink(decision.id, path, "language", CONFIDENCE, f"{path} sets up {language}, which it takes up"))
    return links
