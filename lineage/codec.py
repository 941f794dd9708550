"""Decisions to and from plain JSON data: how a store keeps the exact record it was given."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any
from uuid import UUID

from lineage.digest import canonical
from lineage.model import (
    AgentDecisionRecord,
    ConditionResult,
    DecisionInputs,
    EntityRef,
    ExceptionApplication,
    InputSource,
    PolicyEvaluation,
    PrecedentRef,
)


def to_json(decision: AgentDecisionRecord) -> str:
    return json.dumps(canonical(decision), sort_keys=True, ensure_ascii=False)


def from_json(text: str) -> AgentDecisionRecord:
    data = json.loads(text)
    inputs = data["inputs"]
    return AgentDecisionRecord(
        decision_id=UUID(data["decision_id"]),
        tool_name=data["tool_name"],
        params_digest=data["params_digest"],
        inputs=DecisionInputs(
            sources={key: InputSource(s["source_type"], s["source_name"], tuple(s["keys_accessed"]), s["digest"], s["values"])
                     for key, s in inputs["sources"].items()},
            entity_refs=tuple(EntityRef(r["entity_type"], r["entity_id"]) for r in inputs["entity_refs"]),
        ),
        policy_evaluation=_evaluation(data["policy_evaluation"]),
        exception_applied=_exception(data["exception_applied"]),
        outcome=data["outcome"],
        rationale=data["rationale"],
        precedent_refs=tuple(
            PrecedentRef(UUID(p["decision_id"]), p["similarity_score"], p["match_reason"], p["outcome_matched"])
            for p in data["precedent_refs"]
        ),
        session_id=_session(data["session_id"]),
        timestamp=datetime.fromisoformat(data["timestamp"]),
        also_evaluated=tuple(_evaluation(e) for e in data["also_evaluated"]),
    )


def _evaluation(data: dict[str, Any]) -> PolicyEvaluation:
    return PolicyEvaluation(
        policy_name=data["policy_name"], policy_version=data["policy_version"], policy_hash=data["policy_hash"],
        base_decision=data["base_decision"], denial_reason=data["denial_reason"],
        conditions_checked=tuple(
            ConditionResult(c["condition_name"], c["expression"], c["result"], tuple(c["inputs_used"]))
            for c in data["conditions_checked"]
        ),
    )


def _exception(data: dict[str, Any] | None) -> ExceptionApplication | None:
    if data is None:
        return None
    expires = data["expires_at"]
    return ExceptionApplication(
        exception_name=data["exception_name"], exception_version=data["exception_version"],
        condition_matched=data["condition_matched"], override_action=data["override_action"],
        rationale=data["rationale"], expires_at=datetime.fromisoformat(expires) if expires else None,
    )


def _session(value: str | None) -> UUID | str | None:
    if value is None:
        return None
    try:
        return UUID(value)
    except ValueError:
        return value
