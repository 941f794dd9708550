"""QMSum turns read by hand: how often a real decision lies in a decision span.

QMSum marks the spans of the topics its annotators asked about, not every decision of a
meeting, so the in-span share that ``eval detect`` reports for spoken meetings has a
ceiling below 1 even for a detector that reports exactly the real decisions. To measure
that ceiling, turns were drawn at random from the development meetings and read by hand
with their neighbours, their spans hidden (``eval/qmsum_judged_turns.tsv``), each labelled
``decision`` (the turn, with the turns right around it, states or settles what the group
will do or choose), ``unsure`` (ratings in a product evaluation, an agreement reported from
elsewhere, an endorsement that settles nothing yet) or ``not``. The share of ``decision``
turns inside a span estimates the in-span share of a perfect decision detector.

Each row also keeps the first words of its turn: a change of the QMSum reader that moved
the turns would otherwise silently point every judgement at another turn.
"""

from __future__ import annotations

import csv
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from nlp.evaluation.corpus import LabelledMeeting

LABELS = ("decision", "unsure", "not")
Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


@dataclass(frozen=True)
class JudgedTurn:
    """One turn read by hand: where it is, how it was drawn, what it is."""

    meeting: str
    seq: int
    sample: str
    label: str
    text: str


@dataclass(frozen=True)
class SpanShare:
    """How many of a set of judged turns lie in a decision span, with a 95% interval."""

    label: str
    sample: str
    turns: int
    in_span: int
    low: float
    high: float

    @property
    def share(self) -> float:
        return self.in_span / self.turns if self.turns else 0.0


def read_judged_turns(path: Path) -> list[JudgedTurn]:
    """The rows of a judged-turns file (``#`` lines are comments).

    Raises:
        ValueError: A row without its five columns, with a label not in ``LABELS``, a
            position that is not a number, or a turn judged twice in different ways.
    """
    rows = [line for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]
    turns: list[JudgedTurn] = []
    seen: dict[tuple[str, int], str] = {}
    for number, row in enumerate(csv.DictReader(rows, delimiter="\t", quoting=csv.QUOTE_NONE), start=1):
        if None in row.values() or None in row:
            raise ValueError(f"{path}: row {number} does not have the columns meeting, seq, sample, label, text")
        if row["label"] not in LABELS:
            raise ValueError(f"{path}: row {number}: label {row['label']!r} is not one of {', '.join(LABELS)}")
        if not row["seq"].isdigit():
            raise ValueError(f"{path}: row {number}: seq {row['seq']!r} is not a turn position")
        turn = JudgedTurn(row["meeting"], int(row["seq"]), row["sample"], row["label"], row["text"])
        if seen.setdefault((turn.meeting, turn.seq), turn.label) != turn.label:
            raise ValueError(f"{path}: row {number}: {turn.meeting} turn {turn.seq} is judged twice, differently")
        turns.append(turn)
    return turns


def check_turns(turns: Iterable[JudgedTurn], meetings: Sequence[LabelledMeeting]) -> None:
    """Every judged turn is where its row says, with the words its row quotes.

    Raises:
        ValueError: A meeting that is not among ``meetings``, a position past its end, or a
            turn whose words differ from the row's (the reader numbers turns differently).
    """
    by_id = {meeting.conversation.session_id: meeting for meeting in meetings}
    for turn in turns:
        meeting = by_id.get(turn.meeting)
        if meeting is None:
            raise ValueError(f"judged turn of {turn.meeting}: no such QMSum meeting with a decision query")
        messages = meeting.conversation.messages
        if turn.seq >= len(messages) or not _said(messages[turn.seq].content).startswith(turn.text):
            raise ValueError(
                f"judged turn {turn.meeting} #{turn.seq} no longer reads {turn.text!r}: the QMSum reader moved the turns"
            )


def span_shares(turns: Sequence[JudgedTurn], meetings: Sequence[LabelledMeeting]) -> list[SpanShare]:
    """Per label, over all samples (a turn drawn by two samples counted once), then per
    sample and label: how many judged turns lie inside any decision span."""
    check_turns(turns, meetings)
    spans = {meeting.conversation.session_id: meeting.positives for meeting in meetings}
    unique = {(turn.meeting, turn.seq): turn for turn in turns}
    out: list[SpanShare] = []
    for sample, chosen in [("all", list(unique.values())), *((s, [t for t in turns if t.sample == s]) for s in _samples(turns))]:
        for label in LABELS:
            mine = [turn for turn in chosen if turn.label == label]
            inside = sum(turn.seq in spans[turn.meeting] for turn in mine)
            low, high = wilson(inside, len(mine))
            out.append(SpanShare(label, sample, len(mine), inside, low, high))
    return out


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion; (0, 1) when there are no trials."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def _samples(turns: Iterable[JudgedTurn]) -> list[str]:
    """The samples in the order their first row appears."""
    return list(dict.fromkeys(turn.sample for turn in turns))


def _said(content: str) -> str:
    """A turn's words with runs of white space as one space, as rows quote them."""
    return re.sub(r"\s+", " ", content).strip()
