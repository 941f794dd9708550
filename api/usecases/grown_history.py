"""A Markdown history (SpecStory, aider) read again after its last message grew: the message
stored while it was still being written gives way to its final form, on every ingest path.

``ingest``, ``watch`` and the hook read such a file through ``api.usecases.session_files``;
the Python API's ``ingest_session(path)``, GraphQL ``ingest`` and a CLI ingest that restates a
session's date, series or groups read it whole through the journal facade. Both ask here, so
that none of them stores the half-written message beside the whole one.
"""

from __future__ import annotations

from collections.abc import Sequence

from graph.executor import QueryExecutor
from graph.session_reads import SessionReads
from nlp.readers import SESSION_READERS
from nlp.schema import Conversation, Message

APPEND_ONLY = frozenset({"claude-code", "codex"})
"""Formats whose files only grow, a whole JSON object a line: a message never grows in place."""


async def give_way_to_grown_last(conversation: Conversation, executor: QueryExecutor) -> bool:
    """Before a whole read of ``conversation`` is stored: when its session's last stored
    message was read while still being written and the conversation holds its final form,
    put that form in its place (what was found in the unfinished text is removed with it),
    so that storing the conversation stores the message once and detects it whole.

    Returns:
        Whether a message was replaced.
    """
    if conversation.source_format not in SESSION_READERS or conversation.source_format in APPEND_ONLY:
        return False
    reads = SessionReads(executor)
    session = conversation.session_id
    state = await reads.state(session, 2)  # the last message and the one before it
    if state is None:
        return False
    stored = await reads.stored(session, [m.id for m in conversation.messages])
    grown = grown_last(conversation.messages, stored, state.last)
    return grown is not None and await reads.replace_unfinished(session, grown[0], grown[1]) is not None


def grown_last(
    messages: Sequence[Message], stored: set[str], last: Sequence[Message],
) -> tuple[str, Message] | None:
    """The stored id and the final form of the session's last stored message, when it was
    read while still being written: the file no longer holds it, but holds the message
    stored before it, and a message not stored yet right after that one.

    A Markdown history (SpecStory, aider) is rewritten as its tool streams an answer into it,
    so its last message (or its last lines, a turn's header half written) grows between two
    reads; its content id changes with it. Whatever its text was then, the message in its
    place now is what a read of the final file finds there.
    """
    if not last or last[-1].id in stored:
        return None
    index = 0
    if len(last) > 1:
        before = [i for i, m in enumerate(messages) if m.id == last[-2].id]
        if not before:
            return None
        index = before[0] + 1
    if index >= len(messages) or messages[index].id in stored:
        return None
    return last[-1].id, messages[index]
