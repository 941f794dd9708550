"""What a commit message says about decisions: decision ids, ADR numbers, ADR titles.

"Orders schema per dec-400b65af5851", "Implements ADR-7", "see adr 0012", "Follow
'Use PostgreSQL for orders'": ``ingest-git`` links the commit to the decisions named.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import PurePosixPath
from typing import Protocol

_DECISION_ID = re.compile(r"\bdec-[0-9a-f]{12}\b")
_ADR_NUMBER = re.compile(r"\badr[-_ #]?0*(\d{1,5})\b", re.IGNORECASE)
_FILE_NUMBER = re.compile(r"^(?:adr[-_]?)?0*(\d{1,5})(?:[-_.]|$)", re.IGNORECASE)
MIN_TITLE_CHARS = 12
"""Shorter titles ("Logging", "Use Go") occur in messages by chance."""
MIN_TITLE_WORDS = 2
"""A title of one word ("Authentication", "Documentation") is a topic, which messages name
whatever they are about; two words or more name the decision."""


class AdrReference(Protocol):
    """An ADR decision as a commit may name it (``graph.commits.AdrRow`` is one)."""

    @property
    def decision_id(self) -> str: ...

    @property
    def path(self) -> str | None: ...

    @property
    def title(self) -> str | None: ...


def adr_number(path: str | None) -> int | None:
    """The number an ADR's file name starts with (``0007-use-postgres.md``, ``adr-110-…``)."""
    found = _FILE_NUMBER.match(PurePosixPath(path).name) if path else None
    return int(found.group(1)) if found else None


class DecisionMentions:
    """Finds the decisions a commit message names, with the ADRs indexed once for a whole
    history: decision ids, ADR numbers (only when one ADR has that number) and whole titles."""

    def __init__(self, adrs: Iterable[AdrReference]) -> None:
        owners: dict[int, dict[tuple[str, str], list[str]]] = {}
        self._titles: list[tuple[str, str]] = []
        for adr in adrs:
            number = adr_number(adr.path)
            title = (adr.title or "").strip().lower()
            if number is not None:
                owners.setdefault(number, {}).setdefault((adr.path or "", title), []).append(adr.decision_id)
            if len(title) >= MIN_TITLE_CHARS and len(title.split()) >= MIN_TITLE_WORDS:
                self._titles.append((title, adr.decision_id))
        # Two collections numbering alike: the number alone says not which. The same file
        # with the same title in two collections (an ADR imported twice, before import-adr
        # kept a file in the collection that first held it) is one ADR: the number names
        # each copy, as its title does.
        self._by_number = {number: ids for number, adrs in owners.items() if len(adrs) == 1 for ids in adrs.values()}

    def __call__(self, message: str) -> list[str]:
        """Ids of the decisions ``message`` names, in order, without repeats."""
        found = _DECISION_ID.findall(message)
        found += [i for n in _ADR_NUMBER.findall(message) for i in self._by_number.get(int(n), ())]
        lowered = message.lower()
        found += [decision_id for title, decision_id in self._titles if title in lowered]
        return list(dict.fromkeys(found))
