"""Meeting minutes labelled here by reading every message.

``eval/notes/<collection>/*.md`` are development notes beside the shared rez and o3de notes
(each collection one cross-validation group): the 49 OpenVDB TSC minutes. A fresh set
kept apart and scored once is ``nlp.evaluation.held_out``'s. A labels file lists each collection's decisions, one row each:
``collection/file``, the start lines of the messages that state it (as the markdown reader
cuts them), and ``decision`` or ``unsure``. Every message of a file is scored except those
of ``unsure`` rows: a detection anywhere else is wrong.
"""

from __future__ import annotations

import csv
from collections import defaultdict
from pathlib import Path

from nlp.evaluation.corpus import LabelledMeeting, Target
from nlp.readers import read_conversation
from nlp.schema import Conversation


def load_minutes(folder: Path, labels: Path, source: str) -> list[LabelledMeeting]:
    """The labelled minutes of every collection under ``folder``, or none when it is absent.

    Raises:
        ValueError: A label names a file that is not there, or a line where no message starts.
    """
    if not folder.is_dir() or not labels.is_file():
        return []
    by_file = read_unit_labels(labels)
    meetings: list[LabelledMeeting] = []
    for collection in sorted(p for p in folder.iterdir() if p.is_dir()):
        for path in sorted(collection.glob("*.md")):
            name = f"{collection.name}/{path.name}"
            meetings.append(_labelled(read_conversation(path, "markdown", name), by_file.pop(name, []), labels, source))
    if by_file:
        raise ValueError(f"{labels}: labels for files not under {folder}: {', '.join(sorted(by_file))}")
    return meetings


def read_unit_labels(labels: Path) -> dict[str, list[tuple[str, tuple[int, ...]]]]:
    """``file`` → its rows (``decision`` or ``unsure``, the start lines of the messages).

    Raises:
        ValueError: A row whose label is neither.
    """
    rows = [line for line in labels.read_text().splitlines() if line and not line.startswith("#")]
    by_file: dict[str, list[tuple[str, tuple[int, ...]]]] = defaultdict(list)
    for row in csv.DictReader(rows, delimiter="\t"):
        if row["label"] not in {"decision", "unsure"}:
            raise ValueError(f"{labels}: label {row['label']!r} is neither 'decision' nor 'unsure'")
        by_file[row["file"]].append((row["label"], tuple(int(n) for n in row["lines"].split(","))))
    return by_file


def labelled_units(
    conversation: Conversation, rows: list[tuple[str, tuple[int, ...]]], labels: Path
) -> tuple[list[frozenset[int]], frozenset[int]]:
    """The message seqs of each ``decision`` row, and those of every ``unsure`` row.

    Raises:
        ValueError: A row names a line where no message of ``conversation`` starts.
    """
    starts = {m.line: m.seq for m in conversation.messages if m.line is not None}
    decisions: list[frozenset[int]] = []
    unsure: set[int] = set()
    for label, lines in rows:
        missing = [n for n in lines if n not in starts]
        if missing:
            raise ValueError(f"{labels}: no message of {conversation.session_id} starts at line {missing[0]}")
        seqs = frozenset(starts[n] for n in lines)
        if label == "decision":
            decisions.append(seqs)
        else:
            unsure |= seqs
    return decisions, frozenset(unsure)


def _labelled(
    conversation: Conversation, rows: list[tuple[str, tuple[int, ...]]], labels: Path, source: str
) -> LabelledMeeting:
    decisions, unsure = labelled_units(conversation, rows, labels)
    return LabelledMeeting(
        source=source, group=conversation.session_id.split("/", 1)[0], final=False, conversation=conversation,
        targets=tuple(Target(seqs) for seqs in decisions), positives=frozenset().union(*decisions),
        scored=frozenset(m.seq for m in conversation.messages if m.seq not in unsure),
    )
