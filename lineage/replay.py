"""Replay a recorded decision against the policy versions it recorded, and compare digests."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from lineage.digest import hash_params
from lineage.flow import decide, gather_decision_inputs
from lineage.model import AgentDecisionRecord
from lineage.policy import Tool, ToolContext, VersionedPolicy
from lineage.standing_exceptions import ExceptionRegistry


@dataclass(frozen=True)
class ReplayReport:
    """Whether re-running a decision reproduced it, and if not, what differed."""

    decision_id: str
    replayed_outcome: str | None
    differences: tuple[str, ...]

    @property
    def reproduced(self) -> bool:
        return not self.differences


def replay(
    recorded: AgentDecisionRecord,
    tool: Tool,
    params: Any,
    *,
    context: ToolContext,
    policies: Sequence[VersionedPolicy],
    exception_registry: ExceptionRegistry,
) -> ReplayReport:
    """Re-run ``recorded`` with the original call (``tool``, ``params``, ``context``) under
    the policy versions it recorded, at its own timestamp, without precedent or recording.

    ``policies`` may hold many versions; the ones the decision recorded (name and version)
    are picked, and their content hashes must equal the recorded ones. Standing exceptions
    count as not yet applied: the recorded decision is evidence they had capacity then.
    """
    problems: list[str] = []
    evaluations = (recorded.policy_evaluation, *recorded.also_evaluated)
    chosen: list[VersionedPolicy] = []
    for evaluation in evaluations:
        if evaluation.policy_name == "none":
            continue
        match = next((p for p in policies if p.policy.name == evaluation.policy_name and p.version == evaluation.policy_version), None)
        if match is None:
            problems.append(f"policy {evaluation.policy_name} v{evaluation.policy_version} is not available to replay")
        elif match.policy_hash != evaluation.policy_hash:
            problems.append(f"policy {evaluation.policy_name} v{evaluation.policy_version} hash differs: "
                            f"recorded {evaluation.policy_hash}, now {match.policy_hash}")
        else:
            chosen.append(match)
    if problems:
        return ReplayReport(str(recorded.decision_id), None, tuple(problems))
    if hash_params(params) != recorded.params_digest:
        problems.append("params digest differs: these are not the recorded call's parameters")
    inputs = gather_decision_inputs(tool, params, context=context)
    for key, source in recorded.inputs.sources.items():
        now = inputs.sources.get(key)
        if now is None:
            problems.append(f"input source {key} is missing")
        elif now.digest != source.digest:
            problems.append(f"input source {key} digest differs")
    verdict = decide(tool, params, context, inputs, chosen, exception_registry, recorded.timestamp, lambda _e: 0)
    if verdict.outcome != recorded.outcome:
        problems.append(f"outcome differs: recorded {recorded.outcome}, replayed {verdict.outcome}")
    recorded_exception = recorded.exception_applied
    replayed_exception = verdict.exception
    if (recorded_exception and (recorded_exception.exception_name, recorded_exception.exception_version)) != \
            (replayed_exception and replayed_exception.key):
        problems.append("a different standing exception applied")
    return ReplayReport(str(recorded.decision_id), verdict.outcome, tuple(problems))
