"""Messages with no words: a reaction (":+1:", "+1", "👍", "🎉🎉") is uptake of what came before.

It may agree with a proposal, but it states nothing: it is never what was decided, and its
author never the one who decided it over the person who proposed it.
"""

from __future__ import annotations

import re
import unicodedata

_SHORTCODE = re.compile(r":[a-z0-9_+'-]+:", re.IGNORECASE)
"""An emoji written as its name, as Slack, GitHub and Mattermost store it (":+1:", ":white_check_mark:")."""
_VOTE = re.compile(r"(?<![\w+-])[+-]1(?![\w.])")
"""A vote ("+1", "-1"): a number with a sign, not a word."""


def is_wordless(text: str) -> bool:
    """Whether ``text`` says nothing in words: emoji, emoji shortcodes, votes and punctuation
    only. A letter or digit of any script is a word ("B", "2", "ok", "可以"), so a pick by its
    label is not wordless."""
    rest = _VOTE.sub(" ", _SHORTCODE.sub(" ", text))
    return not any(unicodedata.category(char)[0] in "LN" for char in rest)
