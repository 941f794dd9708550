"""Alternatives a decision considered, and the trade-offs of the option it chose."""

from __future__ import annotations

import re
from collections.abc import Sequence

from spacy.tokens import Doc, Span, Token

from nlp.gazetteer import TECHNOLOGIES
from nlp.schema import ExtractedAlternative, Message, TradeOffs
from nlp.wording import EXPLICITLY_INSTEAD, INSTEAD, NEGATIVE, NOT_THIS, POSITIVE, SUPPORT, TAG_OF, sentences_of

CHOICE_QUESTION = re.compile(r"\bor\b[^?]*\?", re.IGNORECASE)
_STATED_CHARS = 4000
"""How much of a statement's message is read for what lost: its opening, not the code and
logs a long assistant answer goes on with."""
_NOT_OPTIONS = frozenset({"it", "that", "this", "them", "so", "sure", "yet", "now", "only", "just", "really", "all", "any"})
def find_alternatives(
    sentence: Span,
    window_docs: Sequence[tuple[Message, Doc]],
    chosen: set[str],
    statement_texts: Sequence[str],
    questions: Sequence[tuple[Message, Doc]],
) -> list[ExtractedAlternative]:
    options: dict[str, str] = {}
    for match in INSTEAD.finditer(sentence.text):
        surface = match.group(1).strip()
        canonical = TECHNOLOGIES.get(surface.lower(), (surface, ""))[0]
        if canonical not in chosen:
            options.setdefault(canonical, surface)
    # Other technologies in the window are alternatives only when they compete with the
    # chosen one (share its tag: database vs database), so an earlier, unrelated thread
    # in the same window does not leak in.
    chosen_tags = {TAG_OF.get(name) for name in chosen} - {None}
    for _, doc in window_docs:
        for ent in doc.ents:
            name = ent.ent_id_ or ent.text
            if ent.label_ == "TECH" and name not in chosen and TAG_OF.get(name) in chosen_tags:
                options.setdefault(name, ent.text)
    # The statement's messages say what lost in so many words more often than its best
    # sentence does: "use GitHub Actions instead of VS Code tasks" restated by the assistant,
    # "not the CLI command" after the choice (a coding session's user and assistant).
    for text in statement_texts:
        for pattern in (EXPLICITLY_INSTEAD, NOT_THIS):
            for match in pattern.finditer(text[:_STATED_CHARS]):
                surface = match.group(1).strip()
                canonical = TECHNOLOGIES.get(surface.lower(), (surface, ""))[0]
                if canonical not in chosen and surface.lower() not in _NOT_OPTIONS:
                    options.setdefault(canonical, surface)
    statement_text = " ".join(statement_texts).lower()
    for option in _choice_options(questions):
        if option.lower() not in statement_text and not any(word in statement_text for word in _head_words(option)):
            options.setdefault(option, option)
    alternatives = []
    for option, surface in options.items():
        pros: list[str] = []
        cons: list[str] = []
        for _, doc in window_docs:
            sentences = sentences_of(doc)
            for sent in sentences:
                if surface.lower() not in sent.text.lower() or sent.text.strip().endswith("?"):
                    continue
                _sort_pro_con(sent.text.strip().rstrip("."), pros, cons)
        alternatives.append(
            ExtractedAlternative(
                option=option if option.lower() in sentence.doc.text.lower() or _grounded(option, window_docs) else surface,
                pros=tuple(dict.fromkeys(pros))[:5],
                cons=tuple(dict.fromkeys(cons))[:5],
                why_not_chosen="; ".join(dict.fromkeys(cons)) or None,
            )
        )
    return alternatives[:8]


def _choice_options(window_docs: Sequence[tuple[Message, Doc]]) -> list[str]:
    """Both sides of the nearest "X or Y?" question: the noun phrases joined by "or"."""
    for _, doc in reversed(window_docs):
        for token in doc:
            if token.lower_ != "or" or token.dep_ != "cc" or "?" not in token.sent.text:
                continue
            right = next((c for c in token.head.children if c.dep_ == "conj"), None)
            if right is not None:
                return [_phrase(token.head), _phrase(right)]
    return []


def _phrase(token: Token) -> str:
    """``token`` with the modifiers to its left ("plastic one", "server-side sessions")."""
    modifiers = [child.i for child in token.lefts if child.dep_ in {"amod", "compound", "nmod", "nummod", "npadvmod"}]
    start = min([*modifiers, token.i])
    text = token.doc[start : token.i + 1].text
    return text.rsplit(":", 1)[-1].strip() or token.text  # "Next: REST" is the option REST


def _head_words(option: str) -> list[str]:
    return [word.lower() for word in re.findall(r"[A-Za-z][\w+#.-]{2,}", option) if word.lower() not in {"the", "one", "with", "for"}]


def _sort_pro_con(text: str, pros: list[str], cons: list[str], supportive: bool = False) -> None:
    """File a sentence about an option: "A but B" gives a pro and a con; else by its wording."""
    if " but " in text:
        left, right = text.split(" but ", 1)
        pros.append(left.strip())
        cons.append(right.strip())
    elif NEGATIVE.search(text):
        cons.append(text)
    elif POSITIVE.search(text) or (supportive and SUPPORT.search(text)):
        pros.append(text)


_RISK = re.compile(r"\b(risk|risky|might (need|have) to|may (need|have) to|could (break|fail)|later if|if .{0,40} (grows|changes))\b", re.IGNORECASE)
_ASSUMPTION = re.compile(r"\b(assum\w*|as long as|provided that|expect(ing)? (that|the)|should be enough)\b", re.IGNORECASE)


def find_trade_offs(chosen: set[str], sentence: Span, window_docs: Sequence[tuple[Message, Doc]]) -> TradeOffs:
    """Pros and cons of the chosen option, risks and assumptions, from the discussion."""
    names = [name.lower() for name in chosen]
    pros: list[str] = []
    cons: list[str] = []
    risks: list[str] = []
    assumptions: list[str] = []
    docs = [sentence.doc, *(doc for _, doc in window_docs if doc is not sentence.doc)]
    for doc in docs:
        for sent in sentences_of(doc):
            text = sent.text.strip().rstrip(".")
            if not text or text.endswith("?"):
                continue
            if _RISK.search(text):
                risks.append(text)
            if _ASSUMPTION.search(text):
                assumptions.append(text)
            if names and any(name in text.lower() for name in names):
                _sort_pro_con(text, pros, cons, supportive=True)

    def unique(items: list[str]) -> tuple[str, ...]:
        return tuple(dict.fromkeys(items))[:5]

    return TradeOffs(pros=unique(pros), cons=unique(cons), risks=unique(risks), assumptions=unique(assumptions))


def _grounded(text: str, window_docs: Sequence[tuple[Message, Doc]]) -> bool:
    lowered = text.lower()
    return any(lowered in message.content.lower() for message, _ in window_docs)
