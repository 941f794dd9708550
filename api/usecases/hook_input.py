"""What a Claude Code hook hands its command on stdin, as ``hook ingest`` reads it.

Every hook event's JSON carries ``session_id``, ``transcript_path`` (the session's JSONL
file), ``cwd`` and ``hook_event_name``; ``Stop`` adds ``stop_hook_active`` and
``SessionEnd`` a ``reason``. Only the first four are read here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from api.errors import ApiError

MAX_INPUT = 1024 * 1024
"""Bytes of stdin read at most: the hook's JSON is a few hundred."""


class HookInputError(ApiError):
    """The hook's input cannot be used (not JSON, no transcript path)."""


@dataclass(frozen=True)
class HookInput:
    """The part of a hook event's JSON an ingest needs."""

    transcript: Path
    session_id: str | None
    cwd: Path | None
    event: str | None


def read_hook_input(raw: bytes) -> HookInput:
    """The hook event in ``raw``.

    Raises:
        HookInputError: Not a JSON object, or without a ``transcript_path``.
    """
    try:
        data = json.loads(raw.decode("utf-8", errors="replace") or "null")
    except json.JSONDecodeError as exc:
        raise HookInputError(f"the hook input is not JSON ({exc.msg})") from exc
    if not isinstance(data, dict):
        raise HookInputError("the hook input is not a JSON object")
    transcript = data.get("transcript_path")
    if not isinstance(transcript, str) or not transcript:
        raise HookInputError(f"the {data.get('hook_event_name') or 'hook'} input names no transcript_path")
    session = data.get("session_id")
    cwd = data.get("cwd")
    event = data.get("hook_event_name")
    return HookInput(
        Path(transcript).expanduser(), session if isinstance(session, str) and session else None,
        Path(cwd) if isinstance(cwd, str) and cwd else None, event if isinstance(event, str) else None,
    )
