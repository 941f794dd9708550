"""Build the long-lived parts once per process: language, embedder, graph stores."""

from __future__ import annotations

from dataclasses import dataclass, replace

from api.settings import Settings
from api.usecases.events import EventBus
from api.usecases.ingest import IngestServices
from api.usecases.question_embedding import QuestionEmbedder
from graph.evolution import EvolutionStore
from graph.executor import QueryExecutor
from graph.listing import DecisionListing
from graph.people import ConfiguredAliases, People
from graph.reader import DecisionReader
from graph.search import DecisionSearch
from graph.writer import DecisionWriter
from nlp.detect import DetectorConfig
from nlp.embedding import Embedder, MiniLMEmbedder
from nlp.extractor_config import ExtractorConfig
from nlp.ids import handle_for
from nlp.language import load_language
from nlp.llm.client import LLMClient
from nlp.llm.openai_client import OpenAIClient
from nlp.llm.pipeline import LLMOptions, LLMPipeline
from nlp.llm.relations import RelationJudge
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
    """The configured embedder, or None when ``[embedding] model = "none"`` or
    ``index_embeddings = false``."""
    if settings.embedding.model == "none" or not settings.journal.index_embeddings:
        return None
    return MiniLMEmbedder()


def load_llm(settings: Settings) -> LLMClient | None:
    """The configured OpenAI-compatible client, or None for the offline path."""
    llm = settings.llm
    if not llm.active or llm.model is None:
        return None
    return OpenAIClient(
        llm.model, base_url=llm.base_url, api_key=llm.api_key.get_secret_value() if llm.api_key else None,
        timeout=llm.timeout, max_retries=llm.max_retries, max_tokens=llm.max_tokens, temperature=llm.temperature,
    )


def with_llm(offline: OfflinePipeline, settings: Settings, client: LLMClient | None) -> Pipeline:
    """``offline`` alone, or wrapped in the LLM path when a client is configured."""
    if client is None:
        return offline
    journal = settings.journal
    options = LLMOptions(
        confirm=journal.llm_confirmation, extract=journal.structured_extraction,
        abstract=journal.structured_extraction, confirm_threshold=journal.detection_threshold,
        candidate_threshold=settings.llm.candidate_threshold, context_messages=settings.llm.context_messages,
        concurrency=settings.llm.concurrency,
    )
    return LLMPipeline(offline, client, options)


def build_services(settings: Settings, executor: QueryExecutor, events: EventBus | None = None) -> Services:
    """Load the models and wire the stores over ``executor``."""
    bus = events or EventBus()
    journal = settings.journal
    detector = DetectorConfig(
        keywords=tuple(k.lower() for k in journal.detection_keywords), threshold=journal.detection_threshold
    )
    extractor: ExtractorConfig = journal  # seed 000's extraction switches are journal keys
    client = load_llm(settings)
    pipeline = with_llm(OfflinePipeline(load_language(), detector, extractor), settings, client)
    ingest = IngestServices(
        pipeline=pipeline,
        embedder=load_embedder(settings),
        writer=DecisionWriter(executor),
        evolution=EvolutionStore(executor),
        events=bus,
        executor=executor,
        detect_evolution=journal.track_superseded_decisions or journal.detect_revisited_decisions,
        auto_detect=journal.auto_detect,
        relation_judge=RelationJudge(client) if client is not None else None,
        people=People(executor),
        aliases=ConfiguredAliases(alias_pairs(settings)),
    )
    return Services(
        executor, ingest, DecisionReader(executor), DecisionSearch(executor), DecisionListing(executor), bus,
        QuestionEmbedder(ingest.embedder) if ingest.embedder is not None else None, client,
    )
