"""Markdown meeting notes: headings are agenda items, bullets and paragraphs are messages.

Plain-text minutes number their agenda items instead ("6) PR-1547: Value Accessor", then
a paragraph, "a) Unit test: stderr suppression" for a sub-item): a numbered line standing
alone between blank lines, followed by a paragraph rather than the next item, is read as a
heading (``numbered_titles``). A numbered list, tight or loose, stays a list.

A bullet's speaker comes from a ``(SM):`` or ``Name:`` prefix, or from a bullet that is only
a speaker mark (``* (SM):`` or ``* **Alice**:``) above it: what it introduces is what that
person said, and the mark is nobody's agenda item. A bullet that only
introduces a list (``* Decisions:``) becomes part of its children's ``topic``, so the
detector sees that the children sit under a "Decisions" lead-in. So does the label of a
labelled line (``**Decision:** keep logs for 30 days``, ``RESOLVED: …``, ``Action item: …``):
it says what kind of record the line is, like a one-item lead-in, and is nobody's name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from nlp.errors import InputFormatError
from nlp.readers import label_words
from nlp.readers.common import message_id
from nlp.readers.speaker_names import is_capitals, is_initials
from nlp.schema import Message

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^(?P<indent>\s*)(?:[-*+]|\d+[.)])\s+(?P<text>.*)$")
_CHECKBOX = re.compile(r"^\[[ xX]\]\s*")
_NUMBERED_TITLE = re.compile(r"^(?:(?P<number>\d{1,2})[.)]|(?P<letter>[a-z])\))\s+(?P<title>\S.*?)\s*$")
TITLE_WORDS = 12
"""A numbered line of more words than this is an item's text, not its title."""
_NUMBER_LEVEL, _LETTER_LEVEL = 7, 8
"""Numbered titles nest below every markdown heading, lettered ones below numbered ones."""
# Speakers are marked, not guessed: "(SM): ...", "ALICE: ...", "**Alice**: ..." or "**Alice:** ...".
# A plain "Word: ..." is too often a label ("Host:", "Optional:") to count as a speaker.
# Initials and capitals are matched loosely here and checked by ``speaker_names``, which
# knows the letters, capitals and marks of every script ("(ИП):", "ÉMILIE:").
_SPEAKER = re.compile(
    r"^(?:\((?P<initials>[^\s():]{1,12})\)\s*:|(?P<caps>[^\s:*(][^\s:]{1,20})\s*:"
    r"|\*\*(?P<bold>[^*:]{1,40})(?:\*\*\s*:|:\*\*))\s+(?P<text>\S.*)$"
)
_SPEAKER_MARK = re.compile(r"^(?:\((?P<initials>[^\s():]{1,12})\)|\*\*(?P<bold>[^*:]{1,40})\*\*)\s*:$|^\*\*(?P<inner>[^*:]{1,40}):\*\*$")
"""A lead-in bullet that names who speaks in the bullets under it (not "PR:", a label)."""
_NOT_SPEAKERS = frozenset({"TODO", "NOTE", "FYI", "TL;DR", "PS", "Q", "A"})
_LABEL_WORDS = label_words.RECORDS | label_words.LABELS
"""Russian and Chinese labels, which no capitals make a name ("РЕШЕНИЕ:", "ОТВЕТ:")."""
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
    speaker: str | None = None


