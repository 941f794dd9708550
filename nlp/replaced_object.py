"""What a replacing cue replaces: the words it takes as its object.

"Let's go with Redis and drop Memcached" replaces Memcached, not Redis: a cue such as
"drop", "instead of", "replace" or "migrate away from" names what it replaces after it (or,
in the passive, "Memcached is dropped", before it). A later decision supersedes an earlier
one only when what it replaces is something the earlier one chose; "switch to", "move to",
"in favour of" name the new thing instead, and leave what they replace unsaid.
"""

from __future__ import annotations

import re

_TAKES_OBJECT = re.compile(
    r"^(instead of|rather than|(switch|migrat|mov)\w*\s+(from|off|away)|replac\w*|no longer|drop\w*|deprecat\w*|"
    r"abandon\w*|revert\w*|undo|supersed\w*|retir\w*|phas\w* out)$",
    re.IGNORECASE,
)
"""Cues whose object is what is replaced (the rest, "switch to", "in favour of", name the new thing)."""
_LEAD = re.compile(
    r"^\s*(?:(?:support\s+for|use\s+of|away\s+from|from|off|of|using|use|the|our|a|an|all|any)\s+)*", re.IGNORECASE,
)
_BOUNDARY = re.compile(
    r"[,;:.!?()]|\b(?:and|but|or|with|for|by|to|into|in\s+favou?r\s+of|so|because|since|as|then|while|which|that|"
    r"instead|now|once|until|unless|if|when)\b",
    re.IGNORECASE,
)
_AUXILIARY = re.compile(
    r"(?:\s+(?:is|are|was|were|be|been|being|will|would|should|must|can|get|gets|got|has|have|had|now|also|then|to))+\s*$",
    re.IGNORECASE,
)
_BE = re.compile(r"\b(?:is|are|was|were|be|been|being)\s*$", re.IGNORECASE)
_WORDS = 6
"""An object longer than this is a clause, not a thing: only its first words are read."""


def replaced_object(text: str, cue: re.Match[str]) -> str | None:
    """The words naming what ``cue`` (a match in ``text``) replaces, or None when the cue
    names the new thing ("switch to MySQL") or what it replaces is not said."""
    if not _TAKES_OBJECT.match(cue.group(0).strip()):
        return None
    after = text[cue.end():]
    lead = _LEAD.match(after)
    after = after[lead.end() if lead else 0:]
    words = _clause(after)
    participle = cue.group(0).lower().endswith(("ed", "out")) or (cue.group(0).lower() == "no longer" and _participle(words))
    passive = participle and (
        not words or re.match(r"\s*by\b", after, re.IGNORECASE) is not None or _BE.search(text[: cue.start()]) is not None
    )
    if passive or (cue.group(0).lower() == "no longer" and _participle(words)):
        before = _AUXILIARY.sub("", text[: cue.start()])
        parts = _BOUNDARY.split(before)
        last = parts[-1] if parts else ""
        words = " ".join((last or "").split()[-_WORDS:])
    return words or None


def _clause(text: str) -> str:
    boundary = _BOUNDARY.search(text)
    return " ".join(text[: boundary.start() if boundary else len(text)].split()[:_WORDS])


def _participle(words: str) -> bool:
    """The words start with a verb's participle ("needed", "be required"): what "no longer"
    is about then comes before it. A name that ends so ("Memcached") is not one."""
    rest = [w for w in words.split() if w.lower() not in {"be", "been"}]
    return bool(rest) and rest[0].islower() and (rest[0].endswith("ed") or rest[0] in {"in", "there", "available"})
