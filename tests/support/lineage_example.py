"""Seed 003's healthcare example as test material: a deadline policy and its exception."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from lineage.digest import digest
from lineage.model import ConditionResult, EntityRef, InputSource
from lineage.policy import NamedTool, PolicyDecision, Tool, ToolContext, VersionedPolicy
from lineage.standing_exceptions import ExceptionCondition, ExceptionOverride, StandingException

PROCESS = NamedTool("process_claim")
JAN_2024 = datetime(2024, 1, 1, tzinfo=UTC)


@dataclass(frozen=True)
class DeadlineEnforcement:
    """Denies a call whose requested timeout exceeds the limit."""

    max_seconds: int = 30
    name: str = "deadline_enforcement"

    def check(self, tool: Tool, params: Any, *, context: ToolContext) -> PolicyDecision:
        requested = params["timeout_seconds"]
        condition = ConditionResult(
            "within_deadline", f"timeout_seconds <= {self.max_seconds}", requested <= self.max_seconds,
            ("params.timeout_seconds",),
        )
        if condition.result:
            return PolicyDecision.allow((condition,))
        return PolicyDecision.deny(f"timeout {requested}s exceeds {self.max_seconds}s", (condition,))


DEADLINE_V1 = VersionedPolicy(DeadlineEnforcement(), "1.0.0", JAN_2024)


def healthcare_exception(**overrides: Any) -> StandingException:
    """The seed's exception, verbatim predicate included."""
    fields: dict[str, Any] = {
        "name": "healthcare_extended_timeout",
        "version": "1.0.0",
        "description": "Healthcare customers get extended processing time",
        "applies_to_policies": frozenset({"deadline_enforcement"}),
        "condition": ExceptionCondition(
            predicate=lambda inputs: inputs.sources.get("customer", {}).get("industry") == "healthcare",
            description="Customer industry is healthcare",
        ),
        "override": ExceptionOverride(
            action="modify_params",
            rationale_template="Extended timeout for healthcare customer per policy v1.0",
            param_modifications={"timeout_multiplier": 1.5},
        ),
        "effective_from": JAN_2024,
        **overrides,
    }
    return StandingException(**fields)


def customer_context(customer: str, industry: str, session: str = "agent-run-1") -> ToolContext:
    record = {"industry": industry, "name": customer}
    return ToolContext(
        session_id=session,
        state={"plan": "process pending claims"},
        sources={"customer": InputSource("external", "CRM", tuple(record), digest(record), record)},
        entity_refs=(EntityRef("customer", customer),),
    )
