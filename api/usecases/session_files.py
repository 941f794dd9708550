"""Ingest a coding-assistant session file as it grows: only what was appended since last time.

A session file (Claude Code's or Codex's JSONL) only grows while its session runs. Each
ingest records on the Session how many bytes it read and a digest of them; the next one,
when the file still starts with those bytes, reads only the bytes after them, detects
decisions in the new messages against a bounded window of the last stored ones (with the
tallies of everything before that window: ``nlp.schema.Preceding``), and stores only what
is new. A file that no longer starts with what was read (rewritten, truncated) is read
whole again: still idempotent, and said so. Formats that are rewritten as a whole
(SpecStory; aider's history is Markdown) are read whole, and their new messages detected
with the same window; a message may have been read while it was still being written, or
the file cut inside it, and then the form the file holds now takes its place
(``api.usecases.grown_history``). A Claude Code or Codex file read cut is read whole until a
read finds every message its session holds (``_stored_beyond``).

Why a window of ``WINDOW`` messages: what detection reads of a message's surroundings is
bounded (the two messages either side, replies within eight, cues within five of it, the
pre-filter's five before, extraction's context of ten plus a lead of five); the rest of
the session counts only as tallies (its kind, who speaks most, how far along a message
stands), which ``Preceding`` carries.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from pathlib import Path

from api.usecases.grown_history import APPEND_ONLY, changed_in_place
from api.usecases.in_repository import InRepository
from api.usecases.ingest import IngestReport, IngestServices, ingest_conversation
from graph.session_drafts import remember_drafts_only
from graph.session_reads import ReadMark, ReadState, SessionReads
from nlp.detector_features import tally, untally
from nlp.errors import InputFormatError
from nlp.plural import plural
from nlp.readers import SESSION_READERS, default_session_id, detect_format, read_conversation_text
from nlp.readers.common import decode_text, message_id, with_content_ids
from nlp.schema import Conversation

WINDOW = 40
"""Stored messages before the new ones that detection reads them against (see the module)."""

RepositoryFor = Callable[[str | None], Awaitable[InRepository | None]]
"""The repository a session is about, from the working directory it states (None: none)."""


@dataclass
class SessionIngest:
    """What one ingest of a session file did.

    Attributes:
        report: The ingest's report (``messages_read``: the messages read this time).
        mode: ``new`` (first ingest), ``grown`` (only the appended part read), ``unchanged``
            (nothing new), ``rewritten`` (the file no longer starts with what was read: read
            whole again), ``whole`` (a format read whole every time, or a session stored
            without a read mark).
        bytes_read: Bytes of the file parsed this time.
        note: Something the user should know (a rewritten file, a partial last line left).
    """

    report: IngestReport
    mode: str
    bytes_read: int = 0
    note: str | None = None


async def ingest_session_file(
    path: Path, services: IngestServices, reads: SessionReads, *, fmt: str = "auto", session_id: str | None = None,
    repository: InRepository | None = None, repository_for: RepositoryFor | None = None,
) -> SessionIngest:
    """Ingest a session file, reading only what was appended since the last ingest.

    Args:
        path: The session file.
        services: Ingestion's services.
        reads: Where read marks are kept.
        fmt: Its format, or ``auto``.
        session_id: Its id; by default the file's (``nlp.readers.default_session_id``).
        repository: The repository it is about, when the caller knows it (``--repo``).
        repository_for: Else, finds it from the working directory the session states.

    Raises:
        InputFormatError: The file cannot be read as a session or conversation (naming the
            line); nothing of it is stored then, and nothing stored before is lost.
    """
    shown = str(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputFormatError(shown, f"cannot be read ({exc.strerror or exc})") from exc
    session = session_id or default_session_id(path)
    state = await reads.state(session, WINDOW)
    if state is not None and services.drafts_only is not None:
        # A choice of drafts is kept even when the file has nothing new to store.
        await remember_drafts_only(services.executor, session, services.drafts_only)
    mark = state.mark if state is not None else None
    note = None
    if mark is not None and (fmt in ("auto", mark.format)):
        digest = hashlib.sha256(data[: mark.bytes])
        if len(data) >= mark.bytes and f"sha256:{digest.hexdigest()}" == mark.fingerprint:
            if mark.format in APPEND_ONLY and state is not None and not _stored_beyond(mark, state):
                return await _appended(path, data, digest, mark, state, services, reads, session,
                                       repository, repository_for)
            if len(data) == mark.bytes:
                return SessionIngest(IngestReport(session), "unchanged")
        elif mark.format in APPEND_ONLY:
            note = (f"{shown} no longer starts with the {plural(mark.bytes, 'byte')} read before (rewritten or cut): "
                    "read whole again; what is stored stays")
    return await _whole(path, data, fmt, state, services, reads, session, repository, repository_for, note,
                        rewritten=note is not None)


def _stored_beyond(mark: ReadMark, state: ReadState) -> bool:
    """Whether the session holds messages past those its file's last read found: that read
    was of the file cut short (a read before it had found more). The lines after the mark
    may then be messages stored already, at places the mark does not know; only a whole read
    finds which (by their ids, as stored), so the file is read whole until a read finds all."""
    return bool(state.last) and state.last[-1].seq + 1 > mark.tally.messages


async def _find(
    repository: InRepository | None, repository_for: RepositoryFor | None, cwd: str | None,
) -> InRepository | None:
    if repository is not None or repository_for is None:
        return repository
    return await repository_for(cwd)


async def _appended(
    path: Path, data: bytes, digest: hashlib._Hash, mark: ReadMark, state: ReadState, services: IngestServices,
    reads: SessionReads, session: str, repository: InRepository | None, repository_for: RepositoryFor | None,
) -> SessionIngest:
    """Read the lines appended after ``mark`` and ingest their messages."""
    shown = str(path)
    end = _complete_end(data, mark.bytes, mark.format)
    if end <= mark.bytes or not data[mark.bytes : end].strip():
        return SessionIngest(IngestReport(session), "unchanged")
    try:
        text = decode_text(data[mark.bytes : end], shown)
        log = SESSION_READERS[mark.format](text, shown, session)
    except InputFormatError as exc:
        # Line numbers of the appended part, said as lines of the file.
        before = data[: mark.bytes].count(b"\n")
        raise InputFormatError(shown, exc.problem, exc.line + before if exc.line is not None else None) from exc
    digest.update(data[mark.bytes : end])
    new_mark = replace(mark, path=path.name, bytes=end, fingerprint=f"sha256:{digest.hexdigest()}")
    if not log.messages:  # bookkeeping lines only (snapshots, progress)
        await reads.mark(session, new_mark)
        return SessionIngest(IngestReport(session), "unchanged", end - mark.bytes)
    # A Codex rollout states its folder in its first line only: it is read again from the
    # file's head (a machine's folder is never stored, not even in the read mark).
    cwd = log.cwd or _stated_cwd(data[: mark.bytes], mark.format, shown, session)
    window = [m.model_copy(update={"seq": i}) for i, m in enumerate(state.last)]
    start = len(window)
    appended = [
        m.model_copy(update={"seq": start + m.seq, "id": message_id(session, start + m.seq)})
        if m.id == message_id(session, m.seq) else m.model_copy(update={"seq": start + m.seq})
        for m in log.messages
    ]
    # A repeat of a stored message takes the occurrence number a whole read would give it.
    first = with_content_ids(session, [*window, *appended])[start:]
    content_ids = [m.id.split(".")[0] for m, raw in zip(first, appended, strict=True) if raw.id != m.id]
    messages = with_content_ids(session, [*window, *appended], await reads.stored_occurrences(content_ids))
    when = log.started_at
    messages = [m if m.timestamp or when is None else m.model_copy(update={"timestamp": when}) for m in messages]
    conversation = Conversation(
        session_id=session, source_format=mark.format, path=shown, title=log.title or session,
        messages=tuple(messages), date=when, date_from="session" if when else None,
        cwd=cwd, git_branch=log.git_branch, started_at=log.started_at, ended_at=log.ended_at,
        preceding=untally(mark.tally, window),
    )
    where = await _find(repository, repository_for, cwd)
    report = await ingest_conversation(
        conversation, services, only_messages=set(range(start, len(messages))), repository=where,
    )
    report.messages_read = len(appended)
    await reads.mark(session, replace(new_mark, tally=tally(appended, mark.tally), cwd=None))
    return SessionIngest(report, "grown", end - mark.bytes)


_HEAD_LINES = 8
"""Lines of a session's head read again for the folder it states (Codex's ``session_meta``
comes first; a Claude Code entry states it on every line)."""


def _stated_cwd(head: bytes, fmt: str, shown: str, session: str) -> str | None:
    """The working directory a session's first lines state, if any."""
    lines = head.split(b"\n")[:_HEAD_LINES]
    try:
        return SESSION_READERS[fmt](decode_text(b"\n".join(lines), shown), shown, session).cwd
    except InputFormatError:
        return None


