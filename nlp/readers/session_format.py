"""Telling a coding-assistant session from other conversations, by name and first lines."""

from __future__ import annotations

import json
import re
from pathlib import Path

from nlp.readers.session_log import numbered_lines
from nlp.readers.specstory import MARKER as SPECSTORY_MARKER

_AIDER_STARTED = re.compile(r"^# aider chat started at ", re.MULTILINE)
_SPECSTORY_TURN = re.compile(r"^_\*\*(?:User|Assistant|Agent)(?:\s*\([^)]*\))*\*\*_\s*$", re.MULTILINE)
_CLAUDE_KEYS = frozenset({"parentUuid", "sessionId", "leafUuid"})
_CODEX_LINES = frozenset({"session_meta", "response_item", "event_msg", "turn_context"})
_CODEX_ITEMS = frozenset({"message", "function_call", "function_call_output", "reasoning"})
_PEEK_LINES = 5
"""JSON lines read to recognise a session: a Claude Code file may open with a summary or a
snapshot line, a Codex file with its header; five is past both."""


def session_format(path: Path, text: str) -> str | None:
    """``claude-code``, ``codex``, ``aider`` or ``specstory`` when ``text`` is such a
    session, else None (the caller then goes by extension)."""
    if path.name == ".aider.chat.history.md" or _AIDER_STARTED.search(text[:20000]):
        return "aider"
    head = text[:20000]
    if SPECSTORY_MARKER.search(head) or head.startswith("## SpecStory") or (
        _SPECSTORY_TURN.search(head) and ".specstory" in path.parts
    ):
        return "specstory"
    if text.lstrip()[:1] == "{":
        return _jsonl_session(text)
    return None


def _jsonl_session(text: str) -> str | None:
    seen = 0
    for _, line in numbered_lines(text):
        if not line.strip():
            continue
        seen += 1
        if seen > _PEEK_LINES:
            break
        try:
            item = json.loads(line)
        except json.JSONDecodeError:
            return None
        if not isinstance(item, dict):
            return None
        if _CLAUDE_KEYS & item.keys():
            return "claude-code"
        kind = item.get("type")
        if not isinstance(kind, str):
            continue
        if kind in _CODEX_LINES and "payload" in item:
            return "codex"
        if kind in _CODEX_ITEMS and not isinstance(item.get("content"), str):
            return "codex"
    return None
