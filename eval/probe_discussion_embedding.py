"""Would a discussion-level signal from MiniLM embeddings lift detection in spoken meetings?

A probe for docs/experiments/2026-11-25-detection-variants.md ("Why no embedding"), not part of the product. Over the QMSum
meetings outside the final split, cross-validated by the same series folds as
``decision-journal eval detect``:

1. every turn is embedded (all-MiniLM-L6-v2, 64 word pieces); a turn is described by its
   own vector and the mean vectors of the turns within 5 and 30 of it;
2. a logistic regression over those 1,152 numbers is fitted on the other folds' span labels;
3. its score, z-scored within the meeting and added to the detector's out-of-fold log-odds
   (weight ``alpha``), forms units as the detector does; span recall and in-span share are
   printed per operating point, ``alpha`` 0 being the detector alone.

It also prints the in-span share that detections at random turns would get, with as many
per meeting as the detector makes: the pooled share is bounded by which meetings the
annotators asked decision questions about, not only by which turns.

Usage (about 5 minutes, most of it embedding 27,000 turns):
    .venv/bin/python eval/probe_discussion_embedding.py [--shared ../shared/data]
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from nlp.detect import DecisionDetector
from nlp.detector_model import OPERATING_CONFIDENCE, confidences_at, shipped_model
from nlp.embedding import MiniLMEmbedder
from nlp.evaluation.cross_validation import fold_logits, out_of_fold
from nlp.evaluation.labelled_sources import Places, load_labelled
from nlp.evaluation.real_metrics import ranking_auc
from nlp.evaluation.train import Featurized, featurize
from nlp.language import load_language
from nlp.scored_units import units_from

WINDOWS = (0, 5, 30)
STEPS = 300
L2 = 1e-2


def window_means(vectors: np.ndarray, width: int) -> np.ndarray:
    """Each row's mean with the rows within ``width`` of it (its own row when 0)."""
    if width == 0:
        return vectors
    total = np.vstack([np.zeros((1, vectors.shape[1])), np.cumsum(vectors, axis=0)])
    n = len(vectors)
    low = np.clip(np.arange(n) - width, 0, n)
    high = np.clip(np.arange(n) + width + 1, 0, n)
    return np.asarray((total[high] - total[low]) / (high - low)[:, None])


def described(vectors: np.ndarray) -> np.ndarray:
    return np.hstack([window_means(vectors, width) for width in WINDOWS])


def fit(rows: np.ndarray, labels: np.ndarray) -> tuple[np.ndarray, float]:
    """Class-balanced L2 logistic regression, full-batch Adam from zero (deterministic)."""
    sample = np.where(labels == 1, 0.5 / labels.sum(), 0.5 / (len(labels) - labels.sum()))
    weights, bias = np.zeros(rows.shape[1]), 0.0
    first, second = np.zeros_like(weights), np.zeros_like(weights)
    for step in range(1, STEPS + 1):
        error = (1.0 / (1.0 + np.exp(-(rows @ weights + bias))) - labels) * sample
        gradient = rows.T @ error + L2 * weights
        bias -= 0.1 * float(error.sum())
        first = 0.9 * first + 0.1 * gradient
        second = 0.999 * second + 0.001 * gradient**2
        weights -= 0.01 * (first / (1 - 0.9**step)) / (np.sqrt(second / (1 - 0.999**step)) + 1e-12)
    return weights, bias


def out_of_fold_scores(items: Sequence[Featurized], rows: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Session id → the embedding model's scores, fitted without the session's fold."""
    scores: dict[str, np.ndarray] = {}
    for group in sorted({item.meeting.group for item in items}):
        train = [item for item in items if item.meeting.group != group]
        x = np.vstack([rows[i.meeting.conversation.session_id][sorted(i.meeting.training_labels())] for i in train])
        y = np.concatenate([[label for _, label in sorted(i.meeting.training_labels().items())] for i in train])
        weights, bias = fit(x, y.astype(np.float64))
        for item in items:
            if item.meeting.group == group:
                scores[item.meeting.conversation.session_id] = rows[item.meeting.conversation.session_id] @ weights + bias
    return scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=Path("../shared/data"))
    args = parser.parse_args()
    meetings = load_labelled(Places(Path("eval"), args.shared))
    language = load_language()
    items = featurize(DecisionDetector(language.nlp, light=language.light), meetings)
    dev = [item for item in items if not item.meeting.final]
    logits = fold_logits(dev, out_of_fold(dev))
    spoken = [item for item in dev if item.meeting.source == "qmsum"]
    embedder = MiniLMEmbedder(max_tokens=64, batch_size=64)
    rows = {
        item.meeting.conversation.session_id: described(np.array(embedder.embed([m.content for m in item.features.messages])))
        for item in spoken
    }
    embedded = out_of_fold_scores(spoken, rows)

    def auc(scores: dict[str, np.ndarray]) -> float:
        values = [v for i in spoken if (v := ranking_auc(i.meeting, list(scores[i.meeting.conversation.session_id]))) is not None]
        return statistics.fmean(values)

    print(f"{len(spoken)} QMSum meetings; ranking AUC: detector {auc(logits):.3f}, embeddings {auc(embedded):.3f}")
    operating = shipped_model().operating_logits["spoken"]
    for alpha in (0.0, 0.5, 1.0):
        for point in (operating, operating + 0.25, operating + 0.75, operating + 1.25):
            found = targets = predicted = inside = 0
            at_random = 0.0
            for item in spoken:
                meeting, session = item.meeting, item.meeting.conversation.session_id
                extra = embedded[session]
                combined = logits[session] + alpha * (extra - extra.mean()) / (extra.std() + 1e-9)
                _, units = units_from(item.features, confidences_at(combined, point), OPERATING_CONFIDENCE)
                anchors = {unit.anchor for unit in units}
                labels = meeting.training_labels()
                predicted += len(anchors)
                inside += len(anchors & meeting.positives)
                at_random += len(anchors) * sum(labels.values()) / len(labels)
                targets += len(meeting.targets)
                found += sum(1 for target in meeting.targets if target.messages & anchors)
            print(f"alpha {alpha:.1f}  log-odds {point:5.2f}: span recall {found / targets:.3f}  "
                  f"in-span share {inside / max(predicted, 1):.3f}  (random turns {at_random / max(predicted, 1):.3f})  "
                  f"detections {predicted}")


if __name__ == "__main__":
    main()
