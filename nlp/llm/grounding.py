"""Keep only what the text supports: an LLM's stakeholders, files and alternatives must
appear in the conversation (or be a message author); the rest is dropped and counted."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from nlp.schema import person_name

_WORD = re.compile(r"[a-z0-9][a-z0-9.+#/-]*")
_STOP = frozenset("a an the to of for and or in on with we our it is be will use this that as at by from".split())


@dataclass
class GroundingReport:
    """What grounding removed or marked, over a whole run."""

    dropped_stakeholders: int = 0
    dropped_files: int = 0
    dropped_alternatives: int = 0
    inferred_decisions: int = 0
    fallbacks: int = 0


class Grounding:
    """The text of a window of messages, and checks against it."""

    def __init__(self, texts: Sequence[str], authors: Iterable[str | None]) -> None:
        self._text = "\n".join(texts).lower()
        self._authors = {name.lower() for name in map(person_name, authors) if name}
        self._words = set(_WORD.findall(self._text))

    def mentions(self, phrase: str) -> bool:
        """The phrase appears in the text (case-insensitively), as written."""
        cleaned = phrase.strip().lower()
        return bool(cleaned) and cleaned in self._text

    def person(self, name: str) -> bool:
        """A message author, or a name the text mentions; never a session's role ("user",
        "assistant"), which names no one in particular (``nlp.schema.person_name``)."""
        cleaned = name.strip().lstrip("@").lower()
        if person_name(cleaned) is None:
            return False
        return cleaned in self._authors or self.mentions(cleaned)

    def coverage(self, sentence: str) -> float:
        """Share of the sentence's content words that occur in the text."""
        words = [w for w in _WORD.findall(sentence.lower()) if w not in _STOP]
        if not words:
            return 0.0
        return sum(1 for w in words if w in self._words) / len(words)
