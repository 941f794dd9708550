"""The seeds' own detection rules, kept verbatim: the baselines and our pre-filter use them."""

from __future__ import annotations

import re

SEED000_KEYWORDS: tuple[str, ...] = (
    "decided", "decision:", "let's go with", "we should", "agreed", "consensus", "choosing",
    "selected", "approved", "going with", "will use", "settled on",
)
SEED001_PATTERNS: tuple[re.Pattern[str], ...] = (
    re.compile(r"we('ll| will| should| decided| agreed)", re.IGNORECASE),
    re.compile(r"let's (go with|use|implement)", re.IGNORECASE),
    re.compile(r"the (decision|plan|approach) is", re.IGNORECASE),
    re.compile(r"i('ll| will) (use|implement|go with)", re.IGNORECASE),
)
