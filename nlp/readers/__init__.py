"""Read conversations from files: transcripts, chat JSONL, Slack, QMSum, Markdown notes, and
coding-assistant sessions (Claude Code, Codex CLI, aider, SpecStory)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

from nlp.errors import InputFormatError
from nlp.readers.aider import read_aider
from nlp.readers.chat_jsonl import read_chat_jsonl
from nlp.readers.claude_code import read_claude_code
from nlp.readers.codex import read_codex
from nlp.readers.common import decode_text, with_content_ids
from nlp.readers.decision_doc import is_decision_document, read_decision_document
from nlp.readers.markdown_notes import read_markdown_notes
from nlp.readers.qmsum import read_qmsum
from nlp.readers.series import inferred_series
from nlp.readers.session_format import session_format
from nlp.readers.session_log import SessionLog
from nlp.readers.slack import read_slack
from nlp.readers.slack_export import day_session_id, export_user_names, is_day_file, is_export_metadata
from nlp.readers.source_date import SourceDate, stated_date
from nlp.readers.specstory import read_specstory
from nlp.readers.transcript import read_transcript
from nlp.schema import Conversation, ExtractedDecision, Message

Reader = Callable[[str, str, str], list[Message]]
SessionReader = Callable[[str, str, str], SessionLog]

READERS: dict[str, Reader] = {
    "transcript": read_transcript,
    "chat-jsonl": read_chat_jsonl,
    "slack": read_slack,
    "qmsum": read_qmsum,
    "markdown": read_markdown_notes,
}
SESSION_READERS: dict[str, SessionReader] = {
    "claude-code": read_claude_code,
    "codex": read_codex,
    "aider": read_aider,
    "specstory": read_specstory,
}
"""Coding-assistant sessions: roles kept, tool calls and output as ``tool`` messages, and the
session's working directory, branch and times on the conversation."""
FORMATS = ("auto", *READERS, *SESSION_READERS, "decision-doc")
CONVERSATION_SUFFIXES = frozenset({".md", ".markdown", ".txt", ".jsonl", ".json", ".log"})
AIDER_HISTORY = ".aider.chat.history.md"
"""The file aider appends its sessions to, in the repository it ran in."""


def _hidden_but_read(relative: Path) -> bool:
    """Whether a folder ingest reads the file at ``relative``: never under a hidden name,
    except aider's history file and SpecStory's ``.specstory/history/*.md``."""
    *folders, name = relative.parts
    if name.startswith(".") and name != AIDER_HISTORY:
        return False
    return all(
        folder == ".specstory" and folders[index + 1 : index + 2] == ["history"]
        for index, folder in enumerate(folders) if folder.startswith(".")
    )


@dataclass(frozen=True)
class GatheredFiles:
    """What a list of files and folders holds to read, and what of it was passed over."""

    files: list[Path]
    passed_over: list[Path]
    """The lists at a Slack export's top (``users.json``, ``channels.json``…): not conversations."""


def conversation_files(paths: Sequence[Path]) -> list[Path]:
    """``gathered_files(paths).files``.

    Raises:
        InputFormatError: A folder holds no conversation file.
    """
    return gathered_files(paths).files


def gathered_files(paths: Sequence[Path]) -> GatheredFiles:
    """``paths`` with each folder replaced by the conversation files under it (by suffix,
    sorted, hidden ones left out except aider's and SpecStory's histories, and a Slack
    export's lists of users and channels passed over); files named directly are kept
    whatever their suffix.

    Raises:
        InputFormatError: A folder holds no conversation file.
    """
    files: list[Path] = []
    passed_over: list[Path] = []
    for path in paths:
        if not path.is_dir():
            files.append(path)
            continue
        found = sorted(
            p for p in path.rglob("*")
            if p.is_file() and p.suffix.lower() in CONVERSATION_SUFFIXES and _hidden_but_read(p.relative_to(path))
        )
        metadata = [p for p in found if is_export_metadata(p)]
        found = [p for p in found if p not in metadata]
        if not found:
            raise InputFormatError(str(path), f"holds no conversation files ({', '.join(sorted(CONVERSATION_SUFFIXES))})")
        files += found
        passed_over += metadata
    return GatheredFiles(files, passed_over)


SESSION_PEEK_BYTES = 64 * 1024
"""What ``session_file_format`` reads of a file: past a Claude Code file's first five lines."""


def session_file_format(path: Path) -> str | None:
    """``claude-code``, ``codex``, ``aider`` or ``specstory`` when the file at ``path`` is such
    a session (read from its name and first bytes only), else None (also when unreadable:
    reading it whole then says why)."""
    try:
        with path.open("rb") as handle:
            head = handle.read(SESSION_PEEK_BYTES)
    except OSError:
        return None
    if len(head) == SESSION_PEEK_BYTES and b"\n" in head:
        head = head[: head.rindex(b"\n") + 1]  # a cut line is no JSON
    return session_format(path, head.decode("utf-8-sig", errors="replace"))


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
    return read_conversation_text(decode_text(data, shown), fmt, session_id, path, date=date, series=series)


