"""QMSum/AMI meeting JSON: ``{"meeting_transcripts": [{"speaker", "content"}, ...]}``."""

from __future__ import annotations

import json
import re
from pathlib import Path

from nlp.errors import InputFormatError
from nlp.readers.common import message_id, with_content_ids
from nlp.schema import Conversation, Message

# QMSum keeps disfluency markup and tokenised punctuation; readers give plain text.
_MARKUP = re.compile(r"\{(?:disfmarker|vocalsound|gap|nonvocalsound|pause|comment)[^}]*\}")
_SPACED_PUNCT = re.compile(r" ([.,?!;:]|'(?:s|m|re|ve|ll|d|t)\b|n't\b)")


def read_qmsum(text: str, path: str, session_id: str) -> list[Message]:
    """One message per turn, markup removed, speakers kept."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputFormatError(path, f"not valid JSON ({exc.msg})", exc.lineno) from exc
    turns = data.get("meeting_transcripts", data.get("transcript")) if isinstance(data, dict) else None
    if not isinstance(turns, list):
        raise InputFormatError(path, "a QMSum meeting has a `meeting_transcripts` list")
    return qmsum_messages(turns, path, session_id)


def qmsum_messages(turns: list[object], path: str, session_id: str) -> list[Message]:
    """Messages from a list of ``{speaker, content}`` turns (QMSum's or this project's data files)."""
    messages: list[Message] = []
    for index, turn in enumerate(turns):
        if not isinstance(turn, dict) or not isinstance(turn.get("content"), str):
            raise InputFormatError(path, f"turn {index} needs a string `content`")
        content = clean_qmsum_text(turn["content"])
        if not content:
            continue
        seq = len(messages)
        speaker = turn.get("speaker")
        messages.append(
            Message(
                id=message_id(session_id, seq),
                seq=seq,
                author=speaker if isinstance(speaker, str) else None,
                content=content,
            )
        )
    return messages


def clean_qmsum_text(text: str) -> str:
    """Remove QMSum's disfluency markup and re-attach tokenised punctuation."""
    text = _MARKUP.sub(" ", text)
    text = " ".join(text.split())
    return _SPACED_PUNCT.sub(r"\1", text).strip(" ,")


def read_qmsum_meetings(path: Path, limit: int | None = None) -> list[Conversation]:
    """The meetings of a ``meetings.jsonl`` file (``{meeting_id, transcript: [{speaker, content}]}``
    per line, the shared data's format), first ``limit`` of them."""
    conversations: list[Conversation] = []
    with path.open() as lines:
        for line in lines:
            meeting = json.loads(line)
            session = meeting["meeting_id"]
            messages = with_content_ids(session, qmsum_messages(meeting["transcript"], str(path), session))
            conversations.append(Conversation(session_id=session, source_format="qmsum", messages=tuple(messages)))
            if limit is not None and len(conversations) >= limit:
                break
    return conversations
