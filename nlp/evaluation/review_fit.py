"""Fit a team's correction of the detector from its verdicts on drafts (``nlp.review_adaptation``).

For each kind of conversation the verdicts came from (``adapted_kind``):

1. **Each verdict as a row.** The draft's unit is read alone, as the journal keeps it, and its
   anchor's row is the one the kind's scorer reads (``nlp.detect.model_rows``). Its starting
   log-odds (the offset) is what the base model gave the draft in its conversation, read back
   from the confidence the label keeps; a label without one falls back to the unit read alone.
   (The base is the model without any correction: a re-run on the same labels gives the same
   model.)
2. **Weights.** An L2-penalised logistic regression over the rows with those offsets and an
   intercept of its own, which is left out of the correction (``_fit`` says why): the weights
   learned are what tells a confirmed draft from a rejected one beyond what the base model
   said. Features seen in fewer than ``MIN_COUNT`` verdicts stay 0. The penalty is chosen among ``PENALTIES`` by
   leave-one-session-out log-loss over the verdicts themselves, so no figure of any evaluation
   chooses it.
3. **The reliable point.** Each verdict's log-odds under weights fitted without its own session
   (cross-fitted, so a verdict does not vouch for itself); the loosest of the base model's
   candidate points, between the kind's draft and reliable points, at or above which at least
   ``MIN_ABOVE`` verdicts lie and ``RELIABLE_PRECISION`` of them were confirmed. None when no
   candidate does: the point stays the base model's.

A kind with fewer than ``MIN_VERDICTS`` verdicts, or without both a confirmation and a
rejection, gets no correction; one with fewer than ``MIN_PER_VERDICT`` of either gets its point
alone (step 3 on the offsets), no weights.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from nlp.detect import DecisionDetector, model_rows
from nlp.detector_features import BUCKETS, hashed_names
from nlp.detector_model import OPERATING_CONFIDENCE, DetectorModel
from nlp.evaluation.operating_points import CANDIDATES, RELIABLE_PRECISION
from nlp.evaluation.reviews import CONFIRMED, ReviewRecord, review_conversations
from nlp.review_adaptation import ReviewAdaptation, adapted_kind

MIN_VERDICTS = 10
"""Fewer verdicts of a kind than this make no correction: a handful says little of a kind."""
MIN_COUNT = 2
"""A feature is learned only when at least this many verdicts hold it: a word of one verdict is
that verdict, not the team's phrasing."""
MIN_ABOVE = 10
"""A lowered reliable point must have at least this many verdicts at or above it."""
PENALTIES = (0.01, 0.03, 0.1, 0.3, 1.0, 3.0)
"""The L2 penalties tried (on the mean log-loss), chosen per kind by leave-one-session-out: from
weights that follow a few verdicts closely to next to none, which is what a team's verdicts
buy when they teach nothing beyond the base model (the first grid stopped at 0.3, which
leave-one-session-out chose for most groups in the simulation)."""
MIN_PER_VERDICT = 5
"""Weights are learned only when the verdicts hold at least this many confirmations and as
many rejections: a pattern seen in two confirmed drafts is those two drafts (with two of 25
confirmed, one group's correction silenced its later meetings in the simulation)."""
STEPS = 300
RATE = 0.05
_OPERATING_LOGIT = math.log(OPERATING_CONFIDENCE / (1 - OPERATING_CONFIDENCE))
_BIAS = hashed_names(["bias"])[0]


@dataclass(frozen=True)
class _Rows:
    rows: list[tuple[int, ...]]
    offsets: np.ndarray
    labels: np.ndarray
    sessions: list[str]
    series: tuple[str, ...]


