"""Retrain only the session part of the detector (``eval train-detector --only session``).

The model of coding-assistant sessions (``DetectorModel.session``, ``nlp.session_features``)
learns from sessions alone, in its folds and in the end, so it can be trained anew from the
sessions without the other sources, and every other part of the model file kept byte for
byte: when the labelled sessions change (a repository dropped, more labels), only this part
moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from nlp.detector_features import SESSION
from nlp.detector_model import DetectorModel
from nlp.evaluation.cross_validation import Progress, fold_logits, is_session, out_of_fold
from nlp.evaluation.detector_training import session_model_of
from nlp.evaluation.operating_points import candidate_scores, choose_points
from nlp.evaluation.train import Featurized


def train_session_part(items: Sequence[Featurized], base: DetectorModel, progress: Progress | None = None) -> DetectorModel:
    """``base`` with its session model (re)trained as ``train_detector`` trains it: out of
    fold by owner, points chosen on those scores, then fitted on every development session."""
    dev = [item for item in items if not item.meeting.final and is_session(item)]
    if not dev:
        raise ValueError("no development sessions: build them into sessions/ of the fetched evaluation data")
    sources = sorted({item.meeting.source for item in dev})
    fold_weights = out_of_fold(dev, progress, sources=sources)
    points = choose_points(dev, candidate_scores(dev, fold_logits(dev, fold_weights)))
    if progress is not None:
        progress(f"session points (draft/reliable log-odds): {points.draft[SESSION]:.2f}/{points.reliable[SESSION]:.2f}")
    return replace(base, session=session_model_of(dev, points))
