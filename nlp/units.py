"""Decision units: a proposal, its votes or agreement and the conclusion are one decision.

Messages scoring at or above the threshold form units: a reply (a vote, an agreement) joins
the unit before it when it stands within ``GAP`` messages of it, a message with content of its
own only when it follows right after; never across a heading or a pause of more than
``PAUSE``, and never beyond ``MAX_SPAN`` messages. A second reply by someone who already
replied in the unit starts a new one: a person votes once on a question, so a run of "+1"s
in which someone votes twice holds two decisions (minutes whose proposal lines were not
captured show them back to back). In notes, where every bullet is a separate
line written by one note-taker, only replies join a unit: two outcomes in one list are two
decisions. The unit is
anchored at the message that states it best: the highest-scoring message with content of
its own, looking also at the ``LEAD`` messages before the unit (a proposal said just before
its run of "+1"s). A unit of bare replies that none of those leads agrees with the nearest
proposal among them ("How about we keep PostgreSQL?" - "Agreed, let's do that."), however low
the model scored it alone; with none, it is anchored at its best reply.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

GAP = 3
PAUSE = timedelta(hours=6)
MAX_SPAN = 12
LEAD = 3
LEAD_FLOOR = 0.35
"""A message before the unit is its statement only when the model gives it at least this."""


@dataclass(frozen=True)
class Unit:
    """One decision: the message that states it and every message that belongs to it."""

    anchor: int
    members: tuple[int, ...]


def decision_units(
    confidences: Sequence[float],
    replies: Sequence[bool],
    threshold: float,
    topics: Sequence[str | None] | None = None,
    statements_join: bool = True,
    times: Sequence[datetime | None] | None = None,
    authors: Sequence[str | None] | None = None,
    proposes: Callable[[int], bool] | None = None,
) -> list[Unit]:
    """The units of one conversation, in order.

    Args:
        confidences: The detector's confidence per message.
        replies: Whether each message is a bare vote or agreement.
        threshold: Confidence a message needs to belong to a unit.
        topics: Each message's heading; a unit never crosses a heading.
        statements_join: Whether a message with content of its own joins the unit before
            it (conversations), or only replies do (notes).
        times: Each message's timestamp, if known; a long pause ends a unit.
        authors: Each message's author, if known; a second reply by the same person starts
            a new unit (one person votes once on a question).
        proposes: Whether the message at a seq proposes something (asks, suggests, "let's");
            a unit of bare replies agrees with the nearest one before it. Asked only of
            the few messages just before such a unit.
    """
    groups: list[list[int]] = []
    for seq, confidence in enumerate(confidences):
        if confidence < threshold:
            continue
        if groups:
            current = groups[-1]
            same_topic = topics is None or topics[current[-1]] == topics[seq]
            before, now = (times[current[-1]], times[seq]) if times is not None else (None, None)
            paused = before is not None and now is not None and now - before > PAUSE
            joins = replies[seq] or (statements_join and seq - current[-1] == 1)
            if replies[seq] and authors is not None and authors[seq] is not None:
                joins = joins and authors[seq] not in {authors[i] for i in current if replies[i]}
            if seq - current[-1] <= GAP and seq - current[0] < MAX_SPAN and same_topic and joins and not paused:
                current.append(seq)
                continue
        groups.append([seq])
    units: list[Unit] = []
    previous_end = -1
    for members in groups:
        preceding = [
            seq for seq in range(max(previous_end + 1, members[0] - LEAD), members[0])
            if topics is None or topics[seq] == topics[members[0]]
        ]
        lead = [seq for seq in preceding if confidences[seq] >= LEAD_FLOOR]
        if proposes is not None and all(replies[seq] for seq in members) and all(replies[seq] for seq in lead):
            proposed = [seq for seq in preceding if not replies[seq] and proposes(seq)]
            lead = proposed[-1:] or lead
        stated = [seq for seq in (*lead, *members) if not replies[seq]]
        anchor = max(stated or members, key=lambda seq: (confidences[seq], -seq))
        units.append(Unit(anchor=anchor, members=tuple(sorted({anchor, *members}))))
        previous_end = members[-1]
    return units
