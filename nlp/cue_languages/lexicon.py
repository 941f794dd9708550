"""One language's decision cues, concept by concept, as the English ones of ``nlp.decision_cues``.

The rule signals (``strong_cue``, ``proposal``, ``question`` …) are names the learned models
weigh whatever the language: a weight learned from "we decided to use Postgres" serves
"我们决定用 Postgres" and "мы решили использовать Postgres" only if the same signal fires
there. So each language gives, for each English cue list, the phrases a speaker of it would
write to say the same thing, and fires the same signal names. They are translations of the
English lists' meaning, never phrases read off a labelled session.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

Pattern = re.Pattern[str]


@dataclass(frozen=True)
class CueLexicon:
    """The cue patterns of one language, each named for the English list it stands for.

    Patterns are searched in the text (``match`` where the English one is anchored at the
    start: ``lets``, ``reply``, ``agreement``, ``question_start``, ``conditional``)."""

    language: str
    strong: Pattern
    """``_STRONG``: the choice said in so many words ("we decided", "let's go with", "settled on")."""
    keyword: Pattern
    """Seed 000's keywords ("decided", "we should", "agreed", "going with", "will use" …)."""
    pattern: Pattern
    """Seed 001's patterns ("we will / should / decided", "let's use", "the plan is", "I'll use")."""
    cue: Pattern
    """``_EXTRA_CUES``: further words of choosing, only to let a message be read
    ("switch to", "instead of", "keep", "replace", "agree" …)."""
    we_commit: Pattern
    """"we will <a verb that commits>" ("we'll use", "we'll keep"), not "we'll see"."""
    lets: Pattern
    """"let's …" opening a sentence."""
    reply: Pattern
    """``nlp.detector_features._SHORT_AGREEMENT``: how a turn that only agrees opens ("ok", "yes", "sure")."""
    agreement: Pattern
    """``_AGREEMENT``: a turn opening by taking up a proposal ("agreed", "ok, let's", "go for it")."""
    proposal: Pattern
    """``_PROPOSAL``: "I suggest", "how about", "we could", "should we"."""
    hedge: Pattern
    """``_HEDGE``: "maybe", "probably", "not sure"."""
    negated: Pattern
    """``_NEGATED``: "haven't decided", "no consensus", "disagree"."""
    question_start: Pattern
    """``_QUESTION_START``: how a question opens ("why", "should", "which"), counted with a question mark."""
    question_end: Pattern
    """A question said without a question mark, where the language has a particle for it (Chinese 吗)."""
    conditional: Pattern
    """"if / unless / once / when" opening a sentence."""
    acceptance: Pattern
    """``_ACCEPTANCE``: "accepted", "approved", "rejected"."""
    offer: Pattern
    """``nlp.session_features._OFFER``: an assistant offering a choice ("would you like me to",
    "which option")."""
    choice: Pattern
    """``_CHOICE``: "X or Y?"."""
    folding: Mapping[int, int] = field(default_factory=dict)
    """Characters to fold before matching (``str.translate``): variant spellings the patterns
    write one way (Russian ё as е, traditional Chinese as simplified)."""

    def fold(self, text: str) -> str:
        """``text`` as the patterns spell it."""
        return text.translate(self.folding) if self.folding else text


def compiled(*alternatives: str) -> Pattern:
    """One case-insensitive pattern of ``alternatives`` (each a regular expression)."""
    return re.compile("|".join(f"(?:{a})" for a in alternatives), re.IGNORECASE)
