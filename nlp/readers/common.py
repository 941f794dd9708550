"""What every reader shares: decoding bytes safely and building messages."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime

from nlp.errors import InputFormatError
from nlp.schema import Message

MAX_INPUT_BYTES = 64 * 1024 * 1024


def decode_text(data: bytes, path: str) -> str:
    """UTF-8 text of a file, or a clear error for empty, binary or mis-encoded input."""
    if len(data) > MAX_INPUT_BYTES:
        raise InputFormatError(path, f"is {len(data)} bytes; the limit is {MAX_INPUT_BYTES} bytes per file")
    if not data.strip():
        raise InputFormatError(path, "is empty")
    if b"\0" in data[:8192]:
        raise InputFormatError(path, "looks binary (it contains NUL bytes), not a conversation")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputFormatError(path, f"is not valid UTF-8 (byte {exc.start})", line) from exc


def message_id(session_id: str, seq: int) -> str:
    """The id of a message that has none of its own: ``<session>#<seq>``."""
    return f"{session_id}#{seq}"


def parse_timestamp(value: object) -> datetime | None:
    """An ISO 8601 string or a Unix epoch (number or numeric string) as an aware datetime."""
    if value is None or value == "":
        return None
    # An epoch out of range (or NaN) is no time at all, not a crash: a session log's numbers
    # come from any tool.
    if isinstance(value, int | float) and not isinstance(value, bool):
        try:
            return datetime.fromtimestamp(float(value), tz=UTC)
        except (OverflowError, OSError, ValueError):
            return None
    if isinstance(value, str):
        text = value.strip()
        try:
            return datetime.fromtimestamp(float(text), tz=UTC)
        except (OverflowError, OSError):
            return None
        except ValueError:
            pass
        try:
            parsed = datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:
            return None
        return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)
    return None


SHORT_MESSAGE = 12


def with_content_ids(
    session_id: str, messages: Sequence[Message], stored: Mapping[str, int] | None = None,
) -> list[Message]:
    """Give messages without a source id an id from their author and text.

    ``<session>#<seq>`` would change when an overlapping file starts elsewhere; a hash of
    author and content does not, so ingesting an overlapping export finds the messages it
    already has. Short messages repeat ("ok", "+1"), so theirs also hashes the message
    before them; a collision left after that gets an occurrence number.

    ``stored``: for the messages appended to a session already stored (an incremental
    ingest), how many stored messages carry each content id already, so that a repeat
    gets the occurrence number reading the whole file would give it.
    """
    seen: dict[str, int] = {}
    result = []
    previous = ""
    for message in messages:
        text = f"{message.author or ''}\x1f{message.content}"
        if message.id != message_id(session_id, message.seq):
            result.append(message)
            previous = text
            continue
        key = text if len(message.content) > SHORT_MESSAGE else f"{previous}\x1e{text}"
        digest = hashlib.sha1(key.encode()).hexdigest()[:16]
        count = seen.get(digest, (stored or {}).get(f"{session_id}#{digest}", 0))
        seen[digest] = count + 1
        suffix = f".{count}" if count else ""
        result.append(message.model_copy(update={"id": f"{session_id}#{digest}{suffix}"}))
        previous = text
    return result
