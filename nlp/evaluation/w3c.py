"""W3C working-group minutes with their RESOLUTION lines as labels (shared ``resolutions/``).

A resolution at message ``position`` is found by a detection in
``[position - WINDOW - vote_run, position + 1]``: the chair's proposal is said before the
run of votes, and "no objections, resolved" is sometimes scribed just after the marker.
The meeting's agenda topics are not given to the detector: the data's README makes the
messages its only input.
"""

from __future__ import annotations

import json
from pathlib import Path

from nlp.evaluation.corpus import LabelledMeeting, Target, is_final
from nlp.readers.common import message_id
from nlp.schema import Conversation, Message

WINDOW = 8


def load_w3c(shared_data: Path) -> list[LabelledMeeting]:
    """Every meeting of ``resolutions/meetings.jsonl``; grouped by working group."""
    path = shared_data / "resolutions" / "meetings.jsonl"
    meetings: list[LabelledMeeting] = []
    with path.open() as lines:
        for line in lines:
            record = json.loads(line)
            session = record["meeting_id"]
            messages = tuple(
                Message(id=message_id(session, seq), seq=seq, author=m["speaker"] or None, content=m["content"])
                for seq, m in enumerate(record["messages"])
            )
            last = len(messages) - 1
            targets = tuple(
                Target(
                    frozenset(range(max(0, r["position"] - WINDOW - r["vote_run"]), min(last, r["position"] + 1) + 1)),
                    routine=bool(r["routine"]),
                )
                for r in record["resolutions"]
            )
            conversation = Conversation(session_id=session, source_format="chat", messages=messages)
            meetings.append(
                LabelledMeeting(
                    source="w3c",
                    group=record["source_repo"],
                    final=is_final(session),
                    conversation=conversation,
                    targets=targets,
                    positives=frozenset().union(*(t.messages for t in targets)) if targets else frozenset(),
                )
            )
    return meetings
