"""When are two decisions about the same thing? Their subjects, and the issues they name.

Three evidence kinds, strongest first. An issue or pull-request reference ("framing#29",
"syntax/#14", "issue 19", a GitHub issue URL, "ADR-12") names exactly one thing: two
decisions that name the same one are on one subject, and two that name only different
ones are not, whatever their headings say. Then the subjects' words: the agenda item
"Class-scoped Framing (issue frame29)" and "class-scoped framing" share most of their
words. Last a bare number ("#134", whose repository one side does not say) with a word
of the subjects in common: a project's repositories each have a "#134". Words that name a step of the process rather than a thing ("proposal", "issues",
"FPWD", "discussion") do not make two subjects one: "Proposal for a FPWD" is a different
subject in every meeting that publishes a different draft.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

_URL_REF = re.compile(r"github\.com/[\w.-]+/([\w.-]+)/(?:issues|pull)/(\d+)", re.IGNORECASE)
_HASH_REF = re.compile(r"(?:\b([a-z][\w-]*)\s*/?\s*)?#(\d{1,5})\b", re.IGNORECASE)
_SLASH_REF = re.compile(r"\b([a-z][a-z-]*)/(\d{1,5})\b", re.IGNORECASE)
_ISSUE_LIST = re.compile(
    r"\b(?:issues?|prs?|pull requests?)\s+(?:([a-z][a-z-]*?)\s*#?)?(\d{1,5}(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)#?\d{1,5})*)\b",
    re.IGNORECASE,
)
_ADR_REF = re.compile(r"\badr[\s-]?0*(\d{1,4})\b", re.IGNORECASE)
_NOT_A_PREFIX = frozenset(
    "issue issues pr prs pull request requests and or see of to in on for with by from the a an as at per re via "
    "close closes closed closing fix fixes fixed fixing resolve resolves resolved address addresses addressed "
    "improve improves merge merges merged reopen reopened open opened defer deferred un-defer undefer accept "
    "accepted reject rejected solve solves solved about after before until like than also".split()
)
"""Words before "#12" that are not the repository it belongs to ("see #12", "fixes #12")."""
_STOPWORDS = frozenset(
    "a an the and or of for to in on at by with from as is are be was were it its this that these those we our "
    "us you your they their what which who how why when where should shall will would can could do does did "
    "not no new use using about into over than then there here vs via per also any all some more most related "
    "redux again eg ie etc".split()
) | frozenset(
    # Words of talk, not of things: a question such as "Do you think?" or "Does anyone have
    # any questions?" names no subject, and two of them are not one.
    "me my mine he him his she her they them "
    "have has had having get gets got go goes going gonna wanna think thinks thought mean means meant know "
    "knew say said says tell want wants need needs like likes just really maybe actually basically probably "
    "yeah yes okay ok right sure well so um uh mm hmm oh anyone anybody everyone someone somebody something "
    "anything everything thing things one ones way kind sort lot bit look see seen make made sense agree "
    "agreed comment comments please slide slides first though still even only very much many".split()
)
PROCEDURAL = frozenset(
    "proposal proposals propose proposed issue issues pr prs pull request requests discussion discussions discuss "
    "topic topics item items agenda update updates review reviews status question questions resolution resolutions "
    "decision decisions vote votes voting approval approve next step steps follow followup continued continue "
    "round part meeting call plenary session fpwd wd cr pr rec draft drafts publication publish publishing "
    "transition working group wg note notes open close closing misc other general summary recent changes merges "
    "request rfc feedback action actions plan planning straw poll work spec specs specification".split()
)
"""Words naming a step of the process, not a thing decided about (see the module docstring)."""
MATCHING_SUBJECT = 0.6
"""Share of subject words two agenda items must have in common (Dice) to be one subject."""
MATCHING_SUBJECT_ONE_ISSUE = 0.8
"""The same when only one of the two names an issue: it is about that issue, and a spec's
many issues share its vocabulary ("blank node ids for graphs", "Framing blank nodes #27")."""


@dataclass(frozen=True)
class Ref:
    """An issue, pull request or ADR a decision names; ``prefix`` is its repository or spec, if said."""

    number: str
    prefix: str = ""

    def compatible(self, other: Ref) -> bool:
        """Same number, and no two different repositories said ("framing#5" is not "#5" of "syntax")."""
        if self.number != other.number:
            return False
        # "frame27" and "framing#27" name one repository two ways: compare the stems.
        a, b = _stem(self.prefix), _stem(other.prefix)
        return not a or not b or a.startswith(b) or b.startswith(a) or a.endswith(b) or b.endswith(a)

    def __str__(self) -> str:
        return f"{self.prefix}#{self.number}" if self.prefix else f"#{self.number}"


@dataclass(frozen=True)
class SubjectMatch:
    """Why two decisions are on one subject: a shared reference or a shared agenda item."""

    kind: str  # "reference", "number" (a bare issue number and a word of the subjects) or "subject"
    shared: str
    strength: float

    @property
    def reason(self) -> str:
        return f"same subject ({self.shared})" if self.kind == "subject" else f"same issue ({self.shared})"


def references(*texts: str | None) -> frozenset[Ref]:
    """The issues, pull requests and ADRs the texts name."""
    found: set[Ref] = set()
    for text in texts:
        if not text:
            continue
        for repo, number in _URL_REF.findall(text):
            found.add(Ref(number, repo.lower()))
        # Any other address is a path, not a reference ("…/CR/2024-03-28/").
        scrubbed = re.sub(r"https?://\S+|\b[\w-]+(\.[\w-]+)+/\S*", " ", text)
        for prefix, number in _HASH_REF.findall(scrubbed):
            found.add(Ref(number, _prefix(prefix)))
        for prefix, number in _SLASH_REF.findall(scrubbed):
            found.add(Ref(number, _prefix(prefix)))
        for prefix, numbers in _ISSUE_LIST.findall(scrubbed):
            for number in re.findall(r"\d+", numbers):
                found.add(Ref(number, _prefix(prefix)))
        for number in _ADR_REF.findall(scrubbed):
            found.add(Ref(number, "adr"))
    return frozenset(found)


def subject_terms(subject: str | None) -> frozenset[str]:
    """The words of a subject that name a thing: lower-cased, singular, without stopwords,
    process words, numbers and references."""
    if not subject:
        return frozenset()
    text = re.sub(r"https?://\S+|\b[\w-]+(\.[\w-]+)+/\S*", " ", subject)
    # A reference names an issue, not the subject's words ("(issue vc-data-model#1307)").
    text = _ISSUE_LIST.sub(" ", _SLASH_REF.sub(" ", _HASH_REF.sub(" ", text)))
    shouted = not re.search(r"[a-z]", text)
    words = re.findall(r"[A-Za-z][A-Za-z0-9]*", text)
    return frozenset(
        _singular(word.lower()) for word in words
        if len(word) > 1 and (_acronym(word, shouted) or word.lower() not in _STOPWORDS)
        and word.lower() not in PROCEDURAL and _singular(word.lower()) not in PROCEDURAL
    )


def _acronym(word: str, shouted: bool) -> bool:
    """An upper-case word in a subject otherwise written in lower case names a thing even when
    it spells a word of talk: "DID Resolution", "IT budget", "US launch" (but not "OK")."""
    return not shouted and word.isupper() and word != "OK"


def series_words(title: str | None, earlier_title: str | None) -> frozenset[str]:
    """The words of a series' own name: those the two sessions' titles share ("JSON-LD
    Working Group Telco"), not what one meeting's title says it is about ("Topic Call on Test
    Suites" names its agenda). Without the earlier session's title, all of the new one's."""
    words = subject_terms(title)
    return words if earlier_title is None else words & subject_terms(earlier_title)


def subject_key(subject: str | None, summary: str) -> str:
    """The words and references a decision is found by when a later one may be on its subject."""
    refs = sorted(f"ref{ref.number}" for ref in references(subject, summary))
    return " ".join(sorted(subject_terms(subject)) + refs)


def references_differ(new_subject: str | None, new_summary: str, old_subject: str | None, old_summary: str) -> bool:
    """True when both decisions name issues and none is the same: then nothing else may link them."""
    new_refs, old_refs = references(new_subject, new_summary), references(old_subject, old_summary)
    return bool(new_refs and old_refs) and not _shared(new_refs, old_refs)


def match_subjects(
    new_subject: str | None, new_summary: str, old_subject: str | None, old_summary: str,
    series: frozenset[str] = frozenset(),
) -> SubjectMatch | None:
    """How two decisions are on one subject (a shared reference, else a shared agenda item), or None.

    A bare number is weak evidence: "#17" of one repository is not "#17" of another. A shared
    reference counts when both say whose it is ("framing#29", "framing #29") or when their
    subjects also share a word. ``series`` are the words of the series' own name ("JSON-LD
    Working Group Telco", ``series_words``): every agenda item of that series is about them,
    so they do not make two items one.
    """
    new_refs, old_refs = references(new_subject, new_summary), references(old_subject, old_summary)
    new_terms, old_terms = subject_terms(new_subject) - series, subject_terms(old_subject) - series
    if new_refs and old_refs:
        shared = [ref for ref in _shared(new_refs, old_refs) if _owned(ref, old_refs)]
        if shared:
            return SubjectMatch("reference", str(max(shared, key=lambda ref: ref.number)), 1.0)
        # A number only one side says the repository of, backed by one word of the subjects,
        # is weaker evidence than a whole agenda item in common ("Link header for HTML and
        # JSON-LD #204" and "Link header for HTML / JSON-LD" against "#134" and "HTML").
        shared = _shared(new_refs, old_refs) if new_terms & old_terms else []
        if not shared:
            return None
        best = max(shared, key=lambda ref: (bool(ref.prefix), ref.number))
        return SubjectMatch("number", str(best), 0.5)
    if not new_terms or not old_terms:
        return None
    dice = 2 * len(new_terms & old_terms) / (len(new_terms) + len(old_terms))
    if dice < (MATCHING_SUBJECT_ONE_ISSUE if new_refs or old_refs else MATCHING_SUBJECT):
        return None
    return SubjectMatch("subject", _shorter(new_subject, old_subject), round(dice, 2))


def _owned(ref: Ref, old_refs: frozenset[Ref]) -> bool:
    """Both sides say which repository the shared number belongs to."""
    return bool(ref.prefix) and any(old.prefix and ref.compatible(old) for old in old_refs)


def _shared(new_refs: frozenset[Ref], old_refs: frozenset[Ref]) -> list[Ref]:
    return [ref for ref in new_refs if any(ref.compatible(old) for old in old_refs)]


def _prefix(word: str) -> str:
    lowered = word.lower().strip("-")
    return "" if lowered in _NOT_A_PREFIX else lowered


def _stem(prefix: str) -> str:
    return re.sub(r"(?<=\w{3})(ing|e)$", "", prefix)


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _shorter(*subjects: str | None) -> str:
    named: Iterable[str] = (s for s in subjects if s)
    return min(named, key=len).strip().rstrip("?.:")
