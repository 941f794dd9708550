"""Cross-validated detection on the real data: train without a group, score that group.

Each source is held out group by group (a W3C working group, a fold of QMSum series, a
notes repository, a fold of our conversations); the model of a fold is trained on every
other group of every source, never on the final split. The operating threshold is chosen
on these out-of-fold scores (mean F1 over the sources), and the shipped model is trained
on all groups outside the final split.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from nlp.detect import capped
from nlp.detector_features import kind_of, notes_kind
from nlp.detector_model import OPERATING_CONFIDENCE, DetectorModel
from nlp.evaluation.corpus import SOURCES, LabelledMeeting
from nlp.evaluation.datasets import as_labelled_meeting, load_conversations, load_meeting_notes
from nlp.evaluation.qmsum_spans import load_qmsum
from nlp.evaluation.real_metrics import FoldedScore, fold_scores
from nlp.evaluation.train import Featurized, fit
from nlp.evaluation.w3c import load_w3c
from nlp.units import decision_units

Progress = Callable[[str], None]


def load_labelled(eval_dir: Path, shared_data: Path | None) -> list[LabelledMeeting]:
    """Our conversations, and with the shared data: W3C minutes, QMSum meetings, meeting notes."""
    meetings = [as_labelled_meeting(item, "conversations") for item in load_conversations(eval_dir / "conversations.jsonl")]
    if shared_data is None:
        return meetings
    if (shared_data / "resolutions" / "meetings.jsonl").is_file():
        meetings += load_w3c(shared_data)
    if (shared_data / "qmsum" / "meetings.jsonl").is_file():
        meetings += load_qmsum(shared_data)
    if (shared_data / "meetings" / "labels.jsonl").is_file():
        notes = load_meeting_notes(shared_data, eval_dir / "meeting_note_decisions.tsv")
        meetings += [as_labelled_meeting(item, "notes") for item in notes]
    return meetings


def confidences_of(item: Featurized, model: DetectorModel) -> list[float]:
    """The detector's confidence per message under ``model``."""
    return capped(model.confidences(item.rows, kind_of(item.meeting.conversation)), item.signals)


def anchors_of(item: Featurized, model: DetectorModel, threshold: float = OPERATING_CONFIDENCE) -> list[int]:
    """The anchors of the decision units ``model`` finds, as the detector forms them."""
    notes = notes_kind(item.meeting.conversation.source_format)
    messages = item.meeting.conversation.messages
    units = decision_units(
        confidences_of(item, model), item.replies, threshold, item.topics, statements_join=not notes,
        times=[m.timestamp for m in messages],
    )
    return [unit.anchor for unit in units]


def out_of_fold(items: Sequence[Featurized], progress: Progress | None = None) -> dict[str, np.ndarray]:
    """Session id → weights of the fold model that never saw that session's group."""
    dev = [item for item in items if not item.meeting.final]
    fold_weights: dict[str, np.ndarray] = {}
    for source in SOURCES:
        groups = sorted({item.meeting.group for item in dev if item.meeting.source == source})
        for group in groups:
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


def score_sources(
    items: Sequence[Featurized], models: Callable[[Featurized], DetectorModel], threshold: float = OPERATING_CONFIDENCE
) -> list[SourceScores]:
    """Per-source scores of the anchors each item's model finds."""
    detected = {item.meeting.conversation.session_id: anchors_of(item, models(item), threshold) for item in items}
    return score_detected(items, detected)


def score_detected(items: Sequence[Featurized], detected: dict[str, Sequence[int]]) -> list[SourceScores]:
    """Per-source scores of given detections (ours or a baseline's)."""
    out: list[SourceScores] = []
    for source in SOURCES:
        meetings = [item.meeting for item in items if item.meeting.source == source]
        if not meetings:
            continue
        routine = fold_scores(meetings, detected, routine=False) if source == "w3c" else None
        out.append(SourceScores(source, fold_scores(meetings, detected), routine))
    return out


def choose_operating_logits(items: Sequence[Featurized], fold_weights: dict[str, np.ndarray]) -> dict[str, float]:
    """Per kind of source, the raw log-odds threshold with the best mean F1 over the
    sources of that kind, out of fold."""
    chosen: dict[str, float] = {}
    dev = [item for item in items if item.meeting.conversation.session_id in fold_weights]
    for kind in sorted({kind_of(item.meeting.conversation) for item in dev}):
        mine = [item for item in dev if kind_of(item.meeting.conversation) == kind]
        best, best_value = 0.0, -1.0
        for candidate in np.arange(-3.0, 6.01, 0.25):
            logits = {kind: float(candidate)}
            scores = score_sources(mine, lambda item: DetectorModel(fold_weights[item.meeting.conversation.session_id], logits))
            value = float(np.mean([(s.non_routine or s.score).pooled.f1 for s in scores]))
            if value > best_value + 1e-9:
                best, best_value = float(candidate), value
        chosen[kind] = best
    return chosen


def baseline_detections(items: Sequence[Featurized], rule: Callable[[str], bool]) -> dict[str, list[int]]:
    """Every message a per-message rule marks (seed 001's regex, seed 000's keywords), as
    their users run them: one decision per matching message."""
    return {
        item.meeting.conversation.session_id: [m.seq for m in item.meeting.conversation.messages if rule(m.content)]
        for item in items
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
