"""Scores of detections against a ``LabelledMeeting``'s targets.

Recall is the share of targets with a detection inside; precision the share of detections
inside any labelled decision (for QMSum: "in-span share"). With ``routine=False``, minutes
approvals are set apart on both sides: they are not targets, and a detection that lies
only in a routine window is neither right nor wrong.
"""

from __future__ import annotations

import statistics
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from nlp.evaluation.corpus import LabelledMeeting
from nlp.evaluation.metrics import EMPTY, DetectionScore


def score_targets(meeting: LabelledMeeting, detected: Iterable[int], routine: bool = True) -> DetectionScore:
    """One meeting's detections against its targets."""
    chosen = sorted({seq for seq in detected if meeting.scored is None or seq in meeting.scored})
    targets = [t for t in meeting.targets if routine or not t.routine]
    positives = meeting.positives
    if not routine:
        kept = frozenset().union(*(t.messages for t in targets)) if targets else frozenset()
        routine_only = frozenset().union(*(t.messages for t in meeting.targets if t.routine)) - kept
        chosen = [seq for seq in chosen if seq not in routine_only]
        positives = positives - routine_only
    inside = set(chosen)
    return DetectionScore(
        predicted=len(chosen),
        correct=sum(1 for seq in chosen if seq in positives),
        units=len(targets),
        found=sum(1 for t in targets if t.messages & inside),
    )


@dataclass(frozen=True)
class FoldedScore:
    """A pooled score and the spread of the per-group scores behind it."""

    pooled: DetectionScore
    folds: tuple[tuple[str, DetectionScore], ...]

    def spread(self, metric: str) -> tuple[float, float]:
        """Mean and standard deviation of ``metric`` (precision, recall, f1) over the groups."""
        values = [getattr(score, metric) for _, score in self.folds]
        if not values:
            return 0.0, 0.0
        return statistics.fmean(values), statistics.pstdev(values) if len(values) > 1 else 0.0


def fold_scores(
    meetings: Sequence[LabelledMeeting], detected: Mapping[str, Sequence[int]], routine: bool = True
) -> FoldedScore:
    """Scores per group and pooled; ``detected`` maps a session id to its detections."""
    by_group: dict[str, DetectionScore] = {}
    for meeting in meetings:
        score = score_targets(meeting, detected.get(meeting.conversation.session_id, ()), routine)
        by_group[meeting.group] = by_group.get(meeting.group, EMPTY) + score
    pooled = EMPTY
    for score in by_group.values():
        pooled += score
    return FoldedScore(pooled, tuple(sorted(by_group.items())))


def ranking_auc(meeting: LabelledMeeting, scores: Sequence[float]) -> float | None:
    """How well ``scores`` rank one meeting's labelled messages above its other scored
    ones: the chance that a labelled message outscores an unlabelled one (ties half).
    0.5 is no better than chance; None when the meeting has only one kind."""
    labels = meeting.training_labels()
    inside = [scores[seq] for seq, label in labels.items() if label]
    outside = sorted(scores[seq] for seq, label in labels.items() if not label)
    if not inside or not outside:
        return None
    wins = sum(bisect_left(outside, s) + (bisect_right(outside, s) - bisect_left(outside, s)) / 2 for s in inside)
    return wins / (len(inside) * len(outside))


def mean_ranking_auc(scored: Iterable[tuple[LabelledMeeting, Sequence[float]]]) -> float | None:
    """``ranking_auc`` averaged over the meetings that have both kinds of message."""
    values = [v for meeting, scores in scored if (v := ranking_auc(meeting, scores)) is not None]
    return statistics.fmean(values) if values else None
