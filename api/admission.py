"""Admission control: a cap on GraphQL requests in flight; past it, a fast 503.

One process serves every request on one event loop. Without a cap, a burst queues
without bound and every request in it waits for all the others, so the slowest take
tens of seconds and clients time out. With one, the requests admitted are answered at
the pace the machine can keep and the others are told at once to come back
(``Retry-After``), which a client or a load balancer can act on.
"""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Receive, Scope, Send

RETRY_AFTER_SECONDS = 1


class AdmissionControl:
    """Wraps an ASGI app: at most ``limit`` HTTP requests in it at once (0: no cap)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self._app = app
        self._limit = limit
        self.in_flight = 0
        self.rejected = 0
        """Requests refused with 503 since the process started."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not self._limit:
            await self._app(scope, receive, send)
            return
        if self.in_flight >= self._limit:
            self.rejected += 1
            await _busy(send, self._limit)
            return
        self.in_flight += 1
        try:
            await self._app(scope, receive, send)
        finally:
            self.in_flight -= 1


async def _busy(send: Send, limit: int) -> None:
    body = json.dumps({"errors": [{
        "message": f"the server is busy ({limit} requests in flight, [server] max_in_flight); retry shortly",
        "extensions": {"code": "BUSY"},
    }]}).encode()
    await send({
        "type": "http.response.start", "status": 503,
        "headers": [(b"content-type", b"application/json"), (b"retry-after", str(RETRY_AFTER_SECONDS).encode()),
                    (b"content-length", str(len(body)).encode())],
    })
    await send({"type": "http.response.body", "body": body})
