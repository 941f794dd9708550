"""The date a file states for itself: front matter, a dated first heading, a ``Date:``
line near the top, its file name or its folder.

Backfilled meeting notes and minutes rarely time their messages, but nearly always say
which day the meeting was; without it every decision would be dated the day it was loaded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import PurePath

from nlp.schema import Conversation

_MONTHS = {
    name: number
    for number, names in enumerate(
        (("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may",),
         ("june", "jun"), ("july", "jul"), ("august", "aug"), ("september", "sep", "sept"),
         ("october", "oct"), ("november", "nov"), ("december", "dec")),
        start=1,
    )
    for name in names
}
_MONTH = "|".join(sorted(_MONTHS, key=len, reverse=True))
_DAY = r"(?P<d>0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?"
_YEAR = r"(?P<y>(?:19|20)\d\d)"
_PATTERNS = (
    # 2022-01-04, 2022/01/04, 2022_01_04, 2022.01.04
    re.compile(rf"(?<!\d){_YEAR}[-_./](?P<m>0?[1-9]|1[0-2])[-_./](?P<d>0?[1-9]|[12]\d|3[01])(?!\d)"),
    # 20220104 (file names: sig-meeting-20220104.md)
    re.compile(r"(?<!\d)(?P<y>(?:19|20)\d\d)(?P<m>0[1-9]|1[0-2])(?P<d>0[1-9]|[12]\d|3[01])(?!\d)"),
    # January 4th, 2022 / Jan 4 2022
    re.compile(rf"\b(?P<mon>{_MONTH})\.?\s+{_DAY},?\s+{_YEAR}\b", re.IGNORECASE),
    # 4 January 2022 / 4th Jan, 2022
    re.compile(rf"(?<!\d){_DAY}\s+(?:of\s+)?(?P<mon>{_MONTH})\.?,?\s+{_YEAR}\b", re.IGNORECASE),
)
_FRONT_MATTER_DATE = re.compile(r"^date\s*:\s*['\"]?(?P<value>[^'\"\n]+)", re.IGNORECASE | re.MULTILINE)
# "Date: …", "**Date/Time:** …", "- Date of meeting: …" — a label, not a sentence.
_DATE_LINE = re.compile(r"^[\s>*_#-]*(?:\*\*|__)?\s*date\b[^:\n]{0,20}:", re.IGNORECASE)
_TOP_LINES = 20


@dataclass(frozen=True)
class SourceDate:
    """When a source says it happened, and where it says so (for the ingest summary)."""

    when: datetime
    where: str


def date_in(text: str) -> date | None:
    """The first calendar date written in ``text`` (ISO, compact or with a month name)."""
    found: list[tuple[int, date]] = []
    for pattern in _PATTERNS:
        for match in pattern.finditer(text):
            parts = match.groupdict()
            month = int(parts["m"]) if parts.get("m") else _MONTHS[parts["mon"].lower().rstrip(".")]
            try:
                found.append((match.start(), date(int(parts["y"]), month, int(parts["d"]))))
            except ValueError:  # 2022-02-30
                continue
            break
    return min(found)[1] if found else None


def without_date(text: str) -> str:
    """``text`` with its dates and the separators around them removed: the name of a
    series of dated meetings ("Rez TSC Meeting Notes - 2022-08-18" → "Rez TSC Meeting Notes")."""
    for pattern in _PATTERNS:
        text = pattern.sub(" ", text)
    return re.sub(r"\s+", " ", re.sub(r"(?:\s*[-_–—:,|@(]\s*)+$|^(?:\s*[-_–—:,|)]\s*)+", "", text.strip())).strip()


def stated_date(text: str, path: PurePath | None = None) -> SourceDate | None:
    """The date ``text`` (read from ``path``) states for itself, or None.

    Strongest first: a ``date:`` in front matter, a date in the first heading, a ``Date:``
    line among the first lines, the file name, the folder the file is in.
    """
    for where, source in _sources(text, path):
        found = date_in(source)
        if found is not None:
            return SourceDate(datetime(found.year, found.month, found.day, tzinfo=UTC), where)
    return None


def _sources(text: str, path: PurePath | None) -> list[tuple[str, str]]:
    lines = text.lstrip("\ufeff").splitlines()
    sources: list[tuple[str, str]] = []
    if lines and lines[0].strip() == "---":
        end = next((i for i, line in enumerate(lines[1:], start=1) if line.strip() in {"---", "..."}), None)
        if end is not None:
            match = _FRONT_MATTER_DATE.search("\n".join(lines[1:end]))
            if match:
                sources.append(("front matter", match.group("value")))
            lines = lines[end + 1 :]
    top = lines[:_TOP_LINES]
    heading = next((line for line in top if line.lstrip().startswith("#")), None)
    if heading is not None:
        sources.append(("first heading", heading))
    sources += [("a Date line", line) for line in top if _DATE_LINE.match(line)][:1]
    if path is not None:
        sources.append(("file name", path.stem))
        if path.parent.name:
            sources.append(("folder name", path.parent.name))
    return sources


def oldest_first(conversation: Conversation) -> tuple[bool, datetime]:
    """A sort key that puts conversations oldest first by the time their first timed message
    was written, and those with no time after them (in the order given: the sort is stable)."""
    times = [m.timestamp for m in conversation.messages if m.timestamp]
    return (not times, min(times) if times else datetime.max.replace(tzinfo=UTC))
