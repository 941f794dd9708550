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

from nlp.code_links.model import CodeLink, DecisionText
from nlp.code_links.tree import is_code

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


def identifier_links(decisions: Sequence[DecisionText], occurrences: Occurrences, documents: Sequence[str]) -> list[CodeLink]:
    """The files that contain an identifier a decision writes as code (see the module)."""
    written = {d.id: identifiers_of("\n".join((d.title, d.summary, d.body))) for d in decisions}
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
