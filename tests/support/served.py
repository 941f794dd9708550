"""An ASGI app served for real: uvicorn in a thread, on a free loopback port."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any

import uvicorn


@dataclass(frozen=True)
class LiveServer:
    url: str


class Served:
    """uvicorn running ``app`` in a thread until the ``with`` block ends."""

    def __init__(self, app: Any) -> None:
        self._server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning"))
        self._thread = threading.Thread(target=self._server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self._thread.start()
        deadline = time.monotonic() + 60
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the app did not start")
            time.sleep(0.05)
        port = self._server.servers[0].sockets[0].getsockname()[1]
        return LiveServer(f"http://127.0.0.1:{port}")

    def __exit__(self, *exc: object) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=30)
