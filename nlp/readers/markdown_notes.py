"""Markdown meeting notes: headings are agenda items, bullets and paragraphs are messages.

A bullet's speaker comes from a ``(SM):`` or ``Name:`` prefix. A bullet that only
introduces a list (``* Decisions:``) becomes part of its children's ``topic``, so the
detector sees that the children sit under a "Decisions" lead-in. So does the label of a
labelled line (``**Decision:** keep logs for 30 days``, ``RESOLVED: …``, ``Action item: …``):
it says what kind of record the line is, like a one-item lead-in, and is nobody's name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from nlp.errors import InputFormatError
from nlp.readers.common import message_id
from nlp.schema import Message

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^(?P<indent>\s*)(?:[-*+]|\d+[.)])\s+(?P<text>.*)$")
_CHECKBOX = re.compile(r"^\[[ xX]\]\s*")
# Speakers are marked, not guessed: "(SM): ...", "ALICE: ...", "**Alice**: ..." or "**Alice:** ...".
# A plain "Word: ..." is too often a label ("Host:", "Optional:") to count as a speaker.
_SPEAKER = re.compile(
    r"^(?:\((?P<initials>[A-Za-z]{1,6})\)\s*:|(?P<caps>[A-Z][A-Z.'-]{1,20})\s*:"
    r"|\*\*(?P<bold>[^*:]{1,40})(?:\*\*\s*:|:\*\*))\s+(?P<text>\S.*)$"
)
_NOT_SPEAKERS = frozenset({"TODO", "NOTE", "FYI", "TL;DR", "PS", "Q", "A"})
_LABEL = re.compile(
    r"^(?:\*\*|__)?(?P<label>decisions?|decided|agreed|resolved|resolutions?|outcomes?|conclusions?|consensus|"
    r"results?|actions?|action items?|todo|next steps?)(?:\*\*|__)?\s*:(?:\*\*|__)?\s+(?P<text>\S.*)$",
    re.IGNORECASE,
)


@dataclass
class _Block:
    text: list[str]
    line: int
    topic: str | None


def read_markdown_notes(text: str, path: str, session_id: str) -> list[Message]:
    """Messages for bullets and paragraphs, in document order."""
    blocks: list[_Block] = []
    headings: list[tuple[int, str]] = []
    parents: list[tuple[int, str]] = []  # (indent, text) of the open lead-in bullets
    in_code = False
    open_block = False  # does a plain line continue the last block?
    for number, raw in enumerate(text.splitlines(), start=1):
        if raw.lstrip().startswith("```"):
            in_code, open_block = not in_code, False
            continue
        if in_code or not raw.strip():
            open_block = False
            continue
        heading = _HEADING.match(raw)
        if heading:
            level = len(heading.group(1))
            headings = [(lvl, title) for lvl, title in headings if lvl < level] + [(level, heading.group(2))]
            parents, open_block = [], False
            continue
        topic = " > ".join(title for _, title in headings) or None
        bullet = _BULLET.match(raw)
        if bullet:
            indent = len(bullet.group("indent").expandtabs(4))
            body = _CHECKBOX.sub("", bullet.group("text").strip())
            parents = [(lvl, lead) for lvl, lead in parents if lvl < indent]
            if body.endswith(":") and len(body) <= 60:
                parents.append((indent, body))
                open_block = False
                continue
            lead = " > ".join(lead for _, lead in parents)
            blocks.append(_Block([body], number, " > ".join(p for p in (topic, lead) if p) or None))
        elif open_block:
            blocks[-1].text.append(raw.strip())
        else:
            blocks.append(_Block([raw.strip()], number, topic))
        open_block = True
    messages: list[Message] = []
    for block in blocks:
        content = " ".join(block.text).strip()
        author = None
        topic = block.topic
        labelled = _LABEL.match(content)
        speaker = None if labelled else _SPEAKER.match(content)
        name = speaker and (speaker.group("initials") or speaker.group("caps") or speaker.group("bold"))
        if labelled:
            topic = " > ".join(p for p in (topic, f"{labelled.group('label')}:") if p)
            content = labelled.group("text")
        elif speaker and name and name.strip() not in _NOT_SPEAKERS:
            author = name.strip()
            content = speaker.group("text")
        if not content:
            continue
        seq = len(messages)
        messages.append(
            Message(id=message_id(session_id, seq), seq=seq, author=author, content=content,
                    line=block.line, topic=topic)
        )
    if not messages:
        raise InputFormatError(path, "has no paragraphs or bullets to read")
    return messages