async def _whole(
    path: Path, data: bytes, fmt: str, state: ReadState | None, services: IngestServices, reads: SessionReads,
    session: str, repository: InRepository | None, repository_for: RepositoryFor | None, note: str | None,
    *, rewritten: bool = False,
) -> SessionIngest:
    """Read the whole file; detect decisions from its first message not stored yet on."""
    shown = str(path)
    text = decode_text(data, shown)
    chosen = detect_format(path, text) if fmt == "auto" else fmt
    end = _complete_end(data, 0, chosen) if chosen in APPEND_ONLY else len(data)
    if end < len(data):
        note = note or f"{shown}: its last line is not complete yet; left for the next ingest"
        text = decode_text(data[:end], shown)
    conversation = read_conversation_text(text, chosen, session, path)
    where = await _find(repository, repository_for, conversation.cwd)
    # A session file's ingest leaves its read mark last: a stored session of one without a mark
    # is one whose ingest stopped part way (its messages stored, its decisions or links not),
    # and is ingested whole again, which adds nothing twice.
    unfinished = state is not None and state.mark is None and chosen in SESSION_READERS
    if unfinished:
        note = note or f"{shown}: its last ingest did not finish; ingested whole again"
    stored = await reads.stored(session, [m.id for m in conversation.messages]) if state is not None else set()
    changed = (await changed_in_place(conversation.messages, stored, reads, session)
               if state is not None and chosen not in APPEND_ONLY else None)
    again = await reads.replace_unfinished(session, changed[0], changed[1]) if changed is not None else None
    if changed is not None and again is not None:
        note = note or (f"{shown}: its message {changed[1].seq + 1} was still being written when last read, "
                        "or the file was cut in it; the form it holds now took its place")
    # Detected from again: what is not stored yet, and the messages stating a decision that
    # gave way with the replaced text (one stated in the message before it too).
    fresh = sorted({m.seq for m in conversation.messages if m.id not in stored}
                   | {seq for seq in again or () if seq < len(conversation.messages)})
    mode = "new" if state is None else "rewritten" if rewritten else "whole"
    if state is not None and not fresh and not unfinished:
        report = IngestReport(session, messages_read=len(conversation.messages), source_format=conversation.source_format)
    elif state is None or unfinished:
        report = await ingest_conversation(conversation, services, repository=where)
    else:
        start = max(0, fresh[0] - WINDOW)
        part = [m.model_copy(update={"seq": m.seq - start}) for m in conversation.messages[start:]]
        report = await ingest_conversation(
            conversation.model_copy(update={"messages": tuple(part), "preceding": tally(conversation.messages[:start])}),
            services, only_messages={seq - start for seq in fresh}, repository=where,
        )
        report.messages_read = len(conversation.messages)
    mark = ReadMark(path.name, end, f"sha256:{hashlib.sha256(data[:end]).hexdigest()}", chosen,
                    tally(conversation.messages), None)
    if chosen in SESSION_READERS:
        await reads.mark(session, mark)
    return SessionIngest(report, mode, end, note)


def _complete_end(data: bytes, start: int, fmt: str) -> int:
    """Where the whole lines from ``start`` end. A last line without its newline counts
    only when it is a complete JSON object; else it is still being written."""
    last = data.rfind(b"\n", start)
    end = last + 1 if last != -1 else start
    rest = data[end:]
    if not rest.strip() or fmt not in APPEND_ONLY:
        return len(data)
    try:
        json.loads(rest)
    except ValueError:
        return end
    return len(data)


def describe_mode(done: SessionIngest) -> str:
    """One line on how a session file was read ("grown: 312 new bytes read")."""
    if done.mode == "grown":
        return f"grown: read only the {plural(done.bytes_read, 'byte')} appended since the last ingest"
    if done.mode == "unchanged":
        return "unchanged since the last ingest" + (f" ({plural(done.bytes_read, 'byte')} of bookkeeping read)" if done.bytes_read else "")
    if done.mode == "rewritten":
        return f"rewritten since the last ingest: read whole ({plural(done.bytes_read, 'byte')}), only what is new stored"
    if done.mode == "new":
        return f"new: read whole ({plural(done.bytes_read, 'byte')})"
    return f"read whole ({plural(done.bytes_read, 'byte')}); detected from its first new message on"
