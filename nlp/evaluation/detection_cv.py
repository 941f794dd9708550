"""Cross-validated detection on the real data: train without a group, score that group.

Each source is held out group by group (a W3C working group, a fold of AMI or QMSum series,
a notes repository, a fold of our conversations); the model of a fold is trained on every
other group of every source, never on the final split.

Operating points are chosen on out-of-fold scores, and *nested*: the points a held-out
group is scored at are chosen on the other groups' out-of-fold scores only
(``nested_points``), so no group is scored at a point chosen on its own labels. The shipped
model's points are chosen the same way on every development group.

Two points per kind of conversation (``Points``): below the *draft* point nothing is
reported; from the *reliable* point up a detection is a decision; in between it is a draft
a person confirms (``Detection.is_candidate``). The draft point is the one with the best
mean F1 over the kind's sources; the reliable point the loosest at or above it whose
out-of-fold precision (mean over the kind's sources) reaches ``RELIABLE_PRECISION`` while it
still finds ``RELIABLE_REACH`` of what the draft point finds, or,
where no point does (spoken meetings: AMI links a decision to a couple of its statements),
the loosest at which the kind stores no more decisions than were labelled.

Training data come from ``LOADERS``: one function per source, so another source is one
loader away.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from nlp.detect import units_from
from nlp.detector_features import SESSION, SPOKEN, VOTING
from nlp.detector_model import OPERATING_CONFIDENCE, DetectorModel, KindModel, confidences_at, operating_logit_of
from nlp.evaluation.ami import load_ami
from nlp.evaluation.chat import load_chat
from nlp.evaluation.corpus import SOURCES, LabelledMeeting, cv_groups
from nlp.evaluation.datasets import as_labelled_meeting, load_conversations, load_meeting_notes
from nlp.evaluation.metrics import EMPTY, DetectionScore
from nlp.evaluation.minutes import load_minutes
from nlp.evaluation.qmsum_spans import load_qmsum
from nlp.evaluation.real_metrics import FoldedScore, fold_scores, score_targets
from nlp.evaluation.reviews import is_review
from nlp.evaluation.sessions import load_sessions
from nlp.evaluation.train import SESSION_L2, SPOKEN_L2, VOTING_L2, Featurized, fit
from nlp.evaluation.w3c import load_w3c, load_w3c_groups

Progress = Callable[[str], None]
@dataclass(frozen=True)
class Places:
    """Where the labelled data is.

    Attributes:
        eval_dir: The repository's ``eval/``: labels written here, and data the project may hold.
        shared: The shared development data (``../shared/data``), if present.
        extra: Data derived from public sources fetched for evaluation (AMI, more W3C
            groups, real chat), kept out of the repository (``../eval-data``), if present.
    """

    eval_dir: Path
    shared: Path | None = None
    extra: Path | None = None


Loader = Callable[[Places], list[LabelledMeeting]]
NOTES_LABELS = "notes_openvdb_decisions.tsv"
NOTES_PROSE_LABELS = "meeting_note_prose.tsv"
W3C_GROUPS = "w3c"
"""``../eval-data/w3c/meetings.jsonl``: more W3C groups' minutes (``eval/w3c/README.md``)."""
CHAT = "chat"
"""``eval/chat/<source>/labels.tsv`` (ours) over ``../eval-data/chat/<source>/conversations.jsonl``."""
SESSIONS = "sessions"
"""``eval/sessions/labels.tsv`` (ours) over ``../eval-data/sessions/<owner>__<repo>/`` (the files as fetched)."""
SESSIONS_READ = "read.txt"
"""``eval/sessions/read.txt``: every session the readers went through, those without decisions too."""
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
SPOKEN_SOURCES = frozenset({"ami"})
"""The sources the spoken model (``nlp.spoken_features``) learns from: the AMI decision labels."""


def _conversations(places: Places) -> list[LabelledMeeting]:
    return [as_labelled_meeting(item, "conversations") for item in load_conversations(places.eval_dir / "conversations.jsonl")]


def _openvdb_minutes(places: Places) -> list[LabelledMeeting]:
    return load_minutes(places.eval_dir / "notes", places.eval_dir / NOTES_LABELS, "notes")


