"""The LLM path around the offline one: spaCy finds candidates and entities, the LLM
confirms, extracts and abstracts, grounding keeps it honest, and any failure falls back
to the offline result for that message."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Iterable
from dataclasses import dataclass
from typing import TypeVar

from nlp.language import LanguageInfo
from nlp.llm.background import run_sync
from nlp.llm.client import LLMClient, LLMError
from nlp.llm.grounding import Grounding, GroundingReport
from nlp.llm.prompts import (
    ABSTRACT_VERSION,
    CONFIRM_VERSION,
    EXTRACT_VERSION,
    AbstractContext,
    Abstraction,
    Confirmation,
    ConfirmContext,
    ExtractContext,
    LLMExtraction,
    abstract_prompt,
    confirm_prompt,
    entity_names,
    extract_prompt,
)
from nlp.parsing import ParsedConversation
from nlp.pipeline import OfflinePipeline, Offload, inline
from nlp.plural import plural
from nlp.schema import (
    Conversation,
    Detection,
    ExtractedAlternative,
    ExtractedDecision,
    ExtractedStakeholder,
    Extraction,
    TradeOffs,
    handle_for,
)

log = logging.getLogger("decision_journal.llm")
_X = TypeVar("_X")


@dataclass(frozen=True)
class LLMOptions:
    """Which LLM steps run (seed 000 ``llm_confirmation``, ``structured_extraction``).

    Attributes:
        confirm_threshold: The LLM's score a candidate needs to count as a decision (seed 000: 0.7).
        candidate_threshold: The offline score a message needs to be asked about at all.
        context_messages: How many messages up to the decision the extraction sees (seed 000: 10).
        concurrency: LLM requests of one conversation in flight at once (candidates are
            confirmed, and decisions extracted, concurrently).
    """

    confirm: bool = True
    extract: bool = True
    abstract: bool = True
    confirm_threshold: float = 0.7
    candidate_threshold: float = 0.5
    context_messages: int = 10
    concurrency: int = 4


class LLMPipeline:
    """``Pipeline`` that adds LLM confirmation, extraction and abstraction to ``offline``."""

    def __init__(self, offline: OfflinePipeline, client: LLMClient, options: LLMOptions = LLMOptions()) -> None:
        self._offline = offline
        self._client = client
        self._options = options
        self.grounding = GroundingReport()

    @property
    def language(self) -> LanguageInfo:
        return self._offline.language

    @property
    def client(self) -> LLMClient:
        return self._client

    def run(self, conversation: Conversation) -> Extraction:
        """``arun`` for callers without an event loop (CLI, evaluation), on the process's
        shared background loop (``nlp.llm.background``)."""
        return run_sync(self.arun(conversation, inline))

    async def arun(self, conversation: Conversation, offload: Offload) -> Extraction:
        """Offline detection and extraction through ``offload``; the LLM's confirmations, then
        its extractions, awaited ``options.concurrency`` at a time."""
        parsed = await offload(self._offline.parse, conversation)
        offline = await offload(self._offline.detect, conversation, parsed)
        detections = offline
        warnings: tuple[str, ...] = ()
        if self._options.confirm:
            # The prompts name each message's entities: the parses they need are made here,
            # through offload, not lazily on the event loop.
            await offload(parsed.name, [d.seq for d in offline if self._asks(d)])
            detections = await self._each(self._confirm(conversation, d, parsed) for d in offline)
            warnings = self._rejection_warning(offline, detections)
        decisions = await offload(self._offline.extract, conversation, detections, parsed)
        if self._options.extract or self._options.abstract:
            if self._options.extract:
                await offload(parsed.name, [_last(d) for d in decisions])
            decisions = await self._each(self._enrich(conversation, d, parsed) for d in decisions)
        return Extraction(
            conversation=conversation, detections=tuple(detections), decisions=tuple(decisions), warnings=warnings
        )

    async def _each(self, steps: Iterable[Awaitable[_X]]) -> list[_X]:
        """Every step's result, in order, at most ``options.concurrency`` running at once."""
        limit = asyncio.Semaphore(self._options.concurrency)

        async def bounded(step: Awaitable[_X]) -> _X:
            async with limit:
                return await step

        return list(await asyncio.gather(*(bounded(step) for step in steps)))

    def _rejection_warning(self, offline: list[Detection], confirmed: list[Detection]) -> tuple[str, ...]:
        """A weak model can silently empty the result: say so when it rejects most of what
        the offline detector is sure of, and name the settings that keep the offline verdicts."""
        sure = [d.seq for d in offline if d.is_decision]
        rejected = [seq for seq in sure if not confirmed[seq].is_decision]
        if not rejected or len(rejected) * 2 < len(sure):
            return ()
        warning = (
            f"the LLM rejected {len(rejected)} of the {plural(len(sure), 'decision')} the offline detector is sure of "
            f"(messages {', '.join(str(seq) for seq in rejected)}); if it is wrong, set [journal] llm_confirmation = false "
            f"to keep the offline verdicts, or lower detection_threshold (now {self._options.confirm_threshold}), "
            f"which is also the score the LLM must give"
        )
        log.warning("%s", warning)
        return (warning,)

    def _asks(self, detection: Detection) -> bool:
        """Whether the LLM is asked to confirm ``detection``: a candidate, and not a vote or
        reply inside a unit (its anchor is asked, not each member)."""
        if detection.confidence < self._options.candidate_threshold:
            return False
        return not (detection.unit and not detection.is_decision)

    async def _confirm(self, conversation: Conversation, detection: Detection, parsed: ParsedConversation) -> Detection:
        if not self._asks(detection):
            return detection
        message = conversation.messages[detection.seq]
        previous = conversation.messages[max(0, detection.seq - 3) : detection.seq]
        context = ConfirmContext(
            message=message.content[:2000], author=message.author, snippet=detection.snippet,
            previous=tuple(f"{m.author or 'unknown'}: {m.content[:300]}" for m in previous),
            entities=_entities(parsed, detection.seq),
        )
        try:
            answer = await self._client.complete(confirm_prompt(context), Confirmation, prompt_version=CONFIRM_VERSION)
        except LLMError as exc:
            self._fell_back(conversation, detection.seq, "confirmation", exc)
            return detection
        is_decision = answer.score >= self._options.confirm_threshold
        return detection.model_copy(update={
            "is_decision": is_decision, "confidence": round(answer.score, 4),
            "signals": (*detection.signals, "llm_confirmed" if is_decision else "llm_rejected"),
        })

    async def _enrich(self, conversation: Conversation, decision: ExtractedDecision, parsed: ParsedConversation) -> ExtractedDecision:
        last = _last(decision)
        window = conversation.messages[max(0, last - self._options.context_messages + 1) : last + 1]
        grounding = Grounding([m.content for m in window], [m.author for m in window])
        enriched = decision
        if self._options.extract:
            context = ExtractContext(
                messages=tuple((m.author or "unknown", m.content[:1500]) for m in window),
                snippet=decision.summary[:300], entities=_entities(parsed, last),
            )
            try:
                answer = await self._client.complete(extract_prompt(context), LLMExtraction, prompt_version=EXTRACT_VERSION)
                enriched = self._merge(decision, answer, grounding)
            except LLMError as exc:
                self._fell_back(conversation, last, "extraction", exc)
        if self._options.abstract:
            try:
                abstraction = await self._client.complete(
                    abstract_prompt(AbstractContext(enriched.summary, enriched.rationale)), Abstraction,
                    prompt_version=ABSTRACT_VERSION,
                )
                enriched = _abstracted(enriched, abstraction)
            except LLMError as exc:
                self._fell_back(conversation, last, "abstraction", exc)
        return enriched

    def _merge(self, offline: ExtractedDecision, answer: LLMExtraction, grounding: Grounding) -> ExtractedDecision:
        report = self.grounding
        alternatives = []
        for alternative in answer.alternatives:
            if grounding.mentions(alternative.option):
                alternatives.append(ExtractedAlternative(
                    option=alternative.option.strip(), pros=tuple(alternative.pros), cons=tuple(alternative.cons),
                    why_not_chosen=alternative.why_not_chosen,
                ))
            else:
                report.dropped_alternatives += 1
        people = {s.handle: s for s in offline.stakeholders}
        for person in answer.stakeholders:
            if grounding.person(person.name):
                handle = handle_for(person.name)
                people.setdefault(handle, ExtractedStakeholder(handle=handle, name=person.name.strip(), role=person.role))
            else:
                report.dropped_stakeholders += 1
        files = list(offline.related_code)
        for path in answer.related_code:
            if grounding.mentions(path):
                files.append(path.strip())
            else:
                report.dropped_files += 1
        maker = offline.decision_maker
        if answer.decision_maker and grounding.person(answer.decision_maker):
            maker = handle_for(answer.decision_maker)
        summary = answer.decision.strip() or offline.summary
        origin = offline.origin
        if grounding.coverage(summary) < 0.5:  # mostly words the conversation never used
            origin = "inferred"
            report.inferred_decisions += 1
        trade_offs = TradeOffs(
            pros=tuple(answer.pros) or offline.trade_offs.pros, cons=tuple(answer.cons) or offline.trade_offs.cons,
            risks=tuple(answer.risks) or offline.trade_offs.risks,
            assumptions=tuple(answer.assumptions) or offline.trade_offs.assumptions,
        )
        return offline.model_copy(update={
            "summary": summary, "origin": origin,
            "context": answer.context or offline.context, "rationale": answer.rationale or offline.rationale,
            "alternatives": tuple(alternatives) or offline.alternatives, "trade_offs": trade_offs,
            "stakeholders": tuple(people.values()), "decision_maker": maker,
            "related_code": tuple(dict.fromkeys(files)),
            "tags": tuple(dict.fromkeys([*offline.tags, *(t.strip().lower() for t in answer.tags if t.strip())])),
        })

    def _fell_back(self, conversation: Conversation, seq: int, step: str, exc: LLMError) -> None:
        self.grounding.fallbacks += 1
        log.warning("llm %s failed for %s message %d, offline result kept: %s", step, conversation.session_id, seq, exc)


def _abstracted(decision: ExtractedDecision, abstraction: Abstraction) -> ExtractedDecision:
    bridge = " / ".join(part.strip() for part in (abstraction.structure, abstraction.function) if part.strip())
    pattern = abstraction.pattern.strip() or decision.pattern
    if pattern and bridge:
        pattern = f"{pattern} | {bridge}"
    tags = (*decision.tags, *(t.strip().lower() for t in abstraction.tags if t.strip()))
    return decision.model_copy(update={"pattern": pattern, "tags": tuple(dict.fromkeys(tags))})


def _last(decision: ExtractedDecision) -> int:
    """The decision's last message: its extraction window ends there."""
    return max(decision.messages) if decision.messages else 0


def _entities(parsed: ParsedConversation, seq: int) -> tuple[str, ...]:
    doc = parsed.doc(seq)
    return entity_names([(ent.text, ent.label_) for ent in doc.ents])
