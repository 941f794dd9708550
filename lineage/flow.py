"""``check_with_lineage``: evaluate a tool call against versioned policies and standing
exceptions, consult precedent (informational only), and record why it was allowed."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from uuid import UUID, uuid4

from lineage.digest import digest, hash_params
from lineage.model import (
    AgentDecisionRecord,
    DecisionInputs,
    EntityRef,
    ExceptionApplication,
    InputSource,
    Outcome,
    PolicyEvaluation,
    PrecedentRef,
)
from lineage.policy import PolicyDecision, Tool, ToolContext, VersionedPolicy
from lineage.standing_exceptions import Applications, ExceptionRegistry, StandingException
from lineage.store import PrecedentStore

_PATH_FIELDS = ("path", "file", "file_path", "paths", "files")
NO_POLICY = PolicyEvaluation(policy_name="none", policy_version="0.0.0", policy_hash="", base_decision="allow")


def gather_decision_inputs(tool: Tool, params: Any, *, context: ToolContext) -> DecisionInputs:
    """The context a decision is based on: session state, parameters, filesystem, the
    agent's own sources, and the entities involved (a path parameter is a ``file`` entity)."""
    sources: dict[str, InputSource] = {
        "session": InputSource("session_state", "Session", tuple(sorted(context.state)), digest(context.state),
                               dict(context.state)),
    }
    values = _as_mapping(params)
    if values:
        sources["params"] = InputSource("params", tool.name, tuple(values), hash_params(params), values)
    if context.filesystem:
        sources["filesystem"] = InputSource("resource", "Filesystem", (), "")
    sources.update(context.sources)
    files = tuple(
        EntityRef("file", path) for name in _PATH_FIELDS
        for path in _paths(values.get(name)) if path
    )
    refs = tuple(dict.fromkeys((*context.entity_refs, *files)))
    return DecisionInputs(sources=sources, entity_refs=refs)


@dataclass(frozen=True)
class Verdict:
    """What the policies and exceptions decide, before precedent and recording."""

    decision: PolicyDecision
    outcome: Outcome
    rationale: str
    evaluation: PolicyEvaluation
    also_evaluated: tuple[PolicyEvaluation, ...]
    exception: StandingException | None


def decide(
    tool: Tool, params: Any, context: ToolContext, inputs: DecisionInputs, policies: Sequence[VersionedPolicy],
    registry: ExceptionRegistry, now: datetime, applications: Applications | None = None,
) -> Verdict:
    """The deterministic core: same inputs and policy versions, same verdict.

    Every policy in effect is checked, in order. The first denial no standing exception
    overrides decides (denied); otherwise the first overridden denial does (allowed by
    exception); otherwise the first policy allowed it (allowed). Policies not yet in
    effect (``effective_from`` after ``now``) are not checked.
    """
    checked: list[tuple[VersionedPolicy, PolicyDecision, PolicyEvaluation, StandingException | None]] = []
    for versioned in policies:
        if versioned.effective_from > now:
            continue
        policy = versioned.policy
        verdict = policy.check(tool, params, context=context)
        evaluation = PolicyEvaluation(
            policy_name=policy.name, policy_version=versioned.version, policy_hash=versioned.policy_hash,
            base_decision="allow" if verdict.allowed else "deny", conditions_checked=verdict.conditions,
            denial_reason=None if verdict.allowed else verdict.reason,
        )
        exception = None if verdict.allowed else registry.find_applicable(
            policy.name, inputs, now=now, applications=applications
        )
        checked.append((versioned, verdict, evaluation, exception))
    if not checked:
        return Verdict(PolicyDecision.allow(), "allowed", "No policy constraints", NO_POLICY, (), None)
    denied = next((c for c in checked if not c[1].allowed and c[3] is None), None)
    overridden = next((c for c in checked if not c[1].allowed and c[3] is not None), None)
    if denied is not None:
        versioned, verdict, evaluation, _ = denied
        return Verdict(verdict, "denied", verdict.reason or "Policy denied", evaluation, _others(checked, evaluation), None)
    if overridden is not None:
        versioned, verdict, evaluation, exception = overridden
        assert exception is not None
        override = exception.override
        allowed = PolicyDecision(
            True, conditions=verdict.conditions, modifications=dict(override.param_modifications or {}),
            warning=override.rationale_template if override.action == "allow_with_warning" else None,
        )
        return Verdict(allowed, "allowed_by_exception", override.rationale_template, evaluation,
                       _others(checked, evaluation), exception)
    versioned, verdict, evaluation, _ = checked[0]
    return Verdict(verdict, "allowed", f"Allowed by {versioned.policy.name} v{versioned.version}", evaluation,
                   _others(checked, evaluation), None)


