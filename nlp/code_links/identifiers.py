"""Identifiers a decision writes as code that few files contain: the script it says to run
(`yarn app start:worker` → the ``package.json`` files that define ``start:worker``), the
setting it names (``GIT_ROOT``), the job or flag it adds (``aws-ci``, ``--dry-run``).

Only identifiers shaped as such count: words joined by ``:``, ``_`` or ``-`` (a type's
name is the components' concern, a dotted member access names code everywhere), found in
at most ``MAX_FILES`` files, and written by at most ``MAX_OWNERS`` decisions.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Sequence

from nlp.code_links.components import PROSE, name_parts
from nlp.code_links.model import CodeLink, DecisionText
from nlp.code_links.tree import RepoTree, common_directories, is_code
from nlp.plural import plural

MAX_FILES = 3
"""An identifier more files contain is a common one: it marks none of them."""
MAX_OWNERS = 2
"""An identifier more decisions write is the repository's vocabulary, not one decision's."""

STRENGTH = 0.55
"""As strong as a commit naming the decision in passing: the identifier may be written
where the text says what was, not what is."""

_CODE_SPAN = re.compile(r"`([^`\n]{2,120})`")
_TOKEN = re.compile(r"[A-Za-z_][\w:\-]*[A-Za-z0-9_]")
_JOINED = re.compile(r"[A-Za-z0-9][:_\-][A-Za-z0-9]")

Occurrences = Callable[[Sequence[str]], dict[str, list[str]]]


def identifiers_of(text: str) -> set[str]:
    """The identifiers ``text`` writes as code: `yarn app start:worker` → start:worker."""
    found: set[str] = set()
    for span in _CODE_SPAN.findall(text):
        if "/" in span:  # a path: stated, not an identifier
            continue
        for token in _TOKEN.findall(span):
            if len(token) >= 5 and _JOINED.search(token) and "." not in token:
                found.add(token)
    return found


def identifier_links(
    decisions: Sequence[DecisionText], occurrences: Occurrences, documents: Sequence[str], libraries: Sequence[str] = (),
) -> list[CodeLink]:
    """The files that contain an identifier a decision writes as code (see the module).
    The name of a library the repository declares (``tracing-subscriber``, ``ibc-go``) is
    no identifier of one decision: the manifests and licence lists that carry it are the
    library's, and the library rules say which decisions govern them."""
    declared = {part.lower() for name in libraries for part in (name, name.rstrip("/").rsplit("/", 1)[-1])}
    # A module path (github.com/cosmos/ibc-go/v8) also declares its repository's name; the
    # segments are counted on the stripped name, which is the one indexed.
    segments = [name.rstrip("/").split("/") for name in libraries]
    declared |= {parts[2].lower() for parts in segments if len(parts) >= 3 and "." in parts[0]}
    written = {
        d.id: {w for w in identifiers_of("\n".join((d.title, d.summary, d.body))) if w.lower() not in declared} for d in decisions
    }
    owners: dict[str, int] = defaultdict(int)
    for words in written.values():
        for word in words:
            owners[word] += 1
    wanted = sorted(w for w, n in owners.items() if n <= MAX_OWNERS)
    where = occurrences(wanted) if wanted else {}
    links: list[CodeLink] = []
    for decision in decisions:
        for word in sorted(written[decision.id]):
            files = [f for f in where.get(word, ()) if is_code(f, documents)]
            if owners[word] > MAX_OWNERS or not 0 < len(files) <= MAX_FILES:
                continue
            for path in files:
                links.append(CodeLink(decision.id, path, "identifier", STRENGTH, f"{path} has {word}, which it writes"))
    return links


_ANNOTATION = re.compile(
    r"\[([A-Z][A-Za-z0-9]{3,})(?=\(|\](?!\())"  # [LoggerMessage], [Obsolete(...)], not a [Link](target)
    r"|`@([A-Z][A-Za-z0-9]{3,})\b"  # `@Transactional`
    r"|\b([A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*)\s+(?:attribute|annotation|decorator)s?\b"  # "the LoggerMessage attribute"
)


def annotations_of(text: str) -> set[str]:
    """The attributes or annotations ``text`` names as such: `[LoggerMessage]`,
    `@Transactional`, "the LoggerMessage attribute"."""
    return {a or b or c for a, b, c in _ANNOTATION.findall(text)}


def _echoes(name: str, title: str) -> bool:
    """Whether an annotation's name carries a word of the title (``LoggerMessage`` in "Use
    source generated logging"): then it is how the decision is applied, not an example
    written on the way (a log line's ``[LoggerMessage]`` in "Kafka nack seek to offset")."""
    stems = {w[:4] for w in re.findall(r"[a-z]{5,}", title.lower()) if w not in PROSE}
    return any(part[:4] in stems for part in name_parts(name) if len(part) >= 5)


def annotation_links(
    decisions: Sequence[DecisionText], annotated: Occurrences, tree: RepoTree, documents: Sequence[str],
) -> list[CodeLink]:
    """A convention a decision states by an attribute or annotation in what it decides
    (its title, summary or decision: "logging methods attributed with [LoggerMessage]"),
    whose name carries a word of its title, governs the code that applies it, however
    much: gathered into the directories it fills. Named only in the longer text, or
    unrelated to the title, an annotation is an example, not the decision."""
    named = {
        d.id: {a for a in annotations_of(f"{d.title}\n{d.summary}\n{d.rationale}") if _echoes(a, d.title)} for d in decisions
    }
    wanted = sorted(set().union(*named.values())) if named else []
    where = annotated(wanted) if wanted else {}
    links: list[CodeLink] = []
    for decision in decisions:
        for name in sorted(named[decision.id]):
            files = [f for f in where.get(name, ()) if is_code(f, documents)]
            for path in common_directories(files, tree):
                count = sum(1 for f in files if f.startswith(path)) if path.endswith("/") else 1
                links.append(CodeLink(decision.id, path, "annotation", 0.6,
                                      f"{plural(count, 'file')} in {path} {'applies' if count == 1 else 'apply'} [{name}], which it decides"
                                      if path.endswith("/") else f"{path} applies [{name}], which it decides"))
    return links
