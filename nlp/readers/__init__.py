"""Read conversations from files: transcripts, chat JSONL, Slack, QMSum, Markdown notes."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from nlp.errors import InputFormatError
from nlp.readers.chat_jsonl import read_chat_jsonl
from nlp.readers.common import decode_text, with_content_ids
from nlp.readers.decision_doc import is_decision_document, read_decision_document
from nlp.readers.markdown_notes import read_markdown_notes
from nlp.readers.qmsum import read_qmsum
from nlp.readers.slack import read_slack
from nlp.readers.transcript import read_transcript
from nlp.schema import Conversation, ExtractedDecision, Message

Reader = Callable[[str, str, str], list[Message]]

READERS: dict[str, Reader] = {
    "transcript": read_transcript,
    "chat-jsonl": read_chat_jsonl,
    "slack": read_slack,
    "qmsum": read_qmsum,
    "markdown": read_markdown_notes,
}
FORMATS = ("auto", *READERS, "decision-doc")


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
    return read_conversation_text(decode_text(data, shown), fmt, session_id or path.stem, path)


def read_conversation_text(text: str, fmt: str, session_id: str, path: Path | None = None) -> Conversation:
    """Read a conversation handed over as text (a GraphQL ``ingest``, a pipe).

    Args:
        text: The whole conversation.
        fmt: One of ``FORMATS``; ``auto`` decides from ``path``'s extension and the content.
        session_id: The session's id.
        path: Where the text came from, if a file: named in errors and stored as the source.

    Raises:
        InputFormatError: Unknown format or malformed content (naming the line).
    """
    shown = str(path) if path else f"<{session_id}>"
    chosen = detect_format(path or Path(session_id), text) if fmt == "auto" else fmt
    if chosen == "decision-doc":
        return read_decision_document(text, shown, session_id)[0]
    reader = READERS.get(chosen)
    if reader is None:
        raise InputFormatError(shown, f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    messages = with_content_ids(session_id, reader(text, shown, session_id))
    if not messages:
        raise InputFormatError(shown, f"holds no messages (read as {chosen})")
    stem = path.stem if path else session_id
    title = stem if chosen != "markdown" else _first_heading(text) or stem
    return Conversation(
        session_id=session_id, source_format=chosen, path=str(path) if path else None, title=title,
        messages=tuple(messages),
    )


def detect_format(path: Path, text: str) -> str:
    """Guess the format from the extension, then from the content."""
    suffix = path.suffix.lower()
    if suffix == ".jsonl":
        return "chat-jsonl"
    if suffix in {".md", ".markdown"}:
        return "decision-doc" if is_decision_document(text) else "markdown"
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


def read_decisions(path: Path, session_id: str | None = None) -> tuple[Conversation, list[ExtractedDecision]] | None:
    """For a structured decision document, its sections and decisions; else None.

    Structured documents state their decisions field by field, so they are read, not detected.
    """
    shown = str(path)
    try:
        text = decode_text(path.read_bytes(), shown)
    except OSError as exc:
        raise InputFormatError(shown, f"cannot be read ({exc.strerror or exc})") from exc
    if path.suffix.lower() not in {".md", ".markdown"} or not is_decision_document(text):
        return None
    return read_decision_document(text, shown, session_id or path.stem)


def read_decisions_text(text: str, fmt: str, session_id: str) -> tuple[Conversation, list[ExtractedDecision]] | None:
    """``read_decisions`` for text handed over directly: a structured decision document
    (``fmt`` ``decision-doc``, or ``auto`` and the text looks like one), else None."""
    if fmt == "decision-doc" or (fmt == "auto" and is_decision_document(text)):
        return read_decision_document(text, f"<{session_id}>", session_id)
    return None
