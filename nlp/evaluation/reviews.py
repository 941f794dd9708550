"""A team's confirmations and rejections of drafts, read as what the detector learns from.

The journal keeps a label for each draft a person confirms or rejects (``review labels --json``
lists them): the verdict, the sentence stated, the texts of the unit's messages, the anchor's
position in the unit, the draft's confidence, the session's source format, kind and series,
the session id. This module reads such records (``read_reviews``: JSON lines, or the JSON list
that command prints) and makes each one a small conversation of its unit's messages
(``review_conversations``), which ``nlp.evaluation.review_fit`` reads the anchor of.

The unit alone is all a label keeps (the session's other messages may be pruned), so the
detector reads it without its neighbours. Its kind is the session's (``source_kind``, else read
from the source format), so a spoken meeting's verdicts are read as spoken words.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nlp.detector_features import KINDS
from nlp.errors import NlpError
from nlp.readers.common import message_id
from nlp.schema import Conversation, Message

CONFIRMED = "confirmed"
REJECTED = "rejected"
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
    confidence: float | None = None
    """The draft's confidence when it was detected (0.7 at its kind's reliable point)."""
    series: str | None = None
    """The series of meetings or threads its session belongs to, if known."""

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
        confidence=_confidence(data.get("confidence")),
        series=str(data["series"]) if data.get("series") else None,
    )


def _confidence(value: object) -> float | None:
    """A draft's confidence, if the label keeps one strictly between 0 and 1."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if 0.0 < value < 1.0 else None


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


def review_conversations(records: Iterable[ReviewRecord]) -> list[Conversation]:
    """Each record's unit as a conversation of its own, in the format its kind is read as."""
    out = []
    for index, record in enumerate(records):
        session = f"review:{index}:{record.session_id}"
        messages = tuple(
            Message(id=message_id(session, seq), seq=seq, author=None, content=text)
            for seq, text in enumerate(record.message_texts)
        )
        source_format = _FORMAT_OF_KIND.get(record.kind, record.source_format or "chat")
        out.append(Conversation(session_id=session, source_format=source_format, messages=messages))
    return out
