"""Minutes kept as hand-written markdown (the W3C TAG's ``meetings`` repository).

No tool wrote these, so the reader is lenient: ``Name: text`` lines are speech (also
``**Name:**``, and ``> **nick** text`` for pasted IRC), ``...`` lines continue the previous
speaker, headings (``#``, setext ``===``/``---``, ``*Topic*: …``) are topics, and other prose
after the first speech line is kept as a message with no speaker (the scribe's summary). Lines
before the first speech line (title, date, attendees, the agenda's bullet list) are header.
Markdown links are flattened to "text (url)" as in the shared data.
"""

from __future__ import annotations

import re

from nlp.evaluation.w3c_build.html_blocks import repair_mojibake
from nlp.evaluation.w3c_build.model import Item

_ATX = re.compile(r"^\s{0,3}#{1,6}\s+(?P<text>.*?)\s*#*\s*$")
_SETEXT = re.compile(r"^\s{0,3}(?:=+|-{3,})\s*$")
_RULE = re.compile(r"^\s*(?:[-*_]\s*){3,}$")
_IRC = re.compile(r"^\s*>\s*\*\*(?P<who>[^*]{1,40})\*\*\s+(?P<text>.*)$")
_SPEAKER = re.compile(
    r"^\s*(?:[-*]\s+)?(?:\*\*|__)?(?P<who>[A-Za-z\u00c0-\u017f][\w\u00c0-\u017f.'’ ()\[\]&/-]{0,38}?)\s*(?:\*\*|__)?\s*:(?:\*\*|__)?\s+(?P<text>\S.*)$"
)
_CONTINUATION = re.compile(r"^\s*(?:\.\.\.|…)\s*(?P<text>.*)$")
_NOT_A_NAME = re.compile(
    r"^(?:https?|mailto|note|notes|example|e\.g|i\.e|re|fyi|update|q|a|step \d+|tl;?dr|summary|background|context|"
    r"question|answer|proposal|proposed|proposed resolution|resolution|resolved|action|issue|topic|sub-?topic|decision|"
    r"outcome|conclusion|consensus|result|status|todo|next steps?|pr|see|ref|link|links|spec|explainer|repo|"
    r"present|regrets|scribe|scribes|chair|chairs|agenda|guests?|invited guests|special guests|date|time|location|issues?|"
    r"minutes|attendees|absent|call|dial-in|irc|zoom|webex)$",
    re.I,
)
_LINK = re.compile(r"!?\[(?P<text>[^\]]*)\]\((?P<url>[^)\s]+)(?:\s+\"[^\"]*\")?\)")
_HEADER_TITLES = re.compile(r"^(?:agenda|call agenda|contents|minutes|attendees|present|regrets|notes)\s*:?$", re.I)


def read_scribed_markdown(text: str) -> tuple[list[Item], str]:
    """The items of a markdown minutes file in order, and its title (its first heading)."""
    lines = [repair_mojibake(line) for line in text.splitlines()]
    items: list[Item] = []
    title = ""
    started = False
    for index, raw in enumerate(lines):
        number = index + 1
        heading = _heading(lines, index)
        if heading is not None:
            if not title:
                title = flatten_links(heading)
            elif not _HEADER_TITLES.match(heading) and not _is_date(heading):
                items.append(Item("topic", None, flatten_links(heading), number))
            continue
        if not raw.strip() or _SETEXT.match(raw) or _RULE.match(raw):
            continue
        item = _line_item(raw, number, started)
        if item is None:
            continue
        started = started or item.kind == "message" and bool(item.speaker)
        items.append(item)
    return items, title


def _heading(lines: list[str], index: int) -> str | None:
    raw = lines[index]
    if match := _ATX.match(raw):
        return match["text"].strip("*_ ")
    following = lines[index + 1] if index + 1 < len(lines) else ""
    if raw.strip() and re.match(r"^\s{0,3}=+\s*$", following):
        return raw.strip().strip("*_ ")
    if raw.strip() and re.match(r"^\s{0,3}-{3,}\s*$", following) and not _SPEAKER.match(raw):
        return raw.strip().strip("*_ ")
    return None


def _line_item(raw: str, number: int, started: bool) -> Item | None:
    if match := _CONTINUATION.match(raw):
        return Item("continuation", None, flatten_links(match["text"]), number) if match["text"].strip() else None
    if match := _IRC.match(raw):
        return Item("message", match["who"].strip(), flatten_links(match["text"]), number)
    match = _SPEAKER.match(raw)
    if match and not _NOT_A_NAME.match(match["who"].strip()):
        return Item("message", match["who"].strip(), flatten_links(match["text"]), number)
    text = flatten_links(raw.strip())
    if not started:
        # Header: title, attendees, the agenda's bullets. Only markers and topics count here.
        return Item("message", "", text, number) if _marker_like(text) else None
    return Item("message", "", re.sub(r"^(?:>\s*|[-*+]\s+|\d+\.\s+)", "", text), number)


def _marker_like(text: str) -> bool:
    return bool(re.match(r"^[\s>*_`\[#]*(?:resolution|resolved|proposal|proposed|topic)\b", text, re.I))


def _is_date(heading: str) -> bool:
    return bool(re.search(r"\b(?:19|20)\d\d\b", heading)) and len(heading.split()) <= 6 and not re.search(r"[a-z]{4,}\s+[a-z]{4,}", heading)


def flatten_links(text: str) -> str:
    """"[text](url)" → "text (url)" ("url" when the text is the url), and no bold markers."""

    def one(match: re.Match[str]) -> str:
        label, url = match["text"].strip(), match["url"]
        return url if not label or label == url else f"{label} ({url})"

    return _LINK.sub(one, text).replace("**", "").replace("__", "")
