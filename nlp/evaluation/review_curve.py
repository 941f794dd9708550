"""What a team's verdicts on drafts buy: simulated reviews of development groups (issue 45, part 4).

Every development group is scored as ``eval detect --groups`` scores it: by the fold model
that never saw it, at points chosen without it (nested). So each group G stands for a team's
own meetings, which the detector was never tuned on. The team reads its review queue in the
order its meetings came (session ids sorted): the drafts of each meeting (units between the
draft point and the reliable point, sharing no message with a stored decision, as
``DecisionDetector`` makes them). Each verdict comes from G's labels: a draft whose anchor lies
in a labelled decision is confirmed, any other rejected. The first N verdicts, in the form the
journal keeps them (``nlp.evaluation.reviews.ReviewRecord``: the unit's texts, the anchor's
place, the session's format and series, the draft's confidence), make the team's correction
of the detector (``nlp.evaluation.review_fit``), and G's meetings after the last one reviewed
at its largest N are scored with it: every N of a group is scored on the same meetings.

The correction applies to G's series only, so every other group is scored as before, by
construction. What it would do to them if it applied to every conversation of its kind is
scored too (``everywhere``): their out-of-fold log-odds with the correction added, at their
nested points with the team's point. (Their fold models saw G's labels: the check asks what a
team's correction does on top of a detector, not how G's labels move one.)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np

from nlp.detect import DecisionDetector
from nlp.detector_features import VOTING
from nlp.detector_model import OPERATING_CONFIDENCE, DetectorModel, KindModel, confidences_at, operating_logit_of
from nlp.evaluation.corpus import SOURCES
from nlp.evaluation.cross_validation import fold_logits, key_of, out_of_fold
from nlp.evaluation.metrics import EMPTY, DetectionScore
from nlp.evaluation.operating_points import Points, candidate_scores, nested_points
from nlp.evaluation.real_metrics import score_targets
from nlp.evaluation.review_fit import fit_adaptations
from nlp.evaluation.reviews import CONFIRMED, REJECTED, ReviewRecord
from nlp.evaluation.source_scores import SourceScores, anchors_at, score_detected
from nlp.evaluation.train import Featurized
from nlp.review_adaptation import ReviewAdaptation, adapted_kind
from nlp.scored_units import units_from

Progress = Callable[[str], None]
MIN_SCORED_MEETINGS = 3
"""A group's curve needs at least this many meetings left to score after its largest N."""


@dataclass(frozen=True)
class Draft:
    """One draft of a held-back meeting, the verdict its labels give, and its confidence."""

    session: str
    anchor: int
    members: tuple[int, ...]
    confirmed: bool
    confidence: float


def drafts_of(item: Featurized, logits: np.ndarray, points: Points) -> list[Draft]:
    """The drafts of one meeting: units found at the draft point that share no message with a
    unit found at the reliable point. A draft whose anchor is unscored (an unsure label) is
    left out: no verdict can be simulated for it."""
    kind = item.features.operating_kind
    at_reliable = confidences_at(logits, operating_logit_of(points.reliable, kind))

    def units(point: dict[str, float]) -> list[tuple[int, tuple[int, ...]]]:
        confidences = confidences_at(logits, operating_logit_of(point, kind))
        return [(u.anchor, u.members) for u in units_from(item.features, confidences, OPERATING_CONFIDENCE)[1]]

    taken = {seq for _, members in units(points.reliable) for seq in members}
    meeting = item.meeting
    return [
        Draft(meeting.conversation.session_id, anchor, members, anchor in meeting.positives, at_reliable[anchor])
        for anchor, members in units(points.draft)
        if not taken & set(members) and (meeting.scored is None or anchor in meeting.scored)
    ]


def as_record(item: Featurized, draft: Draft) -> ReviewRecord:
    """The verdict as the journal keeps it: the unit's texts, the anchor's place in it, the
    draft's confidence, and its series (the held-back group, a series of meetings)."""
    messages = item.meeting.conversation.messages
    return ReviewRecord(
        verdict=CONFIRMED if draft.confirmed else REJECTED,
        sentence=messages[draft.anchor].content,
        message_texts=tuple(messages[seq].content for seq in draft.members),
        anchor=draft.members.index(draft.anchor),
        session_id=draft.session,
        source_format=item.meeting.conversation.source_format,
        source_kind=item.features.kind,
        confidence=min(max(draft.confidence, 1e-4), 1 - 1e-4),
        series=item.meeting.group,
    )


