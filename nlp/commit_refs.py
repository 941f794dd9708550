"""What a commit message says about decisions: decision ids, ADR numbers, ADR titles.

"Orders schema per dec-400b65af5851", "Implements ADR-7", "see adr 0012", "Follow
'Use PostgreSQL for orders'": ``ingest-git`` links the commit to the decisions named.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import PurePosixPath

_DECISION_ID = re.compile(r"\bdec-[0-9a-f]{12}\b")
_ADR_NUMBER = re.compile(r"\badr[-_ #]?0*(\d{1,5})\b", re.IGNORECASE)
_FILE_NUMBER = re.compile(r"^(?:adr[-_]?)?0*(\d{1,5})(?:[-_.]|$)", re.IGNORECASE)
MIN_TITLE_CHARS = 12
"""Shorter titles ("Logging", "Use Go") occur in messages by chance."""


@dataclass(frozen=True)
class AdrReference:
    """An ADR decision as a commit may name it."""

    decision_id: str
    path: str | None
    title: str | None

    @property
    def number(self) -> int | None:
        """The number its file name starts with (``0007-use-postgres.md``, ``adr-110-…``)."""
        if not self.path:
            return None
        found = _FILE_NUMBER.match(PurePosixPath(self.path).name)
        return int(found.group(1)) if found else None


def mentioned_decisions(message: str, adrs: Iterable[AdrReference]) -> list[str]:
    """Ids of the decisions ``message`` names: its decision ids, then ADRs by number (only
    when one ADR has that number) or by their whole title, in order, without repeats."""
    found = _DECISION_ID.findall(message)
    by_number: dict[int, list[str]] = {}
    adr_list = list(adrs)
    for adr in adr_list:
        if adr.number is not None:
            by_number.setdefault(adr.number, []).append(adr.decision_id)
    for number in _ADR_NUMBER.findall(message):
        owners = by_number.get(int(number), [])
        if len(owners) == 1:  # two collections numbering alike: the number alone says not which
            found.append(owners[0])
    lowered = message.lower()
    for adr in adr_list:
        title = (adr.title or "").strip().lower()
        if len(title) >= MIN_TITLE_CHARS and title in lowered:
            found.append(adr.decision_id)
    return list(dict.fromkeys(found))
