"""What the coding-assistant session readers share: the session they return, lines read one
at a time, JSON lines parsed with errors that name the line, tool text kept short, and the
paths an ``apply_patch`` touches."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime

from nlp.errors import InputFormatError
from nlp.schema import Message

TOOL_TEXT_LIMIT = 2000
"""Characters of a tool call or tool output kept per message. Tool output (file contents,
test logs) is most of a large session's bytes and none of its talk; the start says what ran,
and the rest would only bloat the graph."""


@dataclass(frozen=True)
class SessionLog:
    """One coding-assistant session as read from its file.

    Attributes:
        messages: Its messages in order (ids, roles, files; ``seq`` from 0).
        cwd: The working directory it states, if any.
        git_branch: The git branch it states, if any.
        started_at: Its first timestamp, if any.
        ended_at: Its last timestamp, if any.
        title: The title it gives itself (a summary line, a heading), if any.
        started_from: Where ``started_at`` was read: the session's own times, or its file
            name when the file states none (SpecStory's ``2025-02-19_09-30-<title>.md``).
    """

    messages: list[Message]
    cwd: str | None = None
    git_branch: str | None = None
    started_at: datetime | None = None
    ended_at: datetime | None = None
    title: str | None = None
    started_from: str = "session"


def numbered_lines(text: str) -> Iterator[tuple[int, str]]:
    """``(1-based line number, line)`` for each line, without building a list of them all."""
    start = 0
    number = 1
    size = len(text)
    while start < size:
        end = text.find("\n", start)
        if end == -1:
            end = size
        yield number, text[start:end].rstrip("\r")
        start = end + 1
        number += 1


def json_lines(text: str, path: str) -> Iterator[tuple[int, dict[str, object]]]:
    """Each non-blank line parsed as a JSON object, one at a time.

    Raises:
        InputFormatError: A line is not valid JSON (a truncated last line, say) or not an
            object, naming the file and line.
    """
    for number, raw in numbered_lines(text):
        if not raw.strip():
            continue
        try:
            item = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise InputFormatError(path, f"not valid JSON ({exc.msg} at column {exc.colno}); "
                                         "a session still being written may end in a cut line", number) from exc
        if not isinstance(item, dict):
            raise InputFormatError(path, "each line must be a JSON object", number)
        yield number, item


def tool_text(text: str) -> str:
    """``text`` cut to ``TOOL_TEXT_LIMIT`` characters, saying how much was left out."""
    if len(text) <= TOOL_TEXT_LIMIT:
        return text
    return f"{text[:TOOL_TEXT_LIMIT]}\n… [{len(text) - TOOL_TEXT_LIMIT} characters left out]"


_PATCH_FILE = re.compile(r"^\*\*\* (?:Add|Update|Delete) File: (.+?)\s*$|^\*\*\* Move to: (.+?)\s*$", re.MULTILINE)


def patch_files(patch: str) -> tuple[str, ...]:
    """The paths an ``apply_patch`` envelope adds, updates, deletes or moves to, in order."""
    found = [m.group(1) or m.group(2) for m in _PATCH_FILE.finditer(patch)]
    return tuple(dict.fromkeys(found))


def as_str(value: object) -> str | None:
    """``value`` if it is a non-empty string, else None."""
    return value if isinstance(value, str) and value else None


def major_version(version: str | None) -> int | None:
    """The leading number of a version string such as ``2.0.74`` or ``v0.46.0``."""
    match = re.match(r"v?(\d+)", version or "")
    return int(match.group(1)) if match else None
