"""The components and types a decision names, found among the repository's directories
and files: "Kafka DLQ producer" → ``src/Paramore.Brighter.MessagingGateway.Kafka/``,
"the worker process" → ``packages/worker/``, ``IAmAHandlerFactory`` →
``src/…/IAmAHandlerFactory.cs``."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import PurePosixPath

from nlp.code_links.history import Renames
from nlp.code_links.libraries import GENERIC
from nlp.code_links.tree import RepoTree
from nlp.gazetteer import TECHNOLOGIES

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]+")
HUMPS = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")
"""The parts of an identifier at its humps (``HTTPServer`` → HTTP, Server; ``v4`` → v, 4)."""
_TYPE_NAME = re.compile(r"\b(?:I[A-Z]|[A-Z][a-z]+[A-Z])[A-Za-z0-9]{2,}\b")
_CODE_SPAN = re.compile(r"`([A-Za-z_][\w.]{2,80})`")
_SEPARATORS = re.compile(r"[._\- ]+")
_PLAIN_WORD = re.compile(r"[a-z]+")
"""A lower-case word in backticks (`search`, `filter`, `start`) is a word of the domain that
files of many packages are named by, not one module's name (`search_traces`, `RoutingKey`)."""
SOURCE_SUFFIXES = frozenset({
    ".cs", ".fs", ".vb", ".java", ".kt", ".scala", ".ts", ".tsx", ".js", ".jsx", ".mjs", ".py", ".go", ".rs", ".rb",
    ".swift", ".c", ".h", ".cc", ".cpp", ".hpp", ".m", ".php", ".ex", ".exs", ".clj", ".dart", ".vue", ".svelte",
})
"""Files a type or module is declared in: source code, not the solution or build file that
shares the product's name (``Brighter.slnx``)."""

PROSE = frozenset("""
use using used uses add adds added adding remove removes removed support supports supported make makes allow
allows enable enables provide provides prefer instead over with without from into when that this these those
there their they them then than what which while where will would should could must have has been being were
only also more most less least very much many some other each every both either neither same such like just
better best good bad new old first last next before after about above below between within across through
into onto upon need needs needed want wants work works working keep keeps change changes changed move moves
moved record records decision decisions architecture architectural adr adrs option options approach approaches
strategy pattern patterns design designs implement implementation implementations handle handles handling
default defaults custom explicit implicit simple single multiple separate separated different generic general
specific common shared public private internal external proper properly current currently future existing
rather avoid avoids based always never often still even until since because therefore however although
code codes part parts case cases time times way ways thing things value values type types level levels
the and for not nor are can our its how all any out per via who why yet was get got let one two own too
""".split())
"""Words of any decision's prose that name no component."""

MAX_OWNERS = 3
"""A word that names the directories of more than this many separate places names none of them."""


_PRODUCTS = frozenset(surface.lower() for surface in TECHNOLOGIES)
"""Names of technologies and products (``nlp.gazetteer``), kept whole when words are split."""


def words_of(text: str) -> set[str]:
    """Lower-case words of ``text`` that may name a component: identifiers split at
    their humps and separators, with a plural's ``s`` also dropped."""
    found: set[str] = set()
    for token in _WORD.findall(text):
        # A product's name is one word: "TypeScript" names no "script/" folder, "OpenAPI" no "open/".
        for part in [token] if token.lower() in _PRODUCTS else [token, *HUMPS.findall(token)]:
            word = part.lower()
            if len(word) >= 4 and _may_name(word):
                found.add(word)
                if word.endswith("s") and len(word) > 4 and _may_name(word[:-1]):
                    found.add(word[:-1])
    return found


def _may_name(word: str) -> bool:
    """Not a word of any decision's prose nor a generic part of a name."""
    return word not in PROSE and word not in GENERIC


def name_parts(name: str) -> set[str]:
    """The lower-case parts of a directory or file name (``Paramore.Brighter.Kafka`` →
    paramore, brighter, kafka; ``MessagingGateway`` → messaging, gateway, messaginggateway)."""
    parts: set[str] = set()
    for piece in _SEPARATORS.split(PurePosixPath(name).stem if "." in name and "/" not in name and _is_file_name(name) else name):
        if not piece:
            continue
        parts.add(piece.lower())
        parts.update(p.lower() for p in HUMPS.findall(piece))
    return {p for p in parts if len(p) >= 4}


def component_directories(words: Iterable[str], tree: RepoTree) -> dict[str, list[str]]:
    """For each word, the top-most directories whose name has it as a part, when the word
    is distinctive: it names no more than ``MAX_OWNERS`` separate places (a word in every
    project's name, such as the product's own name, names nothing in particular)."""
    wanted = set(words)
    owners: dict[str, list[str]] = defaultdict(list)
    for directory in sorted(tree.dirs, key=lambda d: (d.count("/"), d)):
        name = directory.rstrip("/").rsplit("/", 1)[-1]
        for word in name_parts(name) & wanted:
            if not any(directory.startswith(top) for top in owners[word]):
                owners[word].append(directory)
    return {word: dirs for word, dirs in owners.items() if len(dirs) <= MAX_OWNERS}


