"""Retrain only the voting part of the detector (``eval train-detector --only voting``).

The model of minutes that vote (``DetectorModel.voting``, ``nlp.voting_features``) is trained
as ``detector_training.train_detector`` trains it, and every other part of the model file is kept
byte for byte: two engineers' parts (the voting one here, the spoken one beside it) can be
retrained one at a time without moving the other's figures.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from nlp.detector_features import VOTING
from nlp.detector_model import DetectorModel
from nlp.evaluation.cross_validation import Progress, fold_logits, is_voting, key_of
from nlp.evaluation.detector_training import voting_model_of
from nlp.evaluation.operating_points import candidate_scores, choose_points
from nlp.evaluation.reviews import is_review
from nlp.evaluation.train import VOTING_L2, Featurized, fit


def train_voting_part(items: Sequence[Featurized], base: DetectorModel, progress: Progress | None = None) -> DetectorModel:
    """``base`` with its voting model (re)trained as ``train_detector`` trains it, everything
    else byte for byte as it was: cross-validated over the groups of the meetings that vote,
    points chosen on their out-of-fold scores, then fitted on every one of them."""
    dev = [item for item in items if not item.meeting.final and is_voting(item)]
    if not dev:
        raise ValueError("no development meetings that vote: the W3C minutes are needed")
    fold_weights: dict[str, np.ndarray] = {}
    for key in sorted({key_of(item.meeting) for item in dev if not is_review(item.meeting)}):
        if progress is not None:
            progress(f"training the voting model without {key[0]}:{key[1]}")
        weights = fit([item.as_voting() for item in dev if key_of(item.meeting) != key], l2=VOTING_L2)
        for item in dev:
            if key_of(item.meeting) == key:
                fold_weights[item.meeting.conversation.session_id] = weights
    labelled = [item for item in dev if not is_review(item.meeting)]
    points = choose_points(labelled, candidate_scores(labelled, fold_logits(labelled, fold_weights)))
    if progress is not None:
        progress(f"voting points (draft/reliable log-odds): {points.draft[VOTING]:.2f}/{points.reliable[VOTING]:.2f}")
    return replace(base, voting=voting_model_of(dev, points))
