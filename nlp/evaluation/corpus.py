"""Every labelled source in one shape, so one trainer and one scorer serve them all.

A ``LabelledMeeting`` holds a conversation and its *targets*: the sets of messages in
which a detection finds a labelled decision (a W3C resolution's window, a QMSum decision
query's relevant span, a hand-labelled decision unit). A detection is *correct* when it
lies in ``positives`` (any target, or any span of the source's wider labels); ``scored``,
when set, limits which messages count at all (meeting notes are labelled only on their
marked items).

``group`` is what cross-validation holds out together (a working group, a meeting series,
a notes repository); ``final`` marks the split that no rule or weight is chosen on and
that is scored only with ``eval detect --final``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass

from nlp.schema import Conversation

SOURCES = ("w3c", "ami", "qmsum", "notes", "conversations", "chat", "sessions")
"""The labelled development sources (``nlp.evaluation.labelled_sources.LOADERS``)."""
FINAL_SHARE = 6
"""One key in ``FINAL_SHARE`` (by hash) goes to the final split."""
CV_FOLDS = 5
"""Sources with many small groups (QMSum series, our conversations) are cut into this many
folds of whole groups; the others hold out one group at a time."""


@dataclass(frozen=True)
class Target:
    """One labelled decision: the messages where a detection finds it."""

    messages: frozenset[int]
    routine: bool = False
    """A formulaic decision that a view sets apart: a W3C minutes approval, an issue
    tracker's triage outcome (``source_scores.FORMULAIC_VIEWS``)."""
    answer: str | None = None
    """What the annotators wrote was decided (a QMSum query's answer), when the source says."""


@dataclass(frozen=True)
class LabelledMeeting:
    """A conversation with its labelled decisions and its cross-validation group."""

    source: str
    group: str
    final: bool
    conversation: Conversation
    targets: tuple[Target, ...]
    positives: frozenset[int]
    scored: frozenset[int] | None = None

    def training_labels(self) -> dict[int, int]:
        """Message seq → 1 inside a labelled decision, 0 outside; unscored messages left out."""
        return {
            m.seq: int(m.seq in self.positives)
            for m in self.conversation.messages
            if self.scored is None or m.seq in self.scored
        }


def bucket(key: str, buckets: int) -> int:
    """A stable bucket for ``key`` (sha1, never Python's salted ``hash``)."""
    return int(hashlib.sha1(key.encode()).hexdigest(), 16) % buckets


def is_final(key: str) -> bool:
    """Whether ``key`` (a meeting, series or file) belongs to the final split."""
    return bucket(key, FINAL_SHARE) == 0


def folded(key: str) -> str:
    """The cross-validation fold of a small group: ``fold-1`` .. ``fold-5``, never the final bucket."""
    return f"fold-{bucket('cv:' + key, CV_FOLDS) + 1}"


def cv_groups(meetings: Iterable[LabelledMeeting], source: str) -> list[str]:
    """The groups of ``source`` outside the final split, sorted."""
    return sorted({m.group for m in meetings if m.source == source and not m.final})
