"""``review learn``: the journal's detector corrected by its review labels (issue 45, part 4).

The shipped model is not retrained: the verdicts of each kind of conversation make a
correction applied on top of it, to the series they were given in
(``nlp.review_adaptation``, fitted by ``nlp.evaluation.review_fit``), and the model with its
corrections is written where ingest reads it (``api.usecases.detector_file``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from nlp.detect import DecisionDetector
from nlp.detector_model import DetectorModel
from nlp.evaluation.review_fit import fit_adaptations
from nlp.evaluation.reviews import ReviewRecord
from nlp.review_adaptation import ReviewAdaptation


@dataclass(frozen=True)
class Learned:
    """The corrected model and, per kind, what the verdicts changed."""

    model: DetectorModel
    corrections: dict[str, ReviewAdaptation]
    points_before: dict[str, float]


def learn_from_reviews(
    base: DetectorModel, records: Sequence[ReviewRecord], detector: DecisionDetector, everywhere: bool = False,
) -> Learned:
    """``base`` with the corrections ``records`` make (any it had are replaced: every verdict
    so far is read again). ``everywhere``: a correction applies to every conversation of its
    kind, not only to the series its verdicts were given in."""
    corrections = fit_adaptations(base, records, detector, everywhere=everywhere)
    bare = replace(base, reviews={})
    return Learned(replace(bare, reviews=corrections), corrections,
                   {kind: bare.operating_logit(kind) for kind in corrections})


def write_model(model: DetectorModel, path: Path) -> None:
    """Write ``model`` to ``path`` whole or not at all (a reader never sees half a file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    partial.write_text(model.to_json(), encoding="utf-8")
    partial.replace(path)
