"""Idempotent writes of conversations and decisions (MERGE on natural keys, UNWIND batches)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graph.cypher import load_query
from graph.executor import QueryExecutor
from graph.filters import DRAFT_STATUS
from nlp.schema import UNSCOPED_REPOSITORY, Conversation, ExtractedDecision

MESSAGE_BATCH = 1000
DECISION_BATCH = 200


@dataclass(frozen=True)
class StatedPath:
    """A path a decision names, as it is stored: ``evidence`` says how a name was resolved
    against the repository ("names 'pool.py', the one file of that name"), if it was."""

    path: str
    evidence: str | None = None


@dataclass(frozen=True)
class DecisionInput:
    """One extracted decision, ready to store.

    Attributes:
        id: Its natural key (stable across re-ingests).
        decision: What ``nlp`` extracted.
        message_ids: Ids of the messages its ``messages`` positions point at.
        embedding: Its vector, or None without an embedder.
        alternatives_embedding: The vector of the options it weighed and did not choose
            (``nlp.embedding.alternatives_text``), or None when it names none.
        source: ``conversation``, ``adr``, ``agent`` or ``manual``.
        source_path: The file it came from, if any.
        subject_key: The words and issue references a later decision on its subject finds it by.
        paths: The paths it names, resolved against its repository; None: its
            ``related_code`` as written.
    """

    id: str
    decision: ExtractedDecision
    message_ids: tuple[str, ...]
    embedding: list[float] | None
    source: str = "conversation"
    source_path: str | None = None
    subject_key: str = ""
    alternatives_embedding: list[float] | None = None
    paths: tuple[StatedPath, ...] | None = None


@dataclass(frozen=True)
class SessionWrite:
    """What ``write_conversation`` stored: the position of every message in the session."""

    session_id: str
    seqs: dict[str, int]
    new_messages: int


class DecisionWriter:
    """Writes conversations and decisions through a ``QueryExecutor``."""

    def __init__(self, executor: QueryExecutor) -> None:
        self._executor = executor

    async def write_conversation(
        self, conversation: Conversation, access_groups: Sequence[str] = (), repository: str | None = None
    ) -> SessionWrite:
        """Store the session and its messages, one transaction per batch of messages.

        ``repository`` is the key of the repository the session is about, if any.

        Messages already stored (same id) keep their position; new ones are placed after
        the overlap with what is stored, or after the last stored message.
        """
        rows = await self._executor.read(
            load_query("session_message_seqs"),
            {"session_id": conversation.session_id, "ids": [m.id for m in conversation.messages]},
        )
        existing = {row["id"]: row["seq"] for row in rows if row["id"] is not None}
        last = max((row["seq"] for row in rows if row["id"] is None), default=None)
        offset = _offset(conversation, existing, last)
        seqs = {m.id: existing.get(m.id, m.seq + offset) for m in conversation.messages}
        session = {
            "id": conversation.session_id,
            "title": conversation.title,
            "source": conversation.source_format,
            "started_at": next((m.timestamp for m in conversation.messages if m.timestamp), None),
            "access_groups": list(access_groups),
            "series": conversation.series,
            "series_given": conversation.series_from == "--series",
            "repository": repository,
        }
        rows = [
            {
                "id": m.id, "seq": seqs[m.id], "author": m.author, "role": m.role, "content": m.content,
                "content_hash": m.id.rsplit("#", 1)[-1], "timestamp": _wire_time(m.timestamp), "topic": m.topic,
            }
            for m in conversation.messages
        ]
        for start in range(0, len(rows), MESSAGE_BATCH):
            await self._executor.write(
                load_query("ingest_session_messages"), {"session": session, "messages": rows[start : start + MESSAGE_BATCH]}
            )
        return SessionWrite(conversation.session_id, seqs, sum(1 for m in conversation.messages if m.id not in existing))

    async def write_decisions(
        self, session_id: str, decisions: Sequence[DecisionInput], repository: str = UNSCOPED_REPOSITORY
    ) -> list[tuple[str, bool]]:
        """Store decisions with everything they link to; return (id, created) per decision
        written. A draft (status ``candidate``) is stored with its evidence only (its
        messages, subject, sentence and confidence) and its whole extraction as ``proposal``:
        its links are made when it is confirmed. Left out (and not returned): drafts a person
        has reviewed, and a decision found again only as a draft.

        Args:
            repository: The key of the repository the paths they state belong to.
        """
        results: list[tuple[str, bool]] = []
        rows = [_decision_row(item) for item in decisions]
        for start in range(0, len(rows), DECISION_BATCH):
            stored = await self._executor.write(
                load_query("ingest_decisions"),
                {"session_id": session_id, "repository": repository, "decisions": rows[start : start + DECISION_BATCH]},
            )
            results += [(row["id"], bool(row["created"])) for row in stored]
        return results


def _wire_time(moment: datetime | None) -> datetime | str | None:
    """A message's time as ``ingest_session_messages`` takes it: ISO text when it has a zone
    (the query reads it with ``datetime()``), else as it is."""
    return moment.isoformat() if moment is not None and moment.tzinfo is not None else moment


def _offset(conversation: Conversation, existing: dict[str, int], last: int | None) -> int:
    for message in conversation.messages:
        if message.id in existing:
            return existing[message.id] - message.seq
    return last + 1 if last is not None else 0


def _decision_row(item: DecisionInput) -> dict[str, Any]:
    row = _full_row(item)
    if item.decision.status != DRAFT_STATUS:
        return row
    # A draft links to nothing a read could reach it by (files, people, tags, options,
    # vectors); what it would link is kept whole for its confirmation.
    return {
        **row, "proposal": proposal_json(item.decision, item.paths), "subject_key": None, "tags": [], "keywords": [],
        "embedding": None, "alternatives_embedding": None, "alternatives": [], "stakeholders": [],
        "decision_maker": None, "files": [], "features": [],
    }


def proposal_json(decision: ExtractedDecision, paths: Sequence[StatedPath] | None) -> str:
    """What a draft keeps for its confirmation: its whole extraction, and the paths it names
    as resolved against its session's repository at ingest (None: as written)."""
    return json.dumps({
        "extraction": decision.model_dump(mode="json"),
        "paths": [{"path": p.path, "evidence": p.evidence} for p in paths] if paths is not None else None,
    })


