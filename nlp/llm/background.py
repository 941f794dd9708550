"""One event loop, in a daemon thread, for the synchronous callers of the async LLM client
(the CLI's ``extract``, ``eval``, scripts): a client's connections belong to the loop that
opened them, so every synchronous run in the process shares this one instead of opening and
closing a loop per call."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

_T = TypeVar("_T")


class _BackgroundLoop:
    """Started on first use, never at import; it runs until the process exits."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None

    def run(self, work: Coroutine[Any, Any, _T]) -> _T:
        with self._lock:
            if self._loop is None:
                self._loop = asyncio.new_event_loop()
                threading.Thread(target=self._loop.run_forever, name="decision-journal-llm", daemon=True).start()
            loop = self._loop
        return asyncio.run_coroutine_threadsafe(work, loop).result()


_SHARED = _BackgroundLoop()


def run_sync(work: Coroutine[Any, Any, _T]) -> _T:
    """Run ``work`` on the shared loop and wait for its result (never call it from a coroutine
    on that loop)."""
    return _SHARED.run(work)
