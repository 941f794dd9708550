"""Link decisions to code and features from the text (seed 000 ``file_mention``)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from nlp.language import PATH_PATTERN

_PATH = re.compile(rf"(?<![\w/:@.-])(?:{PATH_PATTERN})(?![\w/-])")
_URL = re.compile(r"\b[a-z][a-z0-9+.-]*://\S+", re.IGNORECASE)
_TICKET = re.compile(r"\b[A-Z][A-Z0-9]{1,9}-\d{1,6}\b")
_FEATURE = re.compile(r"\b(?:feature|epic)\s+(?:\"([^\"]{2,60})\"|'([^']{2,60})'|([A-Z][\w-]{1,40}))", re.IGNORECASE)
# "e.g." and "i.e." look like file names with odd extensions; versions like "v1.2" do not match.
_NOT_FILES = frozenset({"e.g", "i.e", "etc", "vs"})


def file_mentions(texts: Iterable[str]) -> list[str]:
    """Repository paths mentioned in ``texts``: files with known extensions and ``dir/`` paths.

    URLs are ignored; order of first mention is kept; duplicates are dropped.
    """
    found: dict[str, None] = {}
    for text in texts:
        for match in _PATH.finditer(_URL.sub(" ", text)):
            path = match.group(0).rstrip(".,;:")
            if path.lower() in _NOT_FILES or path.startswith("//") or len(path) < 3:
                continue
            found.setdefault(path.removeprefix("./"), None)
    return list(found)


def feature_mentions(texts: Iterable[str]) -> list[str]:
    """Ticket keys (``PLAT-42``) and ``feature X`` / ``epic "Y"`` mentions, in order."""
    found: dict[str, None] = {}
    for text in texts:
        for match in _TICKET.finditer(text):
            found.setdefault(match.group(0), None)
        for match in _FEATURE.finditer(text):
            name = next(group for group in match.groups() if group)
            found.setdefault(name, None)
    return list(found)
