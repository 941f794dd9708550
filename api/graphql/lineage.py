"""GraphQL types for agent decision lineage (seed 003): under which policy version, with
which exception, following which precedent a tool call was allowed."""

from __future__ import annotations

from datetime import datetime

import strawberry

from api.graphql.context import Info
from api.graphql.types import Decision
from lineage import model
from lineage.observer import precedent_deviations


@strawberry.type(description="One condition a policy checked.")
class ConditionResult:
    condition_name: str
    expression: str
    result: bool
    inputs_used: list[str]


@strawberry.type(description="How one policy (exact version and content hash) judged the call.")
class PolicyEvaluation:
    policy_name: str
    policy_version: str
    policy_hash: str
    base_decision: str = strawberry.field(description="allow or deny.")
    denial_reason: str | None
    conditions: list[ConditionResult]

    @classmethod
    def of(cls, e: model.PolicyEvaluation) -> PolicyEvaluation:
        return cls(policy_name=e.policy_name, policy_version=e.policy_version, policy_hash=e.policy_hash,
                   base_decision=e.base_decision, denial_reason=e.denial_reason,
                   conditions=[ConditionResult(condition_name=c.condition_name, expression=c.expression, result=c.result,
                                               inputs_used=list(c.inputs_used)) for c in e.conditions_checked])


@strawberry.type(description="The standing exception that overrode a denial.")
class ExceptionApplication:
    exception_name: str
    exception_version: str
    condition_matched: str
    override_action: str
    rationale: str
    expires_at: datetime | None


@strawberry.type(description="An input source the decision read (values are kept in the record, not shown here).")
class InputSource:
    key: str
    source_type: str
    source_name: str
    keys_accessed: list[str]
    digest: str


@strawberry.type(description="A domain entity the decision involved; type file links to the code graph.")
class EntityRef:
    type: str
    id: str


@strawberry.type(description="A decision that came out otherwise than a precedent it cited.")
class PrecedentDeviation:
    decision_id: strawberry.ID
    precedent_id: strawberry.ID
    deviation_type: str
    explanation: str


@strawberry.type(description="A prior decision consulted as precedent.")
class Precedent:
    decision_id: strawberry.ID
    similarity: float
    match_reason: str
    followed: bool = strawberry.field(description="Whether this decision's outcome matched the precedent's.")

    @strawberry.field(description="The precedent's own lineage; null when outside the caller's groups.")
    async def lineage(self, info: Info) -> AgentDecision | None:
        found = await info.context.agent_decisions.load(str(self.decision_id))
        return AgentDecision.of(found) if found else None


@strawberry.type(description="An unattended agent's policy decision about one tool call, with its full lineage.")
class AgentDecision:
    id: strawberry.ID
    tool_name: str
    params_digest: str
    outcome: str = strawberry.field(description="allowed, denied or allowed_by_exception.")
    rationale: str
    session_id: str | None
    timestamp: datetime
    policy: PolicyEvaluation = strawberry.field(description="The evaluation that decided.")
    also_evaluated: list[PolicyEvaluation]
    exception: ExceptionApplication | None
    precedents: list[Precedent]
    inputs: list[InputSource]
    entities: list[EntityRef]
    deviations: list[PrecedentDeviation]

    @classmethod
    def of(cls, d: model.AgentDecisionRecord) -> AgentDecision:
        applied = d.exception_applied
        return cls(
            id=strawberry.ID(str(d.decision_id)), tool_name=d.tool_name, params_digest=d.params_digest, outcome=d.outcome,
            rationale=d.rationale, session_id=str(d.session_id) if d.session_id is not None else None,
            timestamp=d.timestamp, policy=PolicyEvaluation.of(d.policy_evaluation),
            also_evaluated=[PolicyEvaluation.of(e) for e in d.also_evaluated],
            exception=ExceptionApplication(
                exception_name=applied.exception_name, exception_version=applied.exception_version,
                condition_matched=applied.condition_matched, override_action=applied.override_action,
                rationale=applied.rationale, expires_at=applied.expires_at,
            ) if applied else None,
            precedents=[Precedent(decision_id=strawberry.ID(str(r.decision_id)), similarity=r.similarity_score,
                                  match_reason=r.match_reason, followed=r.outcome_matched) for r in d.precedent_refs],
            inputs=[InputSource(key=k, source_type=s.source_type, source_name=s.source_name,
                                keys_accessed=list(s.keys_accessed), digest=s.digest) for k, s in d.inputs.sources.items()],
            entities=[EntityRef(type=r.entity_type, id=r.entity_id) for r in d.inputs.entity_refs],
            deviations=[PrecedentDeviation(decision_id=strawberry.ID(str(x.decision_id)), precedent_id=strawberry.ID(str(x.precedent_id)),
                                           deviation_type=x.deviation_type, explanation=x.explanation)
                        for x in precedent_deviations(d)],
        )

    @strawberry.field(description="The same decision as a graph Decision (files, session, search fields).")
    async def decision(self, info: Info) -> Decision | None:
        record = await info.context.decisions.load(str(self.id))
        return Decision.of(record) if record else None