def default_session_id(path: Path, fmt: str | None = None) -> str:
    """A file's session id when none is given: its name without extension, except for names
    every source of a kind repeats: aider's history is named for its folder, and a Slack
    export's day file (``fmt`` ``slack``) for its channel as well (``general/2024-03-15``)."""
    if path.name == AIDER_HISTORY:
        return f"aider-{path.resolve().parent.name or 'root'}"
    if fmt == "slack" and is_day_file(path):
        return day_session_id(path)
    return path.stem


def read_conversation_text(
    text: str, fmt: str, session_id: str | None, path: Path | None = None, *, date: datetime | None = None,
    series: str | None = None,
) -> Conversation:
    """Read a conversation handed over as text (a GraphQL ``ingest``, a pipe).

    Messages without a timestamp of their own take the day the source states (front
    matter, first heading, a ``Date:`` line, file or folder name) or ``date``; a dated
    source without ``series`` gets the one its folder or title suggests.

    Args:
        text: The whole conversation.
        fmt: One of ``FORMATS``; ``auto`` decides from ``path``'s extension and the content.
        session_id: The session's id; None for ``path``'s (``default_session_id``).
        path: Where the text came from, if a file: named in errors and stored as the source.
        date: When it happened, overriding what the text states (UTC when it has no zone).
        series: The series it belongs to, overriding the one inferred.

    Raises:
        InputFormatError: Unknown format or malformed content (naming the line).
    """
    if session_id is None and path is None:
        raise ValueError("read_conversation_text needs a session id or a path")
    shown = str(path) if path else f"<{session_id}>"
    chosen = detect_format(path or Path(str(session_id)), text) if fmt == "auto" else fmt
    if session_id is None:
        session_id = default_session_id(path or Path(), chosen)
    if chosen == "decision-doc":
        return read_decision_document(text, shown, session_id)[0]
    if chosen in SESSION_READERS:
        with _naming_the_format(chosen, guessed=fmt == "auto"):
            log = SESSION_READERS[chosen](text, shown, session_id)
        return _session_conversation(log, chosen, session_id, path, date=date, series=series)
    reader = READERS.get(chosen)
    if reader is None:
        raise InputFormatError(shown, f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    users: dict[str, str] | None = None
    if chosen == "slack":
        # Read before the file: an export's bad users.json is no reason to read a day file as another format.
        users = export_user_names(path) if path is not None and is_day_file(path) else None
        reader = partial(read_slack, users=users)
    with _naming_the_format(chosen, guessed=fmt == "auto"):
        read = reader(text, shown, session_id)
    messages = with_content_ids(session_id, read)
    if not messages:
        raise InputFormatError(shown, f"holds no messages (read as {chosen})")
    stem = path.stem if path else session_id
    title = stem if chosen != "markdown" else _first_heading(text) or stem
    if chosen == "slack" and path is not None and is_day_file(path):
        title = day_session_id(path)  # the day alone does not say which channel
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
        people=tuple(dict.fromkeys(users.values())) if users else (),
    )


@contextmanager
def _naming_the_format(chosen: str, *, guessed: bool) -> Iterator[None]:
    """Content the reader of ``chosen`` refuses: the error says which format it was read as,
    and whether that was a guess, since a file right for another format (a JSON object per
    conversation under ``.jsonl``) is otherwise refused for a field it never meant to have."""
    try:
        yield
    except InputFormatError as exc:
        how = "guessed from its name and content" if guessed else "as asked"
        raise InputFormatError(
            exc.path, f"{exc.problem} (read as {chosen}, {how}; to read it as another format, name it with "
            f"--format, or GraphQL ingest's format: {', '.join(f for f in FORMATS if f != 'auto')})", exc.line,
        ) from exc


def _session_conversation(
    log: SessionLog, fmt: str, session_id: str, path: Path | None, *, date: datetime | None, series: str | None,
) -> Conversation:
    """A coding-assistant session as a conversation: its own times, unless ``date`` is given."""
    shown = str(path) if path else f"<{session_id}>"
    messages = with_content_ids(session_id, log.messages)
    if not messages:
        raise InputFormatError(shown, f"holds no messages (read as {fmt})")
    if date is not None and date.tzinfo is None:
        date = date.replace(tzinfo=UTC)
    when, where = (date, "--date") if date is not None else (log.started_at, log.started_from)
    if when is not None:
        messages = [m if m.timestamp else m.model_copy(update={"timestamp": when}) for m in messages]
    title = log.title or session_id
    return Conversation(
        session_id=session_id, source_format=fmt, path=str(path) if path else None, title=title,
        messages=tuple(messages), date=when, date_from=where if when is not None else None,
        series=series, series_from="--series" if series else None,
        cwd=log.cwd, git_branch=log.git_branch, started_at=log.started_at, ended_at=log.ended_at,
    )


def detect_format(path: Path, text: str) -> str:
    """Guess the format from the file's name and content: a coding-assistant session first,
    then by extension."""
    found = session_format(path, text)
    if found is not None:
        return found
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
