"""Code that cites a decision record: a comment or a string that names the ADR by its number
("see ADR 0014", ``// ADR-3``) or by its file (``adr/0014-local-state-inspection.md``). Whoever
wrote it tied that code to the decision themselves, so the tie is as strong as a stated path."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from pathlib import PurePosixPath

from nlp.code_links.model import CodeLink, DecisionText
from nlp.code_links.tree import RepoTree, is_code

CITATION_LINE = r"adr[-_ #]?[0-9]+|[0-9]{2,}-[a-z0-9]+-[a-z0-9-]+"
"""What a line must hold to be read at all (extended regex, case-insensitive): one pass over
the tree finds every line that may cite a record by number or by file name."""

_NUMBERED = re.compile(r"^(?:adr[-_]?)?0*([0-9]+)[-_]", re.IGNORECASE)
MIN_STEM = 10
"""A file name shorter than this (``0001-x``) is too plain to be read as a citation."""
MAX_CITED = 3
"""A file that cites more records than this is an index or a changelog of them, not code one
of them governs."""
CONFIDENCE = 0.7
"""As strong as a link the document itself makes (``document link``): the code's author
wrote the tie down, but a citation may also say "unlike ADR 12"."""

Cited = Callable[[Sequence[str]], list[tuple[str, str]]]
"""Extended regexes → the (file, line) pairs of the tree whose line matches one of them."""


def citation_patterns(decisions: Sequence[DecisionText]) -> dict[str, re.Pattern[str]]:
    """Decision id → the pattern of a line that cites it: its document's file name, and its
    number written after "ADR" when no other record of the repository has that number (a
    collection that numbers two records 0057 cites neither by number)."""
    numbers: dict[str, str] = {}
    for decision in decisions:
        if decision.source_path:
            match = _NUMBERED.match(PurePosixPath(decision.source_path).name)
            if match:
                numbers[decision.id] = match.group(1)
    taken = Counter(numbers.values())
    patterns: dict[str, re.Pattern[str]] = {}
    for decision in decisions:
        if not decision.source_path:
            continue
        forms: list[str] = []
        stem = PurePosixPath(decision.source_path).stem
        if len(stem) >= MIN_STEM and re.search(r"[a-z]", stem, re.IGNORECASE):
            forms.append(rf"(?<![\w-]){re.escape(stem)}(?![\w-])")
        number = numbers.get(decision.id)
        if number is not None and taken[number] == 1:
            forms.append(rf"\badr[-_ #]?0*{number}\b(?!\.[0-9])")
        if forms:
            patterns[decision.id] = re.compile("|".join(forms), re.IGNORECASE)
    return patterns


def citation_links(
    decisions: Sequence[DecisionText], cited: Cited, tree: RepoTree, documents: Sequence[str],
) -> list[CodeLink]:
    """The code files that cite each decision's record (``citation_patterns``), leaving out
    documentation, the decision documents and files that cite more than ``MAX_CITED``
    records."""
    patterns = citation_patterns(decisions)
    if not patterns:
        return []
    citing: dict[str, set[str]] = defaultdict(set)
    for path, line in cited([CITATION_LINE]):
        if path not in tree.files or not is_code(path, documents):
            continue
        for decision_id, pattern in patterns.items():
            if pattern.search(line):
                citing[path].add(decision_id)
    links: list[CodeLink] = []
    for path, ids in sorted(citing.items()):
        if len(ids) > MAX_CITED:
            continue
        for decision_id in sorted(ids):
            links.append(CodeLink(decision_id, path, "citation", CONFIDENCE, f"{path} cites its record"))
    return links
