"""The offline path in one place: detect, then extract, sharing one parse per message."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import ParamSpec, Protocol, TypeVar

from nlp.detect import DecisionDetector, DetectorConfig
from nlp.extract import DecisionExtractor
from nlp.extractor_config import ExtractorConfig
from nlp.language import LanguageInfo
from nlp.parsing import ParsedConversation
from nlp.schema import Conversation, Detection, ExtractedDecision, Extraction

_P = ParamSpec("_P")
_T = TypeVar("_T")


class Offload(Protocol):
    """How an async caller runs CPU-bound work (spaCy, the detector) without holding its
    event loop: ``await offload(work, *args)`` — a worker thread in a server, inline where
    nothing else waits (``inline``)."""

    def __call__(self, work: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> Awaitable[_T]: ...


async def inline(work: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> _T:
    """``Offload`` that runs the work where it is called."""
    return work(*args, **kwargs)


class Pipeline(Protocol):
    """What ingestion runs: the offline pipeline, or the LLM one wrapped around it."""

    @property
    def language(self) -> LanguageInfo: ...

    def run(self, conversation: Conversation) -> Extraction:
        """Detections and decisions, for callers without an event loop (CLI, evaluation)."""
        ...

    async def arun(self, conversation: Conversation, offload: Offload) -> Extraction:
        """The same, for callers on an event loop: CPU work through ``offload``, LLM requests awaited."""
        ...


class OfflinePipeline:
    """Detection and rule-based extraction over a loaded ``LanguageInfo``.

    Args:
        language: From ``nlp.language.load_language`` (loaded once by the caller).
        detector: Keywords, threshold and weights.
        extractor: Which fields to extract and the context size.
    """

    def __init__(
        self, language: LanguageInfo, detector: DetectorConfig | None = None, extractor: ExtractorConfig | None = None
    ) -> None:
        self._language = language
        self._detector = DecisionDetector(language.nlp, detector, language.light)
        self._extractor = DecisionExtractor(language.nlp, extractor, language.light)

    @property
    def language(self) -> LanguageInfo:
        """The loaded pipelines."""
        return self._language

    def parse(self, conversation: Conversation) -> ParsedConversation:
        """A parse cache for ``conversation`` (full parses where a signal reads one, light
        ones for the rest)."""
        return self._detector.parse(conversation)

    def detect(self, conversation: Conversation, parsed: ParsedConversation | None = None) -> list[Detection]:
        """One detection per message."""
        return self._detector.detect(conversation, parsed or self.parse(conversation))

    def extract(
        self, conversation: Conversation, detections: list[Detection], parsed: ParsedConversation
    ) -> list[ExtractedDecision]:
        """Rule-based extraction for the messages ``detections`` mark as decisions."""
        return self._extractor.extract(conversation, detections, parsed)

    def run(self, conversation: Conversation) -> Extraction:
        """Detections and extracted decisions of one conversation."""
        parsed = self.parse(conversation)
        detections = self._detector.detect(conversation, parsed)
        decisions = self._extractor.extract(conversation, detections, parsed)
        return Extraction(conversation=conversation, detections=tuple(detections), decisions=tuple(decisions))

    async def arun(self, conversation: Conversation, offload: Offload) -> Extraction:
        """``run`` through ``offload``: all of it is CPU work."""
        return await offload(self.run, conversation)