def _w3c(places: Places) -> list[LabelledMeeting]:
    shared = places.shared
    return load_w3c(shared) if shared is not None and (shared / "resolutions" / "meetings.jsonl").is_file() else []


def _w3c_groups(places: Places) -> list[LabelledMeeting]:
    # More W3C groups' minutes (``../eval-data/w3c``), held out by their ``group`` field
    # beside the shared three: one source, cross-validated over every group.
    return load_w3c_groups(places.extra / W3C_GROUPS) if places.extra is not None else []


def _chat(places: Places) -> list[LabelledMeeting]:
    return load_chat(places.eval_dir / CHAT, places.extra / CHAT) if places.extra is not None else []


def _sessions(places: Places) -> list[LabelledMeeting]:
    folder = places.eval_dir / SESSIONS
    return load_sessions(folder, places.extra / SESSIONS, folder / SESSIONS_READ) if places.extra is not None else []


def _qmsum(places: Places) -> list[LabelledMeeting]:
    shared = places.shared
    return load_qmsum(shared) if shared is not None and (shared / "qmsum" / "meetings.jsonl").is_file() else []


def _shared_notes(places: Places) -> list[LabelledMeeting]:
    shared = places.shared
    if shared is None or not (shared / "meetings" / "labels.jsonl").is_file():
        return []
    notes = load_meeting_notes(shared, places.eval_dir / "meeting_note_decisions.tsv", places.eval_dir / NOTES_PROSE_LABELS)
    return [as_labelled_meeting(item, "notes") for item in notes]


def _ami(places: Places) -> list[LabelledMeeting]:
    folder = places.extra / "ami" if places.extra is not None else None
    return load_ami(folder) if folder is not None and (folder / "meetings.jsonl").is_file() else []


LOADERS: tuple[Loader, ...] = (_conversations, _openvdb_minutes, _w3c, _w3c_groups, _qmsum, _shared_notes, _ami, _chat, _sessions)
"""Every labelled source, each a function of where the data is (``Places``) that returns its
meetings, reserved ones already dropped, or none when its data is absent."""


def load_labelled(places: Places, loaders: Sequence[Loader] = LOADERS) -> list[LabelledMeeting]:
    """Every labelled meeting of every source. A meeting two sources label (an AMI meeting
    QMSum also asks about) is kept once, under the better labels (AMI's), so that no fold
    trains on a meeting another fold scores."""
    meetings = [meeting for loader in loaders for meeting in loader(places)]
    ami = {m.conversation.session_id for m in meetings if m.source == "ami"}
    return [m for m in meetings if not (m.source == "qmsum" and m.conversation.session_id in ami)]


def load_ami_labelled(places: Places) -> list[LabelledMeeting]:
    """The AMI meetings alone (what the spoken model learns from), reserved ones dropped."""
    return load_labelled(places, (_ami,))


def anchors_at(
    item: Featurized, logits: np.ndarray, operating_logits: dict[str, float], threshold: float = OPERATING_CONFIDENCE
) -> list[int]:
    """The anchors of the decision units that raw log-odds ``logits`` give, formed as the
    detector forms them (``nlp.detect.units_from``)."""
    confidences = confidences_at(logits, operating_logit_of(operating_logits, item.features.operating_kind))
    _, units = units_from(item.features, confidences, threshold, item.features.operating_kind == SESSION)
    return [unit.anchor for unit in units]


def anchors_of(item: Featurized, model: DetectorModel, threshold: float = OPERATING_CONFIDENCE) -> list[int]:
    """The anchors of the decision units ``model`` finds in one meeting."""
    return anchors_at(item, item_logits(model, item), model.points()[0], threshold)


def item_logits(model: DetectorModel, item: Featurized) -> np.ndarray:
    """Raw log-odds of one meeting's messages under ``model``, read by the part of it that
    scores the meeting's kind (minutes that vote by the voting model when it has one)."""
    kind = item.features.operating_kind
    if kind == VOTING and model.voting is not None and item.voting_rows is not None:
        return model.logits(item.voting_rows, kind)
    return model.logits(item.rows, kind)


def key_of(meeting: LabelledMeeting) -> tuple[str, str]:
    return meeting.source, meeting.group


