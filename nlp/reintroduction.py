"""Does a change bring back an option a decision rejected? Its added lines name the option.

An option is named by the technologies it mentions ("Migrate to DynamoDB for better scale"
→ DynamoDB, with its other spellings) or, when it is short, by its own words ("MongoDB",
"gRPC streaming"). Words the chosen decision itself names never count: "Keep PostgreSQL
without a cache" rejected is not reintroduced by a line that uses PostgreSQL.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from nlp.gazetteer import CASE_SENSITIVE, TECHNOLOGIES

MAX_OPTION_WORDS = 3
"""An option of more words is a sentence, named only through the technologies in it."""
_SURFACES_OF: dict[str, list[str]] = {}
for _surface, (_canonical, _) in TECHNOLOGIES.items():
    _SURFACES_OF.setdefault(_canonical, []).append(_surface)


@dataclass(frozen=True)
class NamedOption:
    """A rejected option an added line names."""

    option: str
    term: str
    line: str


@lru_cache(maxsize=4096)
def option_terms(option: str, chosen: str = "") -> tuple[str, ...]:
    """The names an added line would use for ``option``, minus those ``chosen`` uses.
    Remembered: check-diff asks it of one decision's options for every path it governs,
    and each ask tries every technology of the gazetteer."""
    terms = [canonical for canonical in _SURFACES_OF if _names(option, canonical)]
    words = option.split()
    if not terms and 0 < len(words) <= MAX_OPTION_WORDS:
        terms.append(option.strip(" .,;:"))
    return tuple(t for t in dict.fromkeys(terms) if t and not _names(chosen, t))


def named_options(lines: Sequence[str], options: Iterable[str], chosen: str = "") -> list[NamedOption]:
    """The options (each once, with the first line naming it) that ``lines`` name."""
    found: list[NamedOption] = []
    if not lines:  # a deleted file adds nothing: no option's terms need working out
        return found
    for option in options:
        for term in option_terms(option, chosen):
            line = next((text for text in lines if _names(text, term)), None)
            if line is not None:
                found.append(NamedOption(option, term, line.strip()[:200]))
                break
    return found


def _names(text: str, term: str) -> bool:
    """Whether ``text`` names ``term`` (a canonical technology, by any of its spellings)."""
    return bool(text) and _pattern(term).search(text) is not None


@lru_cache(maxsize=4096)
def _pattern(term: str) -> re.Pattern[str]:
    """Any spelling of ``term`` as a whole word; case-sensitive names ("REST", "Rust") only
    as spelled canonically, the others in any case."""
    surfaces = _SURFACES_OF.get(term)
    if surfaces is None:  # an option's own words
        spellings = [f"(?i:{re.escape(term)})"]
    else:
        spellings = [re.escape(term) if s in CASE_SENSITIVE else f"(?i:{re.escape(s)})" for s in surfaces]
    return re.compile(rf"(?<![\w.-])(?:{'|'.join(spellings)})(?![\w-])")


def grep_spellings(term: str) -> list[tuple[str, bool]]:
    """``term``'s spellings as ``git grep -E`` patterns of a whole word, each with whether it
    is matched in any case (as ``_pattern`` matches them): to ask a repository whether it
    already uses what a decision rejected."""
    surfaces = _SURFACES_OF.get(term)
    spellings = [(term, True)] if surfaces is None else [(s, s not in CASE_SENSITIVE) for s in surfaces]
    return [(rf"(^|[^[:alnum:]_.-]){_ere(spelling)}([^[:alnum:]_-]|$)", any_case) for spelling, any_case in spellings]


def _ere(text: str) -> str:
    """``text`` as a POSIX extended regular expression that matches it literally."""
    return re.sub(r"([.^$*+?()\[\]{}|\\])", r"\\\1", text)
