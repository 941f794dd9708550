"""Agent decision lineage for people: a readable trace of one decision, and a session's
audit report in Markdown (seed 003, Future Extensions)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from lineage.model import AgentDecisionRecord
from lineage.observer import PrecedentConsistencyObserver, precedent_deviations
from nlp.plural import plural

_OUTCOME = {"allowed": "ALLOWED", "denied": "DENIED", "allowed_by_exception": "ALLOWED BY EXCEPTION"}


def trace_lines(decision: AgentDecisionRecord, precedents: Mapping[str, AgentDecisionRecord]) -> list[str]:
    """Why one decision came out as it did, in the order it was reasoned.

    Args:
        precedents: The cited precedents the reader may see, by id; others show as hidden.
    """
    evaluation = decision.policy_evaluation
    lines = [
        f"{decision.tool_name}: {_OUTCOME[decision.outcome]}  [{decision.decision_id}]",
        f"  when:      {decision.timestamp.isoformat()}   session: {decision.session_id or '-'}",
        f"  params:    {decision.params_digest}",
        f"  why:       {decision.rationale}",
        f"  policy:    {evaluation.policy_name} v{evaluation.policy_version} ({evaluation.policy_hash or 'no hash'})"
        f" -> {evaluation.base_decision}" + (f": {evaluation.denial_reason}" if evaluation.denial_reason else ""),
    ]
    lines += [f"    {'PASS' if c.result else 'FAIL'} {c.condition_name}: {c.expression}"
              + (f"  (uses {', '.join(c.inputs_used)})" if c.inputs_used else "")
              for c in evaluation.conditions_checked]
    lines += [f"  also:      {e.policy_name} v{e.policy_version} -> {e.base_decision}" for e in decision.also_evaluated]
    applied = decision.exception_applied
    if applied:
        lines.append(f"  exception: {applied.exception_name} v{applied.exception_version} ({applied.override_action}) "
                     f"because {applied.condition_matched}" + (f"; expires {applied.expires_at.isoformat()}" if applied.expires_at else ""))
    for key, source in decision.inputs.sources.items():
        lines.append(f"  input:     {key} = {source.source_type}/{source.source_name} "
                     f"[{', '.join(source.keys_accessed)}] {source.digest[:19]}")
    if decision.inputs.entity_refs:
        lines.append("  entities:  " + ", ".join(r.key for r in decision.inputs.entity_refs))
    for ref in decision.precedent_refs:
        prior = precedents.get(str(ref.decision_id))
        shown = f"{prior.tool_name} {prior.outcome}" if prior else "(hidden)"
        lines.append(f"  precedent: {ref.decision_id} {shown}, similarity {ref.similarity_score:.2f}, "
                     f"{'followed' if ref.outcome_matched else 'NOT followed'} ({ref.match_reason})")
    lines += [f"  deviation: {d.explanation}" for d in precedent_deviations(decision)]
    return lines


def audit_report(session_id: str, decisions: Sequence[AgentDecisionRecord]) -> str:
    """A Markdown report of an agent session's decisions for compliance review."""
    counts = {outcome: sum(1 for d in decisions if d.outcome == outcome) for outcome in _OUTCOME}
    policies = sorted({(d.policy_evaluation.policy_name, d.policy_evaluation.policy_version, d.policy_evaluation.policy_hash)
                       for d in decisions})
    exceptions = sorted({(d.exception_applied.exception_name, d.exception_applied.exception_version)
                         for d in decisions if d.exception_applied})
    assessment = PrecedentConsistencyObserver(window=len(decisions) or 1).observe(decisions)
    out = [
        f"# Decision lineage audit: session `{session_id}`", "",
        f"{plural(len(decisions), 'decision')}: {counts['allowed']} allowed, {counts['allowed_by_exception']} allowed by exception, "
        f"{counts['denied']} denied.", "",
        "## Policies in force", "", "| policy | version | content hash |", "|---|---|---|",
        *(f"| {name} | {version} | `{digest}` |" for name, version, digest in policies), "",
        "## Standing exceptions applied", "",
        *([f"- {name} v{version}: "
           f"{plural(sum(1 for d in decisions if d.exception_applied and d.exception_applied.exception_name == name), 'time')}"
           for name, version in exceptions] or ["None."]), "",
        "## Precedent consistency", "", assessment.summary + ".", "",
        *(f"- `{d.decision_id}`: {d.explanation}" for d in assessment.deviations), "",
        "## Decisions", "",
        "| when | tool | outcome | policy | exception | rationale |", "|---|---|---|---|---|---|",
    ]
    for d in decisions:
        applied = d.exception_applied
        out.append(
            f"| {d.timestamp.isoformat()} | {d.tool_name} | {d.outcome} | {d.policy_evaluation.policy_name} "
            f"v{d.policy_evaluation.policy_version} | {applied.exception_name if applied else ''} | {_cell(d.rationale)} |"
        )
    return "\n".join(out) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")
