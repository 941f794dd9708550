"""Read conversations from files: transcripts, chat JSONL, Slack, QMSum, Markdown notes."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from nlp.errors import InputFormatError
from nlp.readers.chat_jsonl import read_chat_jsonl
from nlp.readers.common import decode_text
from nlp.readers.markdown_notes import read_markdown_notes
from nlp.readers.qmsum import read_qmsum
from nlp.readers.slack import read_slack
from nlp.readers.transcript import read_transcript
from nlp.schema import Conversation, Message

Reader = Callable[[str, str, str], list[Message]]

READERS: dict[str, Reader] = {
    "transcript": read_transcript,
    "chat-jsonl": read_chat_jsonl,
    "slack": read_slack,
    "qmsum": read_qmsum,
    "markdown": read_markdown_notes,
}
FORMATS = ("auto", *READERS)


def read_conversation(path: Path, fmt: str = "auto", session_id: str | None = None) -> Conversation:
    """Read one file as a conversation.

    Args:
        path: The file.
        fmt: One of ``FORMATS``; ``auto`` decides from the extension and content.
        session_id: The session's id; by default the file name without extension.

    Raises:
        InputFormatError: Unknown format, unreadable file, or malformed content
            (naming the file and line); nothing partial is returned.
    """
    shown = str(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputFormatError(shown, f"cannot be read ({exc.strerror or exc})") from exc
    text = decode_text(data, shown)
    chosen = detect_format(path, text) if fmt == "auto" else fmt
    reader = READERS.get(chosen)
    if reader is None:
        raise InputFormatError(shown, f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    session = session_id or path.stem
    messages = reader(text, shown, session)
    if not messages:
        raise InputFormatError(shown, f"holds no messages (read as {chosen})")
    title = path.stem if chosen != "markdown" else _first_heading(text) or path.stem
    return Conversation(session_id=session, source_format=chosen, path=shown, title=title, messages=tuple(messages))


def detect_format(path: Path, text: str) -> str:
    """Guess the format from the extension, then from the content."""
    suffix = path.suffix.lower()
    if suffix == ".jsonl":
        return "chat-jsonl"
    if suffix in {".md", ".markdown"}:
        return "markdown"
    if suffix == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputFormatError(str(path), f"not valid JSON ({exc.msg})", exc.lineno) from exc
        if isinstance(data, dict) and ("meeting_transcripts" in data or "transcript" in data):
            return "qmsum"
        return "slack"
    first = text.lstrip()[:1]
    if first == "{":
        return "chat-jsonl"
    return "transcript"


def _first_heading(text: str) -> str | None:
    for line in text.splitlines():
        if line.startswith("# "):
            return line[2:].strip() or None
    return None
