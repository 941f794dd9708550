"""A Markdown history (SpecStory, aider) read again after one of its messages changed in
place: the form the file holds now takes the place of the stored one, on every ingest path.

Its tool rewrites such a file as it streams an answer into it, so its last message grows
between two reads; an editor, a sync or a crash may also leave it cut in the middle of a
message, and then restored whole. Either way the file's first message not stored yet
stands where a stored message stands that the file no longer holds, right after a message
both hold, and it is that message in another form: one message per place, never two.

``ingest``, ``watch`` and the hook read such a file through ``api.usecases.session_files``;
the Python API's ``ingest_session(path)``, GraphQL ``ingest`` and a CLI ingest that restates a
session's date, series or groups read it whole through the journal facade. Both ask here, so
that none of them stores a message's other form beside it.
"""

from __future__ import annotations

from collections.abc import Sequence

from graph.executor import QueryExecutor
from graph.session_reads import SessionReads
from nlp.readers import SESSION_READERS
from nlp.schema import Conversation, Message

APPEND_ONLY = frozenset({"claude-code", "codex"})
"""Formats whose files only grow, a whole JSON object a line: a message never grows in place."""


async def give_way_to_grown_last(conversation: Conversation, executor: QueryExecutor, stored: set[str]) -> frozenset[int]:
    """Before a whole read of ``conversation`` is stored: when a stored message of its session
    stands where the conversation holds another form of it (``changed_in_place``), put the
    conversation's form in its place (what was found in the other text is removed with it),
    so that storing the conversation stores the message once and detects it whole.
    ``stored``: those of the conversation's message ids its session holds.

    Returns:
        The positions to detect from again besides the messages not stored yet: those
        stating a decision the other text was found to state (``SessionReads.replace_unfinished``).
    """
    if conversation.source_format not in SESSION_READERS or conversation.source_format in APPEND_ONLY:
        return frozenset()
    reads = SessionReads(executor)
    session = conversation.session_id
    if await reads.state(session, 1) is None:
        return frozenset()
    changed = await changed_in_place(conversation.messages, stored, reads, session)
    again = await reads.replace_unfinished(session, changed[0], changed[1]) if changed is not None else None
    return frozenset(seq for seq in again or () if seq < len(conversation.messages))


async def changed_in_place(
    messages: Sequence[Message], stored: set[str], reads: SessionReads, session: str,
) -> tuple[str, Message] | None:
    """The stored id of a message the file now holds in another form, and that form.

    The file's first message not stored yet is another form of the stored message at its
    place when the message before it is stored (or it is the file's first) and the one stored
    right after that is not in the file: the stored one was read half written (the file has
    grown since) or the file was cut inside it (the stored one is whole and the file now
    holds a part), or the other way round once a cut file is restored. Whatever its text was
    then, the message in its place now is what a read of this file finds there. The
    messages stored after that place stay, as they do when a file is rewritten.
    """
    first = next((i for i, m in enumerate(messages) if m.id not in stored), None)
    if first is None:
        return None
    there = await reads.stored_after(session, messages[first - 1].id if first else None)
    if len(there) != 1 or there[0] in {m.id for m in messages}:
        return None
    return there[0], messages[first]
