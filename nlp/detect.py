"""Find the messages that state a decision (seed 000 ``DecisionDetector``, offline).

Three stages. A cheap pre-filter (seed 000's keywords, seed 001's patterns, and a few more
commitment cues) picks the messages worth parsing. Rule signals over the spaCy parse of
those (explicit commitment, "we will <verb>", agreement to a proposal, questions, hedges,
proposals, negations, action items …) become features of the learned scorer
(``nlp.detector_model``), beside every message's words, its neighbours and the votes
around it. Last, messages above the threshold are grouped into decision units
(``nlp.units``): one decision per proposal, its votes and its conclusion.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from spacy.language import Language
from spacy.tokens import Doc, Span

from nlp.detector_features import (
    DECISION_HEADING,
    DRAFT_KINDS,
    OUTCOME_HEADING,
    SESSION,
    SPOKEN,
    VOTING,
    ConversationFeatures,
    hashed_names,
    heading_kinds,
    is_reply,
    word_names,
)
from nlp.detector_model import OPERATING_CONFIDENCE, DetectorModel, shipped_model
from nlp.fluency import clarity
from nlp.parsing import ParsedConversation
from nlp.schema import TOOL_ROLE, Conversation, Detection, Message
from nlp.schema import Span as TextSpan
from nlp.seed_rules import SEED000_KEYWORDS, SEED001_PATTERNS
from nlp.session_features import scored_rows
from nlp.spoken_features import sentence_names
from nlp.units import LEAD, Unit, decision_units
from nlp.voting_features import voting_rows
from nlp.wording import sentences_of

# Further cues for recall that the seeds' lists miss.
_EXTRA_CUES = re.compile(
    r"\b(chose|chosen|choose|opted|opt for|picked|pick|adopt(ed)?|accept(ed)?|reject(ed)?|"
    r"stick(ing)? with|switch(ing)? to|migrat(e|ing) to|move to|replace|deprecat(e|ed)|"
    r"vote[ds]?|unanimous(ly)?|resolved|conclu(ded|sion)|final(ly|ized)?|instead of|rather than|"
    r"we('re| are) going to|we('ll| will) (go|keep|stay|drop)|we (won'?t|will not|are not going to)|let'?s|go with|agree|"
    r"decision|decide|plan is|approach is|set at|->)\b|->",
    re.IGNORECASE,
)

_STRONG = re.compile(
    r"\b(we|i|team|they|everyone|all)( have| had|'ve)?( all| finally| unanimously)? "
    r"(decided|agreed|chose|opted|settled|selected|picked|approved|voted|concluded|committed)\b"
    r"|\b(decision|consensus|verdict|conclusion|resolution)( here)?( is| was|:)"
    r"|\blet'?s (go with|use|stick with|adopt|switch|move|keep|stay with|do|pick|choose|standardi[sz]e)\b"
    r"|\b(going|go) with\b|\bsettled on\b|\b(is|was|were|has been|have been) (approved|accepted|adopted|selected|chosen|rejected)\b"
    r"|\b(approved|accepted|rejected|adopted|recogni[sz]ed|ratified|endorsed) by\b|\bthe (plan|approach) is\b"
    r"|^\W*(decided|settled|agreed|done deal)\W*$"
    r"|\b(motion|vote|proposal|poll) (passes|passed|carries|carried|was accepted)\b"
    # A note-taker's record: "Agreed that ...", "Decided to reduce scope", "both approved".
    # Not "it's settled", a bare "unanimous" or "Agreement to ...": over every labelled
    # source each added one item or one group's template beside what other cues find
    # (docs/experiments/2026-11-26-detection-log.md, "Cues kept only when several groups use them").
    r"|^\W*(agreed|decided|resolved)\b"
    r"|\b(all|both|everyone) (agree|agreed|approve|approved)\b",
    re.IGNORECASE,
)
_COMMIT_VERBS = frozenset({
    "use", "go", "adopt", "switch", "move", "keep", "stick", "implement", "build", "migrate", "standardize",
    "standardise", "drop", "deprecate", "replace", "stay", "ship", "choose", "pick", "store", "run", "make",
    "require", "support", "release", "remove", "hold", "meet", "have", "start", "stop", "do",
})
_HEDGE = re.compile(
    r"\b(maybe|perhaps|might|possibly|not sure|unsure|probably|i guess|i wonder|what if|"
    r"could consider|worth considering|thinking about|for now undecided|tbd|open question)\b",
    re.IGNORECASE,
)
_PROPOSAL = re.compile(
    r"\b(i (propose|suggest|recommend)|how about|what about|we could|one option|an option|"
    r"should we|shall we|do we want|would it make sense|i think we should|proposal)\b",
    re.IGNORECASE,
)
_NEGATED = re.compile(
    r"\b(haven'?t|have not|not yet|didn'?t|did not|no one|nobody|never) (decided|agreed|chosen|settled)\b"
    r"|\b(no|without) (decision|consensus|agreement)\b|\bundecided\b|\bdisagree",
    re.IGNORECASE,
)
_ACTION = re.compile(
    r"\b(to (investigate|look into|check|follow up|write|send|create|review|ask)|(will|'ll|going to) (look into|check|"
    r"investigate|follow up|send|ask)|action item|todo)\b",
    re.IGNORECASE,
)
_AGREEMENT = re.compile(
    r"^\W*(agreed|agree|sounds good|sounds great|ok(ay)?,? let'?s|\+1|yes,? let'?s|deal|"
    r"fine by me|let'?s do (it|that|this)|makes sense,? let'?s|approved|lgtm|go for it)\b",
    re.IGNORECASE,
)
_QUESTION_START = re.compile(r"^\W*(should|shall|do|does|can|could|would|will|is|are|what|which|how|why|when)\b", re.IGNORECASE)

VETOES = frozenset({"question", "negated", "empty"})
"""A message whose best sentence asks, or says a decision was not made, or that holds only a
placeholder ("N/A" under a "Decisions" heading) decides nothing, whatever else it holds:
its confidence is capped below any sensible threshold."""
_PLACEHOLDER = re.compile(r"^\W*(n/?a|none|nothing|tbd|tba|nil|no decisions?( made| taken)?)?\W*$", re.IGNORECASE)
VETO_CAP = 0.3


DECLARED_FLOOR = 0.9
"""An item a note-taker filed under a "Decisions" (or "Resolutions", "Agreed") heading is a
decision unless it asks or negates, or sits under an action-item heading too: its
confidence is at least this. The learned model cannot know it for a notes layout it never
saw (cross-validated by repository, each repository's headings are new to the model).

An item under an "Outcomes" or "Conclusion" heading is declared too when it says that
something was agreed, accepted or approved (``AGREED_SIGNALS``): such lists also hold what
was only discussed ("Brief discussion about charter."), so the heading alone is not enough,
but "RFC accepted with request to add a comment" filed there is the note-taker's record of
a decision."""
AGREED_SIGNALS = frozenset({"strong_cue", "acceptance", "consensus", "we_commit"})
_RECORD_LABEL = re.compile(r"^\W*(?:decisions?|decided|resolved|resolutions?|agreed|consensus)\s*:\s*\S", re.IGNORECASE)
"""A line a scribe opened with a decision label ("RESOLVED: …", "Decision: …") declares it,
as a "Decisions" heading does in notes (where the reader moves such a label into the topic)."""


def units_from(
    features: ConversationFeatures, confidences: Sequence[float], threshold: float, session: bool = False
) -> tuple[list[float], list[Unit]]:
    """The model's confidences with vetoes and declarations applied, and the decision units
    they form; the detector and the evaluation both go through here. ``session``: scored by
    the session model, where a user's turn that says the choice in so many words (a strong
    cue: "we decided …", "let's go with …", "settled on …") is declared: the session model
    learns from a few hundred turns that seldom say it so (by owner, stored F1 0.574 -> 0.581)."""
    messages = features.messages
    signals = [features.signals(m.seq) for m in messages]
    if session:
        signals = [(*names, "declared") if m.role == "user" and "strong_cue" in names else names
                   for m, names in zip(messages, signals, strict=True)]
    final = capped(confidences, signals)
    # A tool call or its output is evidence of what a session did, never talk: it can
    # neither state a decision nor anchor one, whatever words a file or log holds.
    final = [0.0 if m.role == TOOL_ROLE else score for m, score in zip(messages, final, strict=True)]
    units = decision_units(
        final, features.replies, threshold, [m.topic for m in messages],
        statements_join=features.kind != "notes", times=[m.timestamp for m in messages],
        authors=[m.author for m in messages],
        # In a chat, "Agreed, let's do that." agrees with the proposal just before it. In a
        # meeting that votes, a run of "+1"s follows the scribed proposal, which the model
        # scores, and the chair's questions in between are many (W3C recall 0.858 -> 0.847).
        proposes=(lambda seq: _is_proposal(messages[seq].content)) if features.kind == "chat" else None,
    )
    return final, units


def model_rows(model: DetectorModel, features: ConversationFeatures, kind: str) -> list[list[int]]:
    """The hashed rows ``model`` scores ``features`` by, read as ``kind`` (``DetectorModel.scored_kind``):
    minutes that vote by the voting model's features when it has one, a session or a spoken
    meeting by its own (``scored_rows``)."""
    if kind == VOTING and model.voting is not None:
        return voting_rows(features)
    return scored_rows(features, kind, model.spoken is not None)


def capped(confidences: Sequence[float], signals: Sequence[Sequence[str]]) -> list[float]:
    """``confidences`` with every vetoed message held at ``VETO_CAP`` and every declared one
    (under a decisions heading or label, or an outcomes heading with an agreed cue) raised
    to ``DECLARED_FLOOR``."""
    out = []
    for confidence, names in zip(confidences, signals, strict=True):
        found = set(names)
        if VETOES & found:
            confidence = min(confidence, VETO_CAP)
        elif "action_topic" not in found and (
            "decision_topic" in found or "declared" in found or ("outcome_topic" in found and AGREED_SIGNALS & found)
        ):
            confidence = max(confidence, DECLARED_FLOOR)
        out.append(confidence)
    return out


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
        lowered = message.content.lower()
        hits = [f"keyword:{word}" for word in self._config.keywords if word in lowered]
        hits += [f"pattern:{pattern.pattern}" for pattern in SEED001_PATTERNS if pattern.search(message.content)]
        if _EXTRA_CUES.search(message.content):
            hits.append("cue")
        if message.topic and (DECISION_HEADING.search(message.topic) or OUTCOME_HEADING.search(message.topic)):
            hits.append("topic")
        if context and any(_asks_choice(m.content) for m in context[-3:]):
            hits.append("after_choice_question")
        if _AGREEMENT.search(message.content):
            hits.append("agreement")
        if _ACTION.search(message.content):
            # Read so that its action-item signal counts against it: "I'll look into the
            # caching question tomorrow" commits a person to a task, not the team to a choice.
            hits.append("action")
        return tuple(hits)

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
        parsed.prime(m.seq for m, _ in candidates if _WE.search(m.content))
        parsed.prime_light(m.seq for m, _ in candidates if not parsed.is_parsed(m.seq))
        signals = {
            m.seq: self._signals(m, hits, self._read(parsed, m.seq), messages[max(0, m.seq - size) : m.seq])
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
        scores = model.confidences(model_rows(model, features, kind), kind)
        confidences, units = units_from(features, scores, self._config.threshold, kind == SESSION)
        drafts = self._drafts(features, scores, units, model.draft_confidence(kind), kind == SESSION)
        if kind in self._config.draft_kinds:
            units, drafts = [], sorted((*units, *drafts), key=lambda unit: unit.anchor)
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
                sentence = _best_sentence(self._read(parsed, message.seq))
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

    def _signals(self, message: Message, hits: Sequence[str], doc: Doc, context: Sequence[Message]) -> tuple[str, ...]:
        sentence = _best_sentence(doc)
        text = sentence.text if sentence is not None else message.content
        signals: list[str] = []
        if any(hit.startswith("keyword:") for hit in hits):
            signals.append("keyword")
        if any(hit.startswith("pattern:") for hit in hits):
            signals.append("pattern")
        if _STRONG.search(text):
            signals.append("strong_cue")
        if sentence is not None and _we_commit(sentence):
            signals.append("we_commit")
        if sentence is not None and _lets(sentence):
            signals.append("imperative_lets")
        if _AGREEMENT.search(message.content) and any(_is_proposal(m.content) for m in context):
            signals.append("agreement_to_proposal")
        if not _is_question(text) and _answers_choice(doc, context):
            signals.append("answers_choice")
        if _PAST_REFERENCE.search(text):
            signals.append("past_reference")
        if _ACCEPTANCE.search(text) and "strong_cue" not in signals:
            signals.append("acceptance")
        if _CONSENSUS.search(text) and not _DENIED.search(text):
            signals.append("consensus")
        if _RECORD_LABEL.match(message.content):
            signals.append("declared")
        signals += [f"{kind}_topic" for kind in heading_kinds(message.topic)]
        if _is_question(text):
            signals.append("question")
        if _HEDGE.search(text):
            signals.append("hedge")
        if _PROPOSAL.search(text) and "strong_cue" not in signals:
            signals.append("proposal")
        if _NEGATED.search(text):
            signals.append("negated")
        if _ACTION.search(text):
            signals.append("action_item")
        if re.match(r"^\W*(if|unless|once|when)\b", text, re.IGNORECASE):
            signals.append("conditional")
        if _PLACEHOLDER.match(message.content):
            signals.append("empty")
        return tuple(signals)


_ACCEPTANCE = re.compile(r"\b(accepted|approved|adopted|ratified|declined|rejected|approval)\b", re.IGNORECASE)
# "Consensus on dropping the argument", "we have consensus": agreement recorded, unless denied
# ("I don't think we have consensus", "no consensus yet").
_CONSENSUS = re.compile(
    r"^\W*(?:(?:rough|general|clear|unanimous)\s+)?consensus\b"
    r"|\b(?:reached|have|has|had|got|there is|there's|there was)\s+(?:a\s+)?(?:(?:rough|general|clear)\s+)?consensus\b",
    re.IGNORECASE,
)
_DENIED = re.compile(r"\b(?:not|no|never|without)\b|n't\b", re.IGNORECASE)
_PAST_REFERENCE = re.compile(
    r"\b(last|previous|earlier) (week|month|quarter|year|sprint|meeting)\b"
    r"|\bas we (decided|agreed)\b|\bpreviously\b|\bwe already (decided|agreed)\b",
    re.IGNORECASE,
)
# Verbs that, after "we will", announce thinking or talking rather than a decision.
_NON_COMMITTAL = frozenset({
    "think", "see", "look", "check", "try", "discuss", "talk", "consider", "wait", "investigate", "figure",
    "need", "want", "know", "find", "ask", "review", "revisit", "explore", "evaluate", "meet", "be",
})


def _best_sentence(doc: Doc) -> Span | None:
    sentences: Iterable[Span] = doc.sents if doc.has_annotation("SENT_START") else [doc[:]]
    best: Span | None = None
    best_rank = -1
    for sentence in sentences:
        text = sentence.text
        committed = any(pattern.search(text) for pattern in SEED001_PATTERNS)
        rank = 3 if _STRONG.search(text) else 2 if committed or _EXTRA_CUES.search(text) else 1
        if _is_question(sentence.text):
            rank = 0
        if rank > best_rank:
            best, best_rank = sentence, rank
    return best


def _we_commit(sentence: Span) -> bool:
    """"we will/'ll/are going to/should <commit verb>", from the dependency parse when there is one."""
    for token in sentence:
        if token.lower_ == "we" and token.dep_ in {"nsubj", "nsubjpass"}:
            head = token.head
            auxes = {child.lower_ for child in head.children if child.dep_ in {"aux", "auxpass"}}
            lemma = head.lemma_.lower()
            if auxes & {"will", "'ll", "wo", "shall", "must", "gonna"} and head.pos_ == "VERB" and lemma not in _NON_COMMITTAL:
                return True
            if auxes & {"should"} and lemma in _COMMIT_VERBS:
                return True
            if head.lemma_.lower() in {"decide", "agree", "choose", "opt", "settle", "select", "pick", "vote"}:
                return True
    return bool(re.search(r"\bwe('ll| will| are going to| shall)\b", sentence.text, re.IGNORECASE)) and not sentence.doc.has_annotation("DEP")


def _lets(sentence: Span) -> bool:
    return bool(re.match(r"^\W*let'?s\b", sentence.text, re.IGNORECASE)) and not _is_question(sentence.text)


_WE = re.compile(r"\bwe\b", re.IGNORECASE)
_CHOICE = re.compile(r"\b\w+\b[^?]{0,80}\bor\b[^?]{1,80}\?")


@lru_cache(maxsize=1024)
def _asks_choice(text: str) -> bool:
    """"X or Y?" (the pre-filter asks it of each message three times, as context)."""
    return "?" in text and "or" in text and _CHOICE.search(text) is not None


def _answers_choice(doc: Doc, context: Sequence[Message]) -> bool:
    """The message picks one of the options a recent "X or Y?" question offered."""
    for earlier in reversed(context[-3:]):
        match = _CHOICE.search(earlier.content)
        if match is None:
            continue
        offered = {w.lower() for w in re.findall(r"[A-Za-z][\w+#.-]{2,}", match.group(0))} - _STOP
        said = {t.lower_ for t in doc if t.is_alpha and not t.is_stop} | {e.text.lower() for e in doc.ents}
        return bool(offered & said)
    return False


_STOP = frozenset({"should", "would", "could", "shall", "the", "for", "and", "use", "we", "our", "are",
                   "doing", "going", "prefer", "which", "what", "with", "new", "either", "just"})


def _is_question(text: str) -> bool:
    stripped = text.strip()
    return stripped.endswith("?") or (bool(_QUESTION_START.match(stripped)) and "?" in stripped)


def _is_proposal(text: str) -> bool:
    return bool(_PROPOSAL.search(text) or _is_question(text) or _STRONG.search(text) or _lets_text(text))


def _lets_text(text: str) -> bool:
    return bool(re.search(r"\blet'?s\b", text, re.IGNORECASE))


def _snippet(text: str, limit: int = 240) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rsplit(" ", 1)[0] + "…"
