"""What a team's confirmations and rejections of drafts teach the detector, applied at ingest.

A team reviews the drafts of its own conversations. What its verdicts say is about its own
conversations: how its minutes phrase a resolution, how sure the shipped model must be before
one of its drafts is a decision. Retraining the shipped model with the verdicts mixed into
its training data moved every kind's weights and points towards one team's phrasing, and the
other sources lost by it (docs/experiments/2026-11-28-review-adaptation.md). So the verdicts
of one kind of conversation make a correction of that kind's scorer instead, stored beside
the shipped model and applied on top of it (``ReviewAdaptation``):

- ``weights``, added to the weights that score the kind: learned from the verdicts alone,
  starting from the shipped model's log-odds of each draft, with a penalty that keeps them
  small (the shipped model is the prior; ``nlp.evaluation.review_fit``);
- ``reliable_logit``: the kind's reliable point, lowered to where the team's own verdicts show
  that drafts are decisions, never raised (a team's drafts say nothing of what was stored
  above them);
- ``series``: the series of meetings or threads the verdicts were given in (``""`` for
  conversations of none). The correction applies to conversations of those series only; any
  other is scored by the shipped model as it is. A correction fitted for every conversation
  of its kind (``review learn --everywhere``) lists none.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from nlp.detector_features import PROSE_NOTES, SESSION, SESSION_FORMATS
from nlp.sparse_weights import dense, sparse


@dataclass(frozen=True)
class ReviewAdaptation:
    """The correction a team's verdicts on one kind's drafts make (module docstring)."""

    kind: str
    weights: np.ndarray
    reliable_logit: float | None
    verdicts: int
    confirmed: int
    series: tuple[str, ...] = ()
    note: str = ""

    def applies_to(self, series: str | None) -> bool:
        """Whether a conversation of ``series`` is scored with this correction: every one of
        the kind when it was fitted for every conversation (no series listed), else those of
        the verdicts' series (``""`` stands for conversations of no series)."""
        return not self.series or (series or "") in self.series

    def to_data(self) -> dict[str, object]:
        """The non-zero weights, rounded, with the point, the counts and the series."""
        return {
            "note": self.note, "verdicts": self.verdicts, "confirmed": self.confirmed, "series": list(self.series),
            "reliable_logit": None if self.reliable_logit is None else round(self.reliable_logit, 4),
            **sparse(self.weights),
        }

    @classmethod
    def from_data(cls, kind: str, data: dict[str, object]) -> ReviewAdaptation:
        """Read what ``to_data`` wrote.

        Raises:
            KeyError: Its weights are missing.
            ValueError: Its weights do not pair up.
        """
        point = data.get("reliable_logit")
        series = data.get("series") or []
        return cls(
            kind=kind, weights=dense(data), reliable_logit=None if point is None else float(str(point)),
            verdicts=int(str(data.get("verdicts", 0))), confirmed=int(str(data.get("confirmed", 0))),
            series=tuple(str(s) for s in series) if isinstance(series, list) else (), note=str(data.get("note", "")),
        )


def adapted_kind(kind: str, source_format: str | None = None) -> str:
    """The kind whose correction scores a conversation: its operating kind, a session's by its
    format, prose notes as notes (the same features; only the shipped points differ)."""
    if source_format in SESSION_FORMATS:
        return SESSION
    return "notes" if kind == PROSE_NOTES else kind
