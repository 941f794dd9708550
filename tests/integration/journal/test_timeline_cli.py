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


async def test_drafts_read_as_drafts_in_the_timeline_and_search(executor: Neo4jExecutor, tmp_path: Path) -> None:
    chat = tmp_path / "queue-chat.txt"
    chat.write_text("dana: We decided to use SQS for the worker queue.\nerin: +1\n")
    assert (await _cli("ingest", "--drafts", str(chat))).exit_code == 0
    assert (await _cli("timeline", "--session", "queue-chat")).stdout == ""  # drafts only when asked
    listed = await _cli("timeline", "--session", "queue-chat", "--drafts")
    assert listed.exit_code == 0 and " draft " in listed.stdout and "SQS" in listed.stdout
    found = await _cli("search", "SQS worker queue", "--drafts", "--session", "queue-chat")
    assert "draft to review, " in found.stdout and "candidate" not in found.stdout
