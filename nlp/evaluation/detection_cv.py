"""Cross-validated detection on the real data: train without a group, score that group.

Each source is held out group by group (a W3C working group, a fold of QMSum series, a
notes repository, a fold of our conversations); the model of a fold is trained on every
other group of every source, never on the final split. The operating threshold is chosen
on these out-of-fold scores (mean F1 over the sources), and the shipped model is trained
on all groups outside the final split.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from nlp.detect import units_from
from nlp.detector_model import OPERATING_CONFIDENCE, DetectorModel, confidences_at, operating_logit_of
from nlp.evaluation.corpus import SOURCES, LabelledMeeting, cv_groups
from nlp.evaluation.datasets import as_labelled_meeting, load_conversations, load_meeting_notes
from nlp.evaluation.minutes import load_minutes
from nlp.evaluation.qmsum_spans import load_qmsum
from nlp.evaluation.real_metrics import FoldedScore, fold_scores
from nlp.evaluation.train import Featurized, fit
from nlp.evaluation.w3c import load_w3c

Progress = Callable[[str], None]
NOTES_LABELS = "notes_openvdb_decisions.tsv"
NOTES_PROSE_LABELS = "meeting_note_prose.tsv"
UNSEEN_LABELS = "unseen_notes_decisions.tsv"


def load_labelled(eval_dir: Path, shared_data: Path | None) -> list[LabelledMeeting]:
    """Our conversations and the OpenVDB minutes labelled here, and with the shared data:
    W3C minutes, QMSum meetings, meeting notes."""
    meetings = [as_labelled_meeting(item, "conversations") for item in load_conversations(eval_dir / "conversations.jsonl")]
    meetings += load_minutes(eval_dir / "notes", eval_dir / NOTES_LABELS, "notes")
    if shared_data is None:
        return meetings
    if (shared_data / "resolutions" / "meetings.jsonl").is_file():
        meetings += load_w3c(shared_data)
    if (shared_data / "qmsum" / "meetings.jsonl").is_file():
        meetings += load_qmsum(shared_data)
    if (shared_data / "meetings" / "labels.jsonl").is_file():
        notes = load_meeting_notes(shared_data, eval_dir / "meeting_note_decisions.tsv", eval_dir / NOTES_PROSE_LABELS)
        meetings += [as_labelled_meeting(item, "notes") for item in notes]
    return meetings


def anchors_at(
    item: Featurized, logits: np.ndarray, operating_logits: dict[str, float], threshold: float = OPERATING_CONFIDENCE
) -> list[int]:
    """The anchors of the decision units that raw log-odds ``logits`` give, formed as the
    detector forms them (``nlp.detect.units_from``)."""
    confidences = confidences_at(logits, operating_logit_of(operating_logits, item.features.operating_kind))
    _, units = units_from(item.features, confidences, threshold)
    return [unit.anchor for unit in units]


def anchors_of(item: Featurized, model: DetectorModel, threshold: float = OPERATING_CONFIDENCE) -> list[int]:
    """The anchors of the decision units ``model`` finds in one meeting."""
    return anchors_at(item, model.logits(item.rows), model.operating_logits, threshold)


def out_of_fold(items: Sequence[Featurized], progress: Progress | None = None) -> dict[str, np.ndarray]:
    """Session id → weights of the fold model that never saw that session's group."""
    dev = [item for item in items if not item.meeting.final]
    fold_weights: dict[str, np.ndarray] = {}
    for source in SOURCES:
        for group in cv_groups([item.meeting for item in dev], source):
            if progress is not None:
                progress(f"training without {source}:{group}")
            train = [i for i in dev if not (i.meeting.source == source and i.meeting.group == group)]
            weights = fit(train)
            for item in dev:
                if item.meeting.source == source and item.meeting.group == group:
                    fold_weights[item.meeting.conversation.session_id] = weights
    return fold_weights


