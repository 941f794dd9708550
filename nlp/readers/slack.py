"""Slack channel exports: a JSON array of messages (or ``{"messages": [...]}``)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from nlp.errors import InputFormatError
from nlp.readers.common import message_id, parse_timestamp
from nlp.schema import Message

_MENTION = re.compile(r"<@([A-Z0-9]+)(?:\|([^>]+))?>")
_LINK = re.compile(r"<(https?://[^|>]+)(?:\|([^>]+))?>")
# Channel bookkeeping, not conversation.
_SKIPPED_SUBTYPES = frozenset({"channel_join", "channel_leave", "channel_topic", "channel_purpose", "bot_add"})


def read_slack(text: str, path: str, session_id: str, users: Mapping[str, str] | None = None) -> list[Message]:
    """Messages in timestamp order with ``<@U123>`` mentions turned into ``@name``.

    ``users``: the name each user goes by, by id, from the export's ``users.json``; it names
    them over the profile a message carries, so a person keeps one name in every channel and day.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputFormatError(path, f"not valid JSON ({exc.msg})", exc.lineno) from exc
    items = data.get("messages") if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise InputFormatError(path, "a Slack export is a JSON array of messages")
    names = {_text(item, "user"): _display_name(item) for item in items if isinstance(item, dict) and _text(item, "user")}
    names.update(users or {})
    kept = [
        item
        for item in items
        if isinstance(item, dict) and isinstance(item.get("text"), str)
        and _text(item, "subtype") not in _SKIPPED_SUBTYPES and item["text"].strip()
    ]
    kept.sort(key=lambda item: _ts(item, path))
    messages = []
    for seq, item in enumerate(kept):
        ts = _text(item, "ts")
        user = _text(item, "user")
        messages.append(
            Message(
                id=f"{session_id}@{ts}" if ts else message_id(session_id, seq),
                seq=seq,
                author=(names.get(user) if user else None) or user or _text(item, "username"),
                content=_plain(item["text"], names),
                timestamp=parse_timestamp(ts),
            )
        )
    return messages


def _text(item: dict[str, Any], key: str) -> str | None:
    """A field that must be a string; anything else in an export counts as absent."""
    value = item.get(key)
    return value if isinstance(value, str) else None


def _ts(item: dict[str, Any], path: str) -> float:
    value = item.get("ts")
    if value is None:
        return 0.0
    try:
        if isinstance(value, (str, int, float)) and not isinstance(value, bool):
            return float(value)
    except ValueError:
        pass
    raise InputFormatError(path, f"{str(value)[:40]!r} is not a Slack timestamp (ts)")


def _display_name(item: dict[str, Any]) -> str | None:
    raw_profile = item.get("user_profile")
    profile: dict[str, Any] = raw_profile if isinstance(raw_profile, dict) else {}
    for value in (profile.get("display_name"), profile.get("real_name"), item.get("user_name")):
        if isinstance(value, str) and value.strip():
            return value.strip()
    return None


def _plain(text: str, names: dict[Any, str | None]) -> str:
    text = _MENTION.sub(lambda m: "@" + (m.group(2) or names.get(m.group(1)) or m.group(1)), text)
    text = _LINK.sub(lambda m: m.group(2) or m.group(1), text)
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
