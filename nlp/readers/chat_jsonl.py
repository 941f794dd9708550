"""Chat JSONL: one ``{author|role, content, timestamp?, id?}`` object per line."""

from __future__ import annotations

import json

from nlp.errors import InputFormatError
from nlp.readers.common import message_id, parse_timestamp
from nlp.schema import Message

_AUTHOR_KEYS = ("author", "user", "speaker", "name", "sender")


def read_chat_jsonl(text: str, path: str, session_id: str) -> list[Message]:
    """Messages in file order; any malformed line fails the whole file, naming the line."""
    messages: list[Message] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            item = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise InputFormatError(path, f"not valid JSON ({exc.msg} at column {exc.colno})", number) from exc
        if not isinstance(item, dict):
            raise InputFormatError(path, "each line must be a JSON object", number)
        content = item.get("content", item.get("text"))
        if not isinstance(content, str):
            raise InputFormatError(path, "needs a string `content`", number)
        author = next((item[key] for key in _AUTHOR_KEYS if isinstance(item.get(key), str)), None)
        role = item.get("role") if isinstance(item.get("role"), str) else None
        seq = len(messages)
        given_id = item.get("id")
        messages.append(
            Message(
                id=str(given_id) if given_id not in (None, "") else message_id(session_id, seq),
                seq=seq,
                author=author or role,
                role=role,
                content=content,
                timestamp=parse_timestamp(item.get("timestamp", item.get("ts"))),
                line=number,
            )
        )
    return messages