def out_of_fold(
    items: Sequence[Featurized], progress: Progress | None = None, sources: Sequence[str] = SOURCES,
    shared_of_spoken: dict[str, np.ndarray] | None = None,
) -> dict[str, np.ndarray]:
    """Session id → weights of the fold model that never saw that session's group (of the
    groups of ``sources``; every source is trained on). A session is scored by a session model,
    a spoken meeting read for the spoken model (``is_spoken``) by a spoken model trained on
    the other groups of ``SPOKEN_SOURCES``, everything else by the shared model, which trains
    on every other group's shared rows; minutes that vote (``is_voting``) by a voting model
    trained on the other groups' minutes that vote (the shared one trains on them too, as before
    they had a model of their own). ``shared_of_spoken``, when given, is filled with the shared
    fold weights of the spoken meetings and the minutes that vote too (what the shared model's
    points are chosen on)."""
    dev = [item for item in items if not item.meeting.final]
    fold_weights: dict[str, np.ndarray] = {}
    spoken_without: dict[tuple[str, str] | None, np.ndarray] = {}
    for source in sources:
        for group in cv_groups([item.meeting for item in dev], source):
            held = [item for item in dev if key_of(item.meeting) == (source, group)]
            if progress is not None:
                progress(f"training without {source}:{group}")
            for model_kind in sorted({_model_of(item) for item in held}):
                mine = [item for item in held if _model_of(item) == model_kind]
                if model_kind == SPOKEN:
                    # The spoken model learns from the spoken sources only; a group of another
                    # source (QMSum) is scored by the one trained on all of them.
                    key = (source, group) if source in SPOKEN_SOURCES else None
                    if key not in spoken_without:
                        spoken_without[key] = fit(
                            [i for i in dev if is_spoken(i) and i.meeting.source in SPOKEN_SOURCES and key_of(i.meeting) != key],
                            l2=SPOKEN_L2,
                        )
                    weights = spoken_without[key]
                elif model_kind == VOTING:
                    weights = fit([i.as_voting() for i in dev if key_of(i.meeting) != (source, group) and is_voting(i)],
                                  l2=VOTING_L2)
                elif model_kind == SESSION:
                    weights = fit([i for i in dev if key_of(i.meeting) != (source, group) and is_session(i)], l2=SESSION_L2)
                else:
                    weights = _fit_shared(dev, (source, group))
                for item in mine:
                    fold_weights[item.meeting.conversation.session_id] = weights
            if shared_of_spoken is not None and any(is_spoken(item) or is_voting(item) for item in held):
                weights = _fit_shared(dev, (source, group))
                for item in held:
                    if is_spoken(item) or is_voting(item):
                        shared_of_spoken[item.meeting.conversation.session_id] = weights
    return fold_weights


def _fit_shared(dev: Sequence[Featurized], held: tuple[str, str]) -> np.ndarray:
    """The shared model trained on every group but ``held``, spoken meetings on their shared rows."""
    return fit([i.shared() for i in dev if key_of(i.meeting) != held and not is_session(i)])


def _model_of(item: Featurized) -> str:
    return SESSION if is_session(item) else SPOKEN if is_spoken(item) else VOTING if is_voting(item) else "shared"


def is_voting(item: Featurized) -> bool:
    """Whether ``item`` is minutes that vote, scored and trained by the voting model."""
    return item.voting_rows is not None and item.features.operating_kind == VOTING


def is_spoken(item: Featurized) -> bool:
    """Whether ``item`` is a spoken meeting read for the spoken model (``featurize(spoken=True)``)."""
    return item.shared_rows is not None


def is_session(item: Featurized) -> bool:
    """Whether ``item`` is a coding-assistant session, scored and trained by the session model."""
    return item.features.operating_kind == SESSION


FORMULAIC_VIEWS = {"w3c": "non-routine", "w3c-unseen": "non-routine", "chat": "non-triage"}
"""Sources scored a second way, without their formulaic decisions (``Target.routine``): W3C
minutes approvals, an issue tracker's triage outcomes. The name of that view."""


@dataclass(frozen=True)
class SourceScores:
    """Scores of one source; those of ``FORMULAIC_VIEWS`` add the view without formulaic decisions."""

    source: str
    score: FoldedScore
    non_routine: FoldedScore | None = None