def fit_adaptations(
    model: DetectorModel, records: Sequence[ReviewRecord], detector: DecisionDetector, everywhere: bool = False,
) -> dict[str, ReviewAdaptation]:
    """Kind → the correction ``records`` make to ``model`` (its own corrections, if any, are
    replaced: every verdict is read against the base model). ``everywhere``: the corrections
    apply to every conversation of their kind, not only to the verdicts' series."""
    base = replace(model, reviews={})
    by_kind = _rows_by_kind(base, records, detector)
    out: dict[str, ReviewAdaptation] = {}
    for kind, data in sorted(by_kind.items()):
        confirmed = int(data.labels.sum())
        if len(data.labels) < MIN_VERDICTS or confirmed in (0, len(data.labels)):
            continue
        learns = min(confirmed, len(data.labels) - confirmed) >= MIN_PER_VERDICT
        penalty = _chosen_penalty(data) if learns else math.inf
        weights = _fit(data, np.arange(len(data.labels)), penalty)[0] if learns else np.zeros(BUCKETS)
        crossed = _cross_fitted(data, penalty) if learns else data.offsets
        draft, reliable = _base_points(base, kind)
        point = _reliable_point(crossed, data.labels, draft, reliable)
        out[kind] = ReviewAdaptation(
            kind=kind, weights=weights, reliable_logit=point, verdicts=len(data.labels), confirmed=confirmed,
            series=() if everywhere else data.series,
            note=f"{len(data.labels)} verdicts ({confirmed} confirmed), "
            + (f"L2 {penalty} chosen by leave-one-session-out" if learns else f"no weights: fewer than {MIN_PER_VERDICT} of a verdict"),
        )
    return out


def _rows_by_kind(base: DetectorModel, records: Sequence[ReviewRecord], detector: DecisionDetector) -> dict[str, _Rows]:
    grouped: dict[str, list[tuple[tuple[int, ...], float, float, str, str]]] = {}
    for record, conversation in zip(records, review_conversations(records), strict=True):
        kind = adapted_kind(record.kind, record.source_format)
        features = detector.features(conversation, detector.parse(conversation))
        row = tuple(model_rows(base, features, kind)[record.anchor])
        offset = float(base.logits([row], kind)[0]) if record.confidence is None else _in_context(base, kind, record.confidence)
        label = 1.0 if record.verdict == CONFIRMED else 0.0
        grouped.setdefault(kind, []).append((row, offset, label, record.session_id, record.series or ""))
    return {
        kind: _Rows(
            rows=[r for r, *_ in items], offsets=np.array([o for _, o, *_ in items]),
            labels=np.array([y for _, _, y, *_ in items]), sessions=[s for *_, s, _ in items],
            series=tuple(sorted({series for *_, series in items})),
        )
        for kind, items in grouped.items()
    }


def _in_context(base: DetectorModel, kind: str, confidence: float) -> float:
    """The log-odds a draft had in its conversation: its ``confidence`` read against the base
    model's reliable point. (A draft detected while an earlier correction was in use carries
    that correction in its confidence; reading every label against the base keeps a re-run on
    the same labels giving the same model.)"""
    return base.operating_logit(kind) + math.log(confidence / (1 - confidence)) - _OPERATING_LOGIT


