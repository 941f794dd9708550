"""Whether an answer names what a question asks about: "why did we choose GraphQL over REST?"
answered by a decision that names neither GraphQL nor REST is the closest by meaning, not an
answer, and says so."""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from nlp.question import parse_question

_CONTRASTS = frozenset({"over", "instead", "rather", "than", "versus", "vs", "against", "between", "and", "or"})
"""Words that set the options of a question apart ("GraphQL over REST"), not a subject."""
_SUFFIX = re.compile(r"(?:ing|ed|es|e|s)$")
_WORD = re.compile(r"[\w#+.-]+")


@cache
def _english_stop_words() -> frozenset[str]:
    # The list's own file, found without importing spaCy: `ask` and search load no spaCy.
    found = importlib.util.find_spec("spacy")
    if found is None or not found.submodule_search_locations:
        return frozenset()
    path = Path(next(iter(found.submodule_search_locations))) / "lang" / "en" / "stop_words.py"
    spec = importlib.util.spec_from_file_location("_stop_words_en_answer", path)
    if spec is None or spec.loader is None:
        return frozenset()
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return frozenset(module.STOP_WORDS)


def subject_terms(question: str) -> tuple[str, ...]:
    """The words a question asks about (``parse_question``'s terms less English stop words and
    contrast words), lower case, in order; words of a script without spaces are not split, so a
    question in Chinese or Japanese gives none."""
    terms = []
    for word in _WORD.findall(parse_question(question).text):
        word = word.strip(".-").lower()
        if len(word) >= 2 and word.isascii() and word not in _english_stop_words() and word not in _CONTRASTS and word not in terms:
            terms.append(word)
    return tuple(terms)


def unnamed_terms(question: str, answer: Iterable[str]) -> tuple[str, ...]:
    """The question's subject words when the answer's texts name none of them (each matched at
    a word's start, less a plural or verb ending: "databases" names "database", "cache" "caching"); empty when the
    answer names one, or the question has none."""
    terms = subject_terms(question)
    text = " ".join(answer).lower()
    for term in terms:
        stem = _SUFFIX.sub("", term) if len(term) > 4 else term
        if re.search(rf"(?<![\w]){re.escape(stem)}", text):
            return ()
    return terms