MAX_WORD_FILES = 3
"""A word that names more source files than this (``handler``, ``client``) names a kind of
file, not one component's. Over the 24 labelled repositories, 2, 3 and 4 were run: 3 gave the
best F1 (docs/check-diff.md)."""


def files_by_name_part(tree: RepoTree) -> dict[str, list[str]]:
    """Each part of a source file's name (``get_download.go`` → get, download) → the files
    that have it: read once per tree, asked for every decision's words."""
    index: dict[str, list[str]] = defaultdict(list)
    for path in sorted(tree.files):
        pure = PurePosixPath(path)
        if pure.suffix in SOURCE_SUFFIXES:
            for part in name_parts(pure.name.split(".", 1)[0]):
                index[part].append(path)
        elif "/" not in path and pure.name.split(".", 1)[0].isupper():
            index[pure.name.split(".", 1)[0].lower()].append(path)  # CHANGELOG.md, CODEOWNERS
    return dict(index)


def word_files(words: Iterable[str], index: dict[str, list[str]]) -> dict[str, list[str]]:
    """For each word, the source files whose name has it as a part (``index``:
    ``files_by_name_part``), as ``transform/window.rs`` for "windows" and
    ``server/get_download.go`` for "download", when at most ``MAX_WORD_FILES`` files do: code
    kept one concept a file, as a component is kept in a folder."""
    found: dict[str, list[str]] = {}
    for word in words:
        files = index.get(word, [])
        if 0 < len(files) <= MAX_WORD_FILES:
            found[word] = list(files)
    return found


def type_names(text: str) -> set[str]:
    """Type and module names a decision writes as code (``IAmAHandlerFactory``,
    ``RoutingKey``, a backticked ``worker``), not a plain word of the domain."""
    names = {m for m in _TYPE_NAME.findall(text)} | {m.rsplit(".", 1)[-1] for m in _CODE_SPAN.findall(text)}
    return {n for n in names if len(n) >= 4 and n.lower() not in GENERIC and not _PLAIN_WORD.fullmatch(n)}


def typed_files(text: str, tree: RepoTree) -> dict[str, list[str]]:
    """Type and module names a decision writes as code (``type_names``) → the files named
    after them (one type a file, as C#, Java and TypeScript projects keep them), when at
    most two files are."""
    found: dict[str, list[str]] = {}
    for name in sorted(type_names(text)):
        files = [f for f in tree.with_stem(name) if PurePosixPath(f).suffix in SOURCE_SUFFIXES]
        if 0 < len(files) <= 2:
            found[name] = files
    return found


def _is_file_name(name: str) -> bool:
    return bool(re.search(r"\.[a-z]{1,5}$", name))


def shared(decision_words: set[str], others: Sequence[set[str]]) -> set[str]:
    """Words of one decision that most decisions of the repository also use (its product's
    name, its domain's everyday words): they name no component of this one."""
    if len(others) < 4:
        return set()
    counts: dict[str, int] = defaultdict(int)
    for words in others:
        for word in words:
            counts[word] += 1
    return {w for w in decision_words if counts[w] > len(others) / 3}


_MARKDOWN_LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_FORGE_PATH = re.compile(r"^https?://[^/]+/[^/]+/[^/]+/(?:-/)?(?:blob|tree)/[^/]+/([^#?]+)")


def linked_paths(text: str, source_path: str | None, tree: RepoTree, current: Renames) -> list[str]:
    """Repository paths a document links to: relative markdown links (``../../packages/
    command-bus``, resolved from the document's folder) and links to files on a forge
    (``…/blob/<ref>/packages/app/src/worker.ts``), followed through later renames to the
    path that exists today; images are not code (documents are sorted by the caller)."""
    base = PurePosixPath(source_path).parent if source_path else PurePosixPath("")
    found: list[str] = []
    for target in _MARKDOWN_LINK.findall(text):
        target = target.split("#", 1)[0].split("?", 1)[0]
        forge = _FORGE_PATH.match(target)
        if forge:
            candidate = forge.group(1)
        elif re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE) or not target or target.startswith("/"):
            continue
        else:
            candidate = _normalise(base / target)
        if candidate is None or PurePosixPath(candidate).suffix.lower() in (".png", ".jpg", ".svg", ".gif"):
            continue
        today = _today(candidate, tree, current)
        if today and today not in found:
            found.append(today)
    return found


def _normalise(path: PurePosixPath) -> str | None:
    parts: list[str] = []
    for part in path.parts:
        if part == "..":
            if not parts:
                return None
            parts.pop()
        elif part not in (".", ""):
            parts.append(part)
    return "/".join(parts) or None


def _today(path: str, tree: RepoTree, current: Renames) -> str | None:
    """``path`` as it exists now: itself, its file renamed, or its directory moved (where
    most of the files that were under it went)."""
    if tree.exists(path):
        return path if path in tree.files else path.rstrip("/") + "/"
    renamed = current(path)
    if renamed != path and tree.exists(renamed):
        return renamed
    moved = current.moved(path.rstrip("/") + "/")
    return moved if moved and tree.exists(moved) else None
