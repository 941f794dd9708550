"""The shipped detector's parts trained on every development group, at operating points
chosen out of fold: the shared model, and the session, spoken, voting and chat models of their kinds."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from nlp.detector_features import CHAT, SESSION, SPOKEN, VOTING
from nlp.detector_model import DetectorModel, KindModel
from nlp.evaluation.cross_validation import (
    SPOKEN_SOURCES,
    Progress,
    fold_logits,
    is_chat,
    is_session,
    is_spoken,
    is_voting,
    out_of_fold,
)
from nlp.evaluation.operating_points import Points, candidate_scores, choose_points
from nlp.evaluation.train import CHAT_L2, SESSION_L2, SPOKEN_L2, VOTING_L2, Featurized, fit


@dataclass(frozen=True)
class TrainedDetector:
    """The shipped model and the out-of-fold scores it was chosen on."""

    model: DetectorModel
    fold_weights: dict[str, np.ndarray]


def train_detector(items: Sequence[Featurized], progress: Progress | None = None) -> TrainedDetector:
    """Cross-validate, choose the operating points out of fold, then fit on every dev group.

    Spoken meetings read for the spoken model (``featurize(spoken=True)``) get one
    (``train_spoken``); the shared model still trains on them, and its own ``spoken`` points
    are chosen on its own out-of-fold scores of them, so its part of the file is what it was."""
    shared_of_spoken: dict[str, np.ndarray] = {}
    fold_weights = out_of_fold(items, progress, shared_of_spoken=shared_of_spoken)
    dev = [item for item in items if not item.meeting.final]
    points = choose_points(dev, candidate_scores(dev, fold_logits(dev, fold_weights)))
    if progress is not None:
        chosen = ", ".join(f"{kind} {points.draft[kind]:.2f}/{value:.2f}" for kind, value in points.reliable.items())
        progress(f"operating points (draft/reliable log-odds): {chosen}; training on every group outside the final split")
    reliable = {kind: value for kind, value in points.reliable.items() if kind != SESSION}
    draft = {kind: value for kind, value in points.draft.items() if kind != SESSION}
    spoken = [item.shared() for item in dev if is_spoken(item) or is_voting(item) or is_chat(item)]
    if spoken:
        # The shared model's spoken, voting and chat points, on its own scores: what they were
        # before those kinds had models of their own.
        own = choose_points(spoken, candidate_scores(spoken, fold_logits(spoken, shared_of_spoken, voting_own=False)))
        for kind in own.reliable:
            reliable[kind], draft[kind] = own.reliable[kind], own.draft[kind]
    # The shared model's note speaks of its own training data; the session model's of its own.
    shared = [item.shared() for item in dev if not is_session(item)]
    sessions = [item for item in dev if is_session(item)]
    note = _note(shared, "meetings")
    return TrainedDetector(DetectorModel(
        fit(shared), reliable, note, draft, session_model_of(sessions, points), _spoken_model(dev, points),
        voting_model_of(dev, points), chat_model_of(dev, points),
    ), fold_weights)


def session_model_of(sessions: Sequence[Featurized], points: Points) -> KindModel | None:
    """The session model fitted on every development session, at ``points``' session points."""
    if not sessions or SESSION not in points.reliable:
        return None
    note = _note(sessions, "coding-assistant sessions, on their own features (nlp.session_features)")
    return KindModel(fit(sessions, l2=SESSION_L2), points.reliable[SESSION], points.draft[SESSION], note)


def voting_model_of(dev: Sequence[Featurized], points: Points) -> KindModel | None:
    """The voting model fitted on every development meeting that votes, at ``points``' voting points."""
    voting = [item for item in dev if is_voting(item)]
    if not voting or VOTING not in points.reliable:
        return None
    note = _note(voting, "meetings that vote, on the shared features and their vote runs (nlp.voting_features)")
    return KindModel(fit([item.as_voting() for item in voting], l2=VOTING_L2), points.reliable[VOTING], points.draft[VOTING], note)


def chat_model_of(dev: Sequence[Featurized], points: Points) -> KindModel | None:
    """The chat model fitted on every development chat read for it, at ``points``' chat points."""
    chats = [item for item in dev if is_chat(item)]
    if not chats or CHAT not in points.reliable:
        return None
    note = _note(chats, "chats, on their own features (nlp.chat_features)")
    return KindModel(fit([item.as_chat() for item in chats], l2=CHAT_L2), points.reliable[CHAT], points.draft[CHAT], note)


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
    labelled = [item for item in mine if not item.meeting.final]
    points = choose_points(labelled, candidate_scores(labelled, fold_logits(labelled, fold_weights)))
    return TrainedDetector(replace(base, spoken=_spoken_model(labelled, points)), fold_weights)


def _spoken_model(labelled: Sequence[Featurized], points: Points) -> KindModel | None:
    """The spoken model fitted on every labelled development meeting of ``SPOKEN_SOURCES``, at ``points``."""
    spoken = [item for item in labelled if is_spoken(item) and item.meeting.source in SPOKEN_SOURCES and not item.meeting.final]
    if not spoken or SPOKEN not in points.reliable:
        return None
    note = _note(spoken, "spoken meetings, on their own features (nlp.spoken_features)")
    return KindModel(fit(spoken, l2=SPOKEN_L2), points.reliable[SPOKEN], points.draft[SPOKEN], note)


def _note(labelled: Sequence[Featurized], what: str) -> str:
    """How a model was made, for its file."""
    sources = sorted({item.meeting.source for item in labelled})
    return (
        f"fitted by `decision-journal eval train-detector` on {sum(len(i.rows) for i in labelled)} messages of "
        f"{len(labelled)} labelled {what} ({', '.join(sources)})"
        + "; final split left out; operating points chosen on out-of-fold scores"
    )
