"""The precedent store protocol (seed 003), the shared similarity, and the ledger rule.

The protocol is async: the Neo4j store does I/O, and the in-memory one keeps the same
signatures so the two are interchangeable (and tested to agree).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol
from uuid import UUID

from lineage.errors import LineageError
from lineage.model import AgentDecisionRecord, DecisionInputs, Outcome


class LedgerViolation(LineageError, ValueError):
    """A different decision under an id already recorded: a session's decisions are
    append-only, never replaced. (Still a ValueError, as callers of seed 003's store
    catch it; a LineageError like every error of the lineage domain.)"""


class PrecedentStore(Protocol):
    """Storage and retrieval of decision precedents."""

    async def record(self, decision: AgentDecisionRecord) -> None:
        """Append a decision; recording the same one again changes nothing.

        Raises:
            LedgerViolation: Another decision was recorded under this id.
        """
        ...

    async def find_by_id(self, decision_id: UUID) -> AgentDecisionRecord | None: ...

    async def find_similar(
        self, *, tool_name: str, inputs: DecisionInputs, limit: int = 5, min_similarity: float = 0.7
    ) -> Sequence[tuple[AgentDecisionRecord, float]]:
        """Past decisions about the same tool, most similar first (``overlap_similarity``)."""
        ...

    async def find_by_entity(self, entity_type: str, entity_id: str, *, limit: int = 100) -> Sequence[AgentDecisionRecord]:
        """Decisions involving an entity, newest first."""
        ...

    async def find_by_policy(
        self, policy_name: str, *, outcome: Outcome | None = None, since: datetime | None = None, limit: int = 100
    ) -> Sequence[AgentDecisionRecord]:
        """Decisions a policy decided, newest first."""
        ...

    async def exception_applications(self, name: str, version: str) -> int:
        """How many recorded decisions applied this standing exception (for ``max_applications``)."""
        ...

    async def session_decisions(self, session_id: UUID | str) -> Sequence[AgentDecisionRecord]:
        """A session's ledger, in the order decided."""
        ...


def overlap_similarity(a: DecisionInputs, b: DecisionInputs) -> float | None:
    """The seed's similarity: shared entities plus shared input sources over their union
    (None when both have neither, which is no evidence of similarity)."""
    entities_a = {ref.key for ref in a.entity_refs}
    entities_b = {ref.key for ref in b.entity_refs}
    sources_a, sources_b = set(a.sources), set(b.sources)
    total = len(entities_a | entities_b) + len(sources_a | sources_b)
    if total == 0:
        return None
    return (len(entities_a & entities_b) + len(sources_a & sources_b)) / total


def newest_first(decisions: Sequence[AgentDecisionRecord]) -> list[AgentDecisionRecord]:
    return sorted(decisions, key=lambda d: (d.timestamp, str(d.decision_id)), reverse=True)