@dataclass(frozen=True)
class Arm:
    """A group's remaining meetings with its first ``reviewed`` verdicts (0: none), and the
    other groups with the correction applied to every conversation of its kind."""

    reviewed: int
    confirmed: int
    stored: DetectionScore
    with_drafts: DetectionScore
    everywhere: list[SourceScores]
    everywhere_with_drafts: list[SourceScores]
    corrections: tuple[str, ...] = ()


@dataclass(frozen=True)
class ReviewCurve:
    """One group, its queue, the meetings scored, and one arm per N."""

    group: tuple[str, str]
    meetings: int
    drafts: int
    scored_meetings: tuple[str, ...]
    arms: list[Arm]


@dataclass(frozen=True)
class Curves:
    """Every group's curve, and the other sources as cross-validation scores them (the shipped
    scoping: what every group scores whatever any other group's team reviewed)."""

    curves: list[ReviewCurve]
    skipped: dict[str, str]
    others: list[SourceScores]
    others_with_drafts: list[SourceScores]


def simulate(
    items: Sequence[Featurized], reviewed: Sequence[int], detector: DecisionDetector,
    groups: Sequence[tuple[str, str]] | None = None, progress: Progress | None = None,
) -> Curves:
    """The curves of ``reviewed`` verdicts, for each of ``groups`` (default: every development
    group) whose queue holds enough drafts: a group's Ns are those its queue holds with at
    least ``MIN_SCORED_MEETINGS`` meetings after the last one reviewed.

    Raises:
        ValueError: A group asked for is unknown.
    """
    dev = [item for item in items if not item.meeting.final]
    known = {key_of(item.meeting) for item in dev}
    for group in groups or ():
        if group not in known:
            raise ValueError(f"no development meetings in {group[0]}:{group[1]}")
    if progress is not None:
        progress("cross-validating every group")
    base = _Base.of(dev, progress)
    curves, skipped = [], {}
    for group in groups or sorted(known, key=lambda g: (SOURCES.index(g[0]) if g[0] in SOURCES else len(SOURCES), g)):
        curve = _curve(base, group, reviewed, detector, progress)
        if isinstance(curve, str):
            skipped[":".join(group)] = curve
        else:
            curves.append(curve)
    stored, drafts = base.scores({})
    return Curves(curves, skipped, stored, drafts)


@dataclass(frozen=True)
class _Base:
    """Every development group's out-of-fold log-odds and nested points, and what they detect."""

    items: list[Featurized]
    logits: dict[str, np.ndarray]
    nested: dict[str, Points]
    stored: dict[str, list[int]]
    drafts: dict[str, list[int]]

    @classmethod
    def of(cls, dev: list[Featurized], progress: Progress | None) -> _Base:
        logits = fold_logits(dev, out_of_fold(dev, progress))
        nested = nested_points(dev, candidate_scores(dev, logits))
        stored = {i.meeting.conversation.session_id: anchors_at(i, logits[i.meeting.conversation.session_id],
                                                                 nested[i.meeting.conversation.session_id].reliable) for i in dev}
        drafts = {i.meeting.conversation.session_id: anchors_at(i, logits[i.meeting.conversation.session_id],
                                                                nested[i.meeting.conversation.session_id].draft) for i in dev}
        return cls(dev, logits, nested, stored, drafts)

    def scores(self, reviews: Mapping[str, ReviewAdaptation], without: tuple[str, str] | None = None,
               ) -> tuple[list[SourceScores], list[SourceScores]]:
        """Every group but ``without`` scored with ``reviews`` where they apply (only the
        meetings they change are detected again)."""
        mine = [item for item in self.items if key_of(item.meeting) != without]
        stored, drafts = dict(self.stored), dict(self.drafts)
        for item in mine:
            session = item.meeting.conversation.session_id
            logits = _corrected(item, reviews, self.logits[session])
            if logits is not self.logits[session]:
                points = _adapted(self.nested[session], reviews, item.meeting.group)
                stored[session] = anchors_at(item, logits, points.reliable)
                drafts[session] = anchors_at(item, logits, points.draft)
        meetings = [item.meeting for item in mine]
        return score_detected(meetings, stored), score_detected(meetings, drafts)