@dataclass(frozen=True)
class SourceScores:
    """Cross-validated scores of one source; W3C adds the non-routine view."""

    source: str
    score: FoldedScore
    non_routine: FoldedScore | None = None


def fold_logits(items: Sequence[Featurized], fold_weights: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Session id → raw log-odds of its messages under the fold model that never saw it,
    computed once whatever the operating points tried."""
    return {
        item.meeting.conversation.session_id: DetectorModel(fold_weights[item.meeting.conversation.session_id], {}).logits(item.rows)
        for item in items
    }


def score_sources(
    items: Sequence[Featurized], logits: dict[str, np.ndarray], operating_logits: dict[str, float],
    threshold: float = OPERATING_CONFIDENCE,
) -> list[SourceScores]:
    """Per-source scores of the anchors found at ``operating_logits`` (per kind)."""
    detected = {
        item.meeting.conversation.session_id: anchors_at(item, logits[item.meeting.conversation.session_id], operating_logits, threshold)
        for item in items
    }
    return score_detected([item.meeting for item in items], detected)


def score_detected(meetings: Sequence[LabelledMeeting], detected: Mapping[str, Sequence[int]]) -> list[SourceScores]:
    """Per-source scores of given detections (ours or a baseline's)."""
    out: list[SourceScores] = []
    for source in SOURCES:
        mine = [meeting for meeting in meetings if meeting.source == source]
        if not mine:
            continue
        routine = fold_scores(mine, detected, routine=False) if source == "w3c" else None
        out.append(SourceScores(source, fold_scores(mine, detected), routine))
    return out


def choose_operating_logits(items: Sequence[Featurized], fold_weights: dict[str, np.ndarray]) -> dict[str, float]:
    """Per operating kind (``ConversationFeatures.operating_kind``), the raw log-odds threshold with the best mean F1 over the
    sources of that kind that hold labelled decisions, out of fold; among equals, the one
    with the fewest wrong detections (the loosest of those). A kind seen only in meetings
    that decided nothing gets the loosest threshold at which they yield no more wrong
    detections than at the strictest: F1 is 0 there at every point."""
    chosen: dict[str, float] = {}
    dev = [item for item in items if item.meeting.conversation.session_id in fold_weights]
    logits = fold_logits(dev, fold_weights)
    for kind in sorted({item.features.operating_kind for item in dev}):
        mine = [item for item in dev if item.features.operating_kind == kind]
        best, best_value = 0.0, (-1.0, 0)
        for candidate in np.arange(-3.0, 6.01, 0.25):
            pooled = [(s.non_routine or s.score).pooled for s in score_sources(mine, logits, {kind: float(candidate)})]
            labelled = [score.f1 for score in pooled if score.units]
            value = (float(np.mean(labelled)) if labelled else 0.0, -sum(score.predicted - score.correct for score in pooled))
            if value[0] > best_value[0] + 1e-9 or (abs(value[0] - best_value[0]) <= 1e-9 and value[1] > best_value[1]):
                best, best_value = float(candidate), value
        chosen[kind] = best
    return chosen


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
    """Cross-validate, choose the operating point out of fold, then fit on every dev group."""
    fold_weights = out_of_fold(items, progress)
    operating = choose_operating_logits(items, fold_weights)
    if progress is not None:
        chosen = ", ".join(f"{kind} {value:.2f}" for kind, value in operating.items())
        progress(f"operating points (log-odds): {chosen}; training on every group outside the final split")
    dev = [item for item in items if not item.meeting.final]
    sources = sorted({item.meeting.source for item in dev})
    note = (
        f"fitted by `decision-journal eval train-detector` on {sum(len(i.rows) for i in dev)} messages of "
        f"{len(dev)} labelled meetings ({', '.join(sources)}); final split left out; "
        f"operating point chosen on out-of-fold scores"
    )
    return TrainedDetector(DetectorModel(fit(dev), operating, note), fold_weights)
