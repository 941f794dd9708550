"""HTML minutes as a flat list of blocks: each paragraph, div or heading with its text.

Both HTML shapes read here (the scrawl tool's and scribe.perl's) put one utterance in one
block element and mark its kind with a class. Wrappers (``<div class="meeting">``) hold no
text of their own, so a block is emitted only when it has text outside its inner blocks.
``<br>`` separates the lines of a block (scribe.perl puts a speaker's "..." continuations
there). The speaker is the first inline element when nothing precedes it: ``<cite>`` in
scribe.perl, ``<span class="name">`` in scrawl, ``<b>`` in hand-edited minutes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser

BLOCK_TAGS = frozenset({"p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "li", "dt", "dd", "section", "main", "header"})
SKIPPED_TAGS = frozenset({"head", "style", "script", "nav", "title"})
"""Never text of the minutes. (Not ``audio``: some pages leave it unclosed.)"""
LEAD_TAGS = frozenset({"cite", "span", "b", "strong"})
VOID_TAGS = frozenset({"img", "wbr", "hr", "input", "meta", "link", "source", "col", "area"})
_SPACE = re.compile(r"\s+")
_BREAK = "\x00"
"""Stands for ``<br>`` while a block's text is gathered (source newlines are only spaces)."""
_INVISIBLE = re.compile("[\u200b\u200c\u200d\u2060\ufeff]")
"""Zero-width characters scribe.perl puts inside long URLs so they can wrap."""
_CONT = "\u0080-\u00bf\u2018-\u201e\u2020-\u2122\u0152\u0153\u0160\u0161\u017d\u017e\u0178\u02c6\u02dc\u0192"
_MOJIBAKE_RUN = re.compile(f"[\u00c2-\u00df][{_CONT}]|[\u00e0-\u00ef][{_CONT}]{{2}}|[\u00f0-\u00f4][{_CONT}]{{3}}")
_MOJIBAKE = re.compile("[\u00c2\u00c3\u00e2][\u0080-\u00bf\u2018-\u201e\u2020-\u2122\u0152\u0153\u0160\u0161\u017d\u017e\u0178]")


@dataclass(frozen=True)
class Block:
    """One block element with text of its own.

    Attributes:
        tag: The element name (``p``, ``div``, ``h3`` …).
        classes: Its classes, plus ``inline-<class>`` for each class of an inline element inside
            it (scribe.perl marks a resolution with ``<strong class="resolution">`` inside a ``<p>``).
        element_id: Its ``id`` (or ``name``) attribute, or "".
        line: 1-based line of its start tag.
        lines: Its text, split at ``<br>``, whitespace collapsed, empty lines dropped.
        lead: The text of the inline element it starts with, or ``None``.
    """

    tag: str
    classes: frozenset[str]
    element_id: str
    line: int
    lines: tuple[str, ...]
    lead: str | None

    @property
    def text(self) -> str:
        """The lines joined by single spaces."""
        return " ".join(self.lines)


@dataclass
class _Open:
    tag: str
    classes: set[str]
    element_id: str
    line: int
    parts: list[str]
    lead: str | None = None
    lead_depth: int = 0
    lead_parts: list[str] | None = None
    seen_text: bool = False


class _BlockParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[Block] = []
        self.title_parts: list[str] = []
        self._stack: list[_Open] = []
        self._skip: list[str] = []
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag == "title":
            self._in_title = True
        if tag in SKIPPED_TAGS:
            self._skip.append(tag)
            return
        if self._skip:
            return
        if tag == "br" and self._stack:
            self._stack[-1].parts.append(_BREAK)
            return
        classes = set(values.get("class", "").split())
        if tag in BLOCK_TAGS:
            self._stack.append(_Open(tag, classes, values.get("id") or values.get("name") or "", self.getpos()[0], []))
            return
        if not self._stack:
            return
        current = self._stack[-1]
        current.classes |= {f"inline-{c}" for c in classes}
        if tag == "a" and values.get("name"):
            current.element_id = current.element_id or values["name"]
        if tag in VOID_TAGS:
            return
        if tag in LEAD_TAGS and not current.seen_text and current.lead_parts is None:
            current.lead_parts = []
            current.lead_depth = 1
        elif current.lead_parts is not None and current.lead is None:
            current.lead_depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        if self._skip:
            if tag == self._skip[-1]:
                self._skip.pop()
            return
        if tag in BLOCK_TAGS:
            for depth in range(len(self._stack) - 1, -1, -1):
                if self._stack[depth].tag == tag:
                    for closed in reversed(self._stack[depth:]):
                        self._emit(closed)
                    del self._stack[depth:]
                    break
            return
        if self._stack:
            current = self._stack[-1]
            if current.lead_parts is not None and current.lead is None:
                current.lead_depth -= 1
                if current.lead_depth == 0:
                    current.lead = _clean("".join(current.lead_parts))

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title_parts.append(data)
        if self._skip or not self._stack:
            return
        current = self._stack[-1]
        current.parts.append(data)
        if current.lead_parts is not None and current.lead is None:
            current.lead_parts.append(data)
        if data.strip():
            current.seen_text = True

    def _emit(self, block: _Open) -> None:
        lines = tuple(line for line in (_clean(part) for part in "".join(block.parts).split(_BREAK)) if line)
        if lines:
            self.blocks.append(Block(block.tag, frozenset(block.classes), block.element_id, block.line, lines, block.lead))

    def close(self) -> None:
        super().close()
        for left in reversed(self._stack):
            self._emit(left)
        self._stack.clear()


def _clean(text: str) -> str:
    return repair_mojibake(_SPACE.sub(" ", _INVISIBLE.sub("", text).replace("\u00a0", " ")).strip())


def repair_mojibake(text: str) -> str:
    """Undo UTF-8 read as Windows-1252 ("â€œ" → "“"), which some copied minutes carry.

    Each suspicious run is re-decoded on its own and kept only if it decodes cleanly, so a
    run with a lost byte stays as it is and text that merely contains "Ã" is untouched.
    """
    if not _MOJIBAKE.search(text):
        return text
    return _MOJIBAKE_RUN.sub(_redecode, text)


def _redecode(match: re.Match[str]) -> str:
    run = match.group(0)
    try:
        raw = bytes(_cp1252_byte(char) for char in run)
        return raw.decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return run


def _cp1252_byte(char: str) -> int:
    try:
        return char.encode("cp1252")[0]
    except UnicodeEncodeError:
        if ord(char) < 256:  # the five bytes cp1252 leaves undefined pass through as C1 controls
            return ord(char)
        raise ValueError(char) from None


def parse_blocks(html: str) -> tuple[list[Block], str]:
    """The blocks of an HTML document in order, and its ``<title>`` text."""
    parser = _BlockParser()
    parser.feed(html)
    parser.close()
    return parser.blocks, _clean("".join(parser.title_parts))
