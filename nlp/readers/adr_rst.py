"""ADRs written in reStructuredText (Open edX and other Sphinx-documented projects keep
``docs/decisions/0001-….rst``), read as the markdown the ADR reader knows.

Only what an ADR uses is translated: section titles (underlined, or over- and underlined),
inline literals, hyperlinks and roles, and directive or comment lines. Everything else
(paragraphs, bullets, indented blocks) is the same in both.
"""

from __future__ import annotations

import re

_ADORNMENT = re.compile(r"^([=\-~^\"'`#*+:._])\1{2,}\s*$")
_LITERAL = re.compile(r"``([^`\n]+?)``")
_HYPERLINK = re.compile(r"`([^`<\n]+?)\s*<([^>\n]+)>`__?")
_ROLE = re.compile(r":[\w:.-]+:`([^`<\n]+?)(?:\s*<[^>\n]+>)?`")
_REFERENCE = re.compile(r"`([^`\n]+)`_{1,2}")
_DIRECTIVE = re.compile(r"^\s*\.\.(?:\s+[\w:-]+::.*|\s+_[^:]+:.*|\s*\|.*|\s+\[.*|\s*)$")
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
        if _DIRECTIVE.match(line):
            i += 1
            continue
        field = _FIELD.match(line)
        out.append(f"{field.group(1)}: {_inline(field.group(2))}" if field else _inline(line.rstrip(":") + ":" if line.rstrip().endswith("::") else line))
        i += 1
    return "\n".join(out) + "\n"


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
