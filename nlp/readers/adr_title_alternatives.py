"""What an ADR's title turns down: "Use npm instead of yarn", "Prefer dugite over raw git
commands in tests", "GraphQL rather than REST for data requests" name the option that lost,
which a file without an options section states nowhere else."""

from __future__ import annotations

import re

from nlp.readers.adr_markdown import plain
from nlp.readers.adr_names import norm
from nlp.schema import ExtractedAlternative

# "over" is a choice only after a verb of preferring: "Local state inspection over gRPC" and
# "pass datatypes over the FFI" say how, not what lost.
_TURNED_DOWN = re.compile(
    r"\b(?:instead\s+of|rather\s+than)\s+(?P<lost>.+)"
    r"|\b(?:prefer(?:s|red|ring)?|favou?r(?:s|ed|ing)?|choose|chose|pick(?:ed)?|select(?:ed)?)\b.+?\bover\s+(?P<over>.+)",
    re.IGNORECASE,
)
# What follows the option lost says what for or where ("REST for data requests to Strapi",
# "getters to offer access to …", "raw git commands in tests"): the option ends there.
_OPTION_END = re.compile(r"\s+(?:for|to|in|on|when|with|within|across|because|so|as|by|at|that|which|where|who)\s+|[,;:({\[—–]|\s-\s", re.IGNORECASE)
_QUOTES = "\"'`“”‘’"
MAX_WORDS = 6
"""A longer remainder is a clause, not the name of an option."""


def title_alternatives(title: str, chosen: set[str]) -> tuple[ExtractedAlternative, ...]:
    """The option a title says was not chosen, as an alternative whose reason is the title;
    none when the title turns nothing down, or names one of ``chosen`` (normalised names)."""
    match = _TURNED_DOWN.search(plain(title))
    if match is None:
        return ()
    lost = _OPTION_END.split(match.group("lost") or match.group("over"), maxsplit=1)[0].strip().strip(_QUOTES + ".").strip()
    if not lost or len(lost.split()) > MAX_WORDS or norm(lost) in chosen:
        return ()
    return (ExtractedAlternative(option=lost, why_not_chosen=title),)
