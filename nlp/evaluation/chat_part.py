"""Retrain only the chat part of the detector (``eval train-detector --only chat``).

The model of chats (``DetectorModel.chat``, ``nlp.chat_features``) learns from chats alone:
the real chat sources (``eval/chat``), our own conversations and the minutes that do not vote
(all of ``detector_features`` kind ``chat``). It is cross-validated over their groups (each real
chat source one group), its points chosen on those out-of-fold scores, then fitted on every
development chat; every other part of the model file is kept byte for byte.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from nlp.detector_features import CHAT
from nlp.detector_model import DetectorModel
from nlp.evaluation.cross_validation import Progress, is_chat
from nlp.evaluation.detector_training import chat_model_of
from nlp.evaluation.own_part import points_out_of_fold
from nlp.evaluation.train import CHAT_L2, Featurized


def train_chat_part(items: Sequence[Featurized], base: DetectorModel, progress: Progress | None = None) -> DetectorModel:
    """``base`` with its chat model (re)trained as ``train_detector`` trains it (``items`` read
    with ``featurize(chat=True)``), everything else byte for byte as it was."""
    dev = [item for item in items if not item.meeting.final and is_chat(item)]
    if not dev:
        raise ValueError("no development chats: read the labelled data with featurize(chat=True)")
    points = points_out_of_fold(dev, Featurized.as_chat, CHAT_L2, "chat", progress)
    if progress is not None:
        progress(f"chat points (draft/reliable log-odds): {points.draft[CHAT]:.2f}/{points.reliable[CHAT]:.2f}")
    return replace(base, chat=chat_model_of(dev, points))