def _fit(data: _Rows, chosen: np.ndarray, penalty: float) -> tuple[np.ndarray, float]:
    """The correction's weights over the verdicts ``chosen``, from zero (deterministic), fitted
    over the features the verdicts hold (a few hundred), not every bucket; and the intercept
    fitted beside them, which the correction leaves out.

    Why an intercept that is thrown away: drafts lie where the base model's log-odds are not
    calibrated (a draft at log-odds 1.5 is a decision one time in five, not four in five), so
    a correction free to move every message of its kind would learn "lower everything" and
    silence the kind, the decisions stored above the drafts too, which nobody reviewed. The
    intercept takes that shift; the weights learn only what tells a confirmed draft from a
    rejected one. The bias feature is left to the intercept for the same reason."""
    weights = np.zeros(BUCKETS)
    if not len(chosen):
        return weights, 0.0
    rows = [data.rows[i] for i in chosen]
    lengths = np.array([len(row) for row in rows])
    flat = np.fromiter((f for row in rows for f in row), dtype=np.int64, count=int(lengths.sum()))
    features, local = np.unique(flat, return_inverse=True)
    starts = np.concatenate(([0], np.cumsum(lengths)[:-1]))
    row_of = np.repeat(np.arange(len(rows)), lengths)
    # A feature counts once per verdict that holds it.
    held = np.bincount(np.unique(np.stack([row_of, local]), axis=1)[1], minlength=len(features))
    seen = (held >= MIN_COUNT) & (features != _BIAS)
    offsets, labels = data.offsets[chosen], data.labels[chosen]
    compact = np.zeros(len(features) + 1)  # the last is the intercept
    first, second = np.zeros(len(compact)), np.zeros(len(compact))
    learned = np.append(seen, True)
    for step in range(1, STEPS + 1):
        logits = offsets + compact[-1] + np.add.reduceat(compact[local], starts)
        error = (1.0 / (1.0 + np.exp(-logits)) - labels) / len(labels)
        gradient = np.append(np.bincount(local, weights=error[row_of], minlength=len(features)) + penalty * compact[:-1],
                             error.sum())
        gradient[~learned] = 0.0
        first = 0.9 * first + 0.1 * gradient
        second = 0.999 * second + 0.001 * gradient**2
        compact -= RATE * (first / (1 - 0.9**step)) / (np.sqrt(second / (1 - 0.999**step)) + 1e-12)
        compact[~learned] = 0.0
    weights[features] = compact[:-1]
    return weights, float(compact[-1])


def _scores(data: _Rows, indices: np.ndarray, weights: np.ndarray) -> np.ndarray:
    return np.array([data.offsets[i] + float(np.sum(weights[list(data.rows[i])])) for i in indices])


def _folds(data: _Rows) -> list[np.ndarray]:
    sessions = sorted(set(data.sessions))
    return [np.array([i for i, s in enumerate(data.sessions) if s == session]) for session in sessions]


def _cross_fitted(data: _Rows, penalty: float) -> np.ndarray:
    """Each verdict's log-odds under weights fitted without its session (with one session, the
    base model's: nothing to hold out from)."""
    out = data.offsets.copy()
    folds = _folds(data)
    if len(folds) < 2:
        return out
    everything = np.arange(len(data.labels))
    for held in folds:
        weights, _ = _fit(data, np.setdiff1d(everything, held), penalty)
        out[held] = _scores(data, held, weights)
    return out


def _chosen_penalty(data: _Rows) -> float:
    """The penalty of the least leave-one-session-out log-loss (the strongest among equals);
    the strongest when the verdicts come from one session."""
    folds = _folds(data)
    if len(folds) < 2:
        return PENALTIES[-1]
    everything = np.arange(len(data.labels))
    best, best_loss = PENALTIES[-1], math.inf
    for penalty in sorted(PENALTIES, reverse=True):
        loss = 0.0
        for held in folds:
            weights, intercept = _fit(data, np.setdiff1d(everything, held), penalty)
            p = 1.0 / (1.0 + np.exp(-(_scores(data, held, weights) + intercept)))
            y = data.labels[held]
            loss -= float(np.sum(y * np.log(np.clip(p, 1e-9, 1)) + (1 - y) * np.log(np.clip(1 - p, 1e-9, 1))))
        if loss < best_loss - 1e-9:
            best, best_loss = penalty, loss
    return best


def _base_points(base: DetectorModel, kind: str) -> tuple[float, float]:
    reliable = base.operating_logit(kind)
    draft_confidence = base.draft_confidence(kind)
    draft = reliable + math.log(draft_confidence / (1 - draft_confidence)) - _OPERATING_LOGIT
    return draft, reliable


def _reliable_point(logits: np.ndarray, labels: np.ndarray, draft: float, reliable: float) -> float | None:
    """The loosest candidate point in [draft, reliable) at or above which ``MIN_ABOVE``
    verdicts lie, ``RELIABLE_PRECISION`` of them confirmed; None when none is."""
    for point in (c for c in CANDIDATES if draft - 1e-9 <= c < reliable - 1e-9):
        above = logits >= point
        if above.sum() >= MIN_ABOVE and labels[above].mean() >= RELIABLE_PRECISION:
            return point
    return None
