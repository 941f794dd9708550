"""Decisions a later decision of the same repository ended without saying so: "Use TypeORM
with Postgres" once "Remove Postgres for now" came. Their code was removed or replaced, so
what the history shows of them (the code changed beside their document) governs nothing
today; the importer cannot know, as no supersede link was written."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from nlp.code_links.libraries import CHOOSING
from nlp.code_links.model import DecisionText
from nlp.code_links.tools import taken_up, tool_words

_REMOVING = re.compile(
    r"\b(?:remov(?:e|es|ing)|drop(?:s|ping)?|stop(?:s|ping)?\s+using|retir(?:e|es|ing)|deprecat(?:e|es|ing)|"
    r"abandon(?:s|ing)?|get\s+rid\s+of|replac(?:e|es|ing)|no\s+longer\s+use)\b",
    re.IGNORECASE,
)


def removed_words(title: str) -> set[str]:
    """The words a title says the decision removes or sets aside: "Remove Postgres for
    now" → postgres; "Use npm instead of yarn" → yarn; "Replace Bull with BullMQ" → bull."""
    removing = _REMOVING.search(title)
    if removing is None:
        return set(taken_up(title, CHOOSING)[1])
    # "Replace X with Y": X goes, Y comes.
    gone = re.split(r"\b(?:with|by)\b", title[removing.end():].lower(), maxsplit=1)[0]
    return set(tool_words(gone))


def ended(decisions: Sequence[DecisionText], technologies: Iterable[str]) -> dict[str, str]:
    """Decision id → the later decision that ended it: one whose title removes or sets
    aside a technology (one of ``technologies``) this one's title takes up. Only
    technologies count: "Remove explicit clear lock" ends no decision that uses "clear".
    Undated decisions end nothing and are ended by nothing."""
    known = set(technologies)
    out: dict[str, str] = {}
    for later in decisions:
        if not later.decided_at:
            continue
        gone = removed_words(later.title) & known
        if not gone:
            continue
        for earlier in decisions:
            if earlier.id == later.id or not earlier.decided_at or earlier.decided_at >= later.decided_at:
                continue
            if gone & set(taken_up(earlier.title, CHOOSING)[0]):
                out.setdefault(earlier.id, later.id)
    return out