@dataclass(frozen=True)
class Points:
    """The operating points (raw log-odds per operating kind): drafts from ``draft`` up,
    decisions from ``reliable`` up."""

    reliable: dict[str, float]
    draft: dict[str, float]


def fold_logits(
    items: Sequence[Featurized], fold_weights: dict[str, np.ndarray], voting_own: bool = True
) -> dict[str, np.ndarray]:
    """Session id → raw log-odds of its messages under the fold model that never saw it,
    computed once whatever the operating points tried. ``voting_own``: the weights of minutes
    that vote are a voting model's (read its features), not the shared model's."""
    return {
        item.meeting.conversation.session_id: DetectorModel(fold_weights[item.meeting.conversation.session_id], {}).logits(
            item.voting_rows if voting_own and is_voting(item) and item.voting_rows is not None else item.rows
        )
        for item in items
    }


def score_sources(
    items: Sequence[Featurized], logits: dict[str, np.ndarray], operating_logits: dict[str, float],
    threshold: float = OPERATING_CONFIDENCE, per_session: Mapping[str, dict[str, float]] | None = None,
) -> list[SourceScores]:
    """Per-source scores of the anchors found at ``operating_logits`` (per kind), or at each
    session's own points in ``per_session`` (``nested_points``)."""
    detected = {}
    for item in items:
        session = item.meeting.conversation.session_id
        points = per_session[session] if per_session is not None else operating_logits
        detected[session] = anchors_at(item, logits[session], points, threshold)
    return score_detected([item.meeting for item in items], detected)


def score_detected(meetings: Sequence[LabelledMeeting], detected: Mapping[str, Sequence[int]]) -> list[SourceScores]:
    """Per-source scores of given detections (ours or a baseline's)."""
    out: list[SourceScores] = []
    present = {meeting.source for meeting in meetings}
    for source in [*SOURCES, *sorted(present - set(SOURCES))]:
        mine = [meeting for meeting in meetings if meeting.source == source]
        if not mine:
            continue
        routine = fold_scores(mine, detected, routine=False) if source in FORMULAIC_VIEWS else None
        out.append(SourceScores(source, fold_scores(mine, detected), routine))
    return out


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


def baseline_detections(meetings: Sequence[LabelledMeeting], rule: Callable[[str], bool]) -> dict[str, list[int]]:
    """Every message a per-message rule marks (seed 001's regex, seed 000's keywords), as
    their users run them: one decision per matching message."""
    return {
        meeting.conversation.session_id: [m.seq for m in meeting.conversation.messages if rule(m.content)]
        for meeting in meetings
    }


@dataclass(frozen=True)
class TrainedDetector:
    """The shipped model and the out-of-fold scores it was chosen on."""

    model: DetectorModel
    fold_weights: dict[str, np.ndarray]


def train_detector(items: Sequence[Featurized], progress: Progress | None = None) -> TrainedDetector:
    """Cross-validate, choose the operating points out of fold, then fit on every dev group.
    A team's verdicts on drafts among ``items`` (``nlp.evaluation.reviews``) are trained on in
    every fold and in the end, never held out, scored or chosen on.

    Spoken meetings read for the spoken model (``featurize(spoken=True)``) get one
    (``train_spoken``); the shared model still trains on them, and its own ``spoken`` points
    are chosen on its own out-of-fold scores of them, so its part of the file is what it was."""
    shared_of_spoken: dict[str, np.ndarray] = {}
    fold_weights = out_of_fold(items, progress, shared_of_spoken=shared_of_spoken)
    dev = [item for item in items if not item.meeting.final]
    labelled = [item for item in dev if not is_review(item.meeting)]
    points = choose_points(labelled, candidate_scores(labelled, fold_logits(labelled, fold_weights)))
    if progress is not None:
        chosen = ", ".join(f"{kind} {points.draft[kind]:.2f}/{value:.2f}" for kind, value in points.reliable.items())
        progress(f"operating points (draft/reliable log-odds): {chosen}; training on every group outside the final split")
    reliable = {kind: value for kind, value in points.reliable.items() if kind != SESSION}
    draft = {kind: value for kind, value in points.draft.items() if kind != SESSION}
    spoken = [item.shared() for item in labelled if is_spoken(item) or is_voting(item)]
    if spoken:
        # The shared model's spoken and voting points, on its own scores: what they were before
        # those kinds had models of their own.
        own = choose_points(spoken, candidate_scores(spoken, fold_logits(spoken, shared_of_spoken, voting_own=False)))
        for kind in own.reliable:
            reliable[kind], draft[kind] = own.reliable[kind], own.draft[kind]
    # The shared model's note speaks of its own training data; the session model's of its own.
    shared = [item.shared() for item in dev if not is_session(item)]
    sessions = [item for item in dev if is_session(item)]
    note = _note([item for item in shared if not is_review(item.meeting)], sum(is_review(i.meeting) for i in shared), "meetings")
    session_model = None
    if sessions and SESSION in points.reliable:
        session_note = _note([i for i in sessions if not is_review(i.meeting)], sum(is_review(i.meeting) for i in sessions),
                             "coding-assistant sessions, on their own features (nlp.session_features)")
        session_model = KindModel(fit(sessions, l2=SESSION_L2), points.reliable[SESSION], points.draft[SESSION], session_note)
    return TrainedDetector(DetectorModel(
        fit(shared), reliable, note, draft, session_model, _spoken_model(labelled, points), voting_model_of(dev, points),
    ), fold_weights)


