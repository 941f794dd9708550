"""Questions asked at the same time share one embedding call.

Under load, every search used to embed its question in its own worker thread: a dozen
ONNX sessions fought over two cores (and with Neo4j), and a few requests waited behind
all of them. Here one call runs at a time; the questions that arrive meanwhile wait for
the next call and go in it together, so a burst of N searches costs a few batched calls,
in arrival order.
"""

from __future__ import annotations

import asyncio

from nlp.embedding import Embedder

MAX_BATCH = 32
"""Questions per call: a batch pads to its longest question, and questions are short."""


class QuestionEmbedder:
    """Embeds search questions in micro-batches on one worker thread at a time."""

    def __init__(self, embedder: Embedder) -> None:
        self._embedder = embedder
        self._pending: list[tuple[str, asyncio.Future[list[float]]]] = []
        self._worker: asyncio.Task[None] | None = None
        self.calls = 0
        """How many embedding calls were made (a batch is one)."""

    async def embed(self, sentence: str) -> list[float]:
        """The vector of ``sentence``, computed with the questions that wait with it."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[list[float]] = loop.create_future()
        self._pending.append((sentence, future))
        if self._worker is None or self._worker.done() or self._worker.get_loop() is not loop:
            self._worker = loop.create_task(self._drain())
        return await future

    async def _drain(self) -> None:
        while self._pending:
            batch, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
            waiting = [(sentence, future) for sentence, future in batch if not future.cancelled()]
            if not waiting:
                continue
            self.calls += 1
            try:
                vectors = await asyncio.to_thread(self._embedder.embed, [sentence for sentence, _ in waiting])
            except Exception as exc:  # every question of the batch gets the error
                for _, future in waiting:
                    if not future.done():
                        future.set_exception(exc)
                continue
            for (_, future), vector in zip(waiting, vectors, strict=True):
                if not future.done():
                    future.set_result(vector)
