"""Slash commands, and prompts an editor writes for the user: the tool working, not the user saying anything.

Aider's ``/add``, ``/ls``, ``/run pytest``, ``/commit``; a chat's ``/remind`` or ``/giphy``. A
turn of nothing but such commands is an operation: it can state no decision, whatever its
words ("/git remote add origin …"). Aider's ``/ask``, ``/code``, ``/architect`` and
``/context`` put their text to the model as a message, so they stay talk.
"""

from __future__ import annotations

import re

EDITOR_PROMPTS = ("Implement the plan as specified, it is attached for your reference.",)
"""User turns an editor writes itself: Cursor's prompt when the user presses "Build" on a plan
(the plan, which the session settled before, is the decision; the button is not)."""
_FIX_PROMPT = re.compile(
    r"For the code present, we get this error:\s.*How can I resolve this\? If you propose a fix, please make it concise\.",
    re.DOTALL,
)
"""The whole of the prompt Cursor writes when the user asks it to fix a diagnostic ("Fix in
Chat"): the editor's words around the error it pasted. A bug handed over to be fixed, not a
choice; with words of the user's own after it, it is the user's turn again."""
TALK_COMMANDS = frozenset({"ask", "code", "architect", "context"})
"""Aider's commands whose text is a message to the model."""
_COMMAND = re.compile(r"^/([a-z][a-z-]*)(?:\s|$)")


def works_the_tool(line: str) -> bool:
    """Whether ``line`` is a command other than ``TALK_COMMANDS``; a line that only looks like
    one ("/home/me/notes.txt has the spec") is not."""
    command = _COMMAND.match(line.strip())
    return command is not None and command.group(1) not in TALK_COMMANDS


def only_commands(content: str) -> bool:
    """Whether every line of ``content`` that says anything is a command that works the tool."""
    # Asked of every message each time units are formed: most do not open with a slash.
    if not content.lstrip().startswith("/"):
        return False
    said = [line for line in content.splitlines() if line.strip()]
    return bool(said) and all(works_the_tool(line) for line in said)


def written_by_tool(content: str) -> bool:
    """Whether ``content`` is a turn of slash commands (``only_commands``) or a prompt the
    editor wrote for the user (``EDITOR_PROMPTS``, Cursor's fix prompt)."""
    stripped = content.strip()
    return only_commands(content) or stripped.startswith(EDITOR_PROMPTS) or _FIX_PROMPT.fullmatch(stripped) is not None
