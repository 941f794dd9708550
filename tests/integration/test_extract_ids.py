"""``extract --json`` prints exactly the ids ingest stores: one function makes them
(``nlp.ids.stored_decision_id``), for a conversation and for a decision document alike."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from api.cli.main import app
from api.journal import DecisionJournal
from tests.support.cross_face import EXAMPLE


async def _cli(*args: str) -> list[dict[str, Any]]:
    result = await asyncio.to_thread(CliRunner().invoke, app, list(args))
    assert result.exit_code == 0, result.output
    found: list[dict[str, Any]] = json.loads(result.stdout)
    return found


DECISIONS = """\
# Decisions - orders service

## Decision 1: PostgreSQL for the orders store

**Context:** Orders and payments must change together.

**Selected Approach:** PostgreSQL with one transaction per order.

**Alternatives Considered:**
1. **PostgreSQL (SELECTED):** transactions, the team runs it
2. **MongoDB:** flexible documents, no multi-document transactions we trust

**Rationale:** Orders and payments need one transaction.

## Decision 2: REST for the public API

**Context:** Partners integrate over HTTP.

**Selected Approach:** REST with JSON, versioned in the path.

**Rationale:** Every partner's stack speaks it; caching is simple.
"""


async def test_extract_prints_the_ids_ingest_stores(journal: DecisionJournal, tmp_path: Path) -> None:
    adr = tmp_path / "orders-decisions.md"
    adr.write_text(DECISIONS)
    conversation = tmp_path / "platform-sync.txt"
    conversation.write_text(EXAMPLE.read_text())

    extracted = await _cli("extract", str(adr), str(conversation), "--json")
    stored = await _cli("ingest", str(adr), str(conversation), "--json")

    by_session = {d["source"]["session"] for d in extracted}
    assert by_session == {adr.stem, conversation.stem}
    adr_ids = [d["id"] for d in extracted if d["source"]["session"] == adr.stem]
    assert len(adr_ids) == 2 and len(extracted) >= 5
    assert sorted(str(d["id"]) for d in stored) == sorted(str(d["id"]) for d in extracted)
    # And the graph holds each under that id, the Python API reading it back.
    for decision in extracted:
        assert (await journal.get_decision(str(decision["id"])))["summary"] == decision["summary"]
