"""Are stored spoken decisions real decisions, in their own words? A blind reading.

The protocol is ``eval spoken-ceiling``'s: items drawn at random by a script, read by a
person who sees no label and no score. What is drawn here is the decisions the offline
pipeline *stores* (not drafts) for development meetings, each extracted by the fold model
that never saw its series, at the points chosen without it: their stored sentence and the
turns around it. The reader fills in one column per row:

- ``decision``: a real decision (the group settles what it will do or choose), stated in the
  stored sentence's own words ("the sample sensor will have to go");
- ``wrong-sentence``: a real decision is made there, but the stored sentence is not the one
  that states it (a neighbouring remark, a backchannel);
- ``unsure``: ratings, an agreement reported from elsewhere, an endorsement that settles nothing;
- ``not``: no decision (talk, proposals, questions, jokes, procedure, one person's task).

``score_reading`` gives the share of ``decision`` rows with a 95% interval. The draw file
holds nothing a reader could take a label from; the rows' positions are in a key file beside
it, for checking which meetings were drawn.
"""

from __future__ import annotations

import csv
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from nlp.evaluation.judged_turns import wilson
from nlp.schema import Conversation, ExtractedDecision

READINGS = ("decision", "wrong-sentence", "unsure", "not")
BEFORE = 4
AFTER = 2
_HEADER = """# Stored spoken decisions, drawn at random for a blind reading (docs/quality.md, "Spoken meetings").
# Each row is one decision the offline pipeline stored (not a draft) for a development AMI meeting,
# found by a model that never saw the meeting's series. Read the stored sentence with the turns
# around it (">>" marks the turn it was taken from) and fill in the column `reading` with one of:
#   decision        a real decision (the group settles what it will do or choose), in the stored sentence's own words
#   wrong-sentence  a real decision is made there, but the stored sentence is not the one that states it
#   unsure          ratings, an agreement reported from elsewhere, an endorsement that settles nothing
#   not             no decision: talk, proposals, questions, jokes, procedure, one person's task
# Nothing in this file says what the detector or the AMI annotators thought. Score it with
#   decision-journal eval spoken-precision --reading THIS_FILE
"""
COLUMNS = ("id", "stored_sentence", "turns", "reading")


@dataclass(frozen=True)
class Stored:
    """One stored decision and where it was read from."""

    meeting: str
    seq: int
    sentence: str
    turns: str


def stored_of(conversation: Conversation, decisions: Sequence[ExtractedDecision]) -> list[Stored]:
    """The stored (non-draft) decisions of one meeting with their surrounding turns."""
    out: list[Stored] = []
    messages = conversation.messages
    for decision in decisions:
        if decision.status == "candidate":
            continue
        seq = decision.spans[0].seq if decision.spans else decision.messages[0]
        around = messages[max(0, seq - BEFORE) : seq + AFTER + 1]
        turns = " | ".join(
            f"{'>>' if m.seq == seq else ''}{m.author or '?'}: {' '.join(m.content.split())}" for m in around
        )
        out.append(Stored(conversation.session_id, seq, " ".join(decision.summary.split()), turns))
    return out


def draw(stored: Sequence[Stored], size: int, seed: int) -> list[Stored]:
    """``size`` of ``stored`` at random (all of them when there are fewer), in drawn order."""
    pool = sorted(stored, key=lambda s: (s.meeting, s.seq, s.sentence))
    return random.Random(seed).sample(pool, min(size, len(pool)))


def write_draw(path: Path, drawn: Sequence[Stored], note: str) -> Path:
    """The draw for the reader at ``path`` and its key (meeting, turn) at ``path.key.tsv``."""
    with path.open("w", newline="") as out:
        out.write(_HEADER + f"# {note}\n")
        writer = csv.writer(out, delimiter="\t", lineterminator="\n")
        writer.writerow(COLUMNS)
        for index, item in enumerate(drawn, 1):
            writer.writerow((index, item.sentence, item.turns, ""))
    key = path.with_name(path.name + ".key.tsv")
    with key.open("w", newline="") as out:
        writer = csv.writer(out, delimiter="\t", lineterminator="\n")
        writer.writerow(("id", "meeting", "seq"))
        for index, item in enumerate(drawn, 1):
            writer.writerow((index, item.meeting, item.seq))
    return key


@dataclass(frozen=True)
class Reading:
    """How a filled-in draw reads: counts per reading, and the share of own-words decisions."""

    counts: dict[str, int]
    read: int
    unread: int

    @property
    def share(self) -> float:
        return self.counts.get("decision", 0) / self.read if self.read else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.counts.get("decision", 0), self.read)


def score_reading(path: Path) -> Reading:
    """Count a filled-in draw.

    Raises:
        ValueError: A reading that is none of ``READINGS``.
    """
    rows = [line for line in path.read_text().splitlines() if line and not line.startswith("#")]
    counts = dict.fromkeys(READINGS, 0)
    unread = 0
    for row in csv.DictReader(rows, delimiter="\t"):
        value = (row.get("reading") or "").strip().lower()
        if not value:
            unread += 1
            continue
        if value not in counts:
            raise ValueError(f"{path}: row {row['id']}: reading {value!r} is none of {', '.join(READINGS)}")
        counts[value] += 1
    return Reading(counts, sum(counts.values()), unread)
