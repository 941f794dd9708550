"""The configuration of a tool or technology a decision takes up: "Use yarn workspaces
instead of lerna" governs ``yarn.lock`` and ``lerna.json``; "Use prettier, eslint, airbnb
for the code style" governs ``.eslintrc.js``; "Use Redis and Bull for background tasks"
governs the CI workflow and compose file that start Redis."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import PurePosixPath

from nlp.code_links.components import PROSE
from nlp.code_links.libraries import GENERIC
from nlp.code_links.manifests import is_manifest
from nlp.code_links.tree import RepoTree
from nlp.gazetteer import TECHNOLOGIES

_WORD = re.compile(r"[a-z][a-z0-9]+")
_CONFIG_SUFFIXES = frozenset({
    ".json", ".yml", ".yaml", ".toml", ".ini", ".cfg", ".conf", ".lock", ".rc", ".config", ".props", ".xml", ".env",
})
_CONFIG_NAMES = re.compile(r"^(?:\.|Dockerfile|Makefile|Procfile|Jenkinsfile|docker-compose|compose\.)", re.IGNORECASE)
_AUTOMATION = ("*.yml", "*.yaml", "Dockerfile*", "*.dockerfile", "docker-compose*", "Makefile", "*.sh", "Procfile")

_LOCK = re.compile(r"(?:^|/)[^/]*[-.]lock\.ya?ml$")
"""A lock file in YAML (``pnpm-lock.yaml``) is generated, not automation: it names every
package it resolved ("docker-compose-spec", "nuxt-*"), no step that runs a tool."""

Grep = Callable[[list[str], list[str]], list[str]]
"""(patterns, pathspecs) → files of the tree where a line matches (case-insensitive)."""


def is_config(path: str) -> bool:
    """A file that configures rather than implements: dotfiles, manifests of tools, CI
    workflows, compose files, lock files (``yarn.lock``, ``.eslintrc.js``, ``next.config.js``)."""
    name = PurePosixPath(path).name
    suffixes = PurePosixPath(name).suffixes
    return (bool(_CONFIG_NAMES.match(name)) or (bool(suffixes) and suffixes[-1].lower() in _CONFIG_SUFFIXES)
            or ".config." in name or path.startswith(".github/"))


_JOINING = frozenset({"and", "with"})
_SCENE = re.compile(r"\b(?:into|in|on|onto|to|for|from|at|inside|within)\b")
_REJECTING = re.compile(r"\b(?:instead\s+of|over|rather\s+than|vs\.?|versus|not|without)\b")


def taken_up(title: str, choosing: re.Pattern[str]) -> tuple[list[str], list[str]]:
    """The words of a title after its choosing verb that may name a tool, split into those
    it takes up and those it sets aside ("use yarn workspaces instead of lerna" → yarn,
    workspaces | lerna)."""
    lowered = title.lower()
    verb = choosing.search(lowered)
    if verb is None:
        return [], []
    rest = lowered[verb.start():]
    if verb.group() in _JOINING:
        # No verb chooses: the words a conjunction joins ("… in a monorepo with yarn and
        # lerna") end where a preposition sets the scene ("copy source code and tests into
        # docker container": the container is where, not what is taken up).
        scene = _SCENE.search(rest, len(verb.group()))
        rest = rest[: scene.start()] if scene else rest
    turn = _REJECTING.search(rest, 1)
    return tool_words(rest[: turn.start()] if turn else rest), tool_words(rest[turn.end():] if turn else "")


def tool_words(text: str) -> list[str]:
    words: list[str] = []
    for word in _WORD.findall(text):
        stem = word.removesuffix("js") if word.endswith("js") and len(word) > 4 else word
        if len(stem) >= 3 and stem not in PROSE and stem not in GENERIC and stem not in words:
            words.append(stem)
    return words


def config_files(tree: RepoTree) -> dict[str, list[str]]:
    """The tree's configuration files by each part of their names (``yarn.lock`` under
    yarn and lock, ``.eslintrc.js`` under eslintrc and js), each list sorted. Made once per
    tree: every decision's title is matched against it, and a repository of 4,000 files and
    70 ADRs spent 25 of its 38 s of link inference classifying the same paths again."""
    found: dict[str, list[str]] = {}
    for path in sorted(tree.files):
        if is_config(path):
            for part in set(re.split(r"[._\-]+", PurePosixPath(path).name.lower())):
                found.setdefault(part, []).append(path)
    return found


_TOOL_CONFIG = re.compile(r"^\.|\.config\.|rc(?:\.[a-z]+)?$")
_FORMAT_WORDS = frozenset({
    "yml", "yaml", "json", "xml", "toml", "ini", "cfg", "conf", "config", "lock", "env", "props", "properties", "rc",
    "js", "cjs", "mjs", "ts", "sh", "txt",
})


def configured_tools(configs: dict[str, list[str]]) -> set[str]:
    """The tools the repository's own tool configuration names: dotfiles, ``*.config.*`` and
    ``*rc`` files at the top or one folder down (``.eslintrc.js`` → eslintrc, ``jest.config.js``
    → jest), and a one-word file at the top or in ``.github/`` (``lerna.json``,
    ``.github/renovate.json``). Other configuration-looking files (test fixtures in
    XML, a module's ``settings.json``) name data, not tools: counting their name parts as
    tools made "native", "template" or "remote" in a title tool names."""
    tools: set[str] = set()
    for word, paths in configs.items():
        if len(word) < 3 or word in _FORMAT_WORDS or not word.isalpha():
            continue
        if any(_configures_a_tool(path) for path in paths):
            tools.add(word)
    return tools


def _configures_a_tool(path: str) -> bool:
    name = PurePosixPath(path).name.lower()
    if path.count("/") > 1 or is_manifest(path):  # package.json names the ecosystem, not a tool
        return False
    # ``lerna.json``, ``codecov.yml`` at the top or in .github/: one word, the tool's.
    one_word = name.split(".")[0].isalpha() and name.count(".") == 1 and (path.count("/") == 0 or path.startswith(".github/"))
    return bool(_TOOL_CONFIG.search(name)) or one_word


def named_config(words: Iterable[str], configs: dict[str, list[str]], known: Iterable[str] = ()) -> dict[str, list[str]]:
    """Configuration files (``configs``, from ``config_files``) named for one of ``words``
    (a name part: ``yarn.lock`` for yarn, ``.eslintrc.js`` for eslint, ``next.config.js``
    for next); a word that names more than six is too common to mean the tool. A word no
    one knows as a tool (``known``, the gazetteer) names only files shaped like a tool's own
    configuration (``_configures_a_tool``): "local" of "Use local datastore" is no tool, and
    a Rails translation file ``config/locales/en/errors/local_data_unavailable.yml`` does
    not configure it."""
    tools = set(known) | set(TECHNOLOGIES)
    named = sorted(set(words) & configs.keys(), key=lambda word: (configs[word][0], word))
    found = {word: configs[word] if word in tools else [p for p in configs[word] if _configures_a_tool(p)] for word in named
             if len(configs[word]) <= 6}
    return {word: paths for word, paths in found.items() if paths}


def automation_mentions(words: Iterable[str], grep: Grep, known: Iterable[str]) -> dict[str, list[str]]:
    """CI workflows, compose files, Dockerfiles and scripts that name one of ``words`` that
    is a known technology (``known``: the repository's libraries, the gazetteer's
    technologies, tools named by its config files): "redis" in the CI job that starts it.
    A word most of them name (git, node) marks none of them."""
    technologies = {w for w in words if w in set(known) | set(TECHNOLOGIES)}
    if not technologies:
        return {}
    def automation(pattern: str) -> list[str]:
        return [f for f in grep([pattern], list(_AUTOMATION)) if not _LOCK.search(f)]

    everything = automation(".")
    found: dict[str, list[str]] = {}
    for word in sorted(technologies):
        files = automation(rf"(^|[^a-z0-9]){re.escape(word)}([^a-z0-9]|$)")
        if 0 < len(files) <= max(2, len(everything) // 2):
            found[word] = sorted(files)
    return found
