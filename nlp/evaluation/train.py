"""Train the learned detector: L2 logistic regression over hashed features, deterministic.

Every labelled message is one example (``LabelledMeeting.training_labels``). Sources differ
in size by two orders of magnitude (tens of thousands of QMSum turns against 146 of our
messages), so each source weighs the same in the loss (QMSum's weak labels not at all, see
``SOURCE_WEIGHTS``), and within a source both classes weigh the same.
Full-batch Adam from zero for a fixed number of steps: the same data give the same weights.
Features seen in fewer than ``MIN_COUNT`` training messages keep weight 0, and weights under
``PRUNE`` are dropped at the end: the shipped file stays small and the model off single items.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from nlp.chat_features import chat_rows
from nlp.detect import DecisionDetector
from nlp.detector_features import BUCKETS, CHAT, SESSION, SPOKEN, VOTING, ConversationFeatures
from nlp.evaluation.corpus import LabelledMeeting
from nlp.session_features import scored_rows, structural_rows
from nlp.voting_features import voting_rows

MIN_COUNT = 3
L2 = 1e-3
STEPS = 150
RATE = 0.05
PRUNE = 0.02
"""Weights smaller than this are set to 0 after training: two thirds of the features go,
the shipped file stays about 150 KB, and a message's score moves by a few hundredths."""
SESSION_L2 = 1e-2
"""The session model's L2 (``nlp.session_features``): it learns from a few hundred turns of
a few dozen sessions, and weaker L2 learned single sessions' words. Cross-validated by owner
on the development sessions (stored F1 at nested points, ``eval detect --groups --source
sessions``): 1e-3 0.523, 5e-3 0.537, 1e-2 0.570, 1.5e-2 0.574, 3e-2 0.519, 1e-1 0.457."""
STRUCTURE_SHARE = 1.0
"""How much a session's turns without their words (``Featurized.structural``) weigh in the
session model's loss, against 1 for the turns as they are. Cross-validated by owner with each
held-out owner's words unread (``eval detect --groups --source sessions --words-unread``, the
case of a language no development session is in): stored F1 0.311 at 0.5, 0.485 at 1.0, and
0.016 without the copies; on the turns as they are 0.533 at 0.5, 0.549 at 1.0, 0.555 without."""
STRUCTURE_SOURCE = "|structure"
SPOKEN_L2 = 1e-2
"""The spoken model's L2 (``nlp.spoken_features``), trained on the AMI labels alone. Out of fold
by series on the 82 development meetings (ranking AUC within a meeting, with cb4073e's
features): 1e-3 0.794 with the spoken features alone, 0.804 with the shared names beside them;
1e-2 0.840; 3e-2 0.848 (docs/experiments/2026-11-26-spoken-model.md)."""
VOTING_L2 = 3e-4
"""The voting model's L2 (``nlp.voting_features``): it learns from some 300 minutes of seven
W3C groups, and the shared model's L2 held its words back. Cross-validated by group on the
development minutes (non-routine stored F1 at nested points, ``eval detect --groups``, the
first three from a script that reran only the voting folds): 3e-3 0.683, 1e-3 0.720, 3e-4
0.758, 1e-4 0.746 (docs/experiments/2026-11-26-detection-log.md)."""
CHAT_L2 = 1e-2
"""The chat model's L2 (``nlp.chat_features``; tried, not shipped). Cross-validated by source on
the three first real chat sources with its first features (stored F1, non-triage,
``eval/probe_chat_model.py``): 1e-3 0.134, 1e-2 0.179, 3e-2 0.181; the ranking hardly moved
(docs/experiments/2026-11-26-chat-model.md)."""
SOURCE_WEIGHTS = {"qmsum": 0.0}
"""QMSum's spans mark whole discussions, not decisions (``eval spoken-ceiling``): now that the
AMI labels say which turns are decision-related, its weak labels are not trained on (still
scored). Out of fold on AMI it hardly matters: ranking AUC 0.821 with a quarter of them, 0.827
without; at log-odds 1.5 P/R 0.141/0.282 with, 0.136/0.273 without; at 2.0 0.154/0.166 with,
0.156/0.180 without."""


@dataclass(frozen=True)
class Featurized:
    """One meeting's features and hashed rows, computed once and reused by every fold.

    ``rows`` are what the meeting is scored with; ``shared_rows``, set for a spoken meeting
    read for the spoken model (``featurize(spoken=True)``), the shared model's rows of it,
    which the shared model still trains on; ``voting_rows``, set for minutes that vote, what the
    voting model reads of them (``nlp.voting_features``), beside ``rows``, the shared model's."""

    meeting: LabelledMeeting
    features: ConversationFeatures
    rows: tuple[tuple[int, ...], ...]
    structural: tuple[tuple[int, ...], ...] | None = None
    """A session's rows without the features read from its words (``structural_rows``),
    trained on beside ``rows``; None for the other kinds."""
    shared_rows: tuple[tuple[int, ...], ...] | None = None
    voting_rows: tuple[tuple[int, ...], ...] | None = None
    chat_rows: tuple[tuple[int, ...], ...] | None = None
    """Set for a chat read for the chat model (``featurize(chat=True)``): what it reads of it
    (``nlp.chat_features``), beside ``rows``, the shared model's, which it still trains on."""

    def shared(self) -> Featurized:
        """This meeting as the shared model reads it (without the chat model's rows, if any)."""
        if self.chat_rows is not None:
            return replace(self, chat_rows=None)
        return self if self.shared_rows is None else replace(self, rows=self.shared_rows, shared_rows=None)

    def as_voting(self) -> Featurized:
        """This meeting as the voting model reads and learns it (its ``voting_rows`` as rows)."""
        if self.voting_rows is None:
            raise ValueError(f"{self.meeting.conversation.session_id} is not read by the voting model")
        return replace(self, rows=self.voting_rows, voting_rows=None)

    def as_chat(self) -> Featurized:
        """This chat as the chat model reads and learns it (its ``chat_rows`` as rows)."""
        if self.chat_rows is None:
            raise ValueError(f"{self.meeting.conversation.session_id} is not read by the chat model")
        return replace(self, rows=self.chat_rows, chat_rows=None)


