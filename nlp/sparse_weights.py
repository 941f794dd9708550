"""Weights over the hashed feature buckets as the model file keeps them: the non-zero ones only."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from nlp.detector_features import BUCKETS


def sparse(weights: np.ndarray) -> dict[str, list[int] | list[float]]:
    """The weights of 5e-4 or more, rounded to three places, by bucket (``indices``/``values``)."""
    nonzero = np.flatnonzero(np.abs(weights) >= 5e-4)
    return {"indices": nonzero.tolist(), "values": [round(float(v), 3) for v in weights[nonzero]]}


def dense(data: Mapping[str, object]) -> np.ndarray:
    """What ``sparse`` wrote, over every bucket.

    Raises:
        KeyError: ``indices`` or ``values`` is missing.
        ValueError: They do not pair up.
    """
    weights = np.zeros(BUCKETS, dtype=np.float64)
    weights[np.array(data["indices"], dtype=np.int64)] = np.array(data["values"], dtype=np.float64)
    return weights
