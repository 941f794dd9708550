"""Questions asked at the same time share one embedding call, on one worker thread.

Under load, every search used to embed its question in its own worker thread: a dozen
ONNX sessions fought over two cores (and with Neo4j), and a few requests waited behind
all of them. Here one thread embeds, one call at a time; the questions that arrive
meanwhile wait for the next call and go in it together, so a burst of N searches costs a
few batched calls, in arrival order.

The thread is the embedder's own and lives while questions come: a question is handed to
it and its vector handed back to the asking event loop, with no task or thread pool in
between (a pool thread per call and a task per batch had cost a lone question more than
the hand-over itself).
"""

from __future__ import annotations

import asyncio
import queue
import threading

from nlp.embedding import Embedder

MAX_BATCH = 32
"""Questions per call: a batch pads to its longest question, and questions are short."""
IDLE_SECONDS = 30.0
"""The worker thread ends after this long without a question; the next one starts it again."""

_Waiting = tuple[str, asyncio.Future[list[float]]]


class QuestionEmbedder:
    """Embeds search questions in micro-batches on one worker thread."""

    def __init__(self, embedder: Embedder, idle_seconds: float = IDLE_SECONDS) -> None:
        self._embedder = embedder
        self._idle_seconds = idle_seconds
        self._queue: queue.SimpleQueue[_Waiting] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._worker: threading.Thread | None = None
        self.calls = 0
        """How many embedding calls were made (a batch is one)."""

    async def embed(self, sentence: str) -> list[float]:
        """The vector of ``sentence``, computed with the questions that wait with it."""
        future: asyncio.Future[list[float]] = asyncio.get_running_loop().create_future()
        self._queue.put((sentence, future))
        with self._lock:
            # A worker that died (see ``_work``) is replaced, so no question waits on it.
            if self._worker is None or not self._worker.is_alive():
                self._worker = threading.Thread(target=self._work, name=f"question-embedder-{id(self):x}",
                                                daemon=True)
                self._worker.start()
        return await future

    def _work(self) -> None:
        batch: list[_Waiting] = []
        try:
            while True:
                try:
                    batch = [self._queue.get(timeout=self._idle_seconds)]
                except queue.Empty:
                    # Under the lock, so a question queued meanwhile either is seen here or
                    # finds no worker and starts one.
                    with self._lock:
                        if self._queue.empty():
                            self._worker = None
                            return
                    continue
                while len(batch) < MAX_BATCH:
                    try:
                        batch.append(self._queue.get_nowait())
                    except queue.Empty:
                        break
                self._embed(batch)
                batch = []
        finally:
            self._release(batch)

    def _release(self, batch: list[_Waiting]) -> None:
        """The worker thread's last step. Ended by an error while still the worker, no
        question may wait on it: the batch in hand and the queued ones get an error, and the
        next question starts a new worker. Ended idle, it has handed over already: a question
        queued since belongs to the worker that question started, and is left to it."""
        with self._lock:
            mine = self._worker is threading.current_thread()
            if mine:
                self._worker = None
            stranded = batch + _drain(self._queue) if mine else batch
        error = RuntimeError("the question embedder's worker stopped; ask again")
        for _, future in stranded:
            _hand_back(future, None, error)

    def _embed(self, batch: list[_Waiting]) -> None:
        waiting = [(sentence, future) for sentence, future in batch if not future.cancelled()]
        if not waiting:
            return
        self.calls += 1
        try:
            vectors = self._embedder.embed([sentence for sentence, _ in waiting])
            if len(vectors) != len(waiting):
                raise RuntimeError(f"the embedder returned {len(vectors)} vector(s) for {len(waiting)} question(s)")
        except Exception as exc:  # every question of the batch gets the error
            for _, future in waiting:
                _hand_back(future, None, exc)
            return
        for (_, future), vector in zip(waiting, vectors, strict=True):
            _hand_back(future, vector, None)


def _drain(waiting: queue.SimpleQueue[_Waiting]) -> list[_Waiting]:
    drained: list[_Waiting] = []
    while True:
        try:
            drained.append(waiting.get_nowait())
        except queue.Empty:
            return drained


def _hand_back(future: asyncio.Future[list[float]], vector: list[float] | None, error: Exception | None) -> None:
    """Completes ``future`` on its own event loop's thread, as asyncio futures require."""
    try:
        future.get_loop().call_soon_threadsafe(_complete, future, vector, error)
    except RuntimeError:  # the asking loop has closed: nobody waits for this question
        pass


def _complete(future: asyncio.Future[list[float]], vector: list[float] | None, error: Exception | None) -> None:
    if future.done():  # cancelled meanwhile
        return
    if error is not None:
        future.set_exception(error)
    elif vector is not None:
        future.set_result(vector)
