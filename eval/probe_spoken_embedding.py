"""Would MiniLM embeddings of a turn and its stretch lift the spoken model? (issue 45, part 2)

A probe for docs/experiments/2026-11-26-spoken-model.md, not part of the product. Over the AMI
development meetings, cross-validated by the same series folds as ``decision-journal eval detect``:

1. the spoken model's out-of-fold log-odds (``nlp.spoken_features``, ``out_of_fold``);
2. every turn embedded (all-MiniLM-L6-v2 int8, 128 word pieces); a turn described by its own
   vector, the mean of the turns within ``STRETCH`` of it, and the mean of the three after it
   (its uptake); a logistic regression over those 1,152 numbers fitted on the other folds;
3. the two summed (the dense score weighted ``alpha``); ranking AUC within a meeting, and
   pooled P / R of the units the detector forms at each log-odds point.

Prints the embedding speed too (turns a second): what the speed target of a heavier model
(200 candidates a second on 2 cores) is held against.

Usage (about 15 minutes on a busy 2-core machine, most of it embedding 37,000 turns):
    .venv/bin/python eval/probe_spoken_embedding.py [--eval-data ../eval-data]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from nlp.detect import DecisionDetector
from nlp.detector_model import confidences_at
from nlp.embedding import MiniLMEmbedder
from nlp.evaluation.cross_validation import fold_logits, out_of_fold
from nlp.evaluation.labelled_sources import Places, load_ami_labelled
from nlp.evaluation.metrics import EMPTY
from nlp.evaluation.real_metrics import mean_ranking_auc, score_targets
from nlp.evaluation.train import Featurized, featurize
from nlp.language import load_language
from nlp.scored_units import units_from

STRETCH = 3
STEPS = 300


def _described(vectors: np.ndarray) -> np.ndarray:
    """Each turn's vector, its stretch's mean and the mean of the three turns after it, and a bias."""
    n = len(vectors)
    total = np.vstack([np.zeros((1, vectors.shape[1])), np.cumsum(vectors, axis=0)])

    def mean(lo: int, hi: int) -> np.ndarray:
        lo, hi = max(0, lo), min(n, hi)
        return np.asarray((total[hi] - total[lo]) / max(1, hi - lo))

    stretch = np.stack([mean(i - STRETCH, i + STRETCH + 1) for i in range(n)])
    after = np.stack([mean(i + 1, i + 4) for i in range(n)])
    return np.hstack([vectors, stretch, after, np.ones((n, 1))])


def _fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, rate: float = 0.01) -> np.ndarray:
    sample = np.where(y == 1, 0.5 / max(1.0, y.sum()), 0.5 / max(1.0, (1 - y).sum()))
    w, first, second = np.zeros(x.shape[1]), np.zeros(x.shape[1]), np.zeros(x.shape[1])
    for step in range(1, STEPS + 1):
        error = (1 / (1 + np.exp(-(x @ w))) - y) * sample
        gradient = x.T @ error + l2 * w
        first = 0.9 * first + 0.1 * gradient
        second = 0.999 * second + 0.001 * gradient**2
        w -= rate * (first / (1 - 0.9**step)) / (np.sqrt(second / (1 - 0.999**step)) + 1e-12)
    return w


def _report(name: str, items: list[Featurized], logits: dict[str, np.ndarray]) -> None:
    auc = mean_ranking_auc((item.meeting, logits[item.meeting.conversation.session_id].tolist()) for item in items)
    print(f"{name}: ranking AUC within a meeting {auc:.3f}")
    for point in np.arange(0.0, 5.01, 0.5):
        total = EMPTY
        for item in items:
            confidences = confidences_at(logits[item.meeting.conversation.session_id], float(point))
            _, units = units_from(item.features, confidences, 0.7)
            total += score_targets(item.meeting, [unit.anchor for unit in units], routine=True)
        print(f"  log-odds {point:.1f}: P {total.precision:.3f} R {total.recall:.3f} F1 {total.f1:.3f} "
              f"({total.found}/{total.units} found, {total.predicted} detections)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--eval-data", type=Path, default=Path("../eval-data"))
    args = parser.parse_args()
    language = load_language()
    meetings = [m for m in load_ami_labelled(Places(Path("eval"), None, args.eval_data)) if not m.final]
    items = [item for item in featurize(DecisionDetector(language.nlp, light=language.light), meetings, spoken=True)
             if item.meeting.conversation.messages]
    sparse = fold_logits(items, out_of_fold(items, sources=("ami",)))
    embedder = MiniLMEmbedder(max_tokens=128, batch_size=64)
    started, turns = time.perf_counter(), 0
    described = {}
    for item in items:
        texts = [m.content for m in item.meeting.conversation.messages]
        described[item.meeting.conversation.session_id] = _described(np.array(embedder.embed(texts), dtype=np.float64))
        turns += len(texts)
    print(f"embedded {turns} turns in {time.perf_counter() - started:.0f} s "
          f"({turns / (time.perf_counter() - started):.0f} turns/s)")
    dense: dict[str, np.ndarray] = {}
    for group in sorted({item.meeting.group for item in items}):
        train = [item for item in items if item.meeting.group != group]
        x = np.vstack([described[item.meeting.conversation.session_id] for item in train])
        y = np.concatenate([[float(seq in item.meeting.positives) for seq in range(len(item.meeting.conversation.messages))]
                            for item in train])
        weights = _fit(x, y)
        for item in items:
            if item.meeting.group == group:
                dense[item.meeting.conversation.session_id] = described[item.meeting.conversation.session_id] @ weights
    _report("spoken model (sparse)", items, sparse)
    _report("embeddings alone", items, dense)
    for alpha in (0.5, 1.0):
        _report(f"spoken model + {alpha} x embeddings", items, {key: sparse[key] + alpha * dense[key] for key in sparse})


if __name__ == "__main__":
    main()