def read_proposal(text: str) -> tuple[ExtractedDecision, tuple[StatedPath, ...] | None]:
    """A draft's ``proposal`` back: its extraction and its resolved paths.

    Raises:
        ValueError: Not a proposal this version wrote.
    """
    data = json.loads(text)
    if not isinstance(data, dict) or "extraction" not in data:
        raise ValueError("not a draft proposal")
    paths = data.get("paths")
    extraction = dict(data["extraction"])
    if "summary" not in extraction and "decision" in extraction:
        # A draft stored before the extraction's text was named summary, as everywhere else.
        extraction["summary"] = extraction.pop("decision")
    return (
        ExtractedDecision.model_validate(extraction),
        tuple(StatedPath(p["path"], p.get("evidence")) for p in paths) if paths is not None else None,
    )


def _full_row(item: DecisionInput) -> dict[str, Any]:
    d = item.decision
    stated = [
        {"message_id": item.message_ids[index], "start": span.start, "end": span.end}
        for span in d.spans
        for index, seq in enumerate(d.messages)
        if seq == span.seq
    ]
    stated += [
        {"message_id": message_id, "start": None, "end": None}
        for message_id in item.message_ids
        if message_id not in {row["message_id"] for row in stated}
    ]
    return {
        "id": item.id,
        "summary": d.summary,
        "subject": d.subject,
        "subject_key": item.subject_key or None,
        "context": d.context,
        "rationale": d.rationale,
        "status": d.status,
        "status_text": d.status_text,
        "decided_at": d.decided_at,
        "confidence": d.confidence,
        "origin": d.origin,
        "source": item.source,
        "source_path": item.source_path,
        "tags": list(d.tags),
        "keywords": list(d.keywords),
        "pattern": d.pattern,
        "category": d.category,
        "reversibility": d.reversibility,
        "impact": d.impact,
        "quality": d.quality,
        "pros": list(d.trade_offs.pros),
        "cons": list(d.trade_offs.cons),
        "risks": list(d.trade_offs.risks),
        "assumptions": list(d.trade_offs.assumptions),
        "embedding": item.embedding,
        "alternatives_embedding": item.alternatives_embedding,
        "alternatives": [
            {"id": f"{item.id}#alt{index}", "option": alt.option, "pros": list(alt.pros), "cons": list(alt.cons),
             "why_not_chosen": alt.why_not_chosen}
            for index, alt in enumerate(d.alternatives)
        ],
        "stakeholders": [{"handle": s.handle, "name": s.name, "role": s.role} for s in d.stakeholders],
        "decision_maker": d.decision_maker,
        "files": [
            {"path": p.path, "kind": "directory" if p.path.endswith("/") else "file", "evidence": p.evidence}
            for p in (item.paths if item.paths is not None else tuple(StatedPath(path) for path in d.related_code))
        ],
        "features": list(d.related_features),
        "stated_in": stated,
        "proposal": None,
    }
