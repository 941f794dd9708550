"""The operating points, chosen on out-of-fold scores.

Operating points are *nested*: the points a held-out group is scored at are chosen on the
other groups' out-of-fold scores only (``nested_points``), so no group is scored at a point
chosen on its own labels. The shipped model's points are chosen the same way on every
development group.

Two points per kind of conversation (``Points``): below the *draft* point nothing is
reported; from the *reliable* point up a detection is a decision; in between it is a draft
a person confirms (``Detection.is_candidate``). The draft point is the one with the best
mean F1 over the kind's sources; the reliable point the loosest at or above it whose
out-of-fold precision (mean over the kind's sources) reaches ``RELIABLE_PRECISION`` while it
still finds ``RELIABLE_REACH`` of what the draft point finds, or,
where no point does (spoken meetings: AMI links a decision to a couple of its statements),
the loosest at which the kind stores no more decisions than were labelled.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from nlp.evaluation.cross_validation import fold_logits, key_of
from nlp.evaluation.metrics import EMPTY, DetectionScore
from nlp.evaluation.real_metrics import score_targets
from nlp.evaluation.source_scores import anchors_at
from nlp.evaluation.train import Featurized

CANDIDATES = tuple(float(c) for c in np.arange(-3.0, 8.01, 0.25))
"""The raw log-odds tried as operating points."""
RELIABLE_PRECISION = 0.6
"""A kind's detections count as decisions from the loosest point whose out-of-fold precision
reaches this; below it, as drafts for a person to confirm."""
RELIABLE_REACH = 0.5
"""A point counts as reliable by its precision only while it still finds at least this share
of what the draft point finds: at the far end, three detections of which two are right say
nothing of a kind's decisions."""
CHOOSING_UNITS = 10
"""A source counts in a kind's points only with at least this many labelled decisions in
meetings of that kind (unless none of the kind's sources has that many): each source weighs
the same in a kind's points, and one real-chat meeting that polls with "+1" (kind voting)
weighed as much as seven W3C groups' minutes and held the voting points at log-odds 0.0/3.0
where the W3C groups' own best lies near 2 (docs/experiments/2026-11-26-detection-log.md,
"Minutes that vote: a model of their own")."""
CHOSEN_WITHOUT = frozenset({"qmsum"})
"""Sources no point is chosen on: QMSum's spans mark whole discussions, so its precision is
an in-span share, not whether a detection is a decision (``eval spoken-ceiling``)."""


@dataclass(frozen=True)
class Points:
    """The operating points (raw log-odds per operating kind): drafts from ``draft`` up,
    decisions from ``reliable`` up."""

    reliable: dict[str, float]
    draft: dict[str, float]


def candidate_scores(items: Sequence[Featurized], logits: Mapping[str, np.ndarray]) -> dict[str, list[DetectionScore]]:
    """Session id → its score (W3C: non-routine) at each of ``CANDIDATES`` for its operating kind."""
    out: dict[str, list[DetectionScore]] = {}
    for item in items:
        session, kind = item.meeting.conversation.session_id, item.features.operating_kind
        out[session] = [
            score_targets(item.meeting, anchors_at(item, logits[session], {kind: c}), routine=item.meeting.source != "w3c")
            for c in CANDIDATES
        ]
    return out


def choose_points(items: Sequence[Featurized], scores: Mapping[str, list[DetectionScore]]) -> Points:
    """Per operating kind, the draft point (best mean F1 over the kind's sources; among equals
    the fewest wrong detections, then the loosest) and the reliable point (the loosest at or
    above it whose precision, averaged over the kind's sources, reaches ``RELIABLE_PRECISION``;
    when none does, the loosest that detects no more than were labelled). A kind seen only in meetings that decided nothing gets the loosest point at
    which they yield no more wrong detections than at the strictest: F1 is 0 there at every point."""
    reliable: dict[str, float] = {}
    draft: dict[str, float] = {}
    chosen = [item for item in items if item.meeting.source not in CHOSEN_WITHOUT]
    for kind in sorted({item.features.operating_kind for item in chosen}):
        by_source: dict[str, list[str]] = {}
        units: dict[str, int] = {}
        for item in chosen:
            if item.features.operating_kind == kind:
                by_source.setdefault(item.meeting.source, []).append(item.meeting.conversation.session_id)
                units[item.meeting.source] = units.get(item.meeting.source, 0) + len(item.meeting.targets)
        if any(count >= CHOOSING_UNITS for count in units.values()):
            by_source = {source: sessions for source, sessions in by_source.items() if units[source] >= CHOOSING_UNITS}
        pooled = []
        for index in range(len(CANDIDATES)):
            per_source = []
            for sessions in by_source.values():
                total = EMPTY
                for session in sessions:
                    total += scores[session][index]
                per_source.append(total)
            pooled.append(per_source)
        best, best_value = 0, (-1.0, 0)
        for index, per_source in enumerate(pooled):
            f1s = [score.f1 for score in per_source if score.units]
            value = (float(np.mean(f1s)) if f1s else 0.0, -sum(s.predicted - s.correct for s in per_source))
            if value[0] > best_value[0] + 1e-9 or (abs(value[0] - best_value[0]) <= 1e-9 and value[1] > best_value[1]):
                best, best_value = index, value
        draft[kind] = CANDIDATES[best]
        sure: int | None = None
        reach = _mean_recall(pooled[best])
        for index in range(best, len(CANDIDATES)):
            # Each source weighs the same, as for F1: a few non-voting W3C meetings read as
            # chats must not decide how sure our conversations' decisions are.
            with_labels = [score for score in pooled[index] if score.units]
            if with_labels and _mean_recall(pooled[index]) < RELIABLE_REACH * reach:
                break  # the precision of the last few detections says nothing of the kind
            if not with_labels or float(np.mean([score.precision for score in with_labels])) >= RELIABLE_PRECISION:
                sure = index
                break
        if sure is None:
            # No point is precise enough by the labels (AMI links a decision to a couple of
            # its statements, not every turn that restates it): store at most as many
            # decisions as were labelled, the surest ones; the rest are drafts.
            sure = next(
                (i for i in range(best, len(CANDIDATES)) if sum(s.predicted for s in pooled[i]) <= sum(s.units for s in pooled[i])),
                len(CANDIDATES) - 1,
            )
        reliable[kind] = CANDIDATES[sure]
    return Points(reliable, draft)


def _mean_recall(per_source: Sequence[DetectionScore]) -> float:
    labelled = [score.recall for score in per_source if score.units]
    return float(np.mean(labelled)) if labelled else 0.0


def nested_points(items: Sequence[Featurized], scores: Mapping[str, list[DetectionScore]]) -> dict[str, Points]:
    """Session id → the points chosen without its own group (every other development group's
    out-of-fold scores): the points it is scored at."""
    out: dict[str, Points] = {}
    for key in sorted({key_of(item.meeting) for item in items}):
        points = choose_points([i for i in items if key_of(i.meeting) != key], scores)
        for item in items:
            if key_of(item.meeting) == key:
                out[item.meeting.conversation.session_id] = points
    return out


def choose_operating_logits(items: Sequence[Featurized], fold_weights: dict[str, np.ndarray]) -> dict[str, float]:
    """The reliable points ``choose_points`` picks on every item's out-of-fold scores."""
    dev = [item for item in items if item.meeting.conversation.session_id in fold_weights]
    return choose_points(dev, candidate_scores(dev, fold_logits(dev, fold_weights))).reliable
