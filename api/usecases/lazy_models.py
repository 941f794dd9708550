"""Models built on first use: a process pays only for the models it uses.

``build_services`` used to load spaCy, the embedder and the LLM client up front, so a CLI
``search`` spent most of its 3.2 s loading a parser it never ran (docs/performance.md, cold
start). Each stand-in here has the interface of what it stands for and builds it the first
time it is asked for work; building happens once per process, under a lock, because the
embedder and the pipeline are first used from worker threads (``off_loop``,
``QuestionEmbedder``).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

from nlp.llm.client import ChatMessage, LLMClient, LLMUsage, T

if TYPE_CHECKING:  # the real classes import spaCy; only their types are needed here
    from nlp.embedding import Embedder
    from nlp.language import LanguageInfo
    from nlp.pipeline import Offload, Pipeline
    from nlp.schema import Conversation, Extraction

M = TypeVar("M")


class OnFirstUse(Generic[M]):
    """``build()``'s result, built by the first ``get`` (of any thread) and kept."""

    def __init__(self, build: Callable[[], M]) -> None:
        self._build = build
        self._value: M | None = None
        self._lock = threading.Lock()

    @property
    def built(self) -> bool:
        return self._value is not None

    def get(self) -> M:
        value = self._value
        if value is None:
            with self._lock:
                if self._value is None:
                    self._value = self._build()
                value = self._value
        return value

    async def aget(self) -> M:
        """``get`` from an event loop: a first build (seconds of CPU) runs in a worker thread,
        so a server's loop keeps answering meanwhile."""
        return self._value if self._value is not None else await asyncio.to_thread(self.get)


class LazyEmbedder:
    """An ``Embedder`` whose model loads at the first ``embed``.

    ``dimension`` and ``model_id`` are known without loading it (they are the model's
    constants), so the schema and the stored vectors' model can be checked for free.
    """

    def __init__(self, build: Callable[[], Embedder], dimension: int, model_id: str) -> None:
        self._model = OnFirstUse(build)
        self.dimension = dimension
        self.model_id = model_id

    @property
    def loaded(self) -> bool:
        return self._model.built

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return self._model.get().embed(texts)


class LazyPipeline:
    """A ``Pipeline`` (spaCy, the detector, the extractor, and the LLM around them when one
    is configured) built at the first conversation or parse asked of it."""

    def __init__(self, build: Callable[[], Pipeline]) -> None:
        self._pipeline = OnFirstUse(build)

    @property
    def loaded(self) -> bool:
        return self._pipeline.built

    @property
    def language(self) -> LanguageInfo:
        return self._pipeline.get().language

    def run(self, conversation: Conversation) -> Extraction:
        return self._pipeline.get().run(conversation)

    async def arun(self, conversation: Conversation, offload: Offload) -> Extraction:
        pipeline = self._pipeline.get() if self._pipeline.built else await offload(self._pipeline.get)
        return await pipeline.arun(conversation, offload)


class LazyLLMClient:
    """An ``LLMClient`` that imports the SDK and opens its connections at the first request,
    and closes them in ``aclose`` only if it ever opened them: a command that asks the model
    nothing neither pays for the SDK's import nor leaves a client unclosed."""

    def __init__(self, build: Callable[[], LLMClient]) -> None:
        self.usage = LLMUsage()
        """One tally for the client's life, whether it was built yet or not."""

        def built() -> LLMClient:
            client = build()
            client.usage = self.usage
            return client

        self._client = OnFirstUse(built)

    @property
    def opened(self) -> bool:
        return self._client.built

    async def complete(self, messages: list[ChatMessage], response_model: type[T], *, prompt_version: str = "") -> T:
        client = await self._client.aget()
        return await client.complete(messages, response_model, prompt_version=prompt_version)

    async def aclose(self) -> None:
        if self._client.built:
            await self._client.get().aclose()