async def check_with_lineage(
    tool: Tool,
    params: Any,
    *,
    context: ToolContext,
    policies: Sequence[VersionedPolicy],
    exception_registry: ExceptionRegistry,
    precedent_store: PrecedentStore | None = None,
    max_precedent_refs: int = 3,
    now: datetime | None = None,
    decision_id: UUID | None = None,
) -> tuple[PolicyDecision, AgentDecisionRecord]:
    """Evaluate policies for one tool call and produce (and store) its decision record.

    1. gather inputs; 2. find precedents (informational: they never change the outcome);
    3. evaluate policies; 4. apply standing exceptions to denials; 5. record.

    With a store, ``max_applications`` is counted from the recorded decisions, so it holds
    across processes and restarts; without one, the registry counts in memory.
    """
    moment = now or datetime.now(UTC)
    inputs = gather_decision_inputs(tool, params, context=context)
    similar = await precedent_store.find_similar(tool_name=tool.name, inputs=inputs, limit=max_precedent_refs) \
        if precedent_store else ()
    applications = await _durable_counts(precedent_store, exception_registry, policies) if precedent_store else None
    verdict = decide(tool, params, context, inputs, policies, exception_registry, moment, applications)
    exception = verdict.exception
    decision = AgentDecisionRecord(
        decision_id=decision_id or uuid4(),
        tool_name=tool.name,
        params_digest=hash_params(params),
        inputs=inputs,
        policy_evaluation=verdict.evaluation,
        exception_applied=ExceptionApplication(
            exception_name=exception.name, exception_version=exception.version,
            condition_matched=exception.condition.description, override_action=exception.override.action,
            rationale=exception.override.rationale_template, expires_at=exception.expires_at,
        ) if exception else None,
        outcome=verdict.outcome,
        rationale=verdict.rationale,
        precedent_refs=tuple(
            PrecedentRef(d.decision_id, round(score, 6), _match_reason(tool.name, inputs, d.inputs), d.outcome == verdict.outcome)
            for d, score in similar
        ),
        session_id=context.session_id,
        timestamp=moment,
        also_evaluated=verdict.also_evaluated,
    )
    if precedent_store is not None:
        await precedent_store.record(decision)
    elif exception is not None:
        exception_registry.note_applied(exception)
    return verdict.decision, decision


async def _durable_counts(
    store: PrecedentStore, registry: ExceptionRegistry, policies: Sequence[VersionedPolicy]
) -> Applications:
    limited = {
        e.key for v in policies for e in registry.all_for_policy(v.policy.name) if e.max_applications is not None
    }
    counts = {key: await store.exception_applications(*key) for key in limited}
    return lambda exception: counts.get(exception.key, 0)


def _others(checked: Sequence[tuple[Any, Any, PolicyEvaluation, Any]], deciding: PolicyEvaluation) -> tuple[PolicyEvaluation, ...]:
    return tuple(c[2] for c in checked if c[2] is not deciding)


def _match_reason(tool_name: str, a: DecisionInputs, b: DecisionInputs) -> str:
    entities = sorted({r.key for r in a.entity_refs} & {r.key for r in b.entity_refs})
    sources = sorted(set(a.sources) & set(b.sources))
    parts = [f"Similar {tool_name} call"]
    if entities:
        parts.append("same " + ", ".join(entities))
    if sources:
        parts.append("same sources " + ", ".join(sources))
    return "; ".join(parts)


def _as_mapping(params: Any) -> dict[str, Any]:
    if params is None:
        return {}
    if dataclasses.is_dataclass(params) and not isinstance(params, type):
        return {f.name: getattr(params, f.name) for f in dataclasses.fields(params)}
    if isinstance(params, Mapping):
        return {str(k): v for k, v in params.items()}
    return {"value": params}


def _paths(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value.strip()]
    if isinstance(value, (list, tuple)):
        return [str(v).strip() for v in value if isinstance(v, str)]
    return []
