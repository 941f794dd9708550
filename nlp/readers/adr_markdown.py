"""The Markdown an ADR reader needs: headings as a tree, list items with what is nested
under them, plain text, first sentences, and bullets marked good or bad."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

_FENCE = re.compile(r"^ *(```|~~~).*?^ *\1[^\n]*$", re.MULTILINE | re.DOTALL)
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$", re.MULTILINE)
_ITEM = re.compile(r"^( *)(?:[-*+]|\d{1,3}[.)])[ \t]+(.*)$")
_LINK = re.compile(r"!?\[\[?([^\]]*)\]?\]\([^)]*\)|\[([^\]]+)\]\[[^\]]*\]")
_STATEMENT_HEADING = re.compile(r"^#+\s*\W*(?:chosen|selected|decision)\b[^:]{0,30}:\s*\S", re.IGNORECASE)
_BARE_CHOICE = re.compile(r"^\W*(?:chosen|selected|preferred)\s+\w+\s*:", re.IGNORECASE)
_DANGLING = re.compile(r"\b(?:because|since|as|due\s+to)\W*$", re.IGNORECASE)
"""MADR's 'Chosen option: "X", because' with its reasons as the list below."""
_LIST_FOLLOWS = re.compile(r":[ \t]*\n(?:[ \t]*\n)*[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+\S")
_ABBREVIATION = re.compile(r"\b(?:e\.g|i\.e|etc|vs|cf|approx|incl|resp|ca|al)\.$", re.IGNORECASE)
_GOOD = ("good", "pro", "pros", "positive", "+", "`+`", "advantage", "benefit")
_BAD = ("bad", "con", "cons", "negative", "-", "`-`", "disadvantage", "drawback")
_MARKER = re.compile(
    r"^(?:(`[+-]`|[+-])\s+|(good|bad|pros?|cons?|positive|negative|advantages?|disadvantages?|benefits?|drawbacks?)"
    r"\s*(?:[,:]|(?=\s+because\b))\s*)(?:because\s+)?",
    re.IGNORECASE,
)
_LABEL = re.compile(
    r"^\s*(?:\*\*|__)?\s*(pros?|cons?|advantages?|disadvantages?|benefits?|drawbacks?|good|bad|positive|negative)"
    r"\s*(?:\*\*|__)?\s*:?\s*(?:\*\*|__)?\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Heading:
    """A heading and the span of text it owns (up to the next heading of its level or above)."""

    level: int
    title: str
    start: int
    body_start: int
    end: int


@dataclass(frozen=True)
class Item:
    """A list item: its first line and what is indented under it."""

    head: str
    body: str


def without_code(text: str) -> str:
    """``text`` with fenced code blocks and HTML comments blanked (same length and lines), so
    that a ``# comment`` in a shell block is no heading and a bullet in a template comment no option."""
    blank = lambda match: re.sub(r"[^\n]", " ", match.group(0))  # noqa: E731 - a one-use substitution
    return _COMMENT.sub(blank, _FENCE.sub(blank, text))


def headings(text: str) -> list[Heading]:
    """Every heading of ``text`` (code blocks and comments are not read), in order."""
    masked = without_code(text)
    found = [(len(m.group(1)), m.group(2), m.start(), m.end()) for m in _HEADING.finditer(masked)]
    result = []
    for index, (level, title, start, body_start) in enumerate(found):
        end = next((s for lvl, _, s, _ in found[index + 1:] if lvl <= level), len(text))
        result.append(Heading(level, title, start, body_start, end))
    return result


def own_text(text: str, heading: Heading, every: list[Heading]) -> str:
    """What ``heading`` says before its first sub-heading."""
    first_sub = next((h.start for h in every if heading.body_start <= h.start < heading.end), heading.end)
    return text[heading.body_start:first_sub]


def list_items(body: str) -> list[Item]:
    """The items at the outermost indentation of the lists in ``body``, each with the lines
    indented under it (nested items, continuation lines)."""
    lines = without_code(body).splitlines()
    raw = body.splitlines()
    marks = [(i, len(m.group(1))) for i, line in enumerate(lines) if (m := _ITEM.match(line))]
    if not marks:
        return []
    outer = min(indent for _, indent in marks)
    starts = [i for i, indent in marks if indent == outer]
    items = []
    for number, start in enumerate(starts):
        stop = starts[number + 1] if number + 1 < len(starts) else len(lines)
        end = start + 1
        while end < stop and (not lines[end].strip() or _indent(lines[end]) > outer or _continues(lines, end)):
            end += 1
        match = _ITEM.match(raw[start])
        first = start + 1  # the item's first paragraph runs on over wrapped lines
        while first < end and lines[first].strip() and not _ITEM.match(lines[first]):
            first += 1
        head = " ".join([match.group(2) if match else raw[start], *(line.strip() for line in raw[start + 1:first])])
        items.append(Item(head.strip(), "\n".join(raw[first:end]).rstrip()))
    return items


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _continues(lines: list[str], index: int) -> bool:
    """A line at the item's own indentation that is no list item and directly follows a
    non-blank line is the item's text wrapped (lazy continuation)."""
    return bool(lines[index - 1].strip()) and _ITEM.match(lines[index]) is None and not lines[index].startswith("#")


def plain(text: str) -> str:
    """Markdown as one line of text: links as their words, no emphasis, code or heading marks."""
    text = html.unescape(_COMMENT.sub(" ", text))
    text = _LINK.sub(lambda m: m.group(1) or m.group(2) or "", text)
    text = re.sub(r"\\([\\`*_{}\[\]()#+\-.!|])", r"\1", text)
    text = re.sub(r"^\s*#+\s|^\s*>\s?", " ", text, flags=re.MULTILINE)
    text = re.sub(r"(?<![\w*_])[*_]{1,3}(?=\S)|(?<=\S)[*_]{1,3}(?![\w*_])|`", "", text)
    text = text.replace("|", " ")
    return " ".join(text.split())


def sentences(text: str) -> list[str]:
    """``text`` (plain) cut into sentences; "e.g." and "i.e." do not end one."""
    parts = re.split(r"(?<=[.!?])\s+(?=[\"'“(`*_]?[A-Z0-9])", text)
    merged: list[str] = []
    for part in parts:
        if merged and _ABBREVIATION.search(merged[-1]):
            merged[-1] = f"{merged[-1]} {part}"
        else:
            merged.append(part)
    return [s.strip() for s in merged if s.strip()]


def blocks(body: str, most: int = 2) -> list[str]:
    """The first ``most`` paragraphs or list items of ``body`` as plain text, without
    headings (but for a "### Chosen Alternative: X" one, which states the decision), rules,
    images, tables, quotes of template guidance or code."""
    found: list[str] = []
    block: list[str] = []
    for line in without_code(body).splitlines() + [""]:
        stripped = line.strip()
        if not block and _STATEMENT_HEADING.match(stripped):
            found.append(plain(stripped))
        elif not stripped or stripped.startswith(("#", "|", "---", "***", "![", "<", ">")) or not plain(stripped) \
                or (block and _ITEM.match(line)):
            if block:
                found.append(plain("\n".join(block)))
                block = []
            if stripped and _ITEM.match(line) and not stripped.startswith(("#", "|", "<", ">")):
                block = [_ITEM.sub(r"\2", line)]
        else:
            block.append(_ITEM.sub(r"\2", line) if not block else stripped)
        if len(found) >= most:
            break
    return [b for b in found if b][:most]


def first_block(body: str) -> str:
    """The first paragraph or list item of ``body`` (see ``blocks``)."""
    found = blocks(body, 1)
    return found[0] if found else ""


def first_sentence(body: str, limit: int = 200) -> str:
    """The first sentence of ``body``'s first block, at most ``limit`` characters (cut at a
    word). One that only leads in ("We will:") or names the choice without a reason
    ("Chosen Alternative: Redux"), or stops at "because" with its reasons listed below, runs
    on with the next block's first sentence, so that the sentence says what or why on its own."""
    found = blocks(body, 2)
    first = sentences(found[0]) if found else []
    if not first:
        return ""
    said = first[0]
    dangling = _DANGLING.search(said) is not None
    bare = said.endswith(":") or dangling or (_BARE_CHOICE.match(said) is not None and "because" not in said.lower())
    more = sentences(re.sub(r"^[+-]\s+", "", found[1])) if len(found) > 1 else []
    if said.endswith(":") and not _LIST_FOLLOWS.search(without_code(body)):
        more = []  # "… with clear roles:" and then a diagram: what follows is no sentence of it
    if bare and len(first) == 1 and more and len(more[0].split()) >= 3:
        if dangling:
            said = f"{said.rstrip(' ,')} {_in_sentence(more[0])}"
        else:
            said = f"{said} {more[0]}" if said.endswith(":") else f"{said.rstrip('.')}. {more[0]}"
    return clip(said, limit)


_SENTENCE_OPENERS = frozenset(
    "we it they this that these those the a an our its there in as if no not all most some".split())


def _in_sentence(text: str) -> str:
    """``text`` continuing a sentence: a capitalised opening word ("We", "The") lower-cased,
    a name ("Yarn", "JBang") kept."""
    first, _, rest = text.partition(" ")
    return f"{first.lower()} {rest}".rstrip() if first.lower() in _SENTENCE_OPENERS else text


def clip(text: str, limit: int) -> str:
    """``text`` cut at a word boundary to at most ``limit`` characters."""
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0].rstrip(",;:")
    return f"{cut}…"


