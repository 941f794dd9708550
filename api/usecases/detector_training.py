"""Retrain the detector on the labelled sources, with a team's correction from its verdicts on
drafts on top (issue 45, part 4).

``eval train-detector`` calls ``retrain_detector`` with the records of ``--reviews FILE`` (JSON
lines, as ``review labels --json`` prints them) or, with ``--from-journal``, of the journal's own
review labels (the ReviewLabel nodes the review queue keeps, read by ``journal_review_records``).
The verdicts are not trained on with the labelled sources: they make a correction of the
trained model (``api.usecases.review_learning``, as ``review learn`` makes one of the model in use).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, is_dataclass, replace
from typing import Any

from api.usecases.review import review_labels
from api.usecases.review_learning import learn_from_reviews
from graph.executor import QueryExecutor
from nlp.detect import DecisionDetector
from nlp.evaluation.detector_training import TrainedDetector, train_detector
from nlp.evaluation.labelled_sources import Places, load_labelled
from nlp.evaluation.reviews import ReviewRecord, ReviewRecordError, review_record
from nlp.evaluation.train import Featurized, featurize
from nlp.plural import plural

Progress = Callable[[str], None]


def review_records(labels: Iterable[Mapping[str, Any] | object]) -> list[ReviewRecord]:
    """Records from review labels: mappings (``review labels --json``) or the graph's label
    dataclasses, which carry the same fields.

    Raises:
        ReviewRecordError: A label that cannot be learned from (its index is named).
    """
    out = []
    for label in labels:
        data = asdict(label) if is_dataclass(label) and not isinstance(label, type) else label
        if not isinstance(data, Mapping):
            raise TypeError(f"a review label is a mapping or a dataclass, not {type(label).__name__}")
        out.append(review_record(data))
    return out


async def journal_review_records(executor: QueryExecutor) -> tuple[list[ReviewRecord], int]:
    """The journal's review labels as training records, oldest first, and how many were left
    out: a label whose unit's texts were pruned (retention keeps the verdict, not always the
    words) has nothing left to learn from, and one such label must not stop a retrain."""
    records: list[ReviewRecord] = []
    skipped = 0
    for label in await review_labels(executor):
        try:
            records += review_records([label])
        except ReviewRecordError:
            skipped += 1
    return records, skipped


def retrain_detector(
    places: Places, reviews: Sequence[ReviewRecord], detector: DecisionDetector,
    progress: Progress | None = None, featurized: Sequence[Featurized] | None = None,
) -> TrainedDetector:
    """The detector trained on every labelled development group, with its operating points
    chosen out of fold on them (``train_detector``), and the correction ``reviews`` make of it.

    Args:
        places: Where the labelled data is.
        reviews: The team's verdicts on drafts; none gives the plain shipped training.
        detector: Reads the conversations' features.
        progress: Told what is being trained.
        featurized: The labelled groups already featurized (saves reading them again).
    """
    items = list(featurized) if featurized is not None else featurize(detector, load_labelled(places))
    trained = train_detector(items, progress)
    if not reviews:
        return trained
    if progress is not None:
        progress(f"correcting the trained model by {plural(len(reviews), 'reviewed draft')}")
    return replace(trained, model=learn_from_reviews(trained.model, reviews, detector).model)
