"""Spoken sentences made readable, and the clearest of a decision's sentences chosen.

A transcribed meeting says "Um we we should have a a very bright colour"; a decision's
summary should read "We should have a very bright colour". ``fluent`` drops fillers and
the words a speaker restarted on; the transcript itself is stored as it was said.
"""

from __future__ import annotations

import re

from nlp.subject_match import subject_terms

_FILLER = re.compile(r"(?<![\w'-])(?:um+|uh+|erm|er|mm+|hmm+|mm-hmm|uh-huh)(?![\w'-])[,.]?\s*", re.IGNORECASE)
_WORD = re.compile(r"\S+")
_SHORT_WORDS = frozenset(
    "a i an as at be by do go he if in is it me my no of on or so to up us we "
    "the and but can for not our you all any are one out how who why was has had new now see two way get let its".split()
)
"""Short words that are words: "to today" or "we were" is not a speaker restarting."""

CLEAR_WORDS = (5, 40)
"""A sentence of fewer words is a fragment ("Shapes and things."); of more, a ramble."""


def fluent(text: str) -> str:
    """``text`` without fillers ("um", "uh"), words said twice in a row ("the the", "we
    we'll"), or a word broken off and restarted ("t to", "th think")."""
    words = _WORD.findall(_FILLER.sub(" ", text))
    kept: list[str] = []
    for index, word in enumerate(words):
        bare = word.lower().strip(",.")
        following = words[index + 1].lower().strip(",.") if index + 1 < len(words) else ""
        if bare and (bare == following or following.startswith(bare + "'")) and word[-1:] not in ",.":
            continue  # "the the", "we we'll", "I I'm": the speaker said it again
        if (
            bare.isalpha() and len(bare) <= 3 and bare not in _SHORT_WORDS
            and following.startswith(bare) and len(following) > len(bare)
        ):
            continue
        kept.append(word)
    return " ".join(kept).strip(" ,")


def clarity(text: str, committed: bool) -> tuple[bool, bool, bool, int]:
    """How clearly a sentence states something, to compare a decision's sentences: a
    statement before a question, a whole sentence before a fragment or a ramble, a
    commitment ("we'll go with", "let's use") before talk, then how many things it names."""
    said = fluent(text)
    low, high = CLEAR_WORDS
    return (
        not said.rstrip().endswith("?"),
        low <= len(said.split()) <= high,
        committed,
        min(len(subject_terms(said)), 3),
    )
