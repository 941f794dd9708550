"""Codex CLI sessions: ``~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl``.

Current versions write ``{"timestamp", "type", "payload"}`` lines: a ``session_meta`` (id,
cwd, git branch), then ``response_item`` lines whose payload is a ``message``, a
``function_call`` or ``custom_tool_call`` and its output, or ``reasoning``. Older versions
wrote a bare header object (id, timestamp, git) and bare items. ``event_msg`` and
``turn_context`` lines repeat what the items say and are skipped.
"""

from __future__ import annotations

import json

from nlp.errors import InputFormatError
from nlp.readers.common import message_id, parse_timestamp
from nlp.readers.session_log import SessionLog, as_str, json_lines, major_version, patch_files, tool_text
from nlp.schema import TOOL_ROLE, Message

KNOWN_MAJOR_VERSION = 0
"""The newest major ``cli_version`` whose format this reader was written against."""
ITEM_TYPES = frozenset({
    "message", "function_call", "function_call_output", "custom_tool_call", "custom_tool_call_output",
    "local_shell_call", "reasoning", "web_search_call",
})
"""Response items this reader knows; other kinds (newer ones) are skipped."""
_CONTEXT_PREFIXES = ("<environment_context>", "<user_instructions>", "# AGENTS.md instructions", "<permissions")


def read_codex(text: str, path: str, session_id: str) -> SessionLog:
    """The session's messages (user and assistant text; tool calls and their output as
    ``tool`` messages, with the files an ``apply_patch`` touched) and its cwd, branch and times.

    Reasoning items are left out (usually encrypted, and never said to the user); the
    environment and instruction blocks Codex puts in the user's turn are ``system``.

    Raises:
        InputFormatError: A line is not a JSON object, or a ``response_item`` has no
            payload object (naming the line and, when newer, the version).
    """
    messages: list[Message] = []
    cwd = branch = version = None
    first = last = None
    for number, line in json_lines(text, path):
        kind = as_str(line.get("type"))
        payload = line.get("payload")
        if kind == "session_meta" or (kind is None and "payload" not in line and not messages):
            meta = payload if isinstance(payload, dict) else line
            cwd = cwd or as_str(meta.get("cwd"))
            version = version or as_str(meta.get("cli_version"))
            git = meta.get("git")
            if isinstance(git, dict):
                branch = branch or as_str(git.get("branch"))
            when = parse_timestamp(meta.get("timestamp"))
            first = first or when
            continue
        if kind == "response_item":
            if not isinstance(payload, dict):
                raise _unknown(path, number, version, "a response_item without a `payload` object")
            item = payload
        elif kind in ITEM_TYPES:
            item = line  # an older version's bare item
        else:
            continue
        when = parse_timestamp(line.get("timestamp"))
        if when is not None:
            first = first or when
            last = when
        read = _item(item)
        if read is None:
            continue
        role, content, files = read
        if not content.strip():
            continue
        seq = len(messages)
        messages.append(Message(
            id=message_id(session_id, seq), seq=seq, author=role if role in ("user", "assistant") else None,
            role=role, content=content, timestamp=when, line=number, files=files,
        ))
    return SessionLog(messages, cwd=cwd, git_branch=branch, started_at=first, ended_at=last or first)


def _unknown(path: str, line: int, version: str | None, problem: str) -> InputFormatError:
    major = major_version(version)
    if major is not None and major > KNOWN_MAJOR_VERSION:
        problem += f"; the file was written by Codex {version}, newer than this reader knows (0.x)"
    return InputFormatError(path, problem, line)


def _item(item: dict[str, object]) -> tuple[str, str, tuple[str, ...]] | None:
    """``(role, text, files)`` of one response item, or None for one that carries nothing."""
    kind = item.get("type")
    if kind == "message":
        role = as_str(item.get("role")) or "assistant"
        text = _content_text(item.get("content"))
        if role not in ("user", "assistant") or text.lstrip().startswith(_CONTEXT_PREFIXES):
            role = "system"
        return role, text, ()
    if kind in ("function_call", "custom_tool_call"):
        name = as_str(item.get("name")) or "tool"
        arguments = item.get("arguments", item.get("input"))
        shown = arguments if isinstance(arguments, str) else json.dumps(arguments, ensure_ascii=False)
        return TOOL_ROLE, tool_text(f"{name} {shown}"), _call_files(arguments)
    if kind == "local_shell_call":
        action = item.get("action")
        shown = json.dumps(action, ensure_ascii=False) if action is not None else ""
        return TOOL_ROLE, tool_text(f"shell {shown}"), _call_files(action)
    if kind in ("function_call_output", "custom_tool_call_output"):
        output = item.get("output")
        if isinstance(output, str) and output.startswith("{"):
            # Shell calls report ``{"output": …, "metadata": {"exit_code": …}}`` as a JSON string.
            try:
                output = json.loads(output)
            except json.JSONDecodeError:
                pass
        if isinstance(output, dict):
            output = output.get("content", output.get("output"))
        return TOOL_ROLE, tool_text(output if isinstance(output, str) else _content_text(output)), ()
    return None


def _content_text(content: object) -> str:
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return ""
    return "\n".join(text for block in content if isinstance(block, dict) and (text := as_str(block.get("text"))))


def _call_files(arguments: object) -> tuple[str, ...]:
    """The paths an ``apply_patch`` in a call's arguments touches (given as a patch string,
    a JSON string or a ``command`` list such as ``["apply_patch", "*** Begin Patch…"]``)."""
    if isinstance(arguments, str):
        if "*** Begin Patch" in arguments and not arguments.lstrip().startswith("{"):
            return patch_files(arguments)
        try:
            arguments = json.loads(arguments)
        except json.JSONDecodeError:
            return ()
    if isinstance(arguments, dict):
        arguments = arguments.get("command", arguments.get("input"))
    if isinstance(arguments, str):
        return patch_files(arguments) if "*** Begin Patch" in arguments else ()
    if isinstance(arguments, list):
        found: dict[str, None] = {}
        for part in arguments:
            if isinstance(part, str) and "*** Begin Patch" in part:
                found.update(dict.fromkeys(patch_files(part)))
        return tuple(found)
    return ()
