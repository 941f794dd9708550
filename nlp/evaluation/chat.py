"""Real chat labelled by reading: IRC meetings and issue threads (``eval/chat``).

The labels are ours (``eval/chat/<source>/labels.tsv``, written by a reader who did not see
the detector); the text is fetched public data and stays out of the repository, in
``../eval-data/chat/<source>/conversations.jsonl`` (``eval/chat/README.md`` says where each
comes from and under which licence). A label row is one decision unit: its ``anchor`` (the
message that states it most clearly), its ``messages`` (the statement, its proposal, the
agreement), ``decision`` or ``unsure``, the first 12 hex digits of the sha1 of the anchor's
text (so the loader checks that it reads the message the reader labelled), and the reader's
note. Notes that start ``triage:`` mark an issue tracker's formulaic triage outcomes
("accepted for P-low"); such a unit is a ``Target`` with ``routine`` set, so a view can set
it apart as it sets W3C minutes approvals apart.

Each source folder is one cross-validation group: the five come from unrelated projects.
A detection inside a decision unit is right, inside an ``unsure`` unit neither right nor
wrong, anywhere else wrong.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from nlp.evaluation.corpus import LabelledMeeting, Target, is_final
from nlp.readers.common import message_id
from nlp.schema import Conversation, Message

SOURCE = "chat"
LABELS_FILE = "labels.tsv"
TEXT_FILE = "conversations.jsonl"
COLUMNS = ("conversation_id", "anchor", "messages", "label", "sha1", "note")
TRIAGE = "triage:"
"""A note that starts so marks a formulaic triage outcome (priority, milestone)."""


@dataclass(frozen=True)
class UnitLabel:
    """One labelled unit of a conversation."""

    conversation: str
    anchor: int
    messages: frozenset[int]
    label: str
    sha1: str
    note: str

    @property
    def triage(self) -> bool:
        """A formulaic triage outcome (``TRIAGE``)."""
        return self.note.startswith(TRIAGE)


def text_sha1(text: str) -> str:
    """The first 12 hex digits of the sha1 of ``text`` (UTF-8): how a label names its anchor's text."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


def read_labels(path: Path) -> list[UnitLabel]:
    """The rows of one ``labels.tsv``.

    Raises:
        ValueError: A header other than ``COLUMNS``, a row of another width, a label that is
            neither ``decision`` nor ``unsure``, or an anchor outside its unit.
    """
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    if not lines or tuple(lines[0].split("\t")) != COLUMNS:
        raise ValueError(f"{path}: the header must be {' '.join(COLUMNS)}")
    rows: list[UnitLabel] = []
    for number, line in enumerate(lines[1:], start=2):
        cells = line.split("\t")
        if len(cells) != len(COLUMNS):
            raise ValueError(f"{path}:{number}: {len(cells)} columns, not {len(COLUMNS)}")
        conversation, anchor, messages, label, sha1, note = cells
        if label not in {"decision", "unsure"}:
            raise ValueError(f"{path}:{number}: label {label!r} is neither 'decision' nor 'unsure'")
        unit = frozenset(int(n) for n in messages.split(","))
        if int(anchor) not in unit:
            raise ValueError(f"{path}:{number}: the anchor {anchor} is not one of the unit's messages")
        rows.append(UnitLabel(conversation, int(anchor), unit, label, sha1, note))
    return rows


def load_chat(labels_root: Path, text_root: Path) -> list[LabelledMeeting]:
    """Every labelled conversation of every source folder under ``labels_root`` whose text is
    under ``text_root``; a source whose text is absent is skipped.

    Raises:
        ValueError: A label names a conversation or message that is not there, or its sha1
            does not match the text (the text is not the one that was labelled).
    """
    if not labels_root.is_dir():
        return []
    meetings: list[LabelledMeeting] = []
    for folder in sorted(p for p in labels_root.iterdir() if (p / LABELS_FILE).is_file()):
        text = text_root / folder.name / TEXT_FILE
        if text.is_file():
            meetings += _source(folder.name, read_labels(folder / LABELS_FILE), text)
    return meetings


def _source(name: str, labels: list[UnitLabel], text: Path) -> list[LabelledMeeting]:
    by_conversation: dict[str, list[UnitLabel]] = {}
    for row in labels:
        by_conversation.setdefault(row.conversation, []).append(row)
    meetings: list[LabelledMeeting] = []
    with text.open(encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                record = json.loads(line)
                meetings.append(_labelled(name, record, by_conversation.pop(record["conversation_id"], []), text))
    if by_conversation:
        raise ValueError(f"{text}: labels for conversations not there: {', '.join(sorted(by_conversation))}")
    return meetings


def _labelled(name: str, record: dict[str, object], rows: list[UnitLabel], text: Path) -> LabelledMeeting:
    session = str(record["conversation_id"])
    raw = record["messages"]
    assert isinstance(raw, list)
    messages = tuple(
        Message(id=message_id(session, seq), seq=seq, author=str(m.get("author") or "") or None, content=str(m["content"]))
        for seq, m in enumerate(raw)
    )
    for row in rows:
        if max(row.messages) >= len(messages):
            raise ValueError(f"{text}: {session} has no message {max(row.messages)}")
        if text_sha1(messages[row.anchor].content) != row.sha1:
            raise ValueError(f"{text}: {session} message {row.anchor} is not the text that was labelled (sha1 differs)")
    decisions = [row for row in rows if row.label == "decision"]
    targets = tuple(Target(row.messages, routine=row.triage) for row in decisions)
    positives = frozenset().union(*(t.messages for t in targets)) if targets else frozenset()
    # A message of an unsure unit is neither right nor wrong, unless a decision unit holds it too.
    unsure = frozenset[int]().union(*(row.messages for row in rows if row.label == "unsure")) - positives
    return LabelledMeeting(
        source=SOURCE,
        group=name,
        final=is_final(session),
        conversation=Conversation(session_id=session, source_format="chat", title=str(record.get("title") or session), messages=messages),
        targets=targets,
        positives=positives,
        scored=frozenset(m.seq for m in messages if m.seq not in unsure),
    )
