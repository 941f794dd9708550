"""A conversation read again after it grew: the re-read adds only decisions stated in what is new.

Detection scores a message against its whole conversation (its kind, who speaks most, how
far along a message stands), so reading a grown file again can find a decision in a
message the last read passed over, or the same decision with another unit ("are bans easy
to finish?" beside the stored one of the next message). Everything a message already
stored could be decided from was there at the last read: what it found then stands, and a
re-read stores only decisions anchored in messages not stored before (the message whose
sentence states the decision, which the journal marks as its anchor). Such a message is in
no stored decision's unit, so nothing stored is found a second time under another id.

A decision found again under its stored id is written again whatever its anchor (a draft
found as a decision becomes one, ``ingest --no-drafts``), so reading the same file twice
changes nothing, and neither does a third read of a grown file: what a whole read of it would
find beyond that stays unstored. A session never stored is read whole, as its first read.
"""

from __future__ import annotations

from collections.abc import Sequence

from api.usecases.grown_history import give_way_to_grown_last
from graph.executor import QueryExecutor
from graph.session_reads import SessionReads
from nlp.ids import stored_decision_id
from nlp.schema import Conversation, ExtractedDecision


async def messages_to_detect(conversation: Conversation, executor: QueryExecutor) -> set[int] | None:
    """Before a whole read of ``conversation`` is stored: None for a first read (its session
    holds none of its messages); else the positions of the messages not held yet (empty when
    nothing is new), taken before a message that changed in place gives way to the form the
    conversation holds (``grown_history``; its final form is new too), and those that giving
    way asks to be detected from again."""
    stored = await SessionReads(executor).stored(conversation.session_id, [m.id for m in conversation.messages])
    fresh = {m.seq for m in conversation.messages if m.id not in stored} if stored else None
    # A history read again after its last message grew (or was cut) stores that message once.
    again = await give_way_to_grown_last(conversation, executor, stored)
    return fresh | again if fresh is not None else None


async def kept_on_re_read(
    conversation: Conversation, found: Sequence[ExtractedDecision], new: set[int], source: str,
    executor: QueryExecutor,
) -> list[ExtractedDecision]:
    """Of the decisions a re-read found, those it writes: anchored in a ``new`` message, or
    stored already under the same id."""
    old = [d for d in found if not anchored_in(d, new)]
    ids = {
        id(d): stored_decision_id(conversation.session_id, tuple(conversation.messages[seq].id for seq in d.messages),
                                  d.summary, source)
        for d in old
    }
    again = await SessionReads(executor).stored_decisions(list(ids.values()))
    return [d for d in found if id(d) not in ids or ids[id(d)] in again]


def anchored_in(decision: ExtractedDecision, positions: set[int]) -> bool:
    """Whether the message stating ``decision`` is one of ``positions``: the message of its
    statement's span, or without one (a decision an LLM extracted) the last of its messages,
    where it was concluded."""
    anchors = {span.seq for span in decision.spans if span.seq in decision.messages} or set(decision.messages[-1:])
    return bool(anchors & positions)
