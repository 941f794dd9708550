"""`decision-journal timeline`: the decisions in the order they were made, replaced ones
included with their status, narrowed like search, as the page's Timeline lists them."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from typer.testing import CliRunner, Result

from api.cli.main import app
from graph.executor import Neo4jExecutor

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "platform-sync.txt"


async def _cli(*args: str) -> Result:
    return await asyncio.to_thread(CliRunner().invoke, app, list(args))


async def test_the_timeline_lists_decisions_oldest_first_with_replaced_ones(executor: Neo4jExecutor, tmp_path: Path) -> None:
    ingested = await _cli("ingest", str(EXAMPLE))
    assert ingested.exit_code == 0, ingested.output
    listed = await _cli("timeline", "--session", "platform-sync")
    assert listed.exit_code == 0, listed.output
    lines = listed.stdout.splitlines()
    assert [line[:10] for line in lines] == ["2024-03-15", "2024-03-15", "2024-09-20"]
    assert "revisited" in lines[0] and "PostgreSQL" in lines[0] and lines[0].endswith("[platform-sync]")
    assert "Redis" in lines[2] and "active" in lines[2]
    assert "3 decisions. Open one: `decision-journal chain ID`" in listed.stderr
    later = json.loads((await _cli("timeline", "--session", "platform-sync", "--from", "2024-06-01", "--json")).stdout)
    assert later["total"] == 1 and "Redis" in later["decisions"][0]["summary"]
    first = await _cli("timeline", "--session", "platform-sync", "--limit", "1")
    assert len(first.stdout.splitlines()) == 1 and "the oldest 1 shown" in first.stderr
    bad = await _cli("timeline", "--from", "next tuesday")
    assert bad.exit_code == 2 and "next tuesday" in bad.output
