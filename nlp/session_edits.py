"""Which files a coding-assistant session changed right after each of its decisions: the
agent form of seed 000's ``auto_link_strategy = "git_context"``.

The window. A decision's edits are the ones its agent made *in answer to it*: from the
message that concludes the decision (the last of its unit) up to the first of

- the next message that is neither the assistant's nor a tool's: the user speaking again (a
  new request, a correction, a change of topic) or the harness stepping in (a slash command,
  a compaction), after which the work is no longer the answer to this decision;
- the next decision of the session: what is edited after it is that decision's;
- ``MAX_GAP`` after the decision, when both times are known: a session resumed the next day
  continues in the same file without a user turn in between;

and at most ``MAX_FILES`` distinct files, the first ones edited. Why so narrow: part of the
work of a turn is not about the decision at all (a test fixed on the way, a rename), and a
link that is wrong is worse than one that is missing: ``impact`` and the pre-edit hook show
these links to people and agents as reasons. The turn that answers a decision ("let's go with
Redis" → edit ``cache.py``, write ``cache.toml``) is where a person reading the session would
also say the decision shows in the code; a later turn may well revise it, and is linked to
the decision taken in it instead. The first files edited are the likeliest to be about the
decision, so confidence falls a little with each further file.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import timedelta

from nlp.plural import plural
from nlp.schema import TOOL_ROLE, Message

SESSION_EDIT = "session_edit"
"""The ``via`` of a link from a decision to a file its session edited after it."""
MAX_FILES = 10
"""Files linked per decision at most: a turn that edits more is a sweep (a rename, a
reformat, a refactor) of which the decision is at most one part."""
MAX_GAP = timedelta(minutes=30)
"""Edits later than this after the decision are not its answer (a resumed session)."""
FIRST_CONFIDENCE = 0.8
"""Confidence of the first file edited after a decision; each further file 0.02 less."""
_STEP = 0.02
_AGENT_ROLES = frozenset({"assistant", TOOL_ROLE})
_TOOL_NAME = re.compile(r"^([A-Za-z_][\w-]*)(?:\s|$)")


@dataclass(frozen=True)
class DecisionPoint:
    """A decision of the session: its id and the positions of the messages stating it."""

    id: str
    messages: tuple[int, ...]

    @property
    def concluded(self) -> int:
        """The position of the message that concludes it (the last of its unit)."""
        return max(self.messages)


@dataclass(frozen=True)
class SessionEdit:
    """A file a session edited after one of its decisions.

    Attributes:
        decision_id: The decision.
        path: The file, relative to the repository.
        decided: Position of the message that concludes the decision.
        edited: Position of the tool message that edited the file (its first edit in the window).
        tool: The tool's name as the message gives it (``Edit``, ``apply_patch``), if it does.
        seconds: Time from the decision to the edit, when both are timed.
        rank: 0 for the first file edited after the decision, 1 for the next, …
    """

    decision_id: str
    path: str
    decided: int
    edited: int
    tool: str | None
    seconds: float | None
    rank: int

    @property
    def confidence(self) -> float:
        return round(FIRST_CONFIDENCE - _STEP * self.rank, 2)


def edits_after_decisions(
    messages: Sequence[Message], decisions: Sequence[DecisionPoint], where: Callable[[str], str | None],
) -> list[SessionEdit]:
    """The files each decision's window of ``messages`` edited (see the module docstring).

    Args:
        messages: The session's messages in order (``seq`` is their position).
        decisions: Its decisions (drafts left out by the caller).
        where: A file as the session named it → its repository-relative path, or None for
            one outside the repository.
    """
    points = sorted({d.concluded for d in decisions if d.messages})
    found: list[SessionEdit] = []
    for decision in decisions:
        if not decision.messages:
            continue
        start = decision.concluded
        later = [p for p in points if p > start]
        stop = min(later[0] if later else len(messages), len(messages))
        found += _window(messages, decision, start, stop, where)
    return found


def _window(
    messages: Sequence[Message], decision: DecisionPoint, start: int, stop: int, where: Callable[[str], str | None],
) -> list[SessionEdit]:
    decided_at = messages[start].timestamp if start < len(messages) else None
    seen: dict[str, SessionEdit] = {}
    for message in messages[start + 1 : stop]:
        if message.role not in _AGENT_ROLES:
            break
        if decided_at is not None and message.timestamp is not None and message.timestamp - decided_at > MAX_GAP:
            break
        for named in message.files:
            path = where(named)
            if path is None or path in seen:
                continue
            if len(seen) >= MAX_FILES:
                return list(seen.values())
            seconds = (
                (message.timestamp - decided_at).total_seconds()
                if decided_at is not None and message.timestamp is not None else None
            )
            seen[path] = SessionEdit(decision.id, path, start, message.seq, tool_name(message), seconds, len(seen))
    return list(seen.values())


def tool_name(message: Message) -> str | None:
    """The tool a tool message is a call of, when its text opens with the name (``Edit {…}``,
    ``apply_patch …``, aider's ``edit notes/api.py``)."""
    match = _TOOL_NAME.match(message.content)
    return match.group(1) if match else None


def edit_evidence(edit: SessionEdit, decided: int, edited: int) -> str:
    """Why the link holds, for a person: which message edited the file, and how far after
    the decision (``decided``/``edited``: the two messages' positions as stored)."""
    by = f"{edit.tool} in message {edited}" if edit.tool else f"a tool call in message {edited}"
    gap = edited - decided
    after = plural(gap, 'message')
    if edit.seconds is not None:
        after += f", {_duration(edit.seconds)}"
    return f"the session edited it: {by}, {after} after the decision (message {decided})"


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{round(seconds)} s"
    return f"{round(seconds / 60)} min"