def is_judged(item: str) -> bool:
    """A list item marked good or bad ("Good, because …", "`-` …", "Con: …")."""
    marker = _MARKER.match(item.strip()) or _MARKER.match(plain(item))
    return marker is not None and marker.end() < len(marker.string)


def judged(body: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Points marked good or bad: MADR's "Good, because …"/"Bad, because …", "`+` …"/"`-` …",
    "Pro: …"/"Con: …", and the items under a "**Pros:**"/"**Cons:**" (or "Advantages",
    "Drawbacks", …) label line."""
    good: list[str] = []
    bad: list[str] = []
    side: list[str] | None = None
    wrapped: tuple[list[str], str] | None = None  # the point the next indented line goes on with, as said
    for line in without_code(body).splitlines():
        label = _LABEL.match(line.lstrip("-*+ #"))
        if label:
            side = good if label.group(1).lower() in _GOOD or label.group(1).lower().rstrip("s") in _GOOD else bad
            wrapped = None
            continue
        item = _ITEM.match(line)
        if item is None:
            if wrapped is not None and line.strip() and line[:1].isspace():
                # A point wrapped over several lines goes on in the lines indented under it.
                points, said = wrapped
                said = f"{said} {line.strip()}"
                points[-1] = plain(said)[:200]
                wrapped = (points, said)
                continue
            wrapped = None
            if line.strip() and not line.startswith(" "):
                side = None
            continue
        wrapped = None
        text = item.group(2).strip()
        marker = _MARKER.match(text) or _MARKER.match(plain(text))
        if marker and marker.end() < len(marker.string):
            word = (marker.group(1) or marker.group(2)).lower()
            said = marker.string[marker.end():]
            point = plain(said)[:200]
            if point and (word in _GOOD or word.rstrip("s") in _GOOD):
                good.append(point)
                wrapped = (good, said)
            elif point and (word in _BAD or word.rstrip("s") in _BAD):
                bad.append(point)
                wrapped = (bad, said)
        elif side is not None and plain(text):
            side.append(plain(text)[:200])
            wrapped = (side, text)
    return tuple(good), tuple(bad)
