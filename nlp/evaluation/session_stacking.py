"""The session model's weight on the shared model's reading of a turn, chosen out of fold.

The session model learns from sessions alone; the shared model from the decisions of every
other kind (minutes, spoken meetings, notes, chats) and never from a session, so its log-odds
of a session turn are the reading of a model that saw none of the sessions. Added to the
session model's own (``KindModel.shared_weight``), they rank a session's decisions better:
ranking AUC within a session 0.750 → 0.767, cross-validated by owner
(docs/experiments/2026-11-26-session-model.md, stop 69).

The weight is chosen where an operating point is: a share of the shared log-odds' spread over
the training sessions (``SHARES``), the one under which the training owners' out-of-fold scores
rank their decisions best, then the points at it. For each owner scored in cross-validation, on
the other owners only (``nested_stacking``); for the shipped model, on every development owner
(``choose_stacking``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from nlp.detector_model import DetectorModel
from nlp.evaluation.cross_validation import is_session, key_of
from nlp.evaluation.operating_points import Points, candidate_scores, choose_points
from nlp.evaluation.real_metrics import mean_ranking_auc
from nlp.evaluation.train import Featurized

SHARES = (0.0, 0.25, 0.5, 0.75, 1.0)
"""The weights tried, in standard deviations of the shared log-odds over the training
sessions' turns per unit of the session model's log-odds (0: the session model alone)."""


@dataclass(frozen=True)
class Stacking:
    """The weight on the shared model's log-odds, their mean over the training sessions' turns
    (subtracted first: the shared reading is added standardised, as the probe that found it
    did), and the session points chosen with them."""

    weight: float
    centre: float
    points: Points


def shared_logits(items: Iterable[Featurized], shared_weights: np.ndarray) -> dict[str, np.ndarray]:
    """Session id → the shared model's raw log-odds of each turn, for the sessions among ``items``."""
    shared = DetectorModel(shared_weights, {})
    return {item.meeting.conversation.session_id: shared.logits(item.features.all_hashed())
            for item in items if is_session(item)}


def stacked(
    logits: Mapping[str, np.ndarray], shared: Mapping[str, np.ndarray], weight: float, centre: float = 0.0
) -> dict[str, np.ndarray]:
    """``logits`` with ``weight`` x (the shared log-odds - ``centre``) added to those of the sessions in ``shared``."""
    return {session: values + weight * (shared[session] - centre) if session in shared and weight else values
            for session, values in logits.items()}


def choose_stacking(
    sessions: Sequence[Featurized], logits: Mapping[str, np.ndarray], shared: Mapping[str, np.ndarray]
) -> Stacking:
    """The weight (of ``SHARES``, over the spread of the shared log-odds on these sessions'
    turns) under which ``sessions``' out-of-fold scores rank their decisions best (ranking AUC
    within a session; among equals the smaller weight), and the points ``choose_points`` picks
    at it. The weight is chosen by the ranking, not by the F1 at the points, which moves by a
    few hundredths with any shift of the log-odds against the grid of points whatever the
    ranking (docs/experiments/2026-11-26-session-model.md, stop 69)."""
    mine = _ids(sessions)
    joined = np.concatenate([np.asarray(shared[s], dtype=float) for s in mine]) if mine else np.zeros(0)
    centre = float(joined.mean()) if joined.size else 0.0
    scale = float(joined.std()) if joined.size and joined.std() > 0 else 1.0
    best: tuple[float, float] | None = None
    for share in SHARES:
        combined = stacked({s: logits[s] for s in mine}, shared, share / scale, centre)
        ranking = mean_ranking_auc((item.meeting, list(combined[item.meeting.conversation.session_id])) for item in sessions)
        if ranking is not None and (best is None or ranking > best[0] + 1e-9):
            best = (ranking, share)
    weight = (best[1] if best is not None else 0.0) / scale
    combined = stacked({s: logits[s] for s in mine}, shared, weight, centre)
    return Stacking(weight, centre if weight else 0.0, choose_points(sessions, candidate_scores(sessions, combined)))


def nested_stacking(
    items: Sequence[Featurized], logits: Mapping[str, np.ndarray], shared: Mapping[str, np.ndarray]
) -> dict[str, Stacking]:
    """Session id → the stacking it is scored at: chosen on the other owners' sessions only."""
    sessions = [item for item in items if is_session(item)]
    out: dict[str, Stacking] = {}
    for key in sorted({key_of(item.meeting) for item in sessions}):
        others = [item for item in sessions if key_of(item.meeting) != key]
        if not others:
            continue
        chosen = choose_stacking(others, logits, shared)
        out.update({item.meeting.conversation.session_id: chosen for item in sessions if key_of(item.meeting) == key})
    return out


def _ids(items: Iterable[Featurized]) -> list[str]:
    return [item.meeting.conversation.session_id for item in items]
