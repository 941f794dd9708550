"""What every reader shares: decoding bytes safely and building messages."""

from __future__ import annotations

from datetime import UTC, datetime

from nlp.errors import InputFormatError

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
    if isinstance(value, int | float) and not isinstance(value, bool):
        return datetime.fromtimestamp(float(value), tz=UTC)
    if isinstance(value, str):
        text = value.strip()
        try:
            return datetime.fromtimestamp(float(text), tz=UTC)
        except ValueError:
            pass
        try:
            parsed = datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:
            return None
        return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)
    return None