def read_markdown_notes(text: str, path: str, session_id: str) -> list[Message]:
    """Messages for bullets and paragraphs, in document order."""
    blocks: list[_Block] = []
    headings: list[tuple[int, str]] = []
    parents: list[tuple[int, str, str | None]] = []  # (indent, text, speaker) of the open lead-in bullets
    in_code = False
    open_block = False  # does a plain line continue the last block?
    lines = text.splitlines()
    titles = numbered_titles(lines)
    for number, raw in enumerate(lines, start=1):
        if raw.lstrip().startswith("```"):
            in_code, open_block = not in_code, False
            continue
        if in_code or not raw.strip():
            open_block = False
            continue
        heading = _HEADING.match(raw)
        if heading or number in titles:
            titled = (len(heading.group(1)), heading.group(2)) if heading else titles[number]
            if titled is None:
                continue  # the wrapped rest of a numbered title
            level, title = titled
            headings = [(lvl, t) for lvl, t in headings if lvl < level] + [(level, title)]
            parents, open_block = [], False
            continue
        topic = " > ".join(title for _, title in headings) or None
        bullet = _BULLET.match(raw)
        if bullet:
            indent = len(bullet.group("indent").expandtabs(4))
            body = _CHECKBOX.sub("", bullet.group("text").strip())
            parents = [parent for parent in parents if parent[0] < indent]
            if body.endswith(":") and len(body) <= 60:
                who = _marked_speaker(body)
                parents.append((indent, body, who.strip() if who else None))
                open_block = False
                continue
            lead = " > ".join(text for _, text, who in parents if who is None)
            speakers = [who for _, _, who in parents if who is not None]
            blocks.append(_Block(
                [body], number, " > ".join(p for p in (topic, lead) if p) or None, speakers[-1] if speakers else None
            ))
        elif open_block:
            blocks[-1].text.append(raw.strip())
        else:
            blocks.append(_Block([raw.strip()], number, topic))
        open_block = True
    messages: list[Message] = []
    for block in blocks:
        content = " ".join(block.text).strip()
        author = block.speaker
        topic = block.topic
        labelled = _LABEL.match(content)
        speaker = None if labelled else _SPEAKER.match(content)
        name = speaker and _speaker_name(speaker)
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


def _speaker_name(found: re.Match[str]) -> str | None:
    """The name a ``_SPEAKER`` match marks, if its initials or capitals are a name's."""
    if (initials := found.group("initials")) is not None:
        return initials if is_initials(initials) else None
    if (caps := found.group("caps")) is not None:
        # "РЕШЕНИЕ:" labels its line as "DECISION:" does (which ``_LABEL`` reads before this).
        return caps if is_capitals(caps) and caps.lower() not in _LABEL_WORDS else None
    return found.group("bold")


def _marked_speaker(body: str) -> str | None:
    """Who a bullet that is only a speaker mark (``(SM):``, ``**Alice**:``) names."""
    mark = _SPEAKER_MARK.match(body)
    if mark is None:
        return None
    initials = mark.group("initials")
    if initials is not None:
        return initials if is_initials(initials) else None
    return mark.group("bold") or mark.group("inner")


def numbered_titles(lines: list[str]) -> dict[int, tuple[int, str] | None]:
    """Line number (1-based) -> (level, title) of the first line of every numbered title, and
    -> None for the indented lines a long title wraps onto.

    Such a title starts at the margin, has a blank line on each side, is short and does not end
    a sentence, and is followed by text of its own (a paragraph or a bullet), not by the next
    numbered item or a heading: "1) Confirm quorum" above "Quorum is present." titles it; the
    items of an agenda ("1) Confirm quorum" / "2) Secretary") do not.
    """
    titles: dict[int, tuple[int, str] | None] = {}
    for index, raw in enumerate(lines):
        found = _NUMBERED_TITLE.match(raw)
        if not found or (index > 0 and lines[index - 1].strip()):
            continue
        end = index + 1
        while end < len(lines) and lines[end].strip() and lines[end][:1].isspace():
            end += 1
        if end >= len(lines) or lines[end].strip():
            continue
        following = next((line for line in lines[end + 1 :] if line.strip()), None)
        title = " ".join([found.group("title"), *(line.strip() for line in lines[index + 1 : end])])
        if (
            following is None or following[:1].isspace() or _NUMBERED_TITLE.match(following)
            or _HEADING.match(following) or len(title.split()) > TITLE_WORDS or title.endswith((".", ":", "?"))
        ):
            continue
        titles[index + 1] = (_NUMBER_LEVEL if found.group("number") else _LETTER_LEVEL, title)
        titles.update(dict.fromkeys(range(index + 2, end + 1)))
    return titles
