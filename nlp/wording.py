"""Shared wording: lexicons that mark reasons, pros and cons, and sentence helpers."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from nlp.gazetteer import TECHNOLOGIES

if TYPE_CHECKING:  # annotations only: importing this module (record, search through the facade) loads no spaCy
    from spacy.tokens import Doc, Span

_FILLER = re.compile(
    r"^\W*(?:(?:(?:final )?(?:decision|decided|agreed|conclusion|outcome|resolution)\s*:|agreed|ok(?:ay)?|so|well|yes|yeah|right|alright|great|fine|then|based on (?:this|that)|"
    r"after (?:some|much) discussion|in the end|finally|i think|i guess)\W+)+",
    re.IGNORECASE,
)

TAG_OF = {canonical: tag for canonical, tag in TECHNOLOGIES.values()}
SUPPORT = re.compile(
    r"\b(gives us|simple|simpler|easy|easier|fast|faster|cheap|cheaper|safe|safer|better|worse|reliable|expertise|"
    r"proven|enough|cost|costs|costly|expensive|risk|risky|lose|loses|lack|lacks|need|needs|requires?|knows?|"
    r"scale|scales|complex|complexity|slow|slower|harder|overhead|would|survey|data|shows?|matters?|"
    r"dependency|dependencies|migration|budget|secure|security|compliance|time|speed)\b",
    re.IGNORECASE,
)
# A message in the window is parsed only if it can add something: a question, an option,
# a reason, a handle or path, a name, or a known technology.
INSTEAD = re.compile(r"\b(?:instead of|rather than|over|in favou?r of|vs\.?|versus)\s+([A-Za-z0-9][\w./+# -]{0,40}?)(?=[,.;:!?()]|\s+(?:for|because|since|as|and|but|so)\b|$)", re.IGNORECASE)
EXPLICITLY_INSTEAD = re.compile(INSTEAD.pattern.replace("|over|in favou?r of|vs\\.?|versus", ""), re.IGNORECASE)
"""``INSTEAD`` without the words that also mean something else ("go over budget", "vs. last
year"): safe to read across a whole message, not just its decision's sentence."""
NOT_THIS = re.compile(
    r"(?:,\s*not\s+(?:the\s+|a\s+|an\s+)?|\b(?:do not|don't|never|no longer)\s+(?:use|using|add|adding)\s+(?:the\s+|a\s+|an\s+)?)"
    r"([A-Za-z0-9][\w/+#-]*(?:\.\w[\w/+#-]*)*(?:\s+[\w/+#-]+(?:\.\w[\w/+#-]*)*){0,3}?)"
    r"(?=[,.;:!?()]|\s+(?:for|because|since|as|and|but|so|anymore|here)\b|$)",
    re.IGNORECASE,
)
"""An option turned down in so many words: "test the domain module, not the CLI command",
"do not use a global transaction" (how a user instructing an assistant says what lost)."""
NEGATIVE = re.compile(r"\b(but|limited|lacks?|learning curve|complex|complexity|slow|overhead|expensive|risk|hard|no need|overkill|immature|not)\b", re.IGNORECASE)
POSITIVE = re.compile(r"\b(fast|flexible|simple|easy|type safety|performance|mature|popular|scales?|powerful|streaming|good)\b", re.IGNORECASE)


def sentences_of(doc: Doc) -> list[Span]:
    """The doc's sentences, or the whole doc when nothing set sentence bounds."""
    return list(doc.sents) if doc.has_annotation("SENT_START") else [doc[:]]


def clean(text: str) -> str:
    cleaned = _FILLER.sub("", " ".join(text.split())).strip()
    cleaned = cleaned[:1].upper() + cleaned[1:] if cleaned else text.strip()
    return cleaned if len(cleaned) <= 300 else cleaned[:299].rsplit(" ", 1)[0] + "…"
