"""A team's confirmations and rejections of drafts, as training data for the detector.

The journal keeps a label for each draft a person confirms or rejects (``review labels --json``
lists them): the verdict, the sentence stated, the texts of the unit's messages, the anchor's
position in the unit, the session's source format and kind, the session id. This module reads
such records (``read_reviews``: JSON lines, or the JSON list that command prints) and makes each
one a small labelled conversation of its unit's messages (``review_meetings``):

- a **confirmed** draft: its anchor is a decision; the other messages of its unit are left
  out (a person confirmed the sentence, not that every "+1" around it states a decision);
- a **rejected** draft: no message of its unit is a decision.

The unit alone is all a label keeps (the session's other messages may be pruned), so the
detector reads it without its neighbours: its words count as in any conversation, its place
among the session's messages does not. Its kind is the session's (``source_kind``, else read
from the source format), so a spoken meeting's verdicts teach the spoken words.

**Weighted by source.** The records of one kind of conversation form one training source,
``reviews:<kind>`` (``reviews:spoken``, ``reviews:chat`` …). Every labelled source weighs the
same in the trainer's loss (``nlp.evaluation.train``); a source of verdicts weighs as one of
them once it holds ``FULL_WEIGHT_REVIEWS`` verdicts, in proportion below (25 verdicts a
quarter): a few verdicts are a few items, and must not move the model as far as a whole
labelled source. Within it, as in every source, confirmations and rejections weigh half each.
The records are training data only: no operating point is chosen on them.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nlp.detector_features import KINDS
from nlp.errors import NlpError
from nlp.evaluation.corpus import LabelledMeeting, Target
from nlp.readers.common import message_id
from nlp.schema import Conversation, Message

CONFIRMED = "confirmed"
REJECTED = "rejected"
SOURCE_PREFIX = "reviews:"
FULL_WEIGHT_REVIEWS = 100
"""A source of verdicts weighs as one labelled source from this many verdicts up: about the
decisions of one labelled source (a W3C group holds 38 to 319, our conversations 20, AMI's
folds 34 to 162). Set before any simulation was run, not chosen on one."""
_FORMAT_OF_KIND = {"spoken": "qmsum", "notes": "markdown"}
"""A format that ``detector_features.kind_of`` reads as that kind whatever the unit's length."""


class ReviewRecordError(NlpError, ValueError):
    """A review record that cannot be read (its line or index is named); a ``ValueError`` too,
    as the callers that check inputs catch."""


@dataclass(frozen=True)
class ReviewRecord:
    """One verdict on a draft."""

    verdict: str
    sentence: str
    message_texts: tuple[str, ...]
    anchor: int
    session_id: str
    source_format: str | None = None
    source_kind: str | None = None

    @property
    def kind(self) -> str:
        """How the session decides (``spoken``, ``chat``, ``notes``, ``voting``): the stored
        kind, else what the source format says (a transcript without a kind reads as chat)."""
        return self.source_kind or KINDS.get(self.source_format or "", "chat")


def review_record(data: Mapping[str, Any]) -> ReviewRecord:
    """A record from a review label as ``review labels --json`` or the graph gives it
    (``sentence``, else ``summary``, else ``proposed`` is the sentence).

    Raises:
        ReviewRecordError: A verdict other than confirmed/rejected, no message texts, or an
            anchor outside the unit.
    """
    verdict = str(data.get("verdict", ""))
    if verdict not in {CONFIRMED, REJECTED}:
        raise ReviewRecordError(f"verdict {verdict!r} is neither {CONFIRMED!r} nor {REJECTED!r}")
    texts = tuple(str(text or "") for text in data.get("message_texts") or ())
    anchor = data.get("anchor")
    if not texts or not isinstance(anchor, int) or not 0 <= anchor < len(texts):
        raise ReviewRecordError(f"the anchor {anchor!r} is not a position among the unit's {len(texts)} message texts")
    if not texts[anchor].strip():
        raise ReviewRecordError("the anchor's text is empty (pruned): nothing to learn from")
    return ReviewRecord(
        verdict=verdict,
        sentence=str(data.get("sentence") or data.get("summary") or data.get("proposed") or texts[anchor]),
        message_texts=texts,
        anchor=anchor,
        session_id=str(data.get("session_id") or ""),
        source_format=str(data["source_format"]) if data.get("source_format") else None,
        source_kind=str(data["source_kind"]) if data.get("source_kind") else None,
    )


def read_reviews(path: Path) -> list[ReviewRecord]:
    """The records of ``path``: one JSON object per line, or one JSON list of them.

    Raises:
        ReviewRecordError: A line or item that is not a readable record (its place is named).
    """
    text = path.read_text(encoding="utf-8")
    stripped = text.lstrip()
    if stripped.startswith("["):
        try:
            items = json.loads(stripped)
        except json.JSONDecodeError as exc:
            raise ReviewRecordError(f"{path}: not JSON: {exc}") from exc
        places = [(f"{path}: item {i + 1}", item) for i, item in enumerate(items)]
    else:
        places = []
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                try:
                    places.append((f"{path}:{number}", json.loads(line)))
                except json.JSONDecodeError as exc:
                    raise ReviewRecordError(f"{path}:{number}: not JSON: {exc}") from exc
    records = []
    for where, item in places:
        if not isinstance(item, dict):
            raise ReviewRecordError(f"{where}: not a JSON object")
        try:
            records.append(review_record(item))
        except ReviewRecordError as exc:
            raise ReviewRecordError(f"{where}: {exc}") from exc
    return records


def review_meetings(records: Iterable[ReviewRecord]) -> list[LabelledMeeting]:
    """Each record as a labelled conversation of its unit, source ``reviews:<kind>``."""
    out = []
    for index, record in enumerate(records):
        session = f"review:{index}:{record.session_id}"
        messages = tuple(
            Message(id=message_id(session, seq), seq=seq, author=None, content=text)
            for seq, text in enumerate(record.message_texts)
        )
        kind = record.kind
        confirmed = record.verdict == CONFIRMED
        targets = (Target(frozenset({record.anchor})),) if confirmed else ()
        out.append(LabelledMeeting(
            source=SOURCE_PREFIX + kind,
            group=record.session_id,
            final=False,
            conversation=Conversation(
                session_id=session, source_format=_FORMAT_OF_KIND.get(kind, record.source_format or "chat"), messages=messages,
            ),
            targets=targets,
            positives=frozenset({record.anchor}) if confirmed else frozenset(),
            scored=frozenset({record.anchor}) if confirmed else frozenset(range(len(messages))),
        ))
    return out


def review_weights(meetings: Iterable[LabelledMeeting]) -> dict[str, float]:
    """Source → its weight in the loss, for the review sources among ``meetings``: 1 (as every
    labelled source) from ``FULL_WEIGHT_REVIEWS`` verdicts up, in proportion below."""
    counts = Counter(m.source for m in meetings if m.source.startswith(SOURCE_PREFIX))
    return {source: min(1.0, count / FULL_WEIGHT_REVIEWS) for source, count in counts.items()}


def is_review(meeting: LabelledMeeting) -> bool:
    """A verdict's unit rather than a labelled conversation: trained on, never scored or chosen on."""
    return meeting.source.startswith(SOURCE_PREFIX)