def voting_model_of(dev: Sequence[Featurized], points: Points) -> KindModel | None:
    """The voting model fitted on every development meeting that votes, at ``points``' voting points."""
    voting = [item for item in dev if is_voting(item)]
    if not voting or VOTING not in points.reliable:
        return None
    note = _note([i for i in voting if not is_review(i.meeting)], sum(is_review(i.meeting) for i in voting),
                 "meetings that vote, on the shared features and their vote runs (nlp.voting_features)")
    return KindModel(fit([item.as_voting() for item in voting], l2=VOTING_L2), points.reliable[VOTING], points.draft[VOTING], note)


def train_spoken(items: Sequence[Featurized], base: DetectorModel, progress: Progress | None = None) -> TrainedDetector:
    """``base`` with its spoken model (only) trained anew on the spoken sources among ``items``
    (read with ``featurize(spoken=True)``): cross-validated by their groups, points chosen out
    of fold, then fitted on every development group. Every other part of ``base`` is kept as it is.

    Raises:
        ValueError: No spoken meeting of ``SPOKEN_SOURCES`` among ``items``.
    """
    mine = [item for item in items if is_spoken(item) and item.meeting.source in SPOKEN_SOURCES]
    if not any(not item.meeting.final for item in mine):
        raise ValueError(f"no development meeting of {', '.join(sorted(SPOKEN_SOURCES))} to train the spoken model on")
    fold_weights = out_of_fold(mine, progress, sources=sorted(SPOKEN_SOURCES))
    labelled = [item for item in mine if not item.meeting.final and not is_review(item.meeting)]
    points = choose_points(labelled, candidate_scores(labelled, fold_logits(labelled, fold_weights)))
    return TrainedDetector(replace(base, spoken=_spoken_model(labelled, points)), fold_weights)


def _spoken_model(labelled: Sequence[Featurized], points: Points) -> KindModel | None:
    """The spoken model fitted on every labelled development meeting of ``SPOKEN_SOURCES``, at ``points``."""
    spoken = [item for item in labelled if is_spoken(item) and item.meeting.source in SPOKEN_SOURCES and not item.meeting.final]
    if not spoken or SPOKEN not in points.reliable:
        return None
    note = _note(spoken, 0, "spoken meetings, on their own features (nlp.spoken_features)")
    return KindModel(fit(spoken, l2=SPOKEN_L2), points.reliable[SPOKEN], points.draft[SPOKEN], note)


def _note(labelled: Sequence[Featurized], reviews: int, what: str) -> str:
    """How a model was made, for its file."""
    sources = sorted({item.meeting.source for item in labelled})
    return (
        f"fitted by `decision-journal eval train-detector` on {sum(len(i.rows) for i in labelled)} messages of "
        f"{len(labelled)} labelled {what} ({', '.join(sources)})"
        + (f" and {reviews} reviewed drafts" if reviews else "")
        + "; final split left out; operating points chosen on out-of-fold scores"
    )
