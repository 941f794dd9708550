"""Read conversations from files: transcripts, chat JSONL, Slack, QMSum, Markdown notes."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path

from nlp.errors import InputFormatError
from nlp.readers.chat_jsonl import read_chat_jsonl
from nlp.readers.common import decode_text, with_content_ids
from nlp.readers.decision_doc import is_decision_document, read_decision_document
from nlp.readers.markdown_notes import read_markdown_notes
from nlp.readers.qmsum import read_qmsum
from nlp.readers.series import inferred_series
from nlp.readers.slack import read_slack
from nlp.readers.source_date import SourceDate, stated_date
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
CONVERSATION_SUFFIXES = frozenset({".md", ".markdown", ".txt", ".jsonl", ".json", ".log"})


def conversation_files(paths: Sequence[Path]) -> list[Path]:
    """``paths`` with each folder replaced by the conversation files under it (by suffix,
    sorted, hidden ones left out); files named directly are kept whatever their suffix.

    Raises:
        InputFormatError: A folder holds no conversation file.
    """
    files: list[Path] = []
    for path in paths:
        if not path.is_dir():
            files.append(path)
            continue
        found = sorted(
            p for p in path.rglob("*")
            if p.is_file() and p.suffix.lower() in CONVERSATION_SUFFIXES
            and not any(part.startswith(".") for part in p.relative_to(path).parts)
        )
        if not found:
            raise InputFormatError(str(path), f"holds no conversation files ({', '.join(sorted(CONVERSATION_SUFFIXES))})")
        files += found
    return files


def read_conversation(
    path: Path, fmt: str = "auto", session_id: str | None = None, *, date: datetime | None = None,
    series: str | None = None,
) -> Conversation:
    """Read one file as a conversation.

    Args:
        path: The file.
        fmt: One of ``FORMATS``; ``auto`` decides from the extension and content.
        session_id: The session's id; by default the file name without extension.
        date: When it happened, overriding what the file states (``ingest --date``).
        series: The series it belongs to, overriding the one inferred.

    Raises:
        InputFormatError: Unknown format, unreadable file, or malformed content
            (naming the file and line); nothing partial is returned.
    """
    shown = str(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputFormatError(shown, f"cannot be read ({exc.strerror or exc})") from exc
    return read_conversation_text(decode_text(data, shown), fmt, session_id or path.stem, path, date=date, series=series)


def read_conversation_text(
    text: str, fmt: str, session_id: str, path: Path | None = None, *, date: datetime | None = None,
    series: str | None = None,
) -> Conversation:
    """Read a conversation handed over as text (a GraphQL ``ingest``, a pipe).

    Messages without a timestamp of their own take the day the source states (front
    matter, first heading, a ``Date:`` line, file or folder name) or ``date``; a dated
    source without ``series`` gets the one its folder or title suggests.

    Args:
        text: The whole conversation.
        fmt: One of ``FORMATS``; ``auto`` decides from ``path``'s extension and the content.
        session_id: The session's id.
        path: Where the text came from, if a file: named in errors and stored as the source.
        date: When it happened, overriding what the text states (UTC when it has no zone).
        series: The series it belongs to, overriding the one inferred.

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
    if date is not None and date.tzinfo is None:
        date = date.replace(tzinfo=UTC)
    dated = SourceDate(date, "--date") if date is not None else stated_date(text, path)
    named = (series, "--series") if series else None
    if dated is not None:
        messages = [m if m.timestamp else m.model_copy(update={"timestamp": dated.when}) for m in messages]
        named = named or inferred_series(path, title)
    return Conversation(
        session_id=session_id, source_format=chosen, path=str(path) if path else None, title=title,
        messages=tuple(messages), date=dated.when if dated else None, date_from=dated.where if dated else None,
        series=named[0] if named else None, series_from=named[1] if named else None,
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
