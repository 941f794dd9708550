"""Flag decisions that did not follow the precedent they cited (seed 003)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from lineage.model import AgentDecisionRecord, PrecedentDeviation


@dataclass(frozen=True)
class Assessment:
    """What an observer concluded about a session's recent decisions."""

    observer_name: str
    summary: str
    severity: Literal["info", "caution", "warning"]
    suggestions: tuple[str, ...] = ()
    deviations: tuple[PrecedentDeviation, ...] = ()


def precedent_deviations(decision: AgentDecisionRecord) -> list[PrecedentDeviation]:
    """One ``outcome_differs`` deviation per cited precedent the decision did not follow."""
    return [
        PrecedentDeviation(
            decision_id=decision.decision_id, precedent_id=ref.decision_id,
            deviation_type="outcome_differs",
            explanation=f"{decision.tool_name} was {decision.outcome.replace('_', ' ')} although a similar call "
                        f"({ref.similarity_score:.2f}: {ref.match_reason}) came out otherwise",
        )
        for ref in decision.precedent_refs
        if not ref.outcome_matched
    ]


class PrecedentConsistencyObserver:
    """Looks at a session's last ``window`` decisions and flags those that deviated."""

    name = "PrecedentConsistency"

    def __init__(self, window: int = 5) -> None:
        self.window = window

    def observe(self, decisions: Sequence[AgentDecisionRecord]) -> Assessment:
        """An assessment of the most recent decisions (``decisions`` in the order decided)."""
        recent = list(decisions)[-self.window:]
        deviating = [d for d in recent if any(not ref.outcome_matched for ref in d.precedent_refs)]
        if not deviating:
            whose = "its" if len(recent) == 1 else "their"
            return Assessment(self.name, f"the last {_decisions(len(recent))} followed {whose} precedents", "info")
        return Assessment(
            observer_name=self.name,
            summary=f"{_decisions(len(deviating))} deviated from precedent",
            severity="caution",
            suggestions=("Review whether deviation is intentional", "Consider updating policy if new pattern is correct"),
            deviations=tuple(dev for d in deviating for dev in precedent_deviations(d)),
        )


def _decisions(count: int) -> str:
    # lineage may not import nlp (nlp.plural), so it says its one count itself.
    return f"{count} decision{'' if count == 1 else 's'}"
