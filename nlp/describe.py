"""Short descriptors of a decision: tags, keywords, an abstract pattern (seed 002), category."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from nlp.gazetteer import CATEGORY_WORDS
from nlp.wording import TAG_OF, clean

if TYPE_CHECKING:  # annotations only: importing this module (record, search through the facade) loads no spaCy
    from spacy.tokens import Doc, Span

_DISCOURSE = frozenset(
    "think thought like yeah okay really pretty sure mean kind sort thing things stuff gonna wanna "
    "actually basically maybe probably just guess right well good know says said called want need".split()
)


def tags_for(techs: Sequence[str]) -> list[str]:
    tags: dict[str, None] = {}
    for name in techs:
        if name in TAG_OF:
            tags.setdefault(TAG_OF[name], None)
        tags.setdefault(name.lower(), None)
    return list(tags)[:10]


def keywords_for(sentence: Span, techs: Sequence[str]) -> list[str]:
    words: dict[str, None] = {name: None for name in techs}
    if sentence.doc.has_annotation("DEP"):
        for chunk in sentence.noun_chunks:
            lemma = " ".join(t.lemma_.lower() for t in chunk if not t.is_stop and t.is_alpha)
            if len(lemma) > 2:
                words.setdefault(lemma, None)
    else:
        # Without a parse there are no noun phrases; content words stand in, less the
        # talk that carries no subject ("I think", "like", "yeah").
        for token in sentence:
            if token.is_alpha and not token.is_stop and len(token) > 3 and token.lower_ not in _DISCOURSE:
                words.setdefault(token.lower_, None)
    return list(words)[:8]


def abstract_pattern(doc: Doc) -> str | None:
    """Seed 002 option B for a recorded decision: its specifics replaced by what they are."""
    return pattern_of(doc[:])


def pattern_of(sentence: Span) -> str | None:
    """Seed 002 option B: the statement with its specifics replaced by what they are."""
    pieces: list[str] = []
    last = sentence.start_char
    text = sentence.doc.text
    for ent in sentence.ents:
        kind = TAG_OF.get(ent.ent_id_ or ent.text, "technology")
        generic = {
            "TECH": f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}",
            "FILE": "a file", "HANDLE": "someone", "PERSON": "someone",
            "CARDINAL": "N", "QUANTITY": "an amount", "MONEY": "an amount", "DATE": "a date",
            "TIME": "a time", "QUARTER": "a quarter", "TICKET": "a ticket", "TEAM": "a team",
        }.get(ent.label_)
        if generic:
            pieces += [text[last : ent.start_char], generic]
            last = ent.end_char
    pieces.append(text[last : sentence.end_char])
    # A unit joins its number ("200 ms" → "N"); the space before the next word stays.
    abstract = re.sub(r"\d+(?:\.\d+)?(?:\s*(?:ms|s|m|h|gb|mb|kb)\b|%)?", "N", "".join(pieces), flags=re.IGNORECASE)
    abstract = clean(abstract)
    return abstract if abstract and abstract != clean(sentence.text) else None


def category_of(text: str) -> str | None:
    lowered = text.lower()
    counts = {name: sum(lowered.count(word) for word in words) for name, words in CATEGORY_WORDS.items()}
    best = max(counts, key=lambda name: counts[name])
    return best if counts[best] else None
