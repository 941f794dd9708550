"""Supersede and revisit by hand, as every face does it: link, then tell the listeners."""

from __future__ import annotations

from api.usecases.events import SUPERSEDED
from api.usecases.services import Services
from graph.evolution import Link


async def supersede_decision(
    services: Services, old_id: str, new_id: str, reason: str | None, partial: bool = False
) -> None:
    """``new_id`` replaces ``old_id`` (seed 000 ``TemporalTracker``); old becomes superseded.

    Raises:
        DecisionNotFound: Either id is unknown.
    """
    await services.ingest.evolution.link(Link("SUPERSEDES", new_id, old_id, reason, partial=partial))
    await services.events.emit(SUPERSEDED, {"old_decision_id": old_id, "new_decision_id": new_id})


async def mark_revisited(services: Services, old_id: str, new_id: str, reason: str | None, outcome: str = "kept") -> None:
    """``new_id`` reconsidered ``old_id``; an active old decision becomes revisited.

    Raises:
        DecisionNotFound: Either id is unknown.
    """
    await services.ingest.evolution.link(Link("REVISITS", new_id, old_id, reason, outcome=outcome))
