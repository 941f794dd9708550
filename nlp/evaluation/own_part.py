"""The points of a model part of its own (voting, chat), chosen out of fold over its groups:
what ``eval train-detector --only voting|chat`` does before fitting the part on everything."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from nlp.evaluation.cross_validation import Progress, fold_logits, key_of
from nlp.evaluation.operating_points import Points, candidate_scores, choose_points
from nlp.evaluation.train import Featurized, fit


def points_out_of_fold(
    dev: Sequence[Featurized], rows: Callable[[Featurized], Featurized], l2: float, name: str,
    progress: Progress | None = None,
) -> Points:
    """The operating points of the part trained on ``rows`` of ``dev`` (each item read as the
    part reads it) with ``l2``: each labelled group scored by a model fitted without it;
    ``name`` says which part in the progress lines."""
    fold_weights: dict[str, np.ndarray] = {}
    for key in sorted({key_of(item.meeting) for item in dev}):
        if progress is not None:
            progress(f"training the {name} model without {key[0]}:{key[1]}")
        weights = fit([rows(item) for item in dev if key_of(item.meeting) != key], l2=l2)
        for item in dev:
            if key_of(item.meeting) == key:
                fold_weights[item.meeting.conversation.session_id] = weights
    return choose_points(dev, candidate_scores(dev, fold_logits(dev, fold_weights)))
