"""Aider chat histories: ``.aider.chat.history.md``.

Aider appends every session to one file: a ``# aider chat started at <time>`` heading, then
``#### `` lines for what the user typed, ``> `` lines for aider's own output (commands, "Applied
edit to …", commits), and the assistant's replies as plain Markdown between them. Replies
change files through edit blocks: a file name, then a fence holding ``<<<<<<< SEARCH`` …
``=======`` … ``>>>>>>> REPLACE``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime

from nlp.readers.common import message_id, parse_timestamp
from nlp.readers.session_log import SessionLog, numbered_lines, tool_text
from nlp.schema import TOOL_ROLE, Message

_STARTED = re.compile(r"^# aider chat started at (.+?)\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_EDIT_OPEN = re.compile(r"^<{5,9} (?:SEARCH|ORIGINAL)\s*$")
_UDIFF_TO = re.compile(r"^\+\+\+ (?:b/)?(\S+)")
_APPLIED = re.compile(r"^Applied edit to (.+?)\s*$")
_PATH_LIKE = re.compile(r"^[\w./\\@+~-]*[\w-][./\\][\w./\\@+~-]*$|^[\w-]+$")
_CONFIRM_ANSWER = re.compile(r"\(Y\)es/\(N\)o\b.*\[(?:Yes|No)\]:[^\[\]]{0,30}$")
"""A user's answer to one of aider's yes/no questions ("Add file to the chat? (Y)es/(N)o/(A)ll/…
[Yes]: all"): aider writes it as a ``#### `` line, as if typed to the model, but it answers
the tool, not the conversation."""


@dataclass
class _Block:
    role: str
    line: int
    lines: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    closed: bool = False
    """Whether later lines start a block of their own (an edit block is one message)."""


def read_aider(text: str, path: str, session_id: str) -> SessionLog:
    """Every session in the file as one conversation: user lines, assistant replies (their
    prose apart from their edit blocks), and aider's output and the edit blocks as ``tool``
    messages that name the files they changed.

    Each message carries the time its session started: aider writes no other time.
    """
    blocks: list[_Block] = []
    current: _Block | None = None
    started: datetime | None = None
    times: list[datetime | None] = []
    first = last = None
    lines = numbered_lines(text)
    for number, line in lines:
        heading = _STARTED.match(line)
        if heading:
            started = parse_timestamp(heading.group(1))
            first = first or started
            last = started or last
            current = None
            continue
        # Aider ends its lines with two spaces (a Markdown line break): not part of the text.
        line = line.rstrip()
        if line.startswith("#### ") or line == "####":
            body = line[5:]
            role = TOOL_ROLE if _CONFIRM_ANSWER.search(body) else "user"
        elif line.startswith(">"):
            role = TOOL_ROLE
            body = line[2:] if line.startswith("> ") else line[1:]
        elif current is not None and current.role != "assistant" and not current.closed and not line.strip():
            current.lines.append("")
            continue
        else:
            if _FENCE.match(line):
                current = _edit_or_reply(blocks, current, times, started, number, line, lines)
                continue
            role, body = "assistant", line
        if current is None or current.role != role or current.closed:
            current = _Block(role, number)
            blocks.append(current)
            times.append(started)
        current.lines.append(body)
        if role == TOOL_ROLE and (applied := _APPLIED.match(body)):
            current.files.append(applied.group(1))
    messages: list[Message] = []
    for block, when in zip(blocks, times, strict=True):
        content = "\n".join(block.lines).strip()
        if not content:
            continue
        seq = len(messages)
        messages.append(Message(
            id=message_id(session_id, seq), seq=seq, author=None if block.role == TOOL_ROLE else block.role,
            role=block.role, content=tool_text(content) if block.role == TOOL_ROLE else content,
            timestamp=when, line=block.line, files=tuple(dict.fromkeys(block.files)),
        ))
    return SessionLog(messages, started_at=first, ended_at=last)


def _edit_or_reply(
    blocks: list[_Block], current: _Block | None, times: list[datetime | None], started: datetime | None,
    number: int, opening: str, lines: Iterator[tuple[int, str]],
) -> _Block:
    """Read a fenced block of a reply. An edit block becomes a ``tool`` message naming its
    file (the line before the fence, or the first line inside it); any other fence stays
    in the reply. Returns the block that later reply lines go to."""
    body = [opening]
    for _, line in lines:
        body.append(line)
        if _FENCE.match(line) and len(body) > 1:
            break
    inner = body[1:-1]
    # aider's udiff edit format: a diff fence naming each file on a "+++ path" line.
    patched = [m.group(1) for line in inner if (m := _UDIFF_TO.match(line)) and m.group(1) != "/dev/null"]
    if not patched and not any(_EDIT_OPEN.match(line) for line in inner):
        if current is None or current.role != "assistant" or current.closed:
            current = _Block("assistant", number)
            blocks.append(current)
            times.append(started)
        current.lines += body
        return current
    if patched:
        edit = _Block(TOOL_ROLE, number, ["edit", *body], list(dict.fromkeys(patched)), closed=True)
        blocks.append(edit)
        times.append(started)
        return edit
    name: str | None = None
    if inner and _PATH_LIKE.match(inner[0].strip()) and not _EDIT_OPEN.match(inner[0]):
        name = inner[0].strip()
    elif current is not None and current.role == "assistant" and current.lines and _PATH_LIKE.match(current.lines[-1].strip()):
        name = current.lines.pop().strip()
    edit = _Block(TOOL_ROLE, number, [f"edit {name or ''}".rstrip(), *body], [name] if name else [], closed=True)
    blocks.append(edit)
    times.append(started)
    return edit
