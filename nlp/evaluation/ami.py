"""AMI scenario meetings with their decision-related dialogue acts (``eval/ami``).

Each meeting of the AMI corpus's scenario series (CC BY 4.0) has an abstractive summary
whose ``decisions`` section the annotators linked to the dialogue acts that support each
sentence (the decision-related acts of Hsueh & Moore and of Bui & Peters).
``eval/ami/build_ami_decisions.py`` keeps, per meeting, the acts in order (speaker, start,
words) and which decision sentence each is linked to; see ``eval/ami/README.md``.

The loader reads a meeting as its transcript would be ingested: consecutive acts of one
speaker form a turn (a message). A labelled decision is the set of turns that hold an act
linked to one decision sentence; a detection inside any such turn is right, anywhere else
wrong. Series (``ES2002a``..``d``) are held out together, in folds of whole series.

The meetings that ``../shared/RESERVED.md`` reserves for evaluation are dropped on load,
whatever the file holds (``is_reserved``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from nlp.evaluation.corpus import LabelledMeeting, Target, folded, is_final
from nlp.readers.common import message_id
from nlp.schema import Conversation, Message

SOURCE = "ami"
RESERVED_SERIES = frozenset({
    "ES2004", "ES2006", "ES2009", "ES2011", "IS1003", "IS1006", "TS3004", "TS3009", "TS3010", "TS3011",
})
"""AMI series whose meetings (a-d) are QMSum's test and val meetings: reserved for evaluation."""
MEETINGS_FILE = "meetings.jsonl"


def series_of(meeting: str) -> str:
    """``ES2002a`` -> ``ES2002``."""
    return meeting[:6]


def is_reserved(meeting: str) -> bool:
    """Whether an AMI meeting id belongs to a reserved series."""
    return series_of(meeting) in RESERVED_SERIES


@dataclass(frozen=True)
class Act:
    """One dialogue act: who said it, when, its words, and the decision sentence it supports (-1: none)."""

    speaker: str
    start: float
    text: str
    decision: int


@dataclass(frozen=True)
class AmiMeeting:
    """One meeting as the derived file holds it."""

    meeting: str
    decisions: tuple[str, ...]
    acts: tuple[Act, ...]


def read_meetings(folder: Path) -> list[AmiMeeting]:
    """Every non-reserved meeting of ``folder/meetings.jsonl``; none when it is absent."""
    path = folder / MEETINGS_FILE
    if not path.is_file():
        return []
    out: list[AmiMeeting] = []
    with path.open() as lines:
        for line in lines:
            if not line.strip():
                continue
            record = json.loads(line)
            if is_reserved(record["meeting"]):
                continue
            acts = tuple(Act(str(s), float(t), str(text), int(d)) for s, t, text, d in record["acts"])
            out.append(AmiMeeting(record["meeting"], tuple(record["decisions"]), acts))
    return out


def turns_of(meeting: AmiMeeting) -> list[list[Act]]:
    """Consecutive acts of one speaker, joined: the messages of the meeting's transcript."""
    turns: list[list[Act]] = []
    for act in meeting.acts:
        if turns and turns[-1][0].speaker == act.speaker:
            turns[-1].append(act)
        else:
            turns.append([act])
    return turns


def as_labelled(meeting: AmiMeeting) -> LabelledMeeting:
    """The meeting as turns, each labelled decision the turns that hold its linked acts."""
    turns = turns_of(meeting)
    messages = tuple(
        Message(id=message_id(meeting.meeting, seq), seq=seq, author=turn[0].speaker,
                content=" ".join(act.text for act in turn))
        for seq, turn in enumerate(turns)
    )
    by_decision: dict[int, set[int]] = {}
    for seq, turn in enumerate(turns):
        for act in turn:
            if act.decision >= 0:
                by_decision.setdefault(act.decision, set()).add(seq)
    targets = tuple(
        Target(frozenset(seqs), answer=meeting.decisions[index] if index < len(meeting.decisions) else None)
        for index, seqs in sorted(by_decision.items())
    )
    series = series_of(meeting.meeting)
    return LabelledMeeting(
        source=SOURCE,
        group=folded(series),
        final=is_final(series),
        conversation=Conversation(session_id=meeting.meeting, source_format="qmsum", title=meeting.meeting, messages=messages),
        targets=targets,
        positives=frozenset().union(*(t.messages for t in targets)) if targets else frozenset(),
    )


def load_ami(folder: Path) -> list[LabelledMeeting]:
    """The labelled AMI meetings under ``folder`` (``eval/ami``), reserved ones dropped."""
    return [as_labelled(meeting) for meeting in read_meetings(folder)]
