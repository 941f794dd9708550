"""ADRs written in reStructuredText (Open edX and other Sphinx-documented projects keep
``docs/decisions/0001-….rst``), read as the markdown the ADR reader knows.

Only what an ADR uses is translated: section titles (underlined, or over- and underlined),
inline literals, hyperlinks and roles, literal-block markers (``Example::``), and explicit
markup: directives, targets and comments are dropped with the lines indented under them
(a directive's options and body, a comment's continuation). Everything else (paragraphs,
bullets, indented blocks) is the same in both.
"""

from __future__ import annotations

import re

_ADORNMENT = re.compile(r"^([=\-~^\"'`#*+:._])\1{2,}\s*$")
_LITERAL = re.compile(r"``([^`\n]+?)``")
_HYPERLINK = re.compile(r"`([^`<\n]+?)\s*<([^>\n]+)>`__?")
_ROLE = re.compile(r":[\w:.-]+:`([^`<\n]+?)(?:\s*<[^>\n]+>)?`")
_REFERENCE = re.compile(r"`([^`\n]+)`_{1,2}")
_EXPLICIT = re.compile(r"^(\s*)\.\.(?:\s|$)")
"""``..`` and a space or the line's end: a directive, target, substitution, footnote, or
else a comment. None of them is the ADR's prose."""
_FIELD = re.compile(r"^:(\w[\w ]*):\s+(.*)$")


def markdown_of_rst(text: str) -> str:
    """``text`` with its section titles as markdown headings and its inline markup as
    markdown's. The first title is the ADR's title (``#``); the other title styles get
    ``##``, ``###`` … in the order they first appear, as reStructuredText ranks them (a
    file may underline its title and its sections alike)."""
    lines = text.splitlines()
    out: list[str] = []
    styles: list[tuple[str, bool]] = []
    titled = False
    i = 0
    while i < len(lines):
        line = lines[i]
        heading = _heading_at(lines, i)
        if heading is not None:
            title, style, width = heading
            if not titled:
                titled = True
                level = 1
            else:
                if style not in styles:
                    styles.append(style)
                level = styles.index(style) + 2
            out += ["#" * level + " " + _inline(title), ""]
            i += width
            continue
        if explicit := _EXPLICIT.match(line):
            i = _after_explicit(lines, i, len(explicit.group(1)))
            continue
        field = _FIELD.match(line)
        if field:
            out.append(f"{field.group(1)}: {_inline(field.group(2))}")
        elif (prose := _without_literal_marker(line)) is not None:
            out.append(_inline(prose))
        i += 1
    return "\n".join(out) + "\n"


def _after_explicit(lines: list[str], i: int, indent: int) -> int:
    """The line after the explicit markup at line ``i`` and what is indented under it
    (blank lines within it too, not those after it). A bare ``..`` followed by a blank line
    is an empty comment: the indented block after it is a quotation, not the comment's."""
    end = i + 1
    if not lines[i].strip()[2:].strip() and (end >= len(lines) or not lines[end].strip()):
        return end
    j = end
    while j < len(lines):
        if lines[j].strip():
            if len(lines[j]) - len(lines[j].lstrip()) <= indent:
                break
            end = j + 1
        j += 1
    return end


def _without_literal_marker(line: str) -> str | None:
    """``line`` with a closing ``::`` read as reStructuredText does: "Example::" is
    "Example:", "See below ::" is "See below", and a line of only ``::`` is no text (None)."""
    text = line.rstrip()
    if not text.endswith("::"):
        return line
    head = text[:-2]
    if not head.strip():
        return None
    return head.rstrip() if head[-1].isspace() else head + ":"


def _heading_at(lines: list[str], i: int) -> tuple[str, tuple[str, bool], int] | None:
    """The title at line ``i``, its style (adornment character, overlined) and how many
    lines it takes, or None. An underline shorter than its title still makes one: docutils
    only warns, and hand-written ADRs do it ("6. Freezing unused licenses …" over 22 ``=``)."""
    line = lines[i]
    over = _ADORNMENT.match(line)
    if over and i + 2 < len(lines) and lines[i + 1].strip() and (under := _ADORNMENT.match(lines[i + 2])) \
            and under.group(1) == over.group(1):
        return lines[i + 1].strip(), (over.group(1), True), 3
    if line.strip() and not over and i + 1 < len(lines) and (under := _ADORNMENT.match(lines[i + 1])) \
            and not line.startswith((" ", "\t")):
        return line.strip(), (under.group(1), False), 2
    return None


def _inline(line: str) -> str:
    line = _LITERAL.sub(r"`\1`", line)
    line = _HYPERLINK.sub(r"[\1](\2)", line)
    line = _ROLE.sub(r"`\1`", line)
    return _REFERENCE.sub(r"\1", line)
