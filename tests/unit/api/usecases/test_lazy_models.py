"""Models built on first use (issue 47): built once, only when asked for, and the LLM
client closed only when it was opened. The models are stand-ins here (this is the wiring's
logic); tests/integration/test_cold_start.py checks real commands in new processes."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
from collections.abc import Sequence

from pydantic import BaseModel

from api.usecases.lazy_models import LazyEmbedder, LazyLLMClient, OnFirstUse
from nlp.llm.client import ChatMessage, LLMUsage, T


class _Answer(BaseModel):
    text: str


class _CountingClient:
    def __init__(self) -> None:
        self.usage = LLMUsage()
        self.closed = 0

    async def complete(self, messages: list[ChatMessage], response_model: type[T], *, prompt_version: str = "") -> T:
        self.usage.calls += 1
        return response_model.model_validate({"text": messages[-1].content})

    async def aclose(self) -> None:
        self.closed += 1


async def test_an_llm_client_never_asked_is_never_built_nor_closed() -> None:
    built: list[_CountingClient] = []

    def build() -> _CountingClient:
        built.append(_CountingClient())
        return built[-1]

    client = LazyLLMClient(build)
    await client.aclose()
    assert built == [] and not client.opened


async def test_an_llm_client_is_built_at_its_first_request_once_and_closed_once() -> None:
    built: list[_CountingClient] = []

    def build() -> _CountingClient:
        built.append(_CountingClient())
        return built[-1]

    client = LazyLLMClient(build)
    usage = client.usage
    answers = await asyncio.gather(*(client.complete([ChatMessage("user", f"q{i}")], _Answer) for i in range(5)))
    assert [a.text for a in answers] == [f"q{i}" for i in range(5)]
    assert len(built) == 1 and client.opened
    # The tally read before the client existed is the one its requests counted in.
    assert usage is client.usage and usage.calls == 5
    await client.aclose()
    assert built[0].closed == 1


def test_a_model_asked_for_by_many_threads_at_once_is_built_once() -> None:
    builds = 0
    start = threading.Barrier(8)

    def build() -> object:
        nonlocal builds
        builds += 1
        return object()

    model = OnFirstUse(build)
    got: list[object] = []

    def ask() -> None:
        start.wait()
        got.append(model.get())

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert builds == 1 and len({id(g) for g in got}) == 1


class _Embedder:
    dimension = 3
    model_id = "three"

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [[float(len(t)), 0.0, 0.0] for t in texts]


def test_an_embedder_knows_its_dimension_and_model_before_it_loads() -> None:
    loads = 0

    def build() -> _Embedder:
        nonlocal loads
        loads += 1
        return _Embedder()

    embedder = LazyEmbedder(build, 3, "three")
    assert (embedder.dimension, embedder.model_id, embedder.loaded, loads) == (3, "three", False, 0)
    assert embedder.embed(["ab", "abc"]) == [[2.0, 0.0, 0.0], [3.0, 0.0, 0.0]]
    embedder.embed(["a"])
    assert loads == 1 and embedder.loaded


def test_the_modules_a_search_or_check_diff_imports_load_no_spacy_nor_the_llm_sdk() -> None:
    # A new process: this one has loaded spaCy for other tests. Every use case a search can
    # reach through a face is listed, so that a new import of a parser at module level shows.
    modules = ["api.cli.search_cmd", "api.cli.check_cmd", "api.usecases.search", "api.usecases.services",
               "api.usecases.record", "api.usecases.review", "api.usecases.path_check", "api.usecases.warm_up",
               "api.usecases.journal_facade"]
    probe = f"import sys\nfor m in {modules!r}: __import__(m)\nprint(sorted(h for h in ('spacy', 'thinc', 'openai') if h in sys.modules))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120)
    assert done.stdout.strip() == "[]"
