"""The points of a model part of its own (voting, chat), chosen out of fold over its groups:
what ``eval train-detector --only voting|chat`` does before fitting the part on everything."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from nlp.evaluation.cross_validation import Progress, fold_logits, key_of
from nlp.evaluation.operating_points import Points, candidate_scores, choose_points
from nlp.evaluation.reviews import is_review
from nlp.evaluation.train import Featurized, fit


def points_out_of_fold(
    dev: Sequence[Featurized], rows: Callable[[Featurized], Featurized], l2: float, name: str,
    progress: Progress | None = None,
) -> Points:
    """The operating points of the part trained on ``rows`` of ``dev`` (each item read as the
    part reads it) with ``l2``: each labelled group scored by a model fitted without it,
    reviews trained on but never scored; ``name`` says which part in the progress lines."""
    fold_weights: dict[str, np.ndarray] = {}
    for key in sorted({key_of(item.meeting) for item in dev if not is_review(item.meeting)}):
        if progress is not None:
            progress(f"training the {name} model without {key[0]}:{key[1]}")
        weights = fit([rows(item) for item in dev if key_of(item.meeting) != key], l2=l2)
        for item in dev:
            if key_of(item.meeting) == key:
                fold_weights[item.meeting.conversation.session_id] = weights
    labelled = [item for item in dev if not is_review(item.meeting)]
    return choose_points(labelled, candidate_scores(labelled, fold_logits(labelled, fold_weights)))
