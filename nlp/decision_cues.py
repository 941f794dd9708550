"""The rule cues of decision detection: the pre-filter that picks the messages worth parsing
(seed 000's keywords, seed 001's patterns, and a few more commitment cues), and the rule
signals read from the parse of those (explicit commitment, "we will <verb>", agreement to a
proposal, questions, hedges, proposals, negations, action items …), which the learned scorer
(``nlp.detector_model``) reads as features. The cues are English; a message written in another
script fires the same signals from its own language's lexicon too (``nlp.cue_languages``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from spacy.tokens import Doc, Span

from nlp.cue_languages import lexicons_of
from nlp.cue_languages import signals as other_languages
from nlp.cue_languages.lexicon import CueLexicon
from nlp.detector_features import DECISION_HEADING, OUTCOME_HEADING, heading_kinds
from nlp.prose import prose
from nlp.schema import Message
from nlp.seed_rules import SEED000_KEYWORDS, SEED001_PATTERNS

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
_PLACEHOLDER = re.compile(r"^\W*(n/?a|none|nothing|tbd|tba|nil|no decisions?( made| taken)?)?\W*$", re.IGNORECASE)
_RECORD_LABEL = re.compile(r"^\W*(?:decisions?|decided|resolved|resolutions?|agreed|consensus)\s*:\s*\S", re.IGNORECASE)
"""A line a scribe opened with a decision label ("RESOLVED: …", "Decision: …") declares it,
as a "Decisions" heading does in notes (where the reader moves such a label into the topic)."""


def prefilter_hits(message: Message, context: Sequence[Message], keywords: Sequence[str]) -> tuple[str, ...]:
    """The recall-stage signals a message fires; empty means it is not parsed at all. Cues are
    read in the message's prose: "# we decided to use Redis" in a pasted snippet is code."""
    said = prose(message.content)
    lowered = said.lower()
    hits = [f"keyword:{word}" for word in keywords if word in lowered]
    hits += [f"pattern:{pattern.pattern}" for pattern in SEED001_PATTERNS if pattern.search(said)]
    if _EXTRA_CUES.search(said):
        hits.append("cue")
    if message.topic and (DECISION_HEADING.search(message.topic) or OUTCOME_HEADING.search(message.topic)):
        hits.append("topic")
    if context and any(_asks_choice(m.content) for m in context[-3:]):
        hits.append("after_choice_question")
    if _AGREEMENT.search(said):
        hits.append("agreement")
    if _ACTION.search(said):
        # Read so that its action-item signal counts against it: "I'll look into the
        # caching question tomorrow" commits a person to a task, not the team to a choice.
        hits.append("action")
    hits += [hit for hit in other_languages.prefilter(said) if hit not in hits]
    return tuple(hits)


def rule_signals(message: Message, hits: Sequence[str], doc: Doc, context: Sequence[Message]) -> tuple[str, ...]:
    """The rule signals of a pre-filtered message, read from ``doc`` (its parse or light parse)
    and the messages before it."""
    sentence = best_sentence(doc)
    text = sentence.text if sentence is not None else message.content
    lexicons = lexicons_of(message.content)
    if lexicons:
        # The English pipelines split neither "。" nor "？" (a Chinese message is one token to
        # them): the best sentence of a message in another script is chosen here.
        text = _best_text(message.content, lexicons)
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
    if _AGREEMENT.search(message.content) and any(is_proposal(m.content) for m in context):
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
    if lexicons:
        said = other_languages.signals(text, message.content, [m.content for m in context], lexicons)
        signals += [name for name in said if name not in signals]
        if "strong_cue" in said:
            signals = [name for name in signals if name not in {"proposal", "acceptance"}]
    return tuple(signals)


def _best_text(content: str, lexicons: Sequence[CueLexicon]) -> str:
    """The sentence of a message in another script that says most (as ``best_sentence``): a
    choice stated, then any cue, then a statement, and a question last, by the English cues
    and the message's language's."""
    best, best_rank = content, -1
    for text in other_languages.sentences(content):
        if _is_question(text) or other_languages.is_question(text, lexicons):
            rank = 0
        elif _STRONG.search(text) or other_languages.states_choice(text, lexicons):
            rank = 3
        elif any(p.search(text) for p in SEED001_PATTERNS) or _EXTRA_CUES.search(text) or other_languages.cues(text, lexicons):
            rank = 2
        else:
            rank = 1
        if rank > best_rank:
            best, best_rank = text, rank
    return best


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


def best_sentence(doc: Doc) -> Span | None:
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
    return ("?" in text and "or" in text and _CHOICE.search(text) is not None) or other_languages.asks_choice(text)


def _answers_choice(doc: Doc, context: Sequence[Message]) -> bool:
    """The message picks one of the options a recent "X or Y?" question offered."""
    for earlier in reversed(context[-3:]):
        match = _CHOICE.search(earlier.content)
        asked = match.group(0) if match is not None else other_languages.choice_asked(earlier.content)
        if asked is None:
            continue
        offered = {w.lower() for w in re.findall(r"[A-Za-z][\w+#.-]{2,}", asked)} - _STOP
        said = {t.lower_ for t in doc if t.is_alpha and not t.is_stop} | {e.text.lower() for e in doc.ents}
        return bool(offered & said)
    return False


_STOP = frozenset({"should", "would", "could", "shall", "the", "for", "and", "use", "we", "our", "are",
                   "doing", "going", "prefer", "which", "what", "with", "new", "either", "just"})


def _is_question(text: str) -> bool:
    stripped = text.strip()
    return stripped.endswith("?") or (bool(_QUESTION_START.match(stripped)) and "?" in stripped)


def is_proposal(text: str) -> bool:
    return bool(_PROPOSAL.search(text) or _is_question(text) or _STRONG.search(text) or _lets_text(text)) or other_languages.proposes(text)


def _lets_text(text: str) -> bool:
    return bool(re.search(r"\blet'?s\b", text, re.IGNORECASE))


def says_choice_words(text: str) -> bool:
    """Whether ``text`` has a word of choosing ("instead of", "switch to", "keep", "let's" …:
    the pre-filter's further cues, or a seed's keyword or pattern), in English or in the
    language of its script (``nlp.cue_languages``)."""
    lowered = text.lower()
    if _EXTRA_CUES.search(text) or any(p.search(text) for p in SEED001_PATTERNS) or any(k in lowered for k in SEED000_KEYWORDS):
        return True
    lexicons = lexicons_of(text)
    return bool(lexicons) and other_languages.cues(text, lexicons)


def says_we(text: str) -> bool:
    """Whether ``text`` has "we" in it: the one signal read from the dependency parse needs it."""
    return _WE.search(text) is not None
