"""Under load: questions share embedding calls; past the cap a request waits briefly in a
bounded queue, and past the queue it gets a fast 503."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence

import httpx
import pytest
from starlette.types import ASGIApp, Receive, Scope, Send

from api.admission import AdmissionControl
from api.usecases.question_embedding import QuestionEmbedder


class _Recording:
    """An embedder that says how it was called: the batching is the logic under test."""

    def __init__(self, fail: bool = False) -> None:
        self.batches: list[list[str]] = []
        self.fail = fail

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.batches.append(list(texts))
        if self.fail:
            raise RuntimeError("model not loaded")
        return [[float(len(text))] for text in texts]


async def test_concurrent_questions_share_calls_and_each_gets_its_own_vector() -> None:
    recording = _Recording()
    questions = QuestionEmbedder(recording)
    texts = [f"why did we choose option {'x' * n}?" for n in range(20)]
    vectors = await asyncio.gather(*(questions.embed(text) for text in texts))
    assert vectors == [[float(len(text))] for text in texts]
    assert sum(len(batch) for batch in recording.batches) == 20 and len(recording.batches) < 20
    assert [t for batch in recording.batches for t in batch] == texts  # in arrival order
    assert await questions.embed("later") == [5.0] and questions.calls == len(recording.batches)


async def test_the_worker_thread_ends_when_idle_and_the_next_question_starts_another() -> None:
    recording = _Recording()
    questions = QuestionEmbedder(recording, idle_seconds=0.01)
    name = f"question-embedder-{id(questions):x}"
    assert await questions.embed("first") == [5.0]
    for _ in range(200):
        if not any(t.name == name for t in threading.enumerate()):
            break
        await asyncio.sleep(0.01)
    assert not any(t.name == name for t in threading.enumerate())
    assert await questions.embed("second") == [6.0] and recording.batches == [["first"], ["second"]]


async def test_an_embedding_error_reaches_every_question_of_its_batch() -> None:
    questions = QuestionEmbedder(_Recording(fail=True))
    results = await asyncio.gather(questions.embed("a"), questions.embed("b"), return_exceptions=True)
    assert all(isinstance(r, RuntimeError) for r in results)


def _held(release: asyncio.Event) -> ASGIApp:
    """An app whose every request waits for ``release``."""

    async def slow(scope: Scope, receive: Receive, send: Send) -> None:
        await release.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    return slow


async def test_past_the_cap_requests_get_a_fast_503_with_retry_after() -> None:
    release = asyncio.Event()
    slow = _held(release)
    gate = AdmissionControl(slow, limit=2)
    transport = httpx.ASGITransport(app=gate)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        first = [asyncio.create_task(client.post("/graphql")) for _ in range(2)]
        await asyncio.sleep(0.05)
        assert gate.in_flight == 2
        busy = await client.post("/graphql")
        assert busy.status_code == 503 and busy.headers["retry-after"] == "1"
        assert busy.json()["errors"][0]["extensions"]["code"] == "BUSY" and gate.rejected == 1
        release.set()
        assert [r.status_code for r in await asyncio.gather(*first)] == [200, 200]
    assert gate.in_flight == 0
    unlimited = AdmissionControl(slow, limit=0)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=unlimited), base_url="http://test") as client:
        assert all(r.status_code == 200 for r in await asyncio.gather(*(client.post("/graphql") for _ in range(5))))


async def test_past_the_cap_a_bounded_queue_waits_for_a_slot() -> None:
    release = asyncio.Event()
    gate = AdmissionControl(_held(release), limit=1, waiting=1, wait_seconds=30)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=gate), base_url="http://test") as client:
        running = asyncio.create_task(client.post("/graphql"))
        queued = asyncio.create_task(client.post("/graphql"))
        await asyncio.sleep(0.05)
        assert (gate.in_flight, gate.waiting) == (1, 1)
        assert (await client.post("/graphql")).status_code == 503  # the queue is full: refused at once
        release.set()
        assert [(await running).status_code, (await queued).status_code] == [200, 200]  # the queued one was served
    assert (gate.in_flight, gate.waiting, gate.rejected) == (0, 0, 1)


async def test_a_wait_past_its_bound_is_refused() -> None:
    release = asyncio.Event()
    gate = AdmissionControl(_held(release), limit=1, waiting=4, wait_seconds=0.05)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=gate), base_url="http://test") as client:
        running = asyncio.create_task(client.post("/graphql"))
        await asyncio.sleep(0.02)
        waited = await client.post("/graphql")
        assert waited.status_code == 503 and gate.waiting == 0 and gate.rejected == 1
        release.set()
        assert (await running).status_code == 200
        assert (await client.post("/graphql")).status_code == 200  # the slot came back


class _MiscountingOnce(_Recording):
    """Returns one vector too few on its first call, then the right number."""

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        vectors = super().embed(texts)
        return vectors[:-1] if len(self.batches) == 1 else vectors


async def test_a_wrong_number_of_vectors_fails_its_batch_and_the_next_question_gets_an_answer() -> None:
    questions = QuestionEmbedder(_MiscountingOnce())
    with pytest.raises(RuntimeError, match=r"0 vector\(s\) for 1 question"):
        await asyncio.wait_for(questions.embed("first"), timeout=5)
    assert await asyncio.wait_for(questions.embed("second"), timeout=5) == [6.0]


class _Abort(BaseException):
    """Escapes ``except Exception``: it stands for whatever kills a thread."""


class _DiesOnce(_Recording):
    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        vectors = super().embed(texts)
        if len(self.batches) == 1:
            raise _Abort
        return vectors


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
async def test_when_the_worker_thread_dies_its_questions_fail_and_a_new_worker_answers_the_next() -> None:
    questions = QuestionEmbedder(_DiesOnce())
    with pytest.raises(RuntimeError, match="worker stopped"):
        await asyncio.wait_for(questions.embed("first"), timeout=5)
    for thread in threading.enumerate():  # its exception reaches the hook within this test
        if thread.name == f"question-embedder-{id(questions):x}":
            thread.join(timeout=5)
    assert await asyncio.wait_for(questions.embed("second"), timeout=5) == [6.0]


async def test_a_worker_ended_idle_leaves_a_question_queued_since_to_its_successor() -> None:
    # The race: an idle worker hands over (clears itself under the lock) and, before its last
    # step runs, a question arrives and starts a successor. That question is the successor's.
    questions = QuestionEmbedder(_Recording())
    successor = threading.Thread(target=lambda: None)
    questions._worker = successor  # this thread is not the worker: it has handed over
    future: asyncio.Future[list[float]] = asyncio.get_running_loop().create_future()
    questions._queue.put(("queued since", future))
    questions._release([])
    await asyncio.sleep(0.01)
    assert not future.done() and questions._worker is successor and questions._queue.qsize() == 1
