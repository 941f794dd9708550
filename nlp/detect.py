"""Find the messages that state a decision (seed 000 ``DecisionDetector``, offline).

Three stages. A cheap pre-filter (seed 000's keywords, seed 001's patterns, and a few more
commitment cues) picks the messages worth parsing. Rule signals over the spaCy parse of
those (explicit commitment, "we will <verb>", agreement to a proposal, questions, hedges,
proposals, negations, action items …; both in ``nlp.decision_cues``) become features of the
learned scorer (``nlp.detector_model``), beside every message's words, its neighbours and the
votes around it. Last, messages above the threshold are grouped into decision units
(``nlp.scored_units``, ``nlp.units``): one decision per proposal, its votes and its conclusion.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from spacy.language import Language
from spacy.tokens import Doc

from nlp.decision_cues import best_sentence, prefilter_hits, rule_signals, says_we
from nlp.detector_features import (
    DRAFT_KINDS,
    SESSION,
    SPOKEN,
    VOTING,
    ConversationFeatures,
    hashed_names,
    is_reply,
    word_names,
)
from nlp.detector_model import OPERATING_CONFIDENCE, DetectorModel, shipped_model
from nlp.fluency import clarity
from nlp.parsing import ParsedConversation
from nlp.schema import TOOL_ROLE, Conversation, Detection, Message
from nlp.schema import Span as TextSpan
from nlp.scored_units import units_from
from nlp.seed_rules import SEED000_KEYWORDS
from nlp.session_features import scored_rows
from nlp.spoken_features import sentence_names
from nlp.units import LEAD, Unit
from nlp.voting_features import voting_rows
from nlp.wording import sentences_of
from nlp.written_language import unread_language


def model_rows(model: DetectorModel, features: ConversationFeatures, kind: str) -> list[list[int]]:
    """The hashed rows ``model`` scores ``features`` by, read as ``kind`` (``DetectorModel.scored_kind``):
    minutes that vote by the voting model's features when it has one, a session or a spoken
    meeting or a chat by its own (``scored_rows``)."""
    if kind == VOTING and model.voting is not None:
        return voting_rows(features)
    return scored_rows(features, kind, model.spoken is not None, model.chat is not None)


@dataclass(frozen=True)
class DetectorConfig:
    """Tunable parts of detection (seed 000 ``detection_keywords``, ``detection_threshold``).

    ``model`` is the learned scorer; ``None`` uses the one shipped in the package.
    """

    keywords: tuple[str, ...] = SEED000_KEYWORDS
    threshold: float = OPERATING_CONFIDENCE
    context_size: int = 5
    model: DetectorModel | None = None
    draft_kinds: frozenset[str] = DRAFT_KINDS
    """Kinds of conversation whose detections are all drafts, however sure: see ``DRAFT_KINDS``."""


def unread_as_drafts(messages: Sequence[Message], units: Sequence[Unit], drafts: Sequence[Unit]) -> tuple[list[Unit], list[Unit]]:
    """``units`` and ``drafts`` with every unit whose anchor is written in a language the
    detector does not read (``nlp.written_language``) moved to the drafts: neither its cues nor
    its learned words read that language, so what it found there is weak evidence."""
    unread = {unit.anchor for unit in units if unread_language(messages[unit.anchor].content)}
    if not unread:
        return list(units), list(drafts)
    return ([unit for unit in units if unit.anchor not in unread],
            sorted((*drafts, *(unit for unit in units if unit.anchor in unread)), key=lambda unit: unit.anchor))


class DecisionDetector:
    """Scores every message of a conversation and groups the decisions into units.

    Args:
        nlp: A loaded spaCy pipeline (see ``nlp.language.load_language``).
        config: Keywords, threshold and the learned model.
        light: The cheap pipeline (``LanguageInfo.light``) for the candidates whose
            signals need no parse; without it, every candidate is parsed.
    """

    def __init__(self, nlp: Language, config: DetectorConfig | None = None, light: Language | None = None) -> None:
        self._nlp = nlp
        self._config = config or DetectorConfig()
        self._light = light

    @property
    def nlp(self) -> Language:
        """The pipeline, for callers that share its parse cache with extraction."""
        return self._nlp

    def parse(self, conversation: Conversation) -> ParsedConversation:
        """A parse cache for ``conversation`` with this detector's pipelines."""
        return ParsedConversation(self._nlp, conversation, self._light)

    def prefilter(self, message: Message, context: Sequence[Message] = ()) -> tuple[str, ...]:
        """The recall-stage signals a message fires; empty means it is not parsed at all."""
        return prefilter_hits(message, context, self._config.keywords)

    def features(self, conversation: Conversation, parsed: ParsedConversation | None = None) -> ConversationFeatures:
        """What the learned scorer sees of every message (the trainer reads the same)."""
        parsed = parsed or self.parse(conversation)
        messages = conversation.messages
        size = self._config.context_size
        # Tool messages are never candidates, so they are not read: in a coding session they
        # are most of the text (file contents, logs), and parsing them would cost the most.
        prefiltered = [
            (m, self.prefilter(m, messages[max(0, m.seq - size) : m.seq]) if m.role != TOOL_ROLE else ())
            for m in messages
        ]
        candidates = [(m, hits) for m, hits in prefiltered if hits]
        # One signal reads the dependency parse: "we will / must / are gonna <verb>". A
        # candidate without "we" gets sentences and entity rules only, which is all the
        # other signals read.
        parsed.prime(m.seq for m, _ in candidates if says_we(m.content))
        parsed.prime_light(m.seq for m, _ in candidates if not parsed.is_parsed(m.seq))
        signals = {
            m.seq: rule_signals(m, hits, self._read(parsed, m.seq), messages[max(0, m.seq - size) : m.seq])
            for m, hits in candidates
        }
        return ConversationFeatures(conversation, signals)

    def detect(self, conversation: Conversation, parsed: ParsedConversation | None = None) -> list[Detection]:
        """One ``Detection`` per message, in order; the anchor of each unit is the decision.

        Args:
            conversation: The messages.
            parsed: A parse cache to fill and reuse (extraction reads the same parses).
        """
        parsed = parsed or self.parse(conversation)
        messages = conversation.messages
        if not messages:
            return []
        features = self.features(conversation, parsed)
        model = self._config.model or shipped_model()
        kind = model.scored_kind(features)
        # A team's correction from its reviews applies to its own series (nlp.review_adaptation).
        scores = model.confidences(model_rows(model, features, kind), kind, conversation.series)
        confidences, units = units_from(features, scores, self._config.threshold, kind == SESSION)
        drafts = self._drafts(features, scores, units, model.draft_confidence(kind, conversation.series), kind == SESSION)
        if kind in self._config.draft_kinds:
            units, drafts = [], sorted((*units, *drafts), key=lambda unit: unit.anchor)
        units, drafts = unread_as_drafts(messages, units, drafts)
        unit_of = {seq: unit for unit in (*units, *drafts) for seq in unit.members}
        draft_anchors = {unit.anchor for unit in drafts}
        statements = (
            {unit.anchor: self._statement(parsed, messages, unit, model) for unit in (*units, *drafts)}
            if features.kind == "spoken" else {}
        )
        # Anchors get a snippet from their best sentence. The pre-filtered messages are
        # read already; an anchor the pre-filter let pass (in spoken meetings, most of
        # them) has no cue for a parse to read, so sentences and entity rules do.
        parsed.prime_light(unit.anchor for unit in (*units, *drafts))
        detections = []
        for message, confidence in zip(messages, confidences, strict=True):
            unit = unit_of.get(message.seq)
            signals = features.signals(message.seq)
            snippet = ""
            statement = statements.get(message.seq)
            if statement is not None:
                said = messages[statement.seq].content
                snippet = _snippet(parsed.light_doc(statement.seq).text[statement.start : statement.end] or said)
            elif signals or (unit is not None and unit.anchor == message.seq):
                sentence = best_sentence(self._read(parsed, message.seq))
                snippet = _snippet(sentence.text if sentence is not None else message.content)
            elif unit is not None:
                snippet = _snippet(message.content)
            anchor = unit is not None and unit.anchor == message.seq
            detections.append(Detection(
                seq=message.seq,
                is_decision=anchor and message.seq not in draft_anchors,
                is_candidate=anchor and message.seq in draft_anchors,
                statement=statement,
                confidence=confidence,
                snippet=snippet,
                signals=signals,
                unit=unit.members if unit is not None else (),
            ))
        return detections

    def _drafts(
        self, features: ConversationFeatures, scores: Sequence[float], decided: Sequence[Unit], draft_confidence: float,
        session: bool = False,
    ) -> list[Unit]:
        """The units found from the draft point up that share no message with a decision:
        drafts, for a person to confirm. None when the threshold is set at or below the
        draft point (everything found is then a decision)."""
        if draft_confidence >= self._config.threshold:
            return []
        taken = {seq for unit in decided for seq in unit.members}
        _, loose = units_from(features, scores, draft_confidence, session)
        return [unit for unit in loose if not taken & set(unit.members)]

    @staticmethod
    def _statement(parsed: ParsedConversation, messages: Sequence[Message], unit: Unit, model: DetectorModel) -> TextSpan | None:
        """The sentence that states a spoken unit's decision: of the sentences of its turns
        with words of their own (and of the ``LEAD`` turns before it, a proposal the unit
        takes up), a statement before a question, a whole sentence before a fragment, then
        the one whose own words the model scores highest ("the sample sensor will have to
        go" rather than "We're point three over at the moment.")."""
        first = unit.members[0]
        turns = [*range(max(0, first - LEAD), first), *unit.members]
        stated = [seq for seq in turns if not is_reply(messages[seq].content)]
        parsed.prime_light(stated)
        best: tuple[tuple[bool, bool, float], TextSpan] | None = None
        for seq in stated:
            for sentence in sentences_of(parsed.light_doc(seq)):
                text = sentence.text
                whole = clarity(text, False)[1]
                # The spoken model's weights of the sentence's own words when there is one.
                names = sentence_names(text) if model.spoken is not None else word_names(text, SPOKEN)
                score = float(model.logits([hashed_names(names)], SPOKEN)[0])
                key = (not text.rstrip().endswith("?"), whole, score)
                if best is None or key > best[0]:
                    best = (key, TextSpan(seq=seq, start=sentence.start_char, end=sentence.end_char))
        return best[1] if best is not None else None

    @staticmethod
    def _read(parsed: ParsedConversation, seq: int) -> Doc:
        """What detection reads of a message: its parse without the recogniser's
        entities if it has one, else its light parse."""
        return parsed.syntax(seq) if parsed.is_parsed(seq) else parsed.light_doc(seq)


def _snippet(text: str, limit: int = 240) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rsplit(" ", 1)[0] + "…"
