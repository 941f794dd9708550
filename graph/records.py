"""Frozen read models; neomodel objects and driver records never leave ``graph``."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graph.temporal import instant


@dataclass(frozen=True)
class AlternativeRecord:
    option: str
    pros: tuple[str, ...]
    cons: tuple[str, ...]
    why_not_chosen: str | None


@dataclass(frozen=True)
class StakeholderRecord:
    handle: str
    name: str | None
    role: str | None
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class MessageRecord:
    """A message a decision was stated in."""

    id: str
    seq: int
    author: str | None
    role: str | None
    content: str | None  # None once `prune` removed it (retention_days)
    timestamp: datetime | None
    anchor: bool = False
    """The message whose sentence states the decision, among those of its unit (proposal,
    votes, conclusion)."""


@dataclass(frozen=True)
class SessionRecord:
    """The conversation, ADR collection or agent session a decision came from."""

    id: str
    title: str | None
    source: str | None
    started_at: datetime | None
    series: str | None = None


@dataclass(frozen=True)
class CodeLinkRecord:
    """A path a decision affects, with its repository and how the link is known."""

    repository: str
    path: str
    via: str
    inferred: bool
    confidence: float | None
    evidence: str | None


@dataclass(frozen=True)
class DecisionRecord:
    """A stored decision with what it links to (the shared JSON shape's content)."""

    id: str
    summary: str
    context: str | None
    rationale: str | None
    status: str
    decided_at: datetime | None
    recorded_at: datetime | None
    superseded_at: datetime | None
    confidence: float | None
    origin: str | None
    source: str | None
    source_path: str | None
    session: str | None
    messages: tuple[int, ...]
    tags: tuple[str, ...]
    keywords: tuple[str, ...]
    pattern: str | None
    category: str | None
    reversibility: str | None
    impact: str | None
    quality: float | None
    pros: tuple[str, ...]
    cons: tuple[str, ...]
    risks: tuple[str, ...]
    assumptions: tuple[str, ...]
    alternatives: tuple[AlternativeRecord, ...]
    stakeholders: tuple[StakeholderRecord, ...]
    decision_maker: str | None
    files: tuple[str, ...]
    features: tuple[str, ...]
    supersedes: tuple[str, ...]
    superseded_by: tuple[str, ...]
    revisits: tuple[str, ...]
    revisited_by: tuple[str, ...]
    stated_in: tuple[MessageRecord, ...] = ()
    session_info: SessionRecord | None = None
    earlier: int = 0
    """How many decisions precede this one in its chain (0 for an original)."""
    status_text: str | None = None
    """The status as the source wrote it, when that differs from ``status`` (ADRs)."""
    subject: str | None = None
    """What it is about: the agenda item, heading or question it answers."""
    amends: tuple[str, ...] = ()
    amended_by: tuple[str, ...] = ()
    code: tuple[CodeLinkRecord, ...] = ()
    """Every path in ``files`` with its repository and how it is linked, stated ones first."""

    @property
    def is_current(self) -> bool:
        """Nothing newer supersedes or revisits it."""
        return not self.superseded_by and not self.revisited_by

    @classmethod
    def from_row(cls, member: dict[str, Any]) -> DecisionRecord:
        """Build from a visible member of ``decisions_by_ids``."""
        row = member["detail"]
        d = row["decision"]
        alternatives = sorted(row["alternatives"], key=lambda a: a["id"])
        links = member["links"]
        stated_in = sorted(row.get("stated_in") or (), key=lambda m: m["seq"])
        code = tuple(sorted(
            (CodeLinkRecord(c["repository"] or "", c["path"], c.get("via") or "stated", bool(c.get("inferred")),
                            c.get("confidence"), c.get("evidence")) for c in row.get("code") or ()),
            key=lambda c: (c.inferred, c.repository, c.path),
        ))
        return cls(
            id=d["id"], summary=d["summary"], context=d.get("context"), rationale=d.get("rationale"),
            status=d.get("status") or "active", decided_at=instant(d.get("decided_at")),
            recorded_at=instant(d.get("recorded_at")), superseded_at=instant(d.get("superseded_at")),
            confidence=d.get("confidence"), origin=d.get("origin"), source=d.get("source"),
            source_path=d.get("source_path"), session=row["session"], messages=tuple(m["seq"] for m in stated_in),
            tags=tuple(d.get("tags") or ()), keywords=tuple(d.get("keywords") or ()), pattern=d.get("pattern"),
            category=d.get("category"), reversibility=d.get("reversibility"), impact=d.get("impact"),
            quality=d.get("quality"),
            pros=tuple(d.get("pros") or ()), cons=tuple(d.get("cons") or ()), risks=tuple(d.get("risks") or ()),
            assumptions=tuple(d.get("assumptions") or ()),
            alternatives=tuple(
                AlternativeRecord(a["option"], tuple(a.get("pros") or ()), tuple(a.get("cons") or ()), a.get("why_not_chosen"))
                for a in alternatives
            ),
            stakeholders=tuple(
                StakeholderRecord(s["handle"], s.get("name"), s.get("role"))
                for s in sorted(row["stakeholders"], key=lambda s: s["handle"])
            ),
            decision_maker=row["decision_maker"], files=tuple(sorted({c.path for c in code})), features=tuple(sorted(row["features"])),
            supersedes=tuple(sorted(link["to"] for link in links if link["type"] == "SUPERSEDES")),
            superseded_by=tuple(sorted(row["superseded_by"])),
            revisits=tuple(sorted(link["to"] for link in links if link["type"] == "REVISITS")),
            revisited_by=tuple(sorted(row["revisited_by"])),
            stated_in=tuple(
                MessageRecord(m["id"], m["seq"], m.get("author"), m.get("role"), m["content"], instant(m.get("timestamp")),
                              bool(m.get("anchor")))
                for m in stated_in
            ),
            session_info=_session(row.get("session_info")),
            earlier=int(row.get("earlier") or 0),
            status_text=d.get("status_text"),
            subject=d.get("subject"),
            amends=tuple(sorted(row.get("amends") or ())), amended_by=tuple(sorted(row.get("amended_by") or ())),
            code=code,
        )

    @classmethod
    def redacted(cls, decision_id: str) -> DecisionRecord:
        """A decision the reader may not see: only that it exists, never what it says."""
        return cls(
            id=decision_id, summary="", context=None, rationale=None, status="hidden", decided_at=None,
            recorded_at=None, superseded_at=None, confidence=None, origin=None, source=None, source_path=None,
            session=None, messages=(), tags=(), keywords=(), pattern=None, category=None, reversibility=None,
            impact=None, quality=None, pros=(), cons=(), risks=(), assumptions=(), alternatives=(),
            stakeholders=(), decision_maker=None, files=(), features=(), supersedes=(), superseded_by=(),
            revisits=(), revisited_by=(),
        )


def _session(info: dict[str, Any] | None) -> SessionRecord | None:
    if not info:
        return None
    return SessionRecord(info["id"], info.get("title"), info.get("source"), instant(info.get("started_at")), info.get("series"))


@dataclass(frozen=True)
class ChainLink:
    """One SUPERSEDES or REVISITS edge inside a chain."""

    type: str
    source: str
    target: str
    at: datetime | None
    reason: str | None
    partial: bool | None
    outcome: str | None
    inferred: bool | None
    confidence: float | None


@dataclass(frozen=True)
class DecisionChain:
    """How a decision evolved (seed 000 ``DecisionChain``), plus the branches it split into.

    ``original`` is the earliest decision with no older one; ``revisions`` are the others in
    time order; ``current`` is the latest decision nothing newer replaces or revisits, and
    ``branches`` lists every such head when a decision was replaced by more than one.
    """

    original: DecisionRecord
    revisions: tuple[DecisionRecord, ...]
    current: DecisionRecord
    branches: tuple[DecisionRecord, ...]
    links: tuple[ChainLink, ...]
    hidden: frozenset[str] = frozenset()
    """Members outside the reader's access groups: present as redacted records, so a
    chain shows a hidden link as hidden rather than pretending it is not there."""
