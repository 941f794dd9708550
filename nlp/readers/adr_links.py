"""Supersede and amend links stated in ADRs, in the status section, metadata or body text.

Statements recognised (case-insensitive), each giving a relation and one or more targets:

- "Superseded by [0005-x](0005-x.md)", "superseded by ADR 111", "Deprecated in favor of ADR-37",
  "Superseded: 2019-12-19 by [ADR 14](0014-x.md)" (a status row that dates the step)
  (partial when what is superseded is a part: "Decisions 2 and 3 superseded by ADR 9";
  "superceded", a common misspelling, reads the same)
- "Supersedes [0003-y](0003-y.md)", "Supersedes 0005-unrevoking-licenses.rst", "This ADR supersedes the decisions made in ADRs 60 and 61",
  "in part supersedes ADR 4" / "partially supersedes" (partial)
- "Partly undo ADR 109" / "Reverts ADR 7" in the title or text (supersedes; partial when "partly")
- "Amends [ADR-8](…)", "Amended by ADR 12", a metadata row "| Updates | ADR-8 |"

"Rejected in favour of ADR N" is not a link: the other ADR was the chosen alternative.
Targets are references (a linked file's stem, or an ADR number) resolved by the importer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePosixPath

from nlp.readers.adr_status import part_superseded

Relation = str  # "supersedes", "superseded_by", "amends", "amended_by"


@dataclass(frozen=True)
class AdrLink:
    """One link as the ADR states it; ``target`` is a file stem or ``#<number>``."""

    relation: Relation
    target: str
    partial: bool
    line: str


_MD_LINK = re.compile(r"\[[^\]]*\]\(([^)\s#]+\.md)(?:#[^)]*)?\)")
_RST_LINK = re.compile(r"`[^`<]*<([^>\s#]+\.rst)(?:#[^>]*)?>`_")
_FILE_NAME = re.compile(r"(?<![\w/.-])((?:adr[-_])?\d{1,5}-[\w.-]*?)\.(?:md|rst)\b", re.IGNORECASE)
"""An ADR's file written out without a link ("Supersedes 0005-unrevoking-licenses.rst"), as
reStructuredText collections often do."""
_CLAUSE_END = re.compile(r";|,\s*(?!(?:and|or|ADRs?|RFC)\b|[\[`#\d<])(?=\w)", re.IGNORECASE)
"""Where a link's statement ends: a semicolon, or a comma before words that name no ADR."""
_NUMBERS = re.compile(r"\bADRs?[-\s#]*((?:\d+)(?:\s*(?:,|and|&)\s*(?:ADR[-\s#]*)?\d+)*)", re.IGNORECASE)
_DAY = r"(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}(?:st|nd|rd|th)?\s+[a-z]{3,9}\.?\s+\d{4}|[a-z]{3,9}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}|\d{1,2}/\d{1,2}/\d{2,4})"
"""A day as status rows write it: 2019-12-19, 12 March 2020, March 12, 2020, 12/03/2020."""
_RULES: tuple[tuple[re.Pattern[str], Relation, bool], ...] = (
    (re.compile(r"\b(?:rejected|declined)\b[^.\n]*\bin fav(?:ou|o)r of\b", re.IGNORECASE), "", False),
    (re.compile(r"\b(?:partly|partially|in part)\s+super[sc]eded\s+by\b", re.IGNORECASE), "superseded_by", True),
    (re.compile(r"\b(?:partly|partially|in part)\s+super[sc]ed(?:es|ed)\b", re.IGNORECASE), "supersedes", True),
    (re.compile(r"\bsuper[sc]eded\s+(?:in part\s+|partly\s+|partially\s+)by\b", re.IGNORECASE), "superseded_by", True),
    (re.compile(r"\bsuper[sc]eded\s+by\b", re.IGNORECASE), "superseded_by", False),
    # A status row that dates the step first: "Superseded: 2019-12-19 by [ADR 14](0014-x.md)",
    # "Superseded (12 March 2020) by ADR 9".
    (re.compile(r"\bsuper[sc]eded\s*[:(]?\s*(?:on\s+)?" + _DAY + r"\)?,?\s+by\b", re.IGNORECASE), "superseded_by", False),
    (re.compile(r"\bdeprecated?\s+in\s+fav(?:ou|o)r\s+of\b", re.IGNORECASE), "superseded_by", False),
    (re.compile(r"\bsuper[sc]edes\b", re.IGNORECASE), "supersedes", False),
    (re.compile(r"\b(?:partly|partially)\s+(?:undo(?:es)?|reverts?)\b", re.IGNORECASE), "supersedes", True),
    (re.compile(r"\b(?:undo(?:es)?|reverts?)\s+ADR\b", re.IGNORECASE), "supersedes", False),
    (re.compile(r"\bamended\s+by\b", re.IGNORECASE), "amended_by", False),
    (re.compile(r"\bamends\b", re.IGNORECASE), "amends", False),
    (re.compile(r"^\|\s*(?:updates|amends)\s*\|", re.IGNORECASE), "amends", False),
)


def extract_links(text: str) -> list[AdrLink]:
    """Every link the ADR states, in order, without repeats."""
    links: list[AdrLink] = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            continue
        # Rules in priority order; a later rule's match inside an earlier one's is the same
        # statement ("partly supersedes" is not also "supersedes"). Each statement's
        # targets are what follows it, up to the next statement on the line.
        kept: list[tuple[int, int, Relation, bool]] = []
        for pattern, relation, partial in _RULES:
            for match in pattern.finditer(stripped):
                if not any(match.start() < end and start < match.end() for start, end, _, _ in kept):
                    kept.append((match.start(), match.end(), relation, partial))
        kept.sort()
        for index, (start, _end, relation, partial) in enumerate(kept):
            if not relation:
                continue  # "rejected in favour of": the other ADR won; not a link
            if re.match(r"super[sc]eded", stripped[start:], re.IGNORECASE) and part_superseded(stripped[:start]):
                partial = True  # "Accepted; interface and authoring superseded by ADR-20"
            stop = kept[index + 1][0] if index + 1 < len(kept) else len(stripped)
            clause = _CLAUSE_END.search(stripped, start, stop)  # "…, sourcing extended by ADR-19": not this link's
            stop = clause.start() if clause else stop
            links += [AdrLink(relation, target, partial, stripped) for target in _targets(stripped[start:stop])]
    unique: dict[tuple[str, str], AdrLink] = {}
    for link in links:
        unique.setdefault((link.relation, link.target), link)
    return list(unique.values())


def _targets(text: str) -> list[str]:
    """References after a link word: linked .md or .rst files, else ADR files named without
    a link, else ADR numbers."""
    files = [PurePosixPath(href).stem for href in [*_MD_LINK.findall(text), *_RST_LINK.findall(text)]]
    files = files or _FILE_NAME.findall(text)
    if files:
        return list(dict.fromkeys(files))
    numbers: list[str] = []
    for group in _NUMBERS.findall(text):
        numbers += [f"#{int(n)}" for n in re.findall(r"\d+", group)]
    return list(dict.fromkeys(numbers))


def adr_number(stem: str) -> int | None:
    """The number in an ADR's file name: ``ADR-15`` → 15, ``adr-110-remote`` → 110, ``0005-x`` → 5;
    None for date-prefixed slugs (``20201016-use-the-adr-slug``)."""
    match = re.match(r"^(?:adr[-_\s]?)?(\d{1,5})(?:\D|$)", stem, re.IGNORECASE)
    return int(match.group(1)) if match else None
