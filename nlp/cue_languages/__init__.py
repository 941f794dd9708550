"""Decision cues in languages other than English, keyed by the script a text is written in.

The rule cues of ``nlp.decision_cues`` and the session model's offer are English phrases: a
Chinese or Russian turn fired none of them and was scored by its structure alone. Each
language here gives the same cue lists in its own words (``lexicon.CueLexicon``, one module a
language) and ``signals`` fires the same signal names from them. Which lexicons read a text is
told by its letters (``lexicons_of``): a cheap test, with no model, that an ASCII text passes
at once, so an English text is read exactly as before.
"""

from __future__ import annotations

import re

from nlp.cue_languages import ru, zh
from nlp.cue_languages.lexicon import CueLexicon

HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
"""Han characters (a regular expression class's inside): Chinese, and Japanese kanji."""
SCRIPTS: tuple[tuple[re.Pattern[str], CueLexicon], ...] = (
    (re.compile(f"[{HAN}]"), zh.LEXICON),
    (re.compile("[\u0400-\u04ff]"), ru.LEXICON),
)
"""A script's letters and the lexicon of the language most written in it: Han as Chinese (a
Japanese text shares 決定 and the like), Cyrillic as Russian (the sessions of this project's
data that use it are Russian)."""


def lexicons_of(text: str) -> tuple[CueLexicon, ...]:
    """The lexicons of the scripts ``text`` has letters of, none for ASCII text. A turn mixing
    English and Chinese is read by both: the English cues run on every text."""
    if text.isascii():
        return ()
    return tuple(lexicon for letters, lexicon in SCRIPTS if letters.search(text))
