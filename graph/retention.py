"""Retention of raw message text (seed 000's ``retention_days``): privacy, not forgetting.

Only the words people wrote go; decisions, their provenance ids and the messages' place,
author and time stay, so every answer still says where it came from.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from graph.cypher import load_query
from graph.executor import QueryExecutor
from graph.temporal import instant

PRUNE_BATCH = 10_000


@dataclass(frozen=True)
class PrunableSession:
    """A session with message text older than the cut-off."""

    session: str
    messages: int
    oldest: datetime | None
    newest: datetime | None


class MessageRetention:
    """Finds and removes message text older than a cut-off."""

    def __init__(self, executor: QueryExecutor) -> None:
        self._executor = executor

    async def preview(self, before: datetime) -> list[PrunableSession]:
        """What ``prune(before)`` would remove, per session, oldest first."""
        rows = await self._executor.read(load_query("prune_preview"), {"before": before})
        return [PrunableSession(r["session"], int(r["messages"]), instant(r["oldest"]), instant(r["newest"])) for r in rows]

    async def prune(self, before: datetime) -> int:
        """Remove the text of every message older than ``before``, one transaction per
        ``PRUNE_BATCH`` messages, and the copies review labels keep of it; returns how many
        messages."""
        total = 0
        while True:
            rows = await self._executor.write(load_query("prune_messages"), {"before": before, "limit": PRUNE_BATCH})
            pruned = int(rows[0]["pruned"]) if rows else 0
            total += pruned
            if pruned < PRUNE_BATCH:
                break
        if total:
            await self._executor.write(load_query("prune_review_labels"))
        return total
