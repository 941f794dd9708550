"""Build the long-lived parts once per process: language, embedder, graph stores."""

from __future__ import annotations

from dataclasses import dataclass

from api.events import EventBus
from api.ingest import IngestServices
from api.settings import Settings
from graph.evolution import EvolutionStore
from graph.executor import QueryExecutor
from graph.reader import DecisionReader
from graph.search import DecisionSearch
from graph.writer import DecisionWriter
from nlp.embedding import Embedder, MiniLMEmbedder
from nlp.language import load_language
from nlp.pipeline import OfflinePipeline


@dataclass(frozen=True)
class Services:
    """Everything a request or command uses, sharing one executor."""

    executor: QueryExecutor
    ingest: IngestServices
    reader: DecisionReader
    search: DecisionSearch
    events: EventBus


def load_embedder(settings: Settings) -> Embedder | None:
    """The configured embedder, or None when ``[embedding] model = "none"``."""
    if settings.embedding.model == "none":
        return None
    return MiniLMEmbedder()


def build_services(settings: Settings, executor: QueryExecutor, events: EventBus | None = None) -> Services:
    """Load the models and wire the stores over ``executor``."""
    bus = events or EventBus()
    pipeline = OfflinePipeline(load_language())
    ingest = IngestServices(
        pipeline=pipeline,
        embedder=load_embedder(settings),
        writer=DecisionWriter(executor),
        evolution=EvolutionStore(executor),
        events=bus,
    )
    return Services(executor, ingest, DecisionReader(executor), DecisionSearch(executor), bus)
