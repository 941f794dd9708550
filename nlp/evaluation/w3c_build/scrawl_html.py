"""Minutes rendered by the "scrawl" scribe tool (JSON-LD CG, W3C Credentials CG): ``index.html``.

The tool writes one ``<div>`` per line of the meeting, its kind in the class:
``comment`` (a speaker's line, ``<span class="name">Full Name</span>: text``),
``comment-continuation`` ("... more" by the same speaker), ``information`` (the scribe's own
note, or a URL pasted without a speaker), ``proposal``, ``resolution``, ``action``, and
``<h1 class="topic">Topic: …</h1>``. The summary at the top (``<dl>``) repeats the
resolutions and is skipped. Newer pages add a hidden "✪" permalink to each line, removed here.
"""

from __future__ import annotations

import re

from nlp.evaluation.w3c_build.html_blocks import Block, parse_blocks
from nlp.evaluation.w3c_build.model import Item

_PERMALINK = re.compile(r"\s*✪\s*$")
_MARKER_WORD = re.compile(r"^(?:PROPOSAL|RESOLUTION|ACTION)\s*:\s*", re.I)
_TOPIC_WORD = re.compile(r"^(?:sub)?topic\s*:\s*", re.I)
_UNMAPPED_SPEAKER = re.compile(r"^(?P<who>[A-Za-z][\w.()/-]{0,40}):\s+(?P<text>\S.*)$", re.S)
"""The tool writes a speaker it has no full name for as an information line "Nick_Name: text"."""
_NOT_A_SPEAKER = re.compile(
    r"^(?:https?|mailto|note|notes|see|example|agenda|topic|subtopic|scribe|scribenick|chair|present|regrets|meeting|date|"
    r"proposal|proposed|resolution|resolved|action|issue|github|pr|repository|link|summary|update|question|answer|fyi|re)$",
    re.I,
)


def read_scrawl_html(html: str) -> tuple[list[Item], str]:
    """The items of a scrawl page in order, and the page's title.

    Raises:
        ValueError: The page has none of the tool's line classes, so it is not one of its pages.
    """
    blocks, title = parse_blocks(html)
    items = [item for block in blocks if (item := _item(block)) is not None]
    if not any(b.tag == "div" and b.classes & {"comment", "information", "resolution"} for b in blocks):
        raise ValueError("no scrawl minutes lines (div.comment / div.information / div.resolution) in this page")
    headings = [b.text for b in blocks if b.tag in ("h1", "h2") and "topic" not in b.classes]
    return items, " — ".join(headings[:2]) or title


def _item(block: Block) -> Item | None:
    text = _PERMALINK.sub("", block.text)
    if block.tag in ("h1", "h2") and "topic" in block.classes:
        return Item("topic", None, _TOPIC_WORD.sub("", text), block.line)
    if block.tag != "div":
        return None
    if "comment-continuation" in block.classes:
        return Item("continuation", None, re.sub(r"^(?:\.\.\.|…)\s*", "", text), block.line)
    if "comment" in block.classes:
        speaker = block.lead or ""
        said = text[len(speaker) :].lstrip() if speaker and text.startswith(speaker) else text
        return Item("message", speaker, re.sub(r"^:\s*", "", said), block.line)
    for kind in ("proposal", "resolution", "action"):
        if kind in block.classes:
            return Item(kind, None, _MARKER_WORD.sub("", text), block.line)
    if "information" in block.classes:
        unmapped = _UNMAPPED_SPEAKER.match(text)
        if unmapped and not _NOT_A_SPEAKER.match(unmapped["who"]):
            return Item("message", unmapped["who"], unmapped["text"], block.line)
        return Item("message", "", text, block.line)
    return None
