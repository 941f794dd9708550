"""What a message says in prose: its text with fenced code blanked.

Code is not where a decision is stated. A message's code stays in the message; what reads
the message for a decision (the cue pre-filter, the parser) reads its prose.
"""

from __future__ import annotations

import re

_FENCED = re.compile(r"^[ \t]*(```|~~~).*?(^[ \t]*\1[^\n]*$|\Z)", re.DOTALL | re.MULTILINE)
"""A fenced block of code, to its closing fence or the end of the text (a message cut short
may leave one open)."""


def prose(text: str) -> str:
    """``text`` with each fenced block (```` ``` ```` or ``~~~`` at a line's start) blanked to
    spaces, newlines kept: every character keeps its offset, so a span found in the prose
    indexes the text itself."""
    if "```" not in text and "~~~" not in text:
        return text
    return _FENCED.sub(lambda block: re.sub(r"[^\n]", " ", block.group(0)), text)
