"""Word tokens of text in any script, for the session detector (``nlp.session_features``).

The shared detector's tokens (``nlp.detector_features.tokens``) read ASCII letters only: a
Russian or Chinese turn of a coding session had no words at all, so it looked like a one-word
reply ("ok") to a model that learned what length means. Here a word is a run of letters of any
script (Cyrillic, Greek, Arabic, Hangul, accented Latin) with the same joiners as there
(``'+#-``), so an ASCII text gives exactly the tokens it gave before. Scripts written without
spaces between words (Chinese, Japanese kana, Thai, Lao, Khmer, Myanmar) are cut into
overlapping character pairs, the usual dictionary-free segmentation: "请设置宽度" gives
"请设", "设置", "置宽", "宽度". No package and no model: a segmenter with a dictionary would
be a download or a dependency for one language, and pairs serve them all.
"""

from __future__ import annotations

import re

from nlp.detector_features import MAX_TOKENS, tokens

UNSPACED = (
    "\u0e00-\u0eff"  # Thai, Lao
    "\u1000-\u109f"  # Myanmar
    "\u1780-\u17ff"  # Khmer
    "\u3040-\u30ff\u31f0-\u31ff"  # Hiragana, Katakana
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"  # Han
    "\uff66-\uff9f"  # half-width Katakana
    "\U00020000-\U0002ffff"  # Han, extensions
)
"""Letters of scripts that put no space between words."""
_MARKS = (
    "\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u0610-\u061a\u064b-\u065f"
    "\u0670\u06d6-\u06dc\u06df-\u06e4\u06e7\u06e8\u06ea-\u06ed\u0900-\u0903\u093a-\u094f\u0951-\u0957"
    "\u0962\u0963\u0981-\u0983\u09bc-\u09d7\u0a01-\u0a51\u0a81-\u0acd\u0b01-\u0b57\u0b82-\u0bd7\u0c00-\u0c56"
    "\u0c81-\u0cd6\u0d00-\u0d57\u200c\u200d"
)
"""Combining marks (accents not composed, Indic vowel signs): inside a word, not between words."""
_LETTER = rf"[^\W\d_{UNSPACED}]"
_TOKEN = re.compile(rf"[+-]1\b|[{UNSPACED}]+|{_LETTER}(?:{_LETTER}+|[{_MARKS}'+#-]+)*|\d+|[?\uff1f\u061f]")
"""A vote, a run of unspaced letters, a word, a number, a question mark (full-width, Arabic)."""


def script_tokens(text: str, limit: int = MAX_TOKENS) -> list[str]:
    """Lower-cased words of any script, character pairs of unspaced scripts, votes, ``<num>``
    for a number and ``?`` for a question mark of any script: the first ``limit``. An ASCII
    text gives the shared detector's tokens (``nlp.detector_features.tokens``), the same ones, faster."""
    head = text[: limit * 12]
    if head.isascii():
        return tokens(head, limit)
    found: list[str] = []
    for token in _TOKEN.findall(head.lower()):
        first = token[0]
        if first.isdigit():
            found.append("<num>")
        elif first in "?\uff1f\u061f":
            found.append("?")
        elif len(token) > 1 and _unspaced(first):
            found += [token[i : i + 2] for i in range(len(token) - 1)]
        else:
            found.append(token)
        if len(found) >= limit:
            break
    return found[:limit]


def ends_question(text: str) -> bool:
    """Whether ``text`` ends with a question mark of any script ("?", "？", "؟")."""
    return text.rstrip().endswith(("?", "\uff1f", "\u061f"))


def _unspaced(char: str) -> bool:
    return _UNSPACED_CHAR.match(char) is not None


_UNSPACED_CHAR = re.compile(f"[{UNSPACED}]")
