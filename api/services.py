"""Build the long-lived parts once per process: language, embedder, graph stores."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from api.events import EventBus
from api.ingest import IngestServices
from api.settings import JournalSettings, Settings
from graph.evolution import EvolutionStore
from graph.executor import QueryExecutor
from graph.listing import DecisionListing
from graph.reader import DecisionReader
from graph.search import DecisionSearch
from graph.writer import DecisionWriter
from nlp.detect import DetectorConfig
from nlp.embedding import Embedder, MiniLMEmbedder
from nlp.extract import ExtractorConfig
from nlp.language import load_language
from nlp.pipeline import OfflinePipeline


@dataclass(frozen=True)
class Services:
    """Everything a request or command uses, sharing one executor."""

    executor: QueryExecutor
    ingest: IngestServices
    reader: DecisionReader
    search: DecisionSearch
    listing: DecisionListing
    events: EventBus

    def through(self, executor: QueryExecutor) -> Services:
        """The same services with every query sent through ``executor`` (say, one that
        counts a request's round trips); the loaded models are shared, not reloaded."""
        ingest = replace(self.ingest, writer=DecisionWriter(executor), evolution=EvolutionStore(executor))
        return replace(
            self, executor=executor, ingest=ingest, reader=DecisionReader(executor), search=DecisionSearch(executor),
            listing=DecisionListing(executor),
        )


def load_embedder(settings: Settings) -> Embedder | None:
    """The configured embedder, or None when ``[embedding] model = "none"`` or
    ``index_embeddings = false``."""
    if settings.embedding.model == "none" or not settings.journal.index_embeddings:
        return None
    return MiniLMEmbedder()


def build_services(settings: Settings, executor: QueryExecutor, events: EventBus | None = None) -> Services:
    """Load the models and wire the stores over ``executor``."""
    bus = events or EventBus()
    journal = settings.journal
    detector = DetectorConfig(
        keywords=tuple(k.lower() for k in journal.detection_keywords), threshold=journal.detection_threshold
    )
    # Seed 000's extraction switches have the same names in both places.
    shared = {f.name for f in fields(ExtractorConfig)} & set(JournalSettings.model_fields)
    extractor = ExtractorConfig(**{name: getattr(journal, name) for name in shared})
    ingest = IngestServices(
        pipeline=OfflinePipeline(load_language(), detector, extractor),
        embedder=load_embedder(settings),
        writer=DecisionWriter(executor),
        evolution=EvolutionStore(executor),
        events=bus,
        detect_evolution=journal.track_superseded_decisions or journal.detect_revisited_decisions,
        auto_detect=journal.auto_detect,
    )
    return Services(
        executor, ingest, DecisionReader(executor), DecisionSearch(executor), DecisionListing(executor), bus
    )
