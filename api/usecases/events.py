"""Seed 000's events, delivered to registered Python handlers.

| event | data |
|---|---|
| ``context:decision:detected`` | decision_id, confidence |
| ``context:decision:extracted`` | decision_id, decision_summary |
| ``context:decision:indexed`` | decision_id |
| ``context:decision:superseded`` | old_decision_id, new_decision_id |
| ``context:decision:searched`` | query, result_count |
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Awaitable, Callable
from typing import Any

DETECTED = "context:decision:detected"
EXTRACTED = "context:decision:extracted"
INDEXED = "context:decision:indexed"
SUPERSEDED = "context:decision:superseded"
SEARCHED = "context:decision:searched"
EVENTS = (DETECTED, EXTRACTED, INDEXED, SUPERSEDED, SEARCHED)

Handler = Callable[[str, dict[str, Any]], Awaitable[None] | None]
log = logging.getLogger("decision_journal.events")


class EventBus:
    """Calls every handler registered for an event; a failing handler is logged, not raised."""

    def __init__(self) -> None:
        self._handlers: dict[str, list[Handler]] = {name: [] for name in EVENTS}

    def on(self, event: str, handler: Handler) -> None:
        """Register ``handler(event, data)`` (sync or async) for ``event``.

        Raises:
            ValueError: ``event`` is not one of ``EVENTS``.
        """
        if event not in self._handlers:
            raise ValueError(f"unknown event {event!r}; events are {', '.join(EVENTS)}")
        self._handlers[event].append(handler)

    async def emit(self, event: str, data: dict[str, Any]) -> None:
        """Deliver ``data`` to the handlers of ``event``, in registration order."""
        for handler in self._handlers[event]:
            try:
                result = handler(event, data)
                if inspect.isawaitable(result):
                    await result
            except Exception:  # a handler's bug must never break ingestion
                log.exception("event handler %r failed on %s", handler, event)
