"""Seed 003's records, as frozen dataclasses. They are values: equal inputs, equal records."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from types import MappingProxyType
from typing import Any, Literal
from uuid import UUID

Outcome = Literal["allowed", "denied", "allowed_by_exception"]
OUTCOMES: tuple[Outcome, ...] = ("allowed", "denied", "allowed_by_exception")


def _frozen(mapping: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True)
class InputSource:
    """Input gathered from one source.

    ``values`` (an addition to the seed) holds what was read, so that an exception's
    predicate can look at it (``inputs.sources["customer"].get("industry")``) and an audit
    can show it; ``digest`` is the hash of those values for change detection.
    """

    source_type: str  # "session_state", "params", "resource", "external"
    source_name: str  # "Plan", "Filesystem", "customer_tier"
    keys_accessed: tuple[str, ...]
    digest: str
    values: Mapping[str, Any] = field(default_factory=lambda: _frozen(None))

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", _frozen(self.values))

    def get(self, key: str, default: Any = None) -> Any:
        """A value that was read, as in the seed's ``inputs.sources.get("customer", {}).get("industry")``."""
        return self.values.get(key, default)


@dataclass(frozen=True)
class EntityRef:
    """A domain entity the decision involved; type ``file`` links to the code graph's File."""

    entity_type: str  # "customer", "ticket", "file"
    entity_id: str

    @property
    def key(self) -> str:
        return f"{self.entity_type}:{self.entity_id}"


@dataclass(frozen=True)
class DecisionInputs:
    """Context gathered for a decision."""

    sources: Mapping[str, InputSource]
    entity_refs: tuple[EntityRef, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "sources", _frozen(self.sources))


@dataclass(frozen=True)
class ConditionResult:
    """One policy condition and how it came out."""

    condition_name: str
    expression: str
    result: bool
    inputs_used: tuple[str, ...] = ()


@dataclass(frozen=True)
class PolicyEvaluation:
    """Which policy (exact version and content hash) judged the call, and how."""

    policy_name: str
    policy_version: str
    policy_hash: str
    base_decision: Literal["allow", "deny"]
    conditions_checked: tuple[ConditionResult, ...] = ()
    denial_reason: str | None = None


@dataclass(frozen=True)
class ExceptionApplication:
    """A standing exception that overrode a denial."""

    exception_name: str
    exception_version: str
    condition_matched: str
    override_action: Literal["allow", "allow_with_warning", "modify_params"]
    rationale: str
    expires_at: datetime | None = None


@dataclass(frozen=True)
class PrecedentRef:
    """A prior decision consulted as precedent, and whether this one followed it."""

    decision_id: UUID
    similarity_score: float
    match_reason: str
    outcome_matched: bool


@dataclass(frozen=True)
class AgentDecisionRecord:
    """Structured record of one policy decision about one tool call.

    ``also_evaluated`` (an addition to the seed, which records one policy) keeps the other
    policies the call was checked against; ``policy_evaluation`` is the one that decided.
    """

    decision_id: UUID
    tool_name: str
    params_digest: str
    inputs: DecisionInputs
    policy_evaluation: PolicyEvaluation
    exception_applied: ExceptionApplication | None
    outcome: Outcome
    rationale: str
    precedent_refs: tuple[PrecedentRef, ...] = ()
    session_id: UUID | str | None = None
    timestamp: datetime = field(default_factory=lambda: datetime.now(UTC))
    also_evaluated: tuple[PolicyEvaluation, ...] = ()


@dataclass(frozen=True)
class PrecedentDeviation:
    """A decision that did not follow a precedent it cited."""

    decision_id: UUID
    precedent_id: UUID
    deviation_type: Literal["outcome_differs", "rationale_differs"]
    explanation: str
