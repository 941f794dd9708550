"""The precedent store in Neo4j: agent decisions become ``Decision:PolicyDecision`` nodes
linked to their policies, exceptions, precedents, entities and files (DESIGN.md)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from uuid import UUID

from neo4j.exceptions import ConstraintError

from graph.cypher import load_query
from graph.executor import QueryExecutor
from lineage.codec import from_json, to_json
from lineage.digest import canonical
from lineage.model import AgentDecisionRecord, DecisionInputs, Outcome
from lineage.store import LedgerViolation
from nlp.schema import tag_names

UNSESSIONED = "agent:unsessioned"
"""The session of decisions recorded without one."""

_OUTCOME_WORDS = {"allowed": "allowed", "denied": "denied", "allowed_by_exception": "allowed by exception"}


class Neo4jPrecedentStore:
    """``PrecedentStore`` over Neo4j.

    Args:
        executor: Where the queries go.
        groups: The reader's access groups (None: unrestricted); reads leave out decisions
            of sessions outside them.
        access_groups: Groups a session created by ``record`` gets.
        embed: Optional text → vector function; with it, each decision's context is embedded
            and ``find_similar`` blends in semantic similarity (``semantic_weight``).
        semantic_weight: 0 (the seed's overlap only) to 1 (meaning only).
    """

    def __init__(
        self,
        executor: QueryExecutor,
        *,
        groups: Sequence[str] | None = None,
        access_groups: Sequence[str] = (),
        embed: Callable[[str], Sequence[float]] | None = None,
        semantic_weight: float = 0.0,
    ) -> None:
        if not 0.0 <= semantic_weight <= 1.0:
            raise ValueError("semantic_weight must be between 0 and 1")
        self._executor = executor
        self._groups = list(groups) if groups is not None else None
        self._access_groups = list(access_groups)
        self._embed = embed
        self._semantic_weight = semantic_weight if embed is not None else 0.0

    async def record(self, decision: AgentDecisionRecord) -> None:
        record = to_json(decision)
        try:
            await self._executor.write(load_query("lineage_record"), self._record_params(decision, record))
        except ConstraintError as exc:
            existing = await self._by_ids([str(decision.decision_id)], unrestricted=True)
            if existing and to_json(existing[0]) == record:
                return  # the same decision again: nothing changes
            raise LedgerViolation(f"decision {decision.decision_id} is recorded already with other content") from exc

    async def find_by_id(self, decision_id: UUID) -> AgentDecisionRecord | None:
        found = await self._by_ids([str(decision_id)])
        return found[0] if found else None

    async def find_many(self, decision_ids: Sequence[UUID | str]) -> dict[str, AgentDecisionRecord]:
        """Several decisions by id (those visible), keyed by id string."""
        return {str(d.decision_id): d for d in await self._by_ids([str(i) for i in decision_ids])}

    async def find_similar(
        self, *, tool_name: str, inputs: DecisionInputs, limit: int = 5, min_similarity: float = 0.7
    ) -> Sequence[tuple[AgentDecisionRecord, float]]:
        embedding = self._embedding(context_text(tool_name, inputs)) if self._semantic_weight else None
        rows = await self._executor.read(load_query("lineage_similar"), {
            "tool": tool_name, "entities": sorted({r.key for r in inputs.entity_refs}), "sources": sorted(inputs.sources),
            "embedding": embedding, "semantic_weight": self._semantic_weight, "min_similarity": min_similarity,
            "limit": limit, "groups": self._groups,
        })
        return [(from_json(row["record"]), float(row["similarity"])) for row in rows]

    async def find_by_entity(self, entity_type: str, entity_id: str, *, limit: int = 100) -> Sequence[AgentDecisionRecord]:
        rows = await self._executor.read(load_query("lineage_by_entity"), {
            "type": entity_type, "id": entity_id, "limit": limit, "groups": self._groups,
        })
        return [from_json(row["record"]) for row in rows]

    async def find_by_policy(
        self, policy_name: str, *, outcome: Outcome | None = None, since: datetime | None = None, limit: int = 100
    ) -> Sequence[AgentDecisionRecord]:
        rows = await self._executor.read(load_query("lineage_by_policy"), {
            "name": policy_name, "outcome": outcome, "since": since, "limit": limit, "groups": self._groups,
        })
        return [from_json(row["record"]) for row in rows]

    async def exception_applications(self, name: str, version: str) -> int:
        rows = await self._executor.read(load_query("lineage_exception_count"), {"name": name, "version": version})
        return int(rows[0]["applications"])

    async def session_decisions(self, session_id: UUID | str) -> Sequence[AgentDecisionRecord]:
        rows = await self._executor.read(load_query("lineage_session"), {"session": str(session_id), "groups": self._groups})
        return [from_json(row["record"]) for row in rows]

    async def deviating(self, since: datetime | None = None, limit: int = 50) -> Sequence[AgentDecisionRecord]:
        """Decisions that did not follow a precedent they cited, newest first."""
        rows = await self._executor.read(load_query("lineage_deviations"), {"since": since, "limit": limit, "groups": self._groups})
        return [from_json(row["record"]) for row in rows]

    async def _by_ids(self, ids: list[str], unrestricted: bool = False) -> list[AgentDecisionRecord]:
        rows = await self._executor.read(load_query("lineage_by_ids"), {
            "ids": ids, "groups": None if unrestricted else self._groups,
        })
        by_id = {row["id"]: from_json(row["record"]) for row in rows}
        return [by_id[i] for i in ids if i in by_id]

    def _embedding(self, text: str) -> list[float] | None:
        if self._embed is None:
            return None
        return [float(x) for x in self._embed(text)]

    def _record_params(self, decision: AgentDecisionRecord, record: str) -> dict[str, object]:
        evaluation = decision.policy_evaluation
        entities = list(dict.fromkeys(decision.inputs.entity_refs))
        session = str(decision.session_id) if decision.session_id is not None else UNSESSIONED
        summary = f"{decision.tool_name} {_OUTCOME_WORDS[decision.outcome]}"
        if entities:
            summary += " for " + ", ".join(r.key for r in entities[:3]) + ("…" if len(entities) > 3 else "")
        evaluations = [(evaluation, True), *((e, False) for e in decision.also_evaluated)]
        exception = decision.exception_applied
        return {
            "decision": {
                "id": str(decision.decision_id), "summary": summary, "rationale": decision.rationale,
                "context": f"policy {evaluation.policy_name} v{evaluation.policy_version}: {evaluation.base_decision}"
                           + (f" ({evaluation.denial_reason})" if evaluation.denial_reason else ""),
                "status": "active", "source": "agent", "origin": "stated", "confidence": 1.0,
                "decided_at": decision.timestamp, "recorded_at": datetime.now(UTC),
                "tool_name": decision.tool_name, "params_digest": decision.params_digest, "outcome": decision.outcome,
                "tags": list(tag_names(["agent", decision.tool_name, decision.outcome])), "keywords": [],
                "entity_keys": sorted({r.key for r in entities}), "source_keys": sorted(decision.inputs.sources),
                "lineage_json": record,
                **({"embedding": self._embedding(context_text(decision.tool_name, decision.inputs))}
                   if self._embed is not None else {}),
            },
            "session": {"id": session, "title": session, "access_groups": self._access_groups},
            "policies": [
                {"name": e.policy_name, "version": e.policy_version, "hash": e.policy_hash,
                 "base_decision": e.base_decision, "denial_reason": e.denial_reason,
                 "conditions": json.dumps(canonical(e.conditions_checked)), "deciding": deciding}
                for e, deciding in evaluations
            ],
            "exception": {
                "name": exception.exception_name, "version": exception.exception_version,
                "condition_matched": exception.condition_matched, "override_action": exception.override_action,
                "rationale": exception.rationale, "expires_at": exception.expires_at,
            } if exception else None,
            "precedents": [
                {"id": str(p.decision_id), "similarity": p.similarity_score, "match_reason": p.match_reason,
                 "outcome_matched": p.outcome_matched}
                for p in decision.precedent_refs
            ],
            "entities": [{"type": r.entity_type, "id": r.entity_id} for r in entities],
            "files": sorted({r.entity_id for r in entities if r.entity_type == "file"}),
        }


def context_text(tool_name: str, inputs: DecisionInputs) -> str:
    """A decision's context in words, for semantic precedent: tool, entities, sources."""
    entities = ", ".join(f"{r.entity_type} {r.entity_id}" for r in inputs.entity_refs)
    sources = ", ".join(f"{s.source_name} ({', '.join(s.keys_accessed)})" for s in inputs.sources.values())
    return f"{tool_name} call involving {entities or 'no entities'}; inputs: {sources}"
