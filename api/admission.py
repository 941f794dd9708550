"""Admission control: a cap on GraphQL requests in flight, a short bounded queue behind
it, and past that a fast 503.

One process serves every request on one event loop. Without a cap, a burst queues
without bound and every request in it waits for all the others, so the slowest take
tens of seconds and clients time out. With one, the requests admitted are answered at
the pace the machine can keep. A few more may wait briefly for a slot: a burst slightly
past the cap is served a little later instead of refused. The rest — more waiting than the
queue holds, or a wait past its bound — are told at once to come back (``Retry-After``),
which a client or a load balancer can act on. Latency stays bounded by the wait plus the
time of a request.
"""

from __future__ import annotations

import asyncio
import json

from starlette.types import ASGIApp, Receive, Scope, Send

from nlp.plural import plural

RETRY_AFTER_SECONDS = 1


class AdmissionControl:
    """Wraps an ASGI app: at most ``limit`` HTTP requests in it at once (0: no cap), at most
    ``waiting`` more waiting up to ``wait_seconds`` for a slot."""

    def __init__(self, app: ASGIApp, limit: int, waiting: int = 0, wait_seconds: float = 1.0) -> None:
        self._app = app
        self._limit = limit
        self._queue = waiting
        self._wait = wait_seconds
        self._slots = asyncio.Semaphore(limit) if limit else None
        self.in_flight = 0
        self.waiting = 0
        self.rejected = 0
        """Requests refused with 503 since the process started."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or self._slots is None:
            await self._app(scope, receive, send)
            return
        if not await self._admitted(self._slots):
            self.rejected += 1
            await _busy(send, self._limit)
            return
        self.in_flight += 1
        try:
            await self._app(scope, receive, send)
        finally:
            self.in_flight -= 1
            self._slots.release()

    async def _admitted(self, slots: asyncio.Semaphore) -> bool:
        """A slot now, or within the wait if the queue has room for one more."""
        if not slots.locked():
            await slots.acquire()  # free: taken at once, without a timer task per request
            return True
        if self.waiting >= self._queue:
            return False
        self.waiting += 1
        try:
            await asyncio.wait_for(slots.acquire(), self._wait)
        except TimeoutError:
            return False
        finally:
            self.waiting -= 1
        return True


async def _busy(send: Send, limit: int) -> None:
    body = json.dumps({"errors": [{
        "message": f"the server is busy ({plural(limit, 'request')} in flight, [server] max_in_flight, and its queue full); retry shortly",
        "extensions": {"code": "BUSY"},
    }]}).encode()
    await send({
        "type": "http.response.start", "status": 503,
        "headers": [(b"content-type", b"application/json"), (b"retry-after", str(RETRY_AFTER_SECONDS).encode()),
                    (b"content-length", str(len(body)).encode())],
    })
    await send({"type": "http.response.body", "body": body})
