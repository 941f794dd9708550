"""How well decision summaries read in spoken meetings, against QMSum's written answers.

QMSum's annotators answered each decision query in a sentence of their own ("The group
decided to purchase three additional head-mounted microphones"). A decision whose
messages lie in the query's span should say the same thing: its summary's words that name
things (``subject_terms``) are compared with the answer's, and the best F1 among the
span's decisions is kept per query. The answers are abstractive, so the figure is a proxy
for "says what was decided", not an exact match; it is meant for comparing two ways of
summarizing on the same detections.

Beside it, three things a reader notices at once, counted over every summary: a fragment
(fewer than ``FRAGMENT_WORDS`` words), a question, and disfluency left in (a filler such
as "um", or a word said twice in a row).
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from nlp.evaluation.corpus import LabelledMeeting
from nlp.schema import Conversation, ExtractedDecision
from nlp.subject_match import subject_terms

FRAGMENT_WORDS = 5
_DISFLUENT = re.compile(r"\b(um+|uh+|erm|mm+|hmm+)\b|\b(\w+) \2\b", re.IGNORECASE)

Extract = Callable[[Conversation], Sequence[ExtractedDecision]]


@dataclass(frozen=True)
class SummaryScore:
    """Summaries of the decisions extracted from some meetings."""

    queries: int
    covered: int
    """Queries with at least one decision in their span."""
    overlap: float
    """Mean over the covered queries of the best word F1 between a summary and the answer."""
    summaries: int
    fragments: int
    questions: int
    disfluent: int


def word_f1(summary: str, answer: str) -> float:
    """F1 of the words that name things, shared between a summary and an answer."""
    mine, theirs = subject_terms(summary), subject_terms(answer)
    shared = len(mine & theirs)
    return 2 * shared / (len(mine) + len(theirs)) if shared else 0.0


def is_disfluent(text: str) -> bool:
    """A filler ("um", "uh") or a word said twice in a row ("the the")."""
    return bool(_DISFLUENT.search(text))


def score_summaries(meetings: Sequence[LabelledMeeting], extract: Extract) -> SummaryScore:
    """Extract every meeting's decisions and score their summaries against its answers."""
    queries = covered = summaries = fragments = questions = disfluent = 0
    best: list[float] = []
    for meeting in meetings:
        decisions = extract(meeting.conversation)
        for decision in decisions:
            text = decision.summary
            summaries += 1
            fragments += len(text.split()) < FRAGMENT_WORDS
            questions += text.rstrip().endswith("?")
            disfluent += is_disfluent(text)
        for target in meeting.targets:
            if target.answer is None:
                continue
            queries += 1
            inside = [d for d in decisions if target.messages & set(d.messages)]
            if inside:
                covered += 1
                assert target.answer is not None
                best.append(max(word_f1(d.summary, target.answer) for d in inside))
    return SummaryScore(
        queries=queries, covered=covered, overlap=statistics.fmean(best) if best else 0.0,
        summaries=summaries, fragments=fragments, questions=questions, disfluent=disfluent,
    )