def _curve(
    base: _Base, group: tuple[str, str], reviewed: Sequence[int], detector: DecisionDetector, progress: Progress | None,
) -> ReviewCurve | str:
    """One group's curve, or why it has none."""
    held = sorted((i for i in base.items if key_of(i.meeting) == group), key=lambda i: i.meeting.conversation.session_id)
    queue = [(item, draft) for item in held
             for draft in drafts_of(item, base.logits[item.meeting.conversation.session_id],
                                    base.nested[item.meeting.conversation.session_id])]
    sessions = [i.meeting.conversation.session_id for i in held]
    feasible = [n for n in sorted(set(reviewed))
                if n <= len(queue) and sum(1 for s in sessions if s > queue[n - 1][1].session) >= MIN_SCORED_MEETINGS]
    if not feasible:
        return f"{len(queue)} drafts in {len(held)} meetings: too few for N = {min(reviewed)} with {MIN_SCORED_MEETINGS} meetings after"
    last = queue[feasible[-1] - 1][1].session
    remaining = [i for i in held if i.meeting.conversation.session_id > last]
    if progress is not None:
        progress(f"{group[0]}:{group[1]}: {len(queue)} drafts; N = {', '.join(map(str, feasible))}")
    arms = [_scored(base, group, {}, remaining, 0, 0)]
    for n in feasible:
        records = [as_record(item, draft) for item, draft in queue[:n]]
        model = _points_model(base.nested[records[0].session_id])
        scoped = fit_adaptations(model, records, detector)
        arms.append(_scored(base, group, scoped, remaining, n, sum(1 for r in records if r.verdict == CONFIRMED)))
    return ReviewCurve(group, len(held), len(queue), tuple(i.meeting.conversation.session_id for i in remaining), arms)


def _points_model(points: Points) -> DetectorModel:
    """A model as far as fitting a correction reads one: its points (the group's nested ones,
    the voting kind's under its own scorer, so that minutes that vote are read by their rows)."""
    voting = KindModel(np.zeros(1), operating_logit_of(points.reliable, VOTING), operating_logit_of(points.draft, VOTING))
    return DetectorModel(np.zeros(1), dict(points.reliable), draft_logits=dict(points.draft), voting=voting)


def _adapted(points: Points, reviews: Mapping[str, ReviewAdaptation], series: str) -> Points:
    """``points`` with each kind's reliable point lowered to the team's where its correction
    applies to ``series``."""
    reliable = dict(points.reliable)
    for kind in {*points.reliable, *points.draft}:
        adaptation = reviews.get(adapted_kind(kind))
        if adaptation is not None and adaptation.reliable_logit is not None and adaptation.applies_to(series):
            reliable[kind] = min(operating_logit_of(points.reliable, kind), adaptation.reliable_logit)
    return Points(reliable, points.draft)


def _corrected(item: Featurized, reviews: Mapping[str, ReviewAdaptation], logits: np.ndarray) -> np.ndarray:
    """``logits`` (of ``item`` under some model) with the correction for its kind and series
    added, as ``DetectorModel.logits`` adds it (a meeting's series here is its group); the
    same array when none applies."""
    kind = item.features.operating_kind
    adaptation = reviews.get(adapted_kind(kind))
    if adaptation is None or not adaptation.applies_to(item.meeting.group):
        return logits
    rows = item.voting_rows if kind == VOTING and item.voting_rows is not None else item.rows
    corrected: np.ndarray = logits + DetectorModel(adaptation.weights, {}).logits(rows)
    return corrected


def _scored(
    base: _Base, group: tuple[str, str], scoped: dict[str, ReviewAdaptation], remaining: list[Featurized],
    reviewed: int, confirmed: int,
) -> Arm:
    stored, drafts = EMPTY, EMPTY
    for item in remaining:
        session = item.meeting.conversation.session_id
        points = _adapted(base.nested[session], scoped, item.meeting.group)
        logits = _corrected(item, scoped, base.logits[session])
        # As eval detect scores them: W3C without its minutes approvals.
        routine = item.meeting.source != "w3c"
        stored += score_targets(item.meeting, anchors_at(item, logits, points.reliable), routine)
        drafts += score_targets(item.meeting, anchors_at(item, logits, points.draft), routine)
    wide, wide_drafts = base.scores({kind: replace(a, series=()) for kind, a in scoped.items()}, without=group)
    notes = tuple(f"{kind}: {a.note}, reliable point {a.reliable_logit}" for kind, a in sorted(scoped.items()))
    return Arm(reviewed, confirmed, stored, drafts, wide, wide_drafts, notes)
