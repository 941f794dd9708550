"""Does a new decision supersede or revisit an earlier one? (seed 000 Temporal Tracker)

Same subject first, never across unrelated ones. Evidence, strongest first:
1. The same issue or agenda item (``nlp.subject_match``): a later decision on it, in another
   session, takes the subject up again. It supersedes the earlier one when its own words
   say so ("instead", "switch to", "no longer"), keeps it when they say that ("keep",
   "stay with"), and otherwise revisits it with the outcome ``continued``. Two decisions
   under one heading of one meeting are siblings, not revisions. A bare issue number
   with one word of the subjects in common is weaker than a whole agenda item in common.
2. A named technology both decisions share, when a cue in the new one is about it
   ("keep PostgreSQL", not "keep the ledger in PostgreSQL").
3. Meanings this close (embeddings), with a cue that replaces something the old decision
   says; not for a decision of a spoken meeting, whose talk is full of such cues.
Decisions that name only different issues are never linked, whatever else they share.
A cue that names what it replaces ("drop Memcached") supersedes only a decision that chose
that (``nlp.replaced_object``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from nlp.replaced_object import replaced_object
from nlp.subject_match import SubjectMatch, match_subjects, references_differ

SUPERSEDE_CUES = re.compile(
    r"\b(instead( of)?|switch(ing|ed)? (to|from|over)|migrat\w* (to|from|off|away)|mov(e|ing) (to|from|off|away)|"
    r"replac\w*|no longer|drop(ping|ped)?|deprecat\w*|abandon\w*|revert\w*|undo|supersed\w*|retir\w*|"
    r"phas(e|ing) out|rather than|in favou?r of)\b",
    re.IGNORECASE,
)
REVISIT_CUES = re.compile(
    r"\b(keep(ing)?|kept|stay(ing)? (with|on)|stick(ing)? (with|to)|still (use|using|on|with)|"
    r"continu\w* (to use|using|with)|remain\w* (on|with)|reaffirm\w*|reconsider\w*|re-?evaluat\w*)\b",
    re.IGNORECASE,
)
PARTIAL_CUES = re.compile(r"\b(partly|partially|in part|for now|only for|except|add(ing)?)\b", re.IGNORECASE)
SIMILAR = 0.85
"""Without a shared subject or technology, only decisions this close in meaning may be linked."""
_CUE_OBJECT = re.compile(r"^\s+(?:(?:using|use|with|on|to|the|our|a)\s+){0,2}", re.IGNORECASE)


@dataclass(frozen=True)
class Stated:
    """What one decision says, and where: the side of a possible relation."""

    summary: str
    subject: str | None = None
    context: str | None = None
    technologies: tuple[str, ...] = ()
    session: str | None = None
    series: frozenset[str] = frozenset()
    """Words of the series' own name (``subject_match.series_words``: what the two sessions'
    titles share): not evidence of a shared subject."""
    spoken: bool = False
    """Said in a transcribed meeting, where "drop", "instead of" or "move to" are talk: such
    a decision is linked on its subject or a named technology, never on meaning alone."""


@dataclass(frozen=True)
class Relation:
    """How a new decision relates to an old one."""

    kind: str  # "supersedes" or "revisits"
    reason: str
    confidence: float
    partial: bool = False
    outcome: str | None = None
    evidence: str = "technology"  # "reference", "subject", "number", "technology" or "similar"


def on_one_subject(new: Stated, old: Stated, similarity: float) -> bool:
    """True when the two decisions share an issue, an agenda item or a named technology, or
    are close in meaning; never when they name only different issues."""
    if references_differ(new.subject, new.summary, old.subject, old.summary):
        return False
    if match_subjects(new.subject, new.summary, old.subject, old.summary, new.series) is not None:
        return True
    shared = {k.lower() for k in new.technologies} & {k.lower() for k in old.technologies}
    return bool(shared) or similarity >= SIMILAR


def classify_relation(new: Stated, old: Stated, similarity: float) -> Relation | None:
    """The relation of a new decision to an old one on the same subject, or None."""
    if references_differ(new.subject, new.summary, old.subject, old.summary):
        return None
    match = match_subjects(new.subject, new.summary, old.subject, old.summary, new.series)
    if match is not None:
        return _on_subject(new, old, match)
    shared = sorted({k for k in new.technologies if k.lower() in {o.lower() for o in old.technologies}})
    if shared:
        return _on_technology(new, old, shared)
    if similarity >= SIMILAR and not new.spoken:
        # As on a shared subject, the cue must replace something the old decision says:
        # "buttons that TVs no longer have" replaces nothing of "one remote for the main functions".
        supersede = _replacing_cue(new.summary, old.summary)
        if supersede:
            reason = f"similar decision ({similarity:.2f}); '{supersede.group(0)}'"
            return Relation("supersedes", reason, 0.7, partial=_partial(new.summary), evidence="similar")
    return None


def _on_subject(new: Stated, old: Stated, match: SubjectMatch) -> Relation | None:
    if new.session is not None and new.session == old.session:
        return None  # two outcomes of one agenda item in one meeting are siblings
    confidence = round(0.6 + 0.3 * match.strength, 2)
    revisit = REVISIT_CUES.search(new.summary)
    # "JSON Schema will no longer be required" replaces what the old decision said only when
    # the old one is about what the cue is about.
    supersede = _replacing_cue(new.summary, old.summary)
    if supersede and not (revisit and revisit.start() < supersede.start()):
        reason = f"{match.reason}; '{supersede.group(0)}'"
        return Relation("supersedes", reason, confidence, partial=_partial(new.summary), evidence=match.kind)
    if revisit:
        return Relation("revisits", f"{match.reason}; '{revisit.group(0)}'", confidence, outcome="kept", evidence=match.kind)
    return Relation("revisits", f"{match.reason}, taken up again", confidence, outcome="continued", evidence=match.kind)


def _on_technology(new: Stated, old: Stated, shared: Sequence[str]) -> Relation | None:
    """A cue in the decision itself about the shared technology: "keep PostgreSQL",
    "switch to MySQL", "MongoDB instead"; not a cue about something else nearby. A cue that
    names what it replaces ("drop Memcached") must name a technology the old decision chose
    (not one it turned down: "Redis instead of Memcached" did not choose Memcached)."""
    subject = f"same technology ({', '.join(shared)})"
    revisit = _cue_about(REVISIT_CUES, new.summary, shared)
    turned_down = _turned_down(old.summary)
    chosen = [name for name in shared if not any(_mentions(words, name) for words in turned_down)]
    supersede = _replacing(
        new.summary, lambda words: any(_mentions(words, name) for name in chosen),
        lambda cue: _near(new.summary, cue, shared),
    )
    # "Keep PostgreSQL instead of moving to DynamoDB" keeps the old decision: a keep-cue
    # before a replace-cue wins.
    if revisit and (not supersede or revisit.start() < supersede.start()):
        return Relation("revisits", f"{subject}; '{revisit.group(0)}'", 0.85, outcome="kept")
    if supersede:
        return Relation("supersedes", f"{subject}; '{supersede.group(0)}'", 0.85, partial=_partial(new.summary))
    return None


def _near(text: str, cue: re.Match[str], names: Sequence[str], window: int = 30) -> bool:
    around = text[max(0, cue.start() - window) : cue.end() + window]
    return any(_mentions(around, name) for name in names)


def _replacing_cue(text: str, old_summary: str) -> re.Match[str] | None:
    """A cue in ``text`` that replaces what ``old_summary`` chose: its object shares a word
    with what the old decision says, and not only with what the old decision turned down."""
    chosen = _object_words(old_summary).difference(*(_object_words(words) for words in _turned_down(old_summary)))
    return _replacing(text, lambda words: bool(_object_words(words) & chosen), lambda cue: _about_old(text, cue, old_summary))


def _replacing(
    text: str, names_chosen: Callable[[str], bool], about_old: Callable[[re.Match[str]], bool],
) -> re.Match[str] | None:
    """The first replacing cue of ``text`` that replaces something the old decision chose.

    When a cue of the text names what it replaces ("drop Memcached", "instead of SQS"), that
    is what the text replaces: only such a cue, naming something ``names_chosen`` accepts,
    counts. Otherwise what is replaced is left unsaid ("switch to MySQL"), and a cue counts
    when ``about_old`` finds it about what the old decision says.
    """
    cues = [(cue, replaced_object(text, cue)) for cue in SUPERSEDE_CUES.finditer(text)]
    if any(words for _, words in cues):
        return next((cue for cue, words in cues if words and names_chosen(words)), None)
    return next((cue for cue, _ in cues if about_old(cue)), None)


def _turned_down(summary: str) -> list[str]:
    """What the cues of a decision replace: the options it turned down ("instead of Memcached")."""
    return [words for cue in SUPERSEDE_CUES.finditer(summary) if (words := replaced_object(summary, cue))]


def _object_words(text: str) -> set[str]:
    """Words that may name a thing (three letters or more: "SQS", "Redis"), lower-cased."""
    return {w for w in re.findall(r"[a-z0-9][a-z0-9.+#-]{2,}", text.lower()) if w not in _FUNCTION_WORDS and w not in _STOP}


_STOP = frozenset("the and our all any use using for not but".split())


def _about_old(text: str, cue: re.Match[str], old_summary: str, window: int = 30) -> bool:
    around = _content_words(text[max(0, cue.start() - window) : cue.end() + window]) - _content_words(cue.group(0))
    return bool(around & _content_words(old_summary))


def _content_words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]{4,}", text.lower()) if w not in _FUNCTION_WORDS}


_FUNCTION_WORDS = frozenset("will must should shall would could have been being with from into that this they them "
                            "their there than then when what which also only just like make made resolved decided decision agreed".split())


def _partial(summary: str) -> bool:
    return bool(PARTIAL_CUES.search(summary))


def _mentions(text: str, name: str) -> bool:
    return re.search(rf"\b{re.escape(name)}\b", text, re.IGNORECASE) is not None


def _cue_about(cues: re.Pattern[str], text: str, shared: Sequence[str]) -> re.Match[str] | None:
    """A keep-cue counts only when what it keeps is the shared technology ("keep PostgreSQL",
    "stay with PostgreSQL"), not something else ("keep the ledger in PostgreSQL")."""
    for match in cues.finditer(text):
        following = text[match.end():]
        lead = _CUE_OBJECT.match(following)
        rest = following[lead.end() if lead else 0:]
        if any(re.match(rf"{re.escape(name)}\b", rest, re.IGNORECASE) for name in shared):
            return match
    return None
