"""Drafts under review and the labels reviews leave: read a draft, keep a verdict, read the
labels back for training."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from graph.cypher import load_query
from graph.executor import QueryExecutor
from graph.records import SessionRecord
from graph.temporal import instant

CONFIRMED = "confirmed"
REJECTED = "rejected"


@dataclass(frozen=True)
class UnitMessage:
    """A message of a draft's unit (its proposal, votes and conclusion), in session order.

    Attributes:
        anchor: Whether the draft's sentence is in this message (``start``..``end``).
    """

    id: str
    seq: int
    author: str | None
    role: str | None
    content: str | None
    timestamp: datetime | None
    anchor: bool
    start: int | None
    end: int | None


@dataclass(frozen=True)
class Draft:
    """A draft as its reviewer acts on it.

    Attributes:
        summary: The proposed sentence.
        proposal: Its whole extraction as JSON (``nlp.schema.ExtractedDecision``), or None
            when it was stored without one.
        access_groups: Its session's groups, which the decision it becomes keeps.
        repository: The key of the repository its session is about (its paths belong to
            it), or None when none is known.
    """

    id: str
    summary: str
    subject: str | None
    confidence: float | None
    proposal: str | None
    source: str | None
    source_path: str | None
    decided_at: datetime | None
    session: SessionRecord
    access_groups: tuple[str, ...]
    unit: tuple[UnitMessage, ...]
    repository: str | None = None

    @property
    def anchor(self) -> int | None:
        """The position in ``unit`` of the message that states it."""
        return next((i for i, m in enumerate(self.unit) if m.anchor), None)


@dataclass(frozen=True)
class Verdict:
    """What a review keeps as a label (besides the draft's id and the time).

    Attributes:
        verdict: ``confirmed`` or ``rejected``.
        proposed: The draft's sentence as detection proposed it.
        summary: The sentence confirmed (edited or not); None for a rejection.
        source_format: The session's format (transcript, qmsum, markdown, chat-jsonl …).
        source_kind: How the conversation decides (``spoken``, ``chat``, ``notes``,
            ``voting``): what training weighs a label by.
        message_ids: The unit's messages, in order; ``message_texts`` their texts then.
        anchor: The position in the unit of the message that states it.
    """

    verdict: str
    proposed: str
    summary: str | None
    subject: str | None
    confidence: float | None
    session_id: str
    source_format: str | None
    source_kind: str | None
    series: str | None
    message_ids: tuple[str, ...]
    message_texts: tuple[str, ...]
    anchor: int | None
    reviewer: str | None
    reason: str | None


@dataclass(frozen=True)
class ReviewLabel(Verdict):
    """A stored verdict: a person's confirmation or rejection of the draft ``decision_id``."""

    decision_id: str = ""
    reviewed_at: datetime | None = None

    @property
    def is_decision(self) -> bool:
        """A person said it is a decision (a positive training example)."""
        return self.verdict == CONFIRMED

    @property
    def sentence(self) -> str:
        """The sentence that states it: as confirmed (edited or not), or as proposed."""
        return self.summary or self.proposed


class DraftReview:
    """Reads drafts for review, keeps verdicts, reads the labels back."""

    def __init__(self, executor: QueryExecutor) -> None:
        self._executor = executor

    async def draft(self, draft_id: str, groups: Sequence[str] | None = None) -> Draft | None:
        """The draft ``draft_id``, or None when there is none awaiting review that ``groups``
        (None: every group) may see."""
        rows = await self._executor.read(
            load_query("draft_for_review"), {"id": draft_id, "groups": list(groups) if groups is not None else None}
        )
        return _draft(rows[0]) if rows else None

    async def reject(self, draft_id: str, verdict: Verdict) -> bool:
        """Keep ``verdict`` as the draft's label and remove the draft (its messages stay), in
        one transaction; False when ``draft_id`` is no draft (any longer)."""
        rows = await self._executor.write(load_query("review_reject"), {"id": draft_id, "label": _properties(verdict)})
        return bool(rows)

    async def keep_confirmation(self, decision_id: str, verdict: Verdict) -> bool:
        """Keep ``verdict`` as the label of a draft that has become decision ``decision_id``;
        False when it is no decision."""
        rows = await self._executor.write(
            load_query("review_label_confirmed"), {"id": decision_id, "label": _properties(verdict)}
        )
        return bool(rows)

    async def labels(self, groups: Sequence[str] | None = None) -> list[ReviewLabel]:
        """Every label whose session ``groups`` (None: all) may see, oldest review first."""
        rows = await self._executor.read(
            load_query("review_labels"), {"groups": list(groups) if groups is not None else None}
        )
        return [_label(row["label"]) for row in rows]

    async def stated_after(self, session_id: str, seq: int) -> set[str]:
        """The decisions (and drafts) of a session first stated after position ``seq``."""
        rows = await self._executor.read(load_query("decisions_stated_after"), {"session": session_id, "seq": seq})
        return set(rows[0]["ids"]) if rows else set()


def _properties(verdict: Verdict) -> dict[str, Any]:
    values = asdict(verdict)
    return {**values, "message_ids": list(verdict.message_ids), "message_texts": list(verdict.message_texts)}


def _draft(row: dict[str, Any]) -> Draft:
    s = row["session"]
    return Draft(
        id=row["id"], summary=row["summary"], subject=row["subject"], confidence=row["confidence"],
        proposal=row["proposal"], source=row["source"], source_path=row["source_path"],
        decided_at=instant(row["decided_at"]),
        session=SessionRecord(s["id"], s.get("title"), s.get("source"), instant(s.get("started_at")), s.get("series")),
        access_groups=tuple(s["access_groups"]),
        unit=tuple(
            UnitMessage(m["id"], m["seq"], m.get("author"), m.get("role"), m.get("content"), instant(m.get("timestamp")),
                        bool(m["anchor"]), m.get("start"), m.get("end"))
            for m in row["unit"]
        ),
        repository=s.get("repository"),
    )


def _label(row: dict[str, Any]) -> ReviewLabel:
    return ReviewLabel(
        verdict=row["verdict"], proposed=row["proposed"], summary=row.get("summary"), subject=row.get("subject"),
        confidence=row.get("confidence"), session_id=row["session_id"], source_format=row.get("source_format"),
        source_kind=row.get("source_kind"), series=row.get("series"),
        message_ids=tuple(row.get("message_ids") or ()), message_texts=tuple(row.get("message_texts") or ()),
        anchor=row.get("anchor"), reviewer=row.get("reviewer"), reason=row.get("reason"),
        decision_id=row["decision_id"], reviewed_at=instant(row.get("reviewed_at")),
    )
