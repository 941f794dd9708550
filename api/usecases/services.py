"""Build the long-lived parts once per process: language, embedder, graph stores."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from api.settings import Settings
from api.usecases.detector_file import detector_model_file, read_detector_model
from api.usecases.events import EventBus
from api.usecases.ingest import IngestServices
from api.usecases.lazy_models import LazyEmbedder, LazyLLMClient, LazyPipeline
from api.usecases.question_embedding import QuestionEmbedder
from api.user_dirs import user_dir
from graph.evolution import EvolutionStore
from graph.executor import QueryExecutor
from graph.listing import DecisionListing
from graph.people import ConfiguredAliases, People
from graph.reader import DecisionReader
from graph.search import DecisionSearch
from graph.writer import DecisionWriter
from nlp.embedding import DIMENSION, Embedder, MiniLMEmbedder
from nlp.llm.client import LLMClient
from nlp.schema import handle_for

if TYPE_CHECKING:  # these import spaCy or the LLM SDK: loaded by the builders below, on first use
    from nlp.pipeline import OfflinePipeline, Pipeline


@dataclass(frozen=True)
class Services:
    """Everything a request or command uses, sharing one executor."""

    executor: QueryExecutor
    ingest: IngestServices
    reader: DecisionReader
    search: DecisionSearch
    listing: DecisionListing
    events: EventBus
    questions: QuestionEmbedder | None = None
    """Search questions' embeddings, batched across concurrent searches (None: no embedder)."""
    llm: LLMClient | None = None
    """The configured LLM client (None: the offline path); its connections close in ``aclose``."""

    async def load_models(self) -> None:
        """Build now what ``build_services`` leaves to first use (spaCy, the embedder), in a
        worker thread: a server does this at start-up so that its first requests do not wait
        for it. The LLM client still opens at its first request."""

        def load() -> None:
            _ = self.ingest.pipeline.language
            if self.ingest.embedder is not None:
                self.ingest.embedder.embed(["warm up"])  # the first run allocates its buffers

        await asyncio.to_thread(load)

    async def aclose(self) -> None:
        """Close what the services hold open beyond the graph connection (the LLM client's
        connections, on the loop that used them)."""
        if self.llm is not None:
            await self.llm.aclose()

    def through(self, executor: QueryExecutor) -> Services:
        """The same services with every query sent through ``executor`` (say, one that
        counts a request's round trips); the loaded models are shared, not reloaded."""
        ingest = replace(self.ingest, writer=DecisionWriter(executor), evolution=EvolutionStore(executor), executor=executor)
        return replace(
            self, executor=executor, ingest=ingest, reader=DecisionReader(executor), search=DecisionSearch(executor),
            listing=DecisionListing(executor),
        )


def alias_pairs(settings: Settings) -> list[tuple[str, str]]:
    """``[people.aliases]`` as (alias, person) handles, normalized as ingestion normalizes names."""
    return [(handle_for(alias), handle_for(person)) for alias, person in settings.people.aliases.items()]


def load_embedder(settings: Settings) -> Embedder | None:
    """The configured embedder, loaded at its first ``embed``, or None when
    ``[embedding] model = "none"`` or ``index_embeddings = false``."""
    if settings.embedding.model == "none" or not settings.journal.index_embeddings:
        return None
    stamps = user_dir("cache")
    return LazyEmbedder(lambda: MiniLMEmbedder(stamps=stamps), DIMENSION, MiniLMEmbedder.model_id)


def load_llm(settings: Settings) -> LLMClient | None:
    """The configured OpenAI-compatible client, or None for the offline path. The SDK is
    imported and the client opened at its first request (``LazyLLMClient``)."""
    llm = settings.llm
    if not llm.active or llm.model is None:
        return None
    model = llm.model

    def open_client() -> LLMClient:
        from nlp.llm.openai_client import OpenAIClient  # imports the SDK: about 0.6 s of CPU

        return OpenAIClient(
            model, base_url=llm.base_url, api_key=llm.api_key.get_secret_value() if llm.api_key else None,
            timeout=llm.timeout, max_retries=llm.max_retries, max_tokens=llm.max_tokens, temperature=llm.temperature,
        )

    return LazyLLMClient(open_client)


def with_llm(offline: OfflinePipeline, settings: Settings, client: LLMClient | None) -> Pipeline:
    """``offline`` alone, or wrapped in the LLM path when a client is configured."""
    if client is None:
        return offline
    from nlp.llm.pipeline import LLMOptions, LLMPipeline  # imports spaCy, as ``offline`` has

    journal = settings.journal
    options = LLMOptions(
        confirm=journal.llm_confirmation, extract=journal.structured_extraction,
        abstract=journal.structured_extraction, confirm_threshold=journal.detection_threshold,
        candidate_threshold=settings.llm.candidate_threshold, context_messages=settings.llm.context_messages,
        concurrency=settings.llm.concurrency,
    )
    return LLMPipeline(offline, client, options)


def load_pipeline(settings: Settings, client: LLMClient | None) -> Pipeline:
    """spaCy, the detector and the extractor of the settings (wrapped in the LLM path when
    ``client`` is set), loaded at the first conversation or parse asked of them."""

    def load() -> Pipeline:
        from nlp.detect import DetectorConfig
        from nlp.language import load_language
        from nlp.pipeline import OfflinePipeline

        journal = settings.journal
        own = detector_model_file(journal.detector_model)
        detector = DetectorConfig(
            keywords=tuple(k.lower() for k in journal.detection_keywords), threshold=journal.detection_threshold,
            draft_kinds=frozenset(journal.draft_kinds), model=read_detector_model(own) if own is not None else None,
        )
        # Seed 000's extraction switches are journal keys: the journal section is the extractor's configuration.
        return with_llm(OfflinePipeline(load_language(), detector, journal), settings, client)

    return LazyPipeline(load)


def build_services(settings: Settings, executor: QueryExecutor, events: EventBus | None = None) -> Services:
    """Wire the stores over ``executor``, with the models (spaCy, the embedder, the LLM
    client) each built at its first use: a search loads no spaCy, a ``check-diff`` no model."""
    bus = events or EventBus()
    journal = settings.journal
    client = load_llm(settings)
    judge = None
    if client is not None:
        from nlp.llm.relations import RelationJudge

        judge = RelationJudge(client)
    ingest = IngestServices(
        pipeline=load_pipeline(settings, client),
        embedder=load_embedder(settings),
        writer=DecisionWriter(executor),
        evolution=EvolutionStore(executor),
        events=bus,
        executor=executor,
        detect_evolution=journal.track_superseded_decisions or journal.detect_revisited_decisions,
        auto_detect=journal.auto_detect,
        relation_judge=judge,
        people=People(executor),
        aliases=ConfiguredAliases(alias_pairs(settings)),
    )
    return Services(
        executor, ingest, DecisionReader(executor), DecisionSearch(executor), DecisionListing(executor), bus,
        QuestionEmbedder(ingest.embedder) if ingest.embedder is not None else None, client,
    )


@asynccontextmanager
async def open_services(settings: Settings, executor: QueryExecutor, events: EventBus | None = None) -> AsyncIterator[Services]:
    """``build_services`` for one command or request, closed at the end (the LLM client's
    connections, when it opened any)."""
    services = build_services(settings, executor, events)
    try:
        yield services
    finally:
        await services.aclose()
