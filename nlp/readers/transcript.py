"""Plain transcripts: ``Speaker: text`` lines, optionally ``[time] Speaker: text``; a line that
records what the group did (``RESOLVED: ...``, ``Decision: ...``) is a message without author."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from nlp.errors import InputFormatError
from nlp.readers import label_words
from nlp.readers.common import message_id, parse_timestamp
from nlp.readers.speaker_names import is_transcript_speaker
from nlp.schema import Message

_LINE = re.compile(r"^\s*(?:\[(?P<ts>[^\]]{1,40})\]\s*)?(?P<speaker>[^\s:][^:]{0,39}?)\s*:\s+(?P<text>\S.*)$")
"""A candidate speaker line: up to 40 characters before the first colon, which a space
follows; ``is_transcript_speaker`` decides whether those characters name someone."""
# Words that head a line like a speaker but label its content instead ("Note: ...").
_LABELS = frozenset(
    {
        "note", "notes", "summary", "agenda", "context", "rationale", "update",
        "re", "subject", "topic", "question", "answer", "status", "consequences", "tl;dr", "ps",
        "http", "https",
    }
) | label_words.LABELS
# Labels of a record the group made ("RESOLVED: ...", "Decision: ...", "PROPOSAL: ..."): a
# scribe's line, nobody's words, so it is a message of its own with no author. Appended to
# the turn before, a resolution typed after a run of "+1"s read as one more vote.
_RECORDS = frozenset(
    {
        "decision", "decisions", "decided", "resolved", "resolution", "resolutions", "agreed", "consensus",
        "proposal", "proposed", "outcome", "outcomes", "conclusion", "action", "action item", "action items",
        "todo",
    }
) | label_words.RECORDS


@dataclass
class _Turn:
    author: str
    lines: list[str]
    line: int
    timestamp: datetime | None


def read_transcript(text: str, path: str, session_id: str) -> list[Message]:
    """Messages from ``Speaker: text`` lines; other lines continue the previous message."""
    turns: list[_Turn] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        match = _LINE.match(raw)
        if match and not is_transcript_speaker(match.group("speaker").strip()):
            match = None
        speaker = match.group("speaker").strip() if match else ""
        if match and speaker.lower() in _RECORDS:
            record = f"{speaker}: {match.group('text').strip()}"
            turns.append(_Turn("", [record], number, parse_timestamp(match.group("ts"))))
        elif match and speaker.lower() not in _LABELS:
            turns.append(_Turn(speaker, [match.group("text").strip()], number, parse_timestamp(match.group("ts"))))
        elif turns:
            turns[-1].lines.append(raw.strip())
        else:
            raise InputFormatError(path, "expected a `Speaker: text` line (or choose another --format)", number)
    return [
        Message(
            id=message_id(session_id, seq),
            seq=seq,
            author=turn.author or None,
            content="\n".join(turn.lines),
            line=turn.line,
            timestamp=turn.timestamp,
        )
        for seq, turn in enumerate(turns)
    ]
