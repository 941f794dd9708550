"""Slack channel exports: a JSON array of messages (or ``{"messages": [...]}``)."""

from __future__ import annotations

import json
import re
from typing import Any

from nlp.errors import InputFormatError
from nlp.readers.common import message_id, parse_timestamp
from nlp.schema import Message

_MENTION = re.compile(r"<@([A-Z0-9]+)(?:\|([^>]+))?>")
_LINK = re.compile(r"<(https?://[^|>]+)(?:\|([^>]+))?>")
# Channel bookkeeping, not conversation.
_SKIPPED_SUBTYPES = frozenset({"channel_join", "channel_leave", "channel_topic", "channel_purpose", "bot_add"})


def read_slack(text: str, path: str, session_id: str) -> list[Message]:
    """Messages in timestamp order with ``<@U123>`` mentions turned into ``@name``."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputFormatError(path, f"not valid JSON ({exc.msg})", exc.lineno) from exc
    items = data.get("messages") if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise InputFormatError(path, "a Slack export is a JSON array of messages")
    names = {item.get("user"): _display_name(item) for item in items if isinstance(item, dict)}
    kept = [
        item
        for item in items
        if isinstance(item, dict) and isinstance(item.get("text"), str)
        and item.get("subtype") not in _SKIPPED_SUBTYPES and item["text"].strip()
    ]
    kept.sort(key=lambda item: float(item.get("ts") or 0))
    messages = []
    for seq, item in enumerate(kept):
        ts = item.get("ts")
        messages.append(
            Message(
                id=f"{session_id}@{ts}" if ts else message_id(session_id, seq),
                seq=seq,
                author=names.get(item.get("user")) or item.get("user") or item.get("username"),
                content=_plain(item["text"], names),
                timestamp=parse_timestamp(ts),
            )
        )
    return messages


def _display_name(item: dict[str, Any]) -> str | None:
    profile = item.get("user_profile") or {}
    for value in (profile.get("display_name"), profile.get("real_name"), item.get("user_name")):
        if isinstance(value, str) and value.strip():
            return value.strip()
    return None


def _plain(text: str, names: dict[Any, str | None]) -> str:
    text = _MENTION.sub(lambda m: "@" + (m.group(2) or names.get(m.group(1)) or m.group(1)), text)
    text = _LINK.sub(lambda m: m.group(2) or m.group(1), text)
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
