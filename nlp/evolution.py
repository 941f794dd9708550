"""Does a new decision supersede or revisit an earlier one? (seed 000 Temporal Tracker)

Two gates. Same subject first: they name a common technology, or their embeddings are
close. Never across unrelated subjects. Then cue words, in the decision itself before
its context: "instead", "switch to", "migrate from", "no longer", "replace" mean the old
one is superseded; "keep", "stay with", "stick with", "still" mean it was reconsidered
and kept (revisited). Without a cue nothing is linked: similarity alone is not evidence
that one decision replaced another.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

SUPERSEDE_CUES = re.compile(
    r"\b(instead( of)?|switch(ing|ed)? (to|from|over)|migrat\w* (to|from|off|away)|mov(e|ing) (to|from|off|away)|"
    r"replac\w*|no longer|drop(ping|ped)?|deprecat\w*|abandon\w*|revert\w*|undo|supersed\w*|retir\w*|"
    r"phas(e|ing) out|rather than|in favou?r of)\b",
    re.IGNORECASE,
)
REVISIT_CUES = re.compile(
    r"\b(keep(ing)?|kept|stay(ing)? (with|on)|stick(ing)? (with|to)|still|continu\w*|remain\w*|reaffirm\w*|"
    r"revisit\w*|reconsider\w*|re-?evaluat\w*|confirm\w*)\b",
    re.IGNORECASE,
)
PARTIAL_CUES = re.compile(r"\b(partly|partially|in part|for now|only for|except|add(ing)?)\b", re.IGNORECASE)
SIMILAR = 0.75
"""Without a shared technology, only decisions this close in meaning count as one subject."""


@dataclass(frozen=True)
class Relation:
    """How a new decision relates to an old one."""

    kind: str  # "supersedes" or "revisits"
    reason: str
    confidence: float
    partial: bool = False
    outcome: str | None = None


def same_subject(new_keywords: Sequence[str], old_keywords: Sequence[str], similarity: float) -> bool:
    """True when the two decisions share a named technology or are close in meaning."""
    shared = {k.lower() for k in new_keywords} & {k.lower() for k in old_keywords}
    return bool(shared) or similarity >= SIMILAR


def classify_relation(
    decision: str, context: str | None, new_keywords: Sequence[str], old_keywords: Sequence[str], similarity: float
) -> Relation | None:
    """The relation of a new decision to an old one on the same subject, or None."""
    if not same_subject(new_keywords, old_keywords, similarity):
        return None
    shared = sorted({k for k in new_keywords if k.lower() in {o.lower() for o in old_keywords}})
    if shared and not any(_mentions(decision, name) or _mentions(context or "", name) for name in shared):
        return None
    subject = f"same subject ({', '.join(shared)})" if shared else f"similar decision ({similarity:.2f})"
    for text, weight in ((decision, 1.0), (context or "", 0.8)):
        revisit = _cue_about(REVISIT_CUES, text, shared)
        supersede = SUPERSEDE_CUES.search(text)
        # "Keep PostgreSQL instead of moving to DynamoDB" keeps the old decision: a keep-cue
        # before a replace-cue wins.
        if revisit and (not supersede or revisit.start() < supersede.start()):
            return Relation("revisits", f"{subject}; '{revisit.group(0)}'", round(0.85 * weight, 2), outcome="kept")
        if supersede:
            partial = bool(PARTIAL_CUES.search(decision))
            return Relation("supersedes", f"{subject}; '{supersede.group(0)}'", round(0.85 * weight, 2), partial=partial)
    return None


def _mentions(text: str, name: str) -> bool:
    return re.search(rf"\b{re.escape(name)}\b", text, re.IGNORECASE) is not None


def _cue_about(cues: re.Pattern[str], text: str, shared: Sequence[str]) -> re.Match[str] | None:
    """A keep-cue counts only when what is kept is the shared subject ("keep PostgreSQL"),
    not anything else ("keep the handlers in src/api")."""
    for match in cues.finditer(text):
        following = text[match.end() : match.end() + 40]
        if not shared or any(_mentions(following, name) for name in shared):
            return match
    return None
