"""Which language a message is written in, when it is one the detector cannot read.

The detector's rule cues read English, Chinese and Russian (``nlp.cue_languages``), and its
learned words are those of its training data, nearly all English. A message in Catalan,
Portuguese or German fires no cue and is scored by a few shared words and its structure
alone: what the detector finds there is weak evidence, so it is kept as a draft for a person
to confirm (``nlp.detect``), never stored as a decision.

The test is the share of a text's words that are function words ("de", "que", "und", "the")
of each language, from the stop-word lists spaCy ships with its language data (no model, no
download). Function words are most of any prose and few of any code, so a short reply, a
path or an identifier-heavy line says nothing and is left alone.
"""

from __future__ import annotations

import importlib.util
import re
from functools import cache
from pathlib import Path

import spacy

READ = "en"
"""The Latin-script language the detector reads."""
OTHERS = ("ca", "de", "es", "fr", "it", "nl", "pt")
"""Latin-script languages told apart from English: those of Western Europe and the Americas
whose stop-word lists spaCy carries. A language missing here reads as none of them (left alone)."""
MIN_WORDS = 8
"""Fewer words than this ("ok, fem-ho així") say too little to tell a language by."""
MIN_SHARE = 0.25
"""A language's function words must be at least this share of the words: prose, not a list of
names or identifiers that happen to contain "de" or "la"."""
OVER_ENGLISH = 3.0
"""And at least this many times the English share: English shares many short words
("me", "no", "do", "come") with the others."""
MIN_SHARE_UNACCENTED = 0.4
"""The share asked of a text without one accented letter: each of these languages writes
accents in any sentence of some length, and an English one can hold "dont", "plus", "sans"
and "font" at once."""
MIN_KINDS = 3
"""And at least this many different function words: one word repeated ("different
different") is no language."""

SAMPLE_CHARS = 4000
"""A message's first characters are enough to tell its language; a pasted log of a megabyte
is not read whole."""
_WORD = re.compile(r"[^\W\d_]{2,}")
_CODE = re.compile(r"```[^`]*(?:```|\Z)|`[^`\n]*`")
_NOT_PROSE = re.compile(r"[/\\@#=<>{}\[\]]|\.\w")
"""A token holding one of these is a link, path, handle, file or host name, or code: its words
are no language's prose (tested token by token: a pattern over the whole text backtracked
over every long run without spaces)."""


@cache
def _stop_words(language: str) -> frozenset[str]:
    # The list's own file, not its package: importing ``spacy.lang.fr`` builds the French
    # tokenizer's exceptions (2.3 s), and only the words are wanted.
    path = Path(spacy.__file__).parent / "lang" / language / "stop_words.py"
    spec = importlib.util.spec_from_file_location(f"_stop_words_{language}", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"spaCy has no stop-word list for {language!r} at {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return frozenset(word.casefold() for word in module.STOP_WORDS)


def unread_language(text: str) -> str | None:
    """The code of the language ``text`` is written in ("ca", "pt", …) when it is Latin-script
    prose in a language the detector does not read; None for English, for another script (its
    own cue lexicons read Chinese and Russian), and whenever the text says too little."""
    tokens = [token for token in _CODE.sub(" ", text[:SAMPLE_CHARS]).split() if not _NOT_PROSE.search(token)]
    words = [word.casefold() for word in _WORD.findall(" ".join(tokens))]
    latin = [word for word in words if all(_latin(char) for char in word)]
    if len(latin) < MIN_WORDS or len(latin) < len(words) / 2:
        return None
    english = _share(latin, READ)
    shares = {language: _share(latin, language) for language in OTHERS}
    best = max(shares, key=lambda language: shares[language])
    kinds = len(set(latin) & _stop_words(best))
    needed = MIN_SHARE if any(not word.isascii() for word in latin) else MIN_SHARE_UNACCENTED
    if shares[best] >= needed and shares[best] >= OVER_ENGLISH * english and kinds >= MIN_KINDS:
        return best
    return None


def _share(words: list[str], language: str) -> float:
    stop = _stop_words(language)
    return sum(word in stop for word in words) / len(words)


def _latin(char: str) -> bool:
    # Basic Latin and Latin-1 to Latin Extended-B: the letters of the languages in OTHERS.
    return char.isascii() or "\u00c0" <= char <= "\u024f"
