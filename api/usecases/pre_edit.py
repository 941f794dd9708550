"""Claude Code's ``PreToolUse`` hook for edits: before the agent edits or writes a file of a
repository the journal holds, the decisions that govern that file, with the options they
rejected, are added to the agent's context.

Claude Code sends the hook one JSON object on stdin (``hook_event_name``, ``tool_name``,
``tool_input``, ``cwd``, ``session_id`` …); ``Edit``, ``Write`` and ``MultiEdit`` name their
file in ``tool_input.file_path``, ``NotebookEdit`` in ``notebook_path``, absolute. A hook that
prints ``{"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": …}}``
and exits 0 adds that text to the agent's context and lets the call go on as it would have
(no permission decision is made).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TypedDict

from api.usecases.governing import LocatedPaths, governance_lines, governing_decisions, locate_paths
from api.usecases.repositories import resolve_scope
from graph.executor import QueryExecutor

EDIT_TOOLS = frozenset({"Edit", "Write", "MultiEdit", "NotebookEdit"})
"""The Claude Code tools that change a file."""
CONTEXT_CHARS = 6000
"""The most text added to the agent's context per edit."""


class HookSpecificOutput(TypedDict):
    hookEventName: str
    additionalContext: str


class HookOutput(TypedDict):
    hookSpecificOutput: HookSpecificOutput


@dataclass(frozen=True)
class PlannedEdit:
    """An edit the agent is about to make.

    Attributes:
        tool: The tool (``Edit``, ``Write`` …).
        file: The file, absolute.
        lines: The lines it is about to write (to find rejected options named again).
    """

    tool: str
    file: Path
    lines: tuple[str, ...]


def planned_edit(hook_input: object) -> PlannedEdit | None:
    """The edit a ``PreToolUse`` hook input announces; None for any other event or tool, or
    an input without a file."""
    if not isinstance(hook_input, Mapping):
        return None
    event = hook_input.get("hook_event_name")
    tool = hook_input.get("tool_name")
    arguments = hook_input.get("tool_input")
    if (event is not None and event != "PreToolUse") or tool not in EDIT_TOOLS or not isinstance(arguments, Mapping):
        return None
    named = arguments.get("file_path") or arguments.get("notebook_path")
    if not isinstance(named, str) or not named.strip():
        return None
    file = Path(named).expanduser()
    if not file.is_absolute():
        cwd = hook_input.get("cwd")
        file = (Path(cwd) if isinstance(cwd, str) and cwd else Path.cwd()) / file
    return PlannedEdit(str(tool), file, _written(arguments))


def locate_edit(edit: PlannedEdit) -> LocatedPaths | None:
    """The edited file within its git checkout, or None when it lies in none."""
    located = locate_paths([str(edit.file)], edit.file.parent)
    return located if located.checkout is not None and located.paths else None


async def pre_edit_context(executor: QueryExecutor, edit: PlannedEdit, located: LocatedPaths) -> HookOutput | None:
    """The hook's answer: the decisions governing the file, as context for the agent; None
    when the journal does not hold the repository or no decision governs the file."""
    scope = await resolve_scope(executor, str(located.checkout), None)
    if not scope.known:
        return None
    added = {path: edit.lines for path in located.paths} if edit.lines else None
    report = await governing_decisions(executor, located.paths, scope.key, added)
    if not report["paths"]:
        return None
    text = "\n".join([
        f"decision-journal: recorded decisions govern the file you are about to change ({edit.tool}) in {scope.label}.",
        *governance_lines(report),
        "Keep to them, or tell the user why this change departs from one (and which).",
    ])
    if len(text) > CONTEXT_CHARS:
        text = text[: CONTEXT_CHARS - 1] + "…"
    return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": text}}


def _written(arguments: Mapping[str, object]) -> tuple[str, ...]:
    texts: list[str] = []
    for key in ("new_string", "content", "new_source"):
        value = arguments.get(key)
        if isinstance(value, str):
            texts.append(value)
    edits = arguments.get("edits")
    if isinstance(edits, list):
        texts += [e["new_string"] for e in edits if isinstance(e, Mapping) and isinstance(e.get("new_string"), str)]
    return tuple(line for text in texts for line in text.splitlines() if line.strip())
