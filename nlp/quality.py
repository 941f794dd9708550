"""Seed 002's recording-quality score: how findable a recorded decision will be."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Reason:
    """A reason with its type (seed 002's ``-r "empirical:..."``)."""

    type: str
    text: str

    @classmethod
    def parse(cls, value: str) -> Reason:
        """``"empirical: failed at 60s"`` → Reason("empirical", "failed at 60s"); no type → "unspecified"."""
        kind, sep, text = value.partition(":")
        if sep and kind.strip() and " " not in kind.strip():
            return cls(kind.strip().lower(), text.strip())
        return cls("unspecified", value.strip())


@dataclass(frozen=True)
class Quality:
    """Score in 0..1 and what would raise it."""

    score: float
    suggestions: tuple[str, ...]


def recording_quality(
    decision: str,
    *,
    pattern: str | None = None,
    tags: Sequence[str] = (),
    reasons: Sequence[Reason] = (),
    explicit_bridge: bool = False,
    context: str | None = None,
    project: str | None = None,
    inputs: Sequence[str] = (),
) -> Quality:
    """The seed's signals and weights: pattern 0.2, tags 0.15, two reason types 0.15,
    explicit bridge 0.15, decision longer than 20 characters 0.1, context 0.1, project 0.1,
    deliberation inputs 0.05."""
    checks = [
        (bool(pattern), 0.2, "Decision text is very specific - consider adding a --pattern for the general principle"),
        (bool(tags), 0.15, "No tags provided - tags improve cross-domain retrieval"),
        (len({r.type for r in reasons}) >= 2, 0.15,
         "Only 1 reason type used - diverse reasons improve robustness (Minsky Ch 18)" if reasons
         else "No reasons given - add --reason TYPE:TEXT (empirical, analysis, constraint, ...)"),
        (explicit_bridge, 0.15, "No explicit bridge - say what structure or function this decision generalises to"),
        (len(decision.strip()) > 20, 0.1, "Decision text is short - say what was decided in a full sentence"),
        (bool(context), 0.1, "No context - say why this was being decided"),
        (bool(project), 0.1, "No project context - name the project or component"),
        (bool(inputs), 0.05, "No deliberation inputs - note what you consulted before deciding"),
    ]
    score = round(sum(weight for ok, weight, _ in checks if ok), 2)
    return Quality(score, tuple(message for ok, _, message in checks if not ok))
