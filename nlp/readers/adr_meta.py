"""What an ADR says about itself: status, date and people, from YAML front matter, a
metadata table (``| Status | Accepted |``), ``- Status:`` bullets (log4brains, MADR 2),
``**Status:** Accepted`` or ``Status: Accepted`` lines before the first section, or a
``## Status`` section (Nygard / adr-tools). What the status words mean is ``adr_status``'s."""

from __future__ import annotations

import re

from nlp.readers.adr_markdown import plain
from nlp.schema import ExtractedStakeholder, handle_for

_KEYS = r"Status|Date|Decided|Decision[- ]date|Deciders|Decision[- ]makers|Consulted|Informed|Tags|Author"
_BULLET_META = re.compile(rf"^[-*]\s*(?:\*\*|__)?({_KEYS})(?:\*\*|__)?\s*:\s*(?:\*\*|__)?\s*(.+)$",
                          re.IGNORECASE | re.MULTILINE)
_LINE_META = re.compile(rf"^(?:\*\*|__)?({_KEYS})\s*(?::\s*(?:\*\*|__)|(?:\*\*|__)?\s*:)\s*(.+)$",
                        re.IGNORECASE | re.MULTILINE)
_TABLE_META = re.compile(r"^\|\s*(?:\*\*|__)?(Status|Date|Decided|Decision[- ]date|Author|Tags|Deciders)(?:\*\*|__)?\s*\|\s*(.+?)\s*\|?\s*$",
                         re.IGNORECASE | re.MULTILINE)
"""A metadata table's rows, their keys plain or bold (``| **Date** | 2025-12-12 |``)."""
_FRONT_MATTER = re.compile(r"\A---\s*\n(.*?)\n---\s*\n", re.DOTALL)
_ROLES = (("deciders", "decider"), ("decision-makers", "decider"), ("decision makers", "decider"),
          ("consulted", "consulted"), ("informed", "informed"))
_PLACEHOLDER = re.compile(
    r"^(?:\?+|tbd|tbc|todo|-+|—|–|n/?a|none|unknown|nobody|name|names|\.{2,}|…|x+|\[.*|\{.*|<.*|list\b.*|"
    r".*\beveryone\b.*|.*\binvolved in the decision\b.*)$",
    re.IGNORECASE,
)
_STATUS_LINE = re.compile(
    r"^\W*(?:super[sc]eded|supersedes|replaced|deprecated|rejected|declined|reverted|proposed|draft|in review|pending|"
    r"accepted|implemented|approved|partially|decided|adopted|discussing)\b",
    re.IGNORECASE,
)
_MODEL_WORDS = {"active": "accepted", "proposed": "proposed", "rejected": "rejected", "deprecated": "deprecated",
                "superseded": "superseded"}


def front_matter(text: str) -> dict[str, str]:
    """MADR 3/4's YAML front matter as flat strings: ``key: value`` lines, and lists
    (``[a, b]`` or ``- a`` items) joined with commas. Only the keys ADRs use need reading,
    so no YAML library is involved."""
    match = _FRONT_MATTER.match(text)
    if match is None:
        return {}
    values: dict[str, str] = {}
    key = None
    for line in match.group(1).splitlines():
        item = re.match(r"^\s+-\s+(.+)$", line)
        if item and key:
            values[key] = ", ".join(v for v in (values.get(key), item.group(1).strip().strip("\"'")) if v)
            continue
        pair = re.match(r"^([A-Za-z_-]+)\s*:\s*(.*)$", line)
        if pair:
            key = pair.group(1).lower()
            values[key] = pair.group(2).strip().strip("[]").replace('"', "").replace("'", "")
    return values


def metadata(text: str, preamble: str) -> dict[str, str]:
    """Every ``key: value`` the ADR states about itself, lower-case keys: a metadata table,
    bullets anywhere, and plain or bold lines of the preamble (the text before the first
    section: elsewhere "Status:" may be part of the design), each key as first stated;
    front matter where none of these states it."""
    found = [*_TABLE_META.findall(text), *_BULLET_META.findall(text), *_LINE_META.findall(preamble)]
    meta = {key.lower().replace(" ", "-"): value.strip() for key, value in reversed(found)}
    return {**{k: v for k, v in front_matter(text).items() if v}, **meta}


def status_statement(meta: dict[str, str], section: str) -> str:
    """The status as written: the metadata's, else the ``## Status`` section's. In a section,
    template guidance (quoted ``>`` paragraphs, ``{Proposed|Accepted}`` choices) is not a
    status, and when several paragraphs state one (adr-tools adds "Superseded by …" under
    "Accepted") the last of them is the current one; otherwise its first paragraph."""
    stated = meta.get("status", "")
    if stated:
        return "" if _is_placeholder(stated) else stated
    paragraphs = [" ".join(line.strip() for line in block.splitlines()) for block in re.split(r"\n\s*\n", section)]
    paragraphs = [p for p in paragraphs if p and not p.startswith((">", "<!--", "#")) and not _is_placeholder(p)]
    statuses = [p for p in paragraphs if _STATUS_LINE.match(plain(p))]
    if statuses:
        return statuses[-1] if not re.match(r"^\W*amended\b", statuses[-1], re.IGNORECASE) else statuses[0]
    return paragraphs[0] if paragraphs else ""


def _is_placeholder(status: str) -> bool:
    """``{Deprecated|Proposed|Accepted}`` or ``[Proposed | Accepted]``: a template's choices, not filled in."""
    return bool(re.fullmatch(r"\s*[{\[<]?[^{}\[\]<>]*\|[^{}\[\]<>]*[}\]>]?\s*", status) and "|" in status
                or re.fullmatch(r"\s*[{\[<].*[}\]>]\s*", status))


def shown_status(status_text: str, status: str) -> str | None:
    """The original words worth keeping beside the normalized status (not "Accepted" again)."""
    shown = plain(status_text)
    return shown if shown and shown.lower() != _MODEL_WORDS.get(status) else None


def stakeholders(meta: dict[str, str]) -> list[ExtractedStakeholder]:
    """Deciders (MADR's ``deciders`` or ``decision-makers``), consulted and informed people;
    a template's placeholder ("?", "TBD", "[list everyone involved]") names nobody."""
    people: dict[str, ExtractedStakeholder] = {}
    for key, role in _ROLES:
        for name in re.split(r",|;|\band\b", plain(meta.get(key, ""))):
            name = name.strip().strip(".")
            if name and len(name) <= 60 and not _PLACEHOLDER.match(name):
                handle = handle_for(name)
                people.setdefault(handle, ExtractedStakeholder(handle=handle, name=name, role=role))
    return list(people.values())
