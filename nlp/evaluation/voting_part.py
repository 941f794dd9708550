"""Retrain only the voting part of the detector (``eval train-detector --only voting``).

The model of minutes that vote (``DetectorModel.voting``, ``nlp.voting_features``) is trained
as ``detector_training.train_detector`` trains it, and every other part of the model file is kept
byte for byte: two engineers' parts (the voting one here, the spoken one beside it) can be
retrained one at a time without moving the other's figures.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from nlp.detector_features import VOTING
from nlp.detector_model import DetectorModel
from nlp.evaluation.cross_validation import Progress, is_voting
from nlp.evaluation.detector_training import voting_model_of
from nlp.evaluation.own_part import points_out_of_fold
from nlp.evaluation.train import VOTING_L2, Featurized


def train_voting_part(items: Sequence[Featurized], base: DetectorModel, progress: Progress | None = None) -> DetectorModel:
    """``base`` with its voting model (re)trained as ``train_detector`` trains it, everything
    else byte for byte as it was: cross-validated over the groups of the meetings that vote,
    points chosen on their out-of-fold scores, then fitted on every one of them."""
    dev = [item for item in items if not item.meeting.final and is_voting(item)]
    if not dev:
        raise ValueError("no development meetings that vote: the W3C minutes are needed")
    points = points_out_of_fold(dev, Featurized.as_voting, VOTING_L2, "voting", progress)
    if progress is not None:
        progress(f"voting points (draft/reliable log-odds): {points.draft[VOTING]:.2f}/{points.reliable[VOTING]:.2f}")
    return replace(base, voting=voting_model_of(dev, points))
