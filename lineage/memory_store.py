"""The seed's in-memory precedent store, for tests and single-process agents."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime
from uuid import UUID

from lineage.model import AgentDecisionRecord, DecisionInputs, Outcome
from lineage.store import LedgerViolation, newest_first, overlap_similarity


class InMemoryPrecedentStore:
    """Keeps decisions in dicts, indexed by entity, policy and session."""

    def __init__(self) -> None:
        self._decisions: dict[UUID, AgentDecisionRecord] = {}
        self._by_entity: dict[tuple[str, str], list[UUID]] = defaultdict(list)
        self._by_policy: dict[str, list[UUID]] = defaultdict(list)

    async def record(self, decision: AgentDecisionRecord) -> None:
        existing = self._decisions.get(decision.decision_id)
        if existing is not None:
            if existing != decision:
                raise LedgerViolation(f"decision {decision.decision_id} is recorded already with other content")
            return
        self._decisions[decision.decision_id] = decision
        for ref in decision.inputs.entity_refs:
            self._by_entity[(ref.entity_type, ref.entity_id)].append(decision.decision_id)
        self._by_policy[decision.policy_evaluation.policy_name].append(decision.decision_id)

    async def find_by_id(self, decision_id: UUID) -> AgentDecisionRecord | None:
        return self._decisions.get(decision_id)

    async def find_similar(
        self, *, tool_name: str, inputs: DecisionInputs, limit: int = 5, min_similarity: float = 0.7
    ) -> Sequence[tuple[AgentDecisionRecord, float]]:
        candidates = []
        for decision in self._decisions.values():
            if decision.tool_name != tool_name:
                continue
            similarity = overlap_similarity(inputs, decision.inputs)
            if similarity is not None and similarity >= min_similarity:
                candidates.append((decision, similarity))
        candidates.sort(key=lambda pair: (-pair[1], -pair[0].timestamp.timestamp(), str(pair[0].decision_id)))
        return candidates[:limit]

    async def find_by_entity(self, entity_type: str, entity_id: str, *, limit: int = 100) -> Sequence[AgentDecisionRecord]:
        found = [self._decisions[i] for i in dict.fromkeys(self._by_entity.get((entity_type, entity_id), []))]
        return newest_first(found)[:limit]

    async def find_by_policy(
        self, policy_name: str, *, outcome: Outcome | None = None, since: datetime | None = None, limit: int = 100
    ) -> Sequence[AgentDecisionRecord]:
        found = [
            d for d in (self._decisions[i] for i in self._by_policy.get(policy_name, []))
            if (outcome is None or d.outcome == outcome) and (since is None or d.timestamp >= since)
        ]
        return newest_first(found)[:limit]

    async def exception_applications(self, name: str, version: str) -> int:
        return sum(
            1 for d in self._decisions.values()
            if d.exception_applied and (d.exception_applied.exception_name, d.exception_applied.exception_version) == (name, version)
        )

    async def session_decisions(self, session_id: UUID | str) -> Sequence[AgentDecisionRecord]:
        mine = [d for d in self._decisions.values() if d.session_id is not None and str(d.session_id) == str(session_id)]
        return sorted(mine, key=lambda d: (d.timestamp, str(d.decision_id)))
