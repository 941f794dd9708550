"""Fit the detector's signal weights on the dev split (L2 logistic regression).

Each message that passes the pre-filter is one example: its signals are the features,
and it is positive when it belongs to a gold decision unit. Deterministic: full-batch
gradient descent from zero, a fixed number of steps.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from nlp.detect import WEIGHTS, DecisionDetector
from nlp.evaluation.datasets import LabelledConversation

FEATURES = tuple(name for name in WEIGHTS if name != "bias")


def training_examples(detector: DecisionDetector, items: Sequence[LabelledConversation]) -> list[tuple[tuple[str, ...], int]]:
    """(signals, label) for every scored message the pre-filter lets through."""
    examples = []
    for item in items:
        gold = set().union(*(unit.messages for unit in item.gold)) if item.gold else set()
        for detection in detector.detect(item.conversation):
            if item.scored is not None and detection.seq not in item.scored:
                continue
            if detection.signals or detection.confidence > 0:
                examples.append((detection.signals, int(detection.seq in gold)))
    return examples


def fit_weights(examples: Sequence[tuple[tuple[str, ...], int]], l2: float = 1.0, steps: int = 4000, rate: float = 0.5) -> dict[str, float]:
    """Weights (log-odds per signal, plus ``bias``) that best separate the examples."""
    if not examples:
        raise ValueError("no training examples")
    x = np.array([[1.0 if name in signals else 0.0 for name in FEATURES] for signals, _ in examples])
    y = np.array([label for _, label in examples], dtype=float)
    weights = np.zeros(len(FEATURES))
    bias = 0.0
    n = len(y)
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(x @ weights + bias)))
        error = p - y
        weights -= rate * (x.T @ error / n + l2 * weights / n)
        bias -= rate * float(error.mean())
    fitted = {"bias": round(bias, 4)}
    fitted.update({name: round(float(w), 4) for name, w in zip(FEATURES, weights, strict=True)})
    return fitted


def save_weights(weights: dict[str, float], path: Path, note: str) -> None:
    """Write the weights with a note on how they were made."""
    path.write_text(json.dumps({"note": note, "weights": weights}, indent=2) + "\n")
