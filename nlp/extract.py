"""Rule-based extraction of decision fields over the spaCy parse (the offline path).

For each detected decision, a window of the last ``CONTEXT_SIZE`` messages supplies
the context (the question that opened it), alternatives (technologies and "instead
of / rather than / over" phrases that are not the chosen option), rationale
("because / since / so that / given" clauses and the supporting sentences of the
decision message), stakeholders (message authors, @handles, PERSON entities) and
code links. Everything returned appears in the source text or is a message author.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime

from spacy.language import Language
from spacy.tokens import Doc, Span

from nlp.code_text import blank_code, code_mask, inside_inline_code, is_code, prose_of, prose_parts
from nlp.describe import category_of, keywords_for, pattern_of, tags_for
from nlp.detector_features import is_reply, kind_of
from nlp.extractor_config import ExtractorConfig
from nlp.fluency import clarity, fluent
from nlp.gazetteer import TECHNOLOGIES
from nlp.linking import feature_mentions, file_mentions
from nlp.option_picks import Pick, pick_at
from nlp.options import CHOICE_QUESTION, find_alternatives, find_trade_offs
from nlp.parsing import ParsedConversation
from nlp.reactions import is_wordless
from nlp.schema import (
    TOOL_ROLE,
    Conversation,
    Detection,
    ExtractedAlternative,
    ExtractedDecision,
    ExtractedStakeholder,
    Message,
    TradeOffs,
    handle_for,
    person_name,
)
from nlp.schema import (
    Span as TextSpan,
)
from nlp.stakeholders import known_names, stakeholders_of
from nlp.subject import self_standing, subject_of
from nlp.units import LEAD, PAUSE
from nlp.wording import INSTEAD, SUPPORT, clean, sentences_of

_AGREEMENT_ONLY = re.compile(r"^\W*(agreed|ok(ay)?|yes|yeah|sure|fine( by me)?|sounds good|\+1|noted)\W*$", re.IGNORECASE)
_RATIONALE = re.compile(r"\b(because|since|so that|given that|given|due to|as it|as they|in order to|which means)\b", re.IGNORECASE)
_MAY_CONTRIBUTE = re.compile(
    r"[?@/]|\b(or|instead|rather|over|versus|vs|because|since|given|due)\b|\b[A-Z][\w.+#-]*[A-Z0-9]|"
    + SUPPORT.pattern + r"|\b(" + "|".join(re.escape(name) for name in TECHNOLOGIES) + r")\b",
    re.IGNORECASE,
)
_Prose = Callable[[Message, Span], str]
"""A sentence of a message as prose (``DecisionExtractor._prose``)."""
_LIST_MARKER = re.compile(r"(?<=[:：.。!?！？])(?:\s*(?:#{1,6}|\d{1,2}[.)、]|[-*•])(?:\s*\*\*)?)+\s*$")
"""A list's first marker left at a sentence's end ("we need the following: 1."): the parser
ends the lead-in there, and the marker belongs to the item after it."""
CONTEXT_SIZE = 10
CODE_ONLY = "Stated in code only: see the message."
"""The summary of a unit that says nothing but code (stored for review, never as a decision)."""
"""How many messages before a decision its context, alternatives and rationale are read from."""


class DecisionExtractor:
    """Turns detections into ``ExtractedDecision`` objects.

    Args:
        nlp: The spaCy pipeline used for detection (same entity rules).
        config: Which fields to extract (seed 000's switches).
        light: The cheap pipeline for context messages (``LanguageInfo.light``).
    """

    def __init__(self, nlp: Language, config: ExtractorConfig | None = None, light: Language | None = None) -> None:
        self._nlp = nlp
        self._light = light
        self._config = config or ExtractorConfig()
        self._spoken = False

    def extract(
        self, conversation: Conversation, detections: Sequence[Detection], parsed: ParsedConversation | None = None
    ) -> list[ExtractedDecision]:
        """One decision per detected statement; an agreement merges into the proposal it accepts.

        Args:
            conversation: The messages.
            detections: ``DecisionDetector.detect``'s output for them.
            parsed: The detector's parse cache, so no message is parsed twice.
        """
        self._parsed = parsed or ParsedConversation(self._nlp, conversation, self._light)
        self._masks: dict[int, list[bool]] = {}
        self._spoken = kind_of(conversation) == "spoken"
        self._names = known_names(conversation)
        messages = conversation.messages
        # One batch for every window that will be read: spaCy's per-call overhead is
        # larger than the parse of a short message.
        size = CONTEXT_SIZE
        decided = [d for d in detections if d.is_decision or d.is_candidate]
        windows = [m for d in decided for m in messages[max(0, d.seq - size - 5) : d.seq + 1]]
        # A statement the detector parsed is read with its named entities; one it did
        # not (no cue for a parse to read) keeps its light parse.
        self._parsed.name(
            [d.seq for d in decided if d.signals] + [m.seq for m in windows if CHOICE_QUESTION.search(m.content)]
        )
        self._parsed.prime_light(
            [d.seq for d in decided if not d.signals] + [m.seq for m in windows if _MAY_CONTRIBUTE.search(m.content)]
        )
        decisions: list[ExtractedDecision] = []
        last_source: int | None = None
        for detection in detections:
            if not (detection.is_decision or detection.is_candidate):
                continue
            message = messages[detection.seq]
            doc = self._parsed.doc(message.seq) if detection.signals else self._parsed.light_doc(message.seq)
            statement_msg, sentence = message, self._statement(message, doc)
            # "B" says nothing on its own: the option it took states the decision. A unit
            # anchored at the offer holds the pick as a member.
            pick = next((p for seq in (message.seq, *detection.unit) if (p := pick_at(messages, seq)) is not None), None)
            chosen = self._chosen_option(pick) if pick is not None else None
            if chosen is None:
                pick = None  # an option whose span the parse cannot give states nothing
            review = False
            if chosen is not None:
                statement_msg, sentence = chosen
            elif self._is_code(message, sentence):
                # Code is never what was decided: the unit's next best sentence states it,
                # or, when the unit says nothing but code, a person reviews it.
                stated = self._statement_in(messages, detection)
                if stated is not None:
                    statement_msg, sentence = stated
                else:
                    review = True
            elif is_wordless(message.content):
                # A reaction (":+1:", "👍") states nothing and decides nothing: the proposal it
                # takes up states the decision, its author decided, and the reaction is uptake.
                stated = self._proposal_before(messages, detection.seq, last_source) or self._answered(
                    messages, detection.seq, last_source
                )
                if stated is None:
                    continue  # a reaction to nothing said
                if decisions and last_source == stated[0].seq:
                    decisions[-1] = _merge(decisions[-1], detection, message, doc, None)
                    continue
                statement_msg, sentence = stated
            elif self._spoken:
                statement_msg, sentence = self._clearest(messages, detection, last_source) or (statement_msg, sentence)
            elif "agreement_to_proposal" in detection.signals and not _has_commitment(sentence):
                proposal = self._proposal_before(messages, detection.seq, last_source)
                if proposal is not None:
                    if decisions and last_source == proposal[0].seq:
                        decisions[-1] = _merge(
                            decisions[-1], detection, message, doc, self._prose if self._config.extract_rationale else None
                        )
                        continue
                    statement_msg, sentence = proposal
            start = max(statement_msg.seq - CONTEXT_SIZE, _topic_start(messages, statement_msg.seq, last_source))
            # A unit's votes and replies come after its statement; they belong to it.
            window = messages[max(0, start) : max((detection.seq, *detection.unit)) + 1]
            built = self._build(conversation, detection, statement_msg, sentence, message, doc, window, pick)
            decisions.append(built.model_copy(update={"status": "candidate"}) if review else built)
            last_source = statement_msg.seq
        return decisions

    def _chosen_option(self, pick: Pick) -> tuple[Message, Span] | None:
        """The offering message and the span of the option a pick took."""
        span = self._parsed.doc(pick.offer.seq).char_span(pick.chosen.start, pick.chosen.end, alignment_mode="expand")
        return (pick.offer, span) if span is not None else None

    def _mask(self, message: Message) -> list[bool]:
        if message.seq not in self._masks:
            self._masks[message.seq] = code_mask(message.content)
        return self._masks[message.seq]

    def _is_code(self, message: Message, sentence: Span) -> bool:
        """Whether a sentence of ``message`` is code (``nlp.code_text``), not prose."""
        return is_code(message.content, sentence.start_char, sentence.end_char, self._mask(message))

    def _prose(self, message: Message, sentence: Span) -> str:
        """A sentence of ``message`` as prose: its code left out, its whitespace collapsed."""
        return prose_of(message.content, sentence.start_char, sentence.end_char, self._mask(message))

    def _statement(self, message: Message, doc: Doc) -> Span:
        """The sentence of ``message`` that states most: prose before code, then ``_statement``'s
        order; a sentence the parser cut inside inline code is read whole."""
        sentences = _sentences(doc)
        prose = [s for s in sentences if not self._is_code(message, s)]
        return _statement(prose or sentences)

    def _statement_in(self, messages: Sequence[Message], detection: Detection) -> tuple[Message, Span] | None:
        """The best prose sentence of the unit's other talk turns, if any says one."""
        for seq in sorted(set(detection.unit) - {detection.seq}):
            member = messages[seq]
            if member.role == TOOL_ROLE or is_wordless(member.content):
                continue
            sentence = self._statement(member, self._parsed.light_doc(seq))
            if not self._is_code(member, sentence):
                return member, sentence
        return None

    def _proposal_before(self, messages: Sequence[Message], seq: int, previous: int | None) -> tuple[Message, Span] | None:
        # An agreement may accept the proposal that was itself the previous decision
        # (and merges into it), so the search includes that message.
        start = max(seq - 5, previous if previous is not None else _topic_start(messages, seq, None))
        for earlier in reversed(messages[max(0, start) : seq]):
            doc = self._parsed.doc(earlier.seq)
            sentence = self._statement(earlier, doc)
            if _has_commitment(sentence) or re.search(r"\b(should|let'?s|go with|use)\b", sentence.text, re.IGNORECASE):
                return earlier, sentence
        return None

    def _answered(self, messages: Sequence[Message], seq: int, previous: int | None) -> tuple[Message, Span] | None:
        """The statement of the message a reaction at ``seq`` answers: the last one before it,
        in its topic, that says something in words (a tool's output is no one's talk)."""
        start = max(seq - 5, previous if previous is not None else _topic_start(messages, seq, None))
        for earlier in reversed(messages[max(0, start) : seq]):
            if earlier.role != TOOL_ROLE and not is_wordless(earlier.content):
                return earlier, self._statement(earlier, self._parsed.doc(earlier.seq))
        return None

    def _clearest(
        self, messages: Sequence[Message], detection: Detection, previous: int | None
    ) -> tuple[Message, Span] | None:
        """The clearest sentence of a spoken decision (``fluency.clarity``): a meeting states a
        decision over several turns, and the turn the detector is surest of is often "Right."
        or half a sentence. The unit's turns that say something of their own are read first,
        then, when none of them holds a whole statement, the ``LEAD`` turns before the unit."""
        if detection.statement is not None:
            # The detector chose the sentence that states it, with the model's word weights.
            statement = detection.statement
            doc = self._parsed.light_doc(statement.seq)
            chosen = doc.char_span(statement.start, statement.end, alignment_mode="expand")
            if chosen is not None:
                return messages[statement.seq], chosen
        own = sorted({detection.seq, *detection.unit})
        start = max(own[0] - LEAD, previous + 1 if previous is not None else 0)
        best: tuple[tuple[bool, bool, bool, int, bool], Message, Span] | None = None
        for turns in (own, list(range(start, own[0]))):
            stated = [seq for seq in turns if not is_reply(messages[seq].content)]
            self._parsed.prime_light(stated)
            for seq in stated:
                for sentence in sentences_of(self._parsed.light_doc(seq)):
                    key = (*clarity(sentence.text, _has_commitment(sentence)), seq == detection.seq)
                    if best is None or key > best[0]:
                        best = (key, messages[seq], sentence)
            if best is not None and best[0][0] and best[0][1]:
                break
        return (best[1], best[2]) if best is not None else None

    def _build(
        self,
        conversation: Conversation,
        detection: Detection,
        statement_msg: Message,
        sentence: Span,
        message: Message,
        doc: Doc,
        window: Sequence[Message],
        pick: Pick | None = None,
    ) -> ExtractedDecision:
        config = self._config
        stated = pick.chosen.text if pick is not None else self._prose(statement_msg, sentence)
        if not stated or self._is_code(statement_msg, sentence):
            # Nothing but code to state it: what the message says around its code, for the review.
            stated = " ".join(prose_parts(statement_msg.content, self._mask(statement_msg))) or CODE_ONLY
        summary = clean(_LIST_MARKER.sub("", fluent(stated) if self._spoken else stated))
        # Only messages that can add a field are parsed; authors need no parse. A tool call, its
        # output or the assistant's reasoning is evidence, never why or what else: read as talk,
        # a session's "Thought Process" became a decision's rationale.
        useful = [m for m in window if m.role != TOOL_ROLE and _MAY_CONTRIBUTE.search(m.content)]
        self._parsed.prime_light(m.seq for m in useful)
        window_docs = [(m, self._parsed.light_doc(m.seq)) for m in useful]
        authors = [m for m in window if person_name(m.author)]
        rejected = {TECHNOLOGIES.get(m.group(1).strip().lower(), (m.group(1).strip(), ""))[0] for m in INSTEAD.finditer(sentence.text)}
        # In the sentence's order, not a set's: tags and keywords come out in this order, and
        # a set's order changes with the interpreter's hash seed from one run to the next.
        named = dict.fromkeys(ent.ent_id_ or ent.text for ent in sentence.ents if ent.label_ == "TECH")
        chosen_in_order = [name for name in named if name not in rejected]
        chosen = set(chosen_in_order)
        # What the decision chose is named in its statement, or, for a bare "let's do that",
        # in the message it answers.
        statement_texts = [statement_msg.content, message.content]
        if len(sentence) < 6 and statement_msg.seq > 0:
            statement_texts.append(conversation.messages[statement_msg.seq - 1].content)
        questions = [(m, self._parsed.doc(m.seq)) for m in window if CHOICE_QUESTION.search(m.content)]
        alternatives = (
            find_alternatives(sentence, window_docs, chosen, statement_texts, questions) if config.extract_alternatives else []
        )
        if pick is not None and config.extract_alternatives:
            # The options a pick passed over lost, in the offer's order, before any other.
            listed = [ExtractedAlternative(option=option.text) for option in pick.others]
            passed_over = {alt.option.lower() for alt in listed}
            alternatives = [*listed, *(alt for alt in alternatives if alt.option.lower() not in passed_over)]
        rationale = None
        if config.extract_rationale:
            own = {statement_msg.seq, message.seq, *detection.unit}
            discussion = [(m, d) for m, d in window_docs if m.seq not in own]
            members = sorted(own - {statement_msg.seq})
            self._parsed.prime_light(members)  # sentences and entities are all a reason needs
            supports = [(conversation.messages[seq], self._parsed.light_doc(seq)) for seq in members]
            rationale = _rationale((statement_msg, sentence), supports, discussion, self._prose)
        techs = list(dict.fromkeys([*chosen_in_order, *(alt.option for alt in alternatives)]))
        # A tool call's or tool output's paths are not the decision naming them (what the
        # session then edited is linked apart, as `session_edit`).
        texts = [m.content for m in window if m.role != TOOL_ROLE]
        # "I'll update ci.yml" right after a decision names what it affects.
        follow_up = [
            m.content for m in conversation.messages[message.seq + 1 : message.seq + 3]
            if "?" not in m.content and m.role != TOOL_ROLE
        ]
        seqs = tuple(sorted({statement_msg.seq, message.seq, *detection.unit}))
        context = _context(window, statement_msg, {name.lower() for name in techs}, self._mask)
        subject = subject_of(statement_msg.topic, context if context != statement_msg.topic else None, self._spoken)
        if pick is not None and pick.question:
            subject = pick.question  # "Which style for the code blocks": what the option answers
        # A pick is decided by whoever picked, not by the assistant that offered the options.
        # A session's user or assistant is no one in particular: such a decision names no decider.
        decider = person_name((message if pick is not None else statement_msg).author)
        return ExtractedDecision(
            summary=self_standing(summary, subject),
            subject=subject,
            context=context,
            rationale=rationale,
            alternatives=tuple(alternatives),
            trade_offs=find_trade_offs(chosen, sentence, window_docs) if config.extract_trade_offs else TradeOffs(),
            stakeholders=tuple(stakeholders_of(authors, window_docs, self._names, self._mask)) if config.extract_stakeholders else (),
            decision_maker=handle_for(decider) if decider else None,
            related_code=tuple(file_mentions(map(_outside_code, [*texts, *follow_up]))) if config.link_to_code else (),
            related_features=tuple(feature_mentions(texts)) if config.link_to_features else (),
            tags=tuple(tags_for(techs)),
            keywords=tuple(keywords_for(sentence, techs)),
            pattern=pattern_of(sentence),
            category=category_of(" ".join([summary, *tags_for(techs), *(m.topic or "" for m in window)])),
            confidence=detection.confidence,
            # A draft: found, but below the point where its kind of source's decisions are
            # reliably real; stored for a person to confirm, not presented as a decision.
            status="candidate" if detection.is_candidate else "active",
            decided_at=_concluded_at(conversation, seqs) or message.timestamp or statement_msg.timestamp,
            messages=seqs,
            spans=(TextSpan(seq=statement_msg.seq, start=sentence.start_char, end=sentence.end_char),),
        )


def _outside_code(text: str) -> str:
    """What ``text`` says outside its code, offsets kept: the paths an import, a stack frame, a
    diff or a directory listing holds are the code's, not files the talk names (a file's name
    above its fence, aider's way of naming the file it writes, is kept)."""
    return blank_code(text, code_mask(text, labels=False))


def _concluded_at(conversation: Conversation, seqs: Sequence[int]) -> datetime | None:
    """When a unit was concluded: the time of its last message that has one (a proposal
    is decided when it is agreed to)."""
    times = [stamp for seq in seqs if (stamp := conversation.messages[seq].timestamp) is not None]
    return max(times) if times else None


def _topic_start(messages: Sequence[Message], seq: int, previous_decision: int | None) -> int:
    """Where the discussion that led to the statement at ``seq`` began.

    A decision closes a discussion, and a pause of more than ``PAUSE`` starts a new one;
    the context window never reaches back past either, so one topic's reasons and options do
    not leak into the next decision.
    """
    start = previous_decision + 1 if previous_decision is not None else 0
    for index in range(seq, start, -1):
        before, after = messages[index - 1].timestamp, messages[index].timestamp
        if before and after and after - before > PAUSE:
            return index
    return start


def _statement(sentences: Sequence[Span]) -> Span:
    scored = sorted(
        sentences,
        key=lambda s: (_has_commitment(s), not s.text.strip().endswith("?"), len(s.text) > 12),
        reverse=True,
    )
    return scored[0]


def _sentences(doc: Doc) -> list[Span]:
    """The doc's sentences, those the parser cut inside inline code ("`can_craft?`" ends no
    sentence) joined again: an odd number of backticks before a bound on its line."""
    joined: list[Span] = []
    for sentence in sentences_of(doc):
        if joined and inside_inline_code(doc.text, sentence.start_char):
            sentence = doc[joined.pop().start : sentence.end]
        joined.append(sentence)
    return joined


def _has_commitment(sentence: Span) -> bool:
    return bool(
        re.search(
            r"\b(decided|decision|agreed to|chose|opted|settled|go with|going with|will use|'ll use|"
            r"we should|let'?s (use|go|adopt|keep|stick|switch|move)|approved|accepted|selected|->)\b|->",
            sentence.text,
            re.IGNORECASE,
        )
    )


def _merge(
    decision: ExtractedDecision, detection: Detection, message: Message, doc: Doc, prose: _Prose | None
) -> ExtractedDecision:
    extra = _rationale(None, [(message, doc)], (), prose) if prose is not None else None
    joined = " ".join(part for part in (decision.rationale, extra) if part) or None
    stakeholders = decision.stakeholders
    author = person_name(message.author)
    if author and all(person.handle != handle_for(author) for person in stakeholders):
        stakeholders += (ExtractedStakeholder(handle=handle_for(author), name=author, role="participant"),)
    return decision.model_copy(
        update={
            "stakeholders": stakeholders,
            "related_code": tuple(dict.fromkeys([*decision.related_code, *file_mentions([_outside_code(message.content)])])),
            "related_features": tuple(dict.fromkeys([*decision.related_features, *feature_mentions([message.content])])),
            "messages": tuple(sorted({*decision.messages, message.seq})),
            "confidence": max(decision.confidence, detection.confidence),
            "rationale": joined,
            "decided_at": message.timestamp or decision.decided_at,
        }
    )


def _rationale(
    stated: tuple[Message, Span] | None,
    supports: Sequence[tuple[Message, Doc]],
    discussion: Sequence[tuple[Message, Doc]],
    prose: _Prose,
) -> str | None:
    """The reasons around a decision, as prose: a sentence that is code is no reason, and what
    a kept sentence holds of code (or of the blanks that stood for it) is left out."""
    parts: list[str] = []
    for message, doc in discussion:
        said = [prose(message, s) for s in _sentences(doc)]
        parts += [text for text in said if SUPPORT.search(text) and not text.endswith("?") and not _AGREEMENT_ONLY.match(text)]
    if stated is not None:
        message, sentence = stated
        match = _RATIONALE.search(sentence.text)
        if match:
            # A semicolon opens a clause of its own: "because we need transactions; schema
            # goes in services/orders/schema.sql" gives its reason up to the semicolon.
            reason = sentence.doc.char_span(match.start() + sentence.start_char, sentence.end_char, alignment_mode="expand")
            clause = prose(message, reason) if reason is not None else sentence.text[match.start() :]
            parts.append(clause.split(";")[0].strip().rstrip("."))
        following = [prose(message, s) for s in _sentences(sentence.doc) if s.start > sentence.start]
        parts += [text for text in following if not text.endswith("?")]
    for message, support in supports:
        said = [prose(message, s) for s in _sentences(support)]
        parts += [text for text in said if (_RATIONALE.search(text) or SUPPORT.search(text)) and not text.endswith("?")]
    kept = list(dict.fromkeys(part for part in parts if len(part) > 3))
    kept = [part for part in kept if not _said_already(part, kept)][-6:]
    return _as_sentences(kept) or None


def _said_already(part: str, parts: Sequence[str]) -> bool:
    """Whether ``part`` is a reason clause whose words another part says already: "because
    we need transactions" after "MongoDB is flexible but we need transactions across orders"
    adds nothing but a repeat."""
    if not _RATIONALE.match(part):
        return False
    said = _RATIONALE.sub("", part, count=1).strip(" .").casefold()
    return len(said.split()) >= 2 and any(said in other.casefold() for other in parts if other != part)


def _as_sentences(parts: Sequence[str]) -> str:
    """The parts joined as prose: a reason clause among sentences ("because we need
    transactions") is written as a sentence of its own, not left after a full stop in lower case."""
    if len(parts) < 2:
        return " ".join(parts)
    written = [part[:1].upper() + part[1:] if _RATIONALE.match(part) else part for part in parts]
    return " ".join(part if part[-1:] in ".!?…\"'”)" else f"{part}." for part in written)


def _context(
    window: Sequence[Message], statement: Message, subjects: set[str], mask: Callable[[Message], list[bool]]
) -> str | None:
    """The nearest earlier question about the same subject, else the agenda topic. A tool's
    own prompt ("Add file to the chat?") is nobody's question, and code asks nothing: only
    the prose of talk turns is read."""
    for message in reversed(window):
        if message.seq > statement.seq or message.role == TOOL_ROLE:
            continue
        for text in prose_parts(message.content, mask(message)):
            for part in re.split(r"(?<=[.!?])\s+", text):
                question = part.strip()
                if question.endswith("?") and (not subjects or any(word in question.lower() for word in subjects)):
                    return question
    return statement.topic