def featurize(
    detector: DecisionDetector, meetings: Sequence[LabelledMeeting], progress: Callable[[int, int], None] | None = None,
    spoken: bool = False, chat: bool = False,
) -> list[Featurized]:
    """The feature rows of every message of every meeting; with ``spoken``, a spoken meeting's
    rows are the spoken model's (``nlp.spoken_features``) and its shared rows are kept beside;
    with ``chat``, a chat's chat-model rows (``nlp.chat_features``) are kept beside its shared ones."""
    out: list[Featurized] = []
    for index, meeting in enumerate(meetings):
        conversation = meeting.conversation
        features = detector.features(conversation, detector.parse(conversation))
        # A session is trained into the session model, on its own features (``nlp.session_features``).
        rows = scored_rows(features, features.operating_kind)
        structural = (
            tuple(tuple(row) for row in structural_rows(features)) if features.operating_kind == SESSION else None
        )
        voting = tuple(tuple(row) for row in voting_rows(features)) if features.operating_kind == VOTING else None
        own_chat = tuple(tuple(row) for row in chat_rows(features)) if chat and features.operating_kind == CHAT else None
        if spoken and features.operating_kind == SPOKEN:
            own = scored_rows(features, SPOKEN, spoken=True)
            out.append(Featurized(meeting, features, tuple(tuple(row) for row in own),
                                  shared_rows=tuple(tuple(row) for row in rows)))
        else:
            out.append(Featurized(meeting, features, tuple(tuple(row) for row in rows), structural, voting_rows=voting,
                                  chat_rows=own_chat))
        if progress is not None:
            progress(index + 1, len(meetings))
    return out


def fit(
    items: Sequence[Featurized], l2: float = L2, steps: int = STEPS, rate: float = RATE,
    source_weights: dict[str, float] | None = None,
) -> np.ndarray:
    """Weights over ``BUCKETS`` that separate decision messages from the rest."""
    rows: list[tuple[int, ...]] = []
    labels: list[int] = []
    sources: list[str] = []
    for item in items:
        for seq, label in sorted(item.meeting.training_labels().items()):
            rows.append(item.rows[seq])
            labels.append(label)
            sources.append(item.meeting.source)
    for item in items:
        # A session's turns again without their words, as a source of its own: what the
        # structure says must carry a turn in a language the words were never learned in.
        if item.structural is not None and STRUCTURE_SHARE > 0:
            for seq, label in sorted(item.meeting.training_labels().items()):
                rows.append(item.structural[seq])
                labels.append(label)
                sources.append(f"{item.meeting.source}{STRUCTURE_SOURCE}")
    if not rows:
        raise ValueError("no training examples")
    y = np.array(labels, dtype=np.float64)
    sample = np.zeros(len(y))
    shares = dict(SOURCE_WEIGHTS if source_weights is None else source_weights)
    shares.update({source: STRUCTURE_SHARE for source in set(sources) if source.endswith(STRUCTURE_SOURCE)})
    for source in sorted(set(sources)):
        mine = np.array([s == source for s in sources])
        share = shares.get(source, 1.0)
        for cls in (0.0, 1.0):
            chosen = mine & (y == cls)
            if chosen.any():
                sample[chosen] = share * 0.5 / chosen.sum()
    sample /= sample.sum()
    lengths = np.array([len(row) for row in rows])
    flat = np.fromiter((i for row in rows for i in row), dtype=np.int64, count=int(lengths.sum()))
    starts = np.concatenate(([0], np.cumsum(lengths)[:-1]))
    row_of = np.repeat(np.arange(len(rows)), lengths)
    seen = np.bincount(flat, minlength=BUCKETS) >= MIN_COUNT
    weights = np.zeros(BUCKETS)
    first = np.zeros(BUCKETS)
    second = np.zeros(BUCKETS)
    beta1, beta2 = 0.9, 0.999
    for step in range(1, steps + 1):
        logits = np.add.reduceat(weights[flat], starts)
        error = (1.0 / (1.0 + np.exp(-logits)) - y) * sample
        gradient = np.bincount(flat, weights=error[row_of], minlength=BUCKETS) + l2 * weights
        gradient[~seen] = 0.0
        first = beta1 * first + (1 - beta1) * gradient
        second = beta2 * second + (1 - beta2) * gradient**2
        weights -= rate * (first / (1 - beta1**step)) / (np.sqrt(second / (1 - beta2**step)) + 1e-12)
        weights[~seen] = 0.0
    weights[np.abs(weights) < PRUNE] = 0.0
    return weights
