"""What a team's verdicts on drafts buy: a simulated review of a held-back group (issue 45, part 4).

One development group G is held back: the detector is trained without it, as if G were a
team's own meetings that it was never tuned on. The team reads its review queue in the order
the meetings came (session ids sorted): the drafts of each meeting (units between the draft
point and the reliable point, sharing no message with a stored decision, as
``DecisionDetector`` makes them). Each verdict comes from G's labels: a draft whose anchor lies
in a labelled decision is confirmed, any other rejected. The first N verdicts, in the form the
journal keeps them (``nlp.evaluation.reviews.ReviewRecord``: the unit's texts, the anchor's
place, the session's format), are added to the training data, the detector is retrained, and
G's meetings that come after the last one reviewed at the largest N are scored: every N is
scored on the same meetings.

Each arm (N = 0, and each N asked) is a whole training run: the other groups are
cross-validated with the verdicts in every fold's training data (nested points, as
``eval detect``), which says whether the retrained detector is at least as good on every
other source by the same folds; its operating points are chosen on those out-of-fold scores,
without G, and G's remaining meetings are scored at them by the model trained on every other
group and the verdicts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from nlp.detector_model import OPERATING_CONFIDENCE, DetectorModel, KindModel, confidences_at, operating_logit_of
from nlp.evaluation.corpus import LabelledMeeting
from nlp.evaluation.cross_validation import fold_logits, is_voting, out_of_fold
from nlp.evaluation.metrics import EMPTY, DetectionScore
from nlp.evaluation.operating_points import Points, candidate_scores, choose_points, nested_points
from nlp.evaluation.real_metrics import score_targets
from nlp.evaluation.reviews import CONFIRMED, REJECTED, ReviewRecord, review_meetings
from nlp.evaluation.source_scores import SourceScores, anchors_at, item_logits, score_sources
from nlp.evaluation.train import VOTING_L2, Featurized, fit
from nlp.scored_units import units_from

Progress = Callable[[str], None]
Featurize = Callable[[Sequence[LabelledMeeting]], list[Featurized]]


@dataclass(frozen=True)
class Draft:
    """One draft of a held-back meeting and the verdict its labels give."""

    session: str
    anchor: int
    members: tuple[int, ...]
    confirmed: bool


def drafts_of(item: Featurized, logits: np.ndarray, points: Points) -> list[Draft]:
    """The drafts of one meeting: units found at the draft point that share no message with a
    unit found at the reliable point. A draft whose anchor is unscored (an unsure label) is
    left out: no verdict can be simulated for it."""
    kind = item.features.operating_kind

    def units(point: dict[str, float]) -> list[tuple[int, tuple[int, ...]]]:
        confidences = confidences_at(logits, operating_logit_of(point, kind))
        return [(u.anchor, u.members) for u in units_from(item.features, confidences, OPERATING_CONFIDENCE)[1]]

    taken = {seq for _, members in units(points.reliable) for seq in members}
    meeting = item.meeting
    return [
        Draft(meeting.conversation.session_id, anchor, members, anchor in meeting.positives)
        for anchor, members in units(points.draft)
        if not taken & set(members) and (meeting.scored is None or anchor in meeting.scored)
    ]


def as_record(item: Featurized, draft: Draft) -> ReviewRecord:
    """The verdict as the journal keeps it: the unit's texts and the anchor's place in it."""
    messages = item.meeting.conversation.messages
    return ReviewRecord(
        verdict=CONFIRMED if draft.confirmed else REJECTED,
        sentence=messages[draft.anchor].content,
        message_texts=tuple(messages[seq].content for seq in draft.members),
        anchor=draft.members.index(draft.anchor),
        session_id=draft.session,
        source_format=item.meeting.conversation.source_format,
        source_kind=item.features.kind,
    )


@dataclass(frozen=True)
class Arm:
    """One training run: with the first ``reviewed`` verdicts (0: none)."""

    reviewed: int
    confirmed: int
    stored: DetectionScore
    with_drafts: DetectionScore
    points: Points
    others: list[SourceScores]
    others_with_drafts: list[SourceScores]


@dataclass(frozen=True)
class ReviewCurve:
    """The held-back group, its queue, the meetings scored, and one arm per N."""

    group: tuple[str, str]
    meetings: int
    drafts: int
    scored_meetings: tuple[str, ...]
    arms: list[Arm]


def simulate(
    items: Sequence[Featurized], group: tuple[str, str], reviewed: Sequence[int], featurize: Featurize,
    progress: Progress | None = None,
) -> ReviewCurve:
    """The curve of ``reviewed`` verdicts on the held-back ``group`` (source, group).

    Raises:
        ValueError: The group is unknown, or holds fewer drafts than the largest N leaves
            meetings after.
    """
    dev = [item for item in items if not item.meeting.final]
    held = sorted((i for i in dev if (i.meeting.source, i.meeting.group) == group), key=lambda i: i.meeting.conversation.session_id)
    rest = [i for i in dev if (i.meeting.source, i.meeting.group) != group]
    if not held:
        raise ValueError(f"no development meetings in {group[0]}:{group[1]}")
    base = _arm(rest, [], progress, "without reviews")
    queue = _queue(held, base)
    most = max(reviewed)
    if len(queue) < most:
        raise ValueError(f"{group[0]}:{group[1]} holds {len(queue)} drafts, fewer than {most}")
    last = queue[most - 1][1].session
    scored = tuple(i.meeting.conversation.session_id for i in held if i.meeting.conversation.session_id > last)
    if not scored:
        raise ValueError(f"no meeting of {group[0]}:{group[1]} is left after its first {most} drafts")
    remaining = [i for i in held if i.meeting.conversation.session_id in scored]
    arms = [_scored(base, remaining, 0, 0)]
    for n in sorted(reviewed):
        records = [as_record(item, draft) for item, draft in queue[:n]]
        review_items = featurize(review_meetings(records))
        arm = _arm(rest, review_items, progress, f"with {n} reviewed drafts")
        arms.append(_scored(arm, remaining, n, sum(1 for r in records if r.verdict == CONFIRMED)))
    return ReviewCurve(group, len(held), len(queue), scored, arms)


@dataclass(frozen=True)
class _Trained:
    weights: np.ndarray
    voting: np.ndarray | None
    points: Points
    others: list[SourceScores]
    others_with_drafts: list[SourceScores]


def _arm(rest: list[Featurized], reviews: list[Featurized], progress: Progress | None, label: str) -> _Trained:
    if progress is not None:
        progress(f"arm {label}: cross-validating the other groups")
    training = [*rest, *reviews]
    logits = fold_logits(rest, out_of_fold(training, progress))
    scores = candidate_scores(rest, logits)
    nested = nested_points(rest, scores)
    others = score_sources(rest, logits, {}, per_session={s: p.reliable for s, p in nested.items()})
    others_drafts = score_sources(rest, logits, {}, per_session={s: p.draft for s, p in nested.items()})
    if progress is not None:
        progress(f"arm {label}: training on every other group")
    voting = [item.as_voting() for item in training if is_voting(item)]
    return _Trained(fit(training), fit(voting, l2=VOTING_L2) if voting else None, choose_points(rest, scores), others, others_drafts)


def _model(trained: _Trained) -> DetectorModel:
    """The arm's shared and voting weights as one model (points are the arm's, passed apart)."""
    voting = KindModel(trained.voting, 0.0, 0.0) if trained.voting is not None else None
    return DetectorModel(trained.weights, {}, voting=voting)


def _queue(held: list[Featurized], trained: _Trained) -> list[tuple[Featurized, Draft]]:
    model = _model(trained)
    return [(item, draft) for item in held for draft in drafts_of(item, item_logits(model, item), trained.points)]


def _scored(trained: _Trained, remaining: list[Featurized], reviewed: int, confirmed: int) -> Arm:
    model = _model(trained)
    stored, drafts = EMPTY, EMPTY
    for item in remaining:
        logits = item_logits(model, item)
        # As eval detect scores them: W3C without its minutes approvals.
        routine = item.meeting.source != "w3c"
        stored += score_targets(item.meeting, anchors_at(item, logits, trained.points.reliable), routine)
        drafts += score_targets(item.meeting, anchors_at(item, logits, trained.points.draft), routine)
    return Arm(reviewed, confirmed, stored, drafts, trained.points, trained.others, trained.others_with_drafts)

