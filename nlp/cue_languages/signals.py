"""The rule signals of ``nlp.decision_cues`` fired from the lexicons of other languages.

Same names, same meanings: ``strong_cue`` for a choice said in so many words, ``question`` for
a sentence that asks, and so on, so that the weights the models learned for them serve every
language. Each is read from one sentence, as in English: the best of the message's sentences,
split here at the full stops of every script (spaCy's English pipelines do not split
"我们决定用Redis。为什么？", one token to them).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from nlp.cue_languages import HAN, lexicons_of
from nlp.cue_languages.lexicon import CueLexicon, Pattern

Pick = Callable[[CueLexicon], Pattern]
_SENTENCE_END = re.compile(r"(?<=[。！？!?；;])|(?<=\.)\s+|\n+")
_QUESTION_MARKS = ("?", "\uff1f")
SHORT_AGREEMENT_CHARS = 40
"""As ``nlp.detector_features.is_short_agreement``: longer, an agreement says something of its own."""
TAIL_WORDS = 3
"""As ``nlp.detector_features.AGREEMENT_TAIL_WORDS``."""
TAIL_CHARACTERS = 6
"""The same in Chinese characters: three words of two characters."""
_UNSPACED = re.compile(f"[{HAN}]")
_WORD = re.compile(rf"[^\W\d_{HAN}]+")


def sentences(text: str) -> list[str]:
    """The sentences of ``text``, at the full stops, question and exclamation marks of Latin,
    Cyrillic and CJK writing, and at line breaks."""
    return [part.strip() for part in _SENTENCE_END.split(text) if part and part.strip()]


def says(lexicons: Sequence[CueLexicon], pick: Pick, text: str) -> bool:
    """Whether a lexicon's pattern (``pick``) is found in ``text``."""
    return any(pick(lexicon).search(lexicon.fold(text)) for lexicon in lexicons)


def opens(lexicons: Sequence[CueLexicon], pick: Pick, text: str) -> bool:
    """Whether ``text`` opens with a lexicon's pattern (``pick``)."""
    return any(pick(lexicon).match(lexicon.fold(text)) for lexicon in lexicons)


def is_question(sentence: str, lexicons: Sequence[CueLexicon]) -> bool:
    """A question mark of any script ends it, a question particle does (吗), or a question
    word opens a sentence that holds a question mark."""
    stripped = sentence.strip()
    if stripped.endswith(_QUESTION_MARKS) or says(lexicons, lambda x: x.question_end, stripped):
        return True
    return any(mark in stripped for mark in _QUESTION_MARKS) and opens(lexicons, lambda x: x.question_start, stripped)


def states_choice(sentence: str, lexicons: Sequence[CueLexicon]) -> bool:
    """The choice said in so many words (``strong_cue``)."""
    return says(lexicons, lambda x: x.strong, sentence)


def cues(text: str, lexicons: Sequence[CueLexicon]) -> bool:
    """Any word of choosing: a keyword, a seed pattern, a further cue, a commitment or a "let's"."""
    return (
        says(lexicons, lambda x: x.keyword, text) or says(lexicons, lambda x: x.pattern, text)
        or says(lexicons, lambda x: x.cue, text) or states_choice(text, lexicons)
        or says(lexicons, lambda x: x.we_commit, text) or opens(lexicons, lambda x: x.lets, text)
    )


def prefilter(text: str) -> list[str]:
    """The recall-stage hits (``nlp.decision_cues.prefilter_hits``) ``text`` fires in other
    languages: ``cue``, ``agreement`` (an "X or Y?" before it is ``asks_choice``)."""
    lexicons = lexicons_of(text)
    if not lexicons:
        return []
    hits: list[str] = []
    if cues(text, lexicons):
        hits.append("cue")
    if opens(lexicons, lambda x: x.agreement, text):
        hits.append("agreement")
    return hits


def signals(sentence: str, message: str, context: Sequence[str], lexicons: Sequence[CueLexicon]) -> list[str]:
    """The rule signals of ``message`` whose best sentence is ``sentence``, in ``lexicons``'
    words (``nlp.decision_cues.rule_signals`` reads the English ones)."""
    found: list[str] = []
    if says(lexicons, lambda x: x.keyword, message):
        found.append("keyword")
    if says(lexicons, lambda x: x.pattern, message):
        found.append("pattern")
    strong = states_choice(sentence, lexicons)
    asks = is_question(sentence, lexicons)
    if strong:
        found.append("strong_cue")
    if says(lexicons, lambda x: x.we_commit, sentence):
        found.append("we_commit")
    if opens(lexicons, lambda x: x.lets, sentence) and not asks:
        found.append("imperative_lets")
    if opens(lexicons, lambda x: x.agreement, message) and any(proposes(earlier) for earlier in context):
        found.append("agreement_to_proposal")
    if says(lexicons, lambda x: x.acceptance, sentence) and not strong:
        found.append("acceptance")
    if asks:
        found.append("question")
    if says(lexicons, lambda x: x.hedge, sentence):
        found.append("hedge")
    if says(lexicons, lambda x: x.proposal, sentence) and not strong:
        found.append("proposal")
    if says(lexicons, lambda x: x.negated, sentence):
        found.append("negated")
    if opens(lexicons, lambda x: x.conditional, sentence):
        found.append("conditional")
    return found


def proposes(text: str) -> bool:
    """A proposal, a question, a stated choice or a "let's" in another language (as
    ``nlp.decision_cues.is_proposal`` in English): what an agreement after it takes up."""
    lexicons = lexicons_of(text)
    if not lexicons:
        return False
    return (
        says(lexicons, lambda x: x.proposal, text) or is_question(text, lexicons)
        or states_choice(text, lexicons) or says(lexicons, lambda x: x.lets, text)
    )


def offers(text: str) -> bool:
    """An assistant offering a choice or more work in another language ("需要我…吗", "хотите, я …")."""
    lexicons = lexicons_of(text)
    return bool(lexicons) and says(lexicons, lambda x: x.offer, text)


def asks_choice(text: str) -> bool:
    """"X or Y?" in another language ("用A还是B？", "A или B?")."""
    return choice_asked(text) is not None


def choice_asked(text: str) -> str | None:
    """The "X or Y?" of ``text`` in another language, if it asks one."""
    for lexicon in lexicons_of(text):
        found = lexicon.choice.search(lexicon.fold(text))
        if found is not None:
            return found.group(0)
    return None


def is_short_agreement(text: str) -> bool:
    """A short turn that only agrees ("好的，谢谢", "Да, давай"), as
    ``nlp.detector_features.is_short_agreement``: at most ``TAIL_WORDS`` words after the
    agreeing opening ("好的，那就改用 Redis 存会话" says what it takes up)."""
    if len(text) >= SHORT_AGREEMENT_CHARS:
        return False
    for lexicon in lexicons_of(text):
        folded = lexicon.fold(text)
        opening = lexicon.agreement.match(folded) or lexicon.reply.match(folded)
        if opening is not None:
            rest = folded[opening.end() :]
            return len(_UNSPACED.findall(rest)) <= TAIL_CHARACTERS and len(_WORD.findall(rest)) <= TAIL_WORDS
    return False
