"""The CLI's count lines put a count of one with a singular noun: a conversation with one
decision is "1 decision found", its maker has "1 decision", its export wrote "1 MADR file"."""

from __future__ import annotations

import asyncio
from pathlib import Path

from typer.testing import CliRunner, Result

from api.cli.main import app
from graph.executor import Neo4jExecutor

# A speaker of its own: `people list` lists everyone the database holds.
ONE_DECISION = "qcountword: We decided to use SQS for the worker queue.\nbob: +1\n"


async def _cli(*args: str) -> Result:
    # The CLI runs its own event loop: in a thread, beside the test's.
    return await asyncio.to_thread(CliRunner().invoke, app, list(args))


async def test_one_decision_is_counted_in_the_singular(executor: Neo4jExecutor, tmp_path: Path) -> None:
    # ``executor``: the suite's own database, wiped, whichever test runs first.
    path = tmp_path / "count-wording-one.txt"
    path.write_text(ONE_DECISION)
    first = await _cli("ingest", str(path))
    assert first.exit_code == 0, first.output
    assert "count-wording-one (transcript): 2 messages read (2 new), 1 decision found (1 new), 0 file links" in first.stderr
    again = await _cli("ingest", str(path))
    assert "count-wording-one (transcript): 2 messages read (0 new), 1 decision found (0 new)" in again.stderr

    assert "@qcountword (qcountword): 1 decision\n" in (await _cli("people", "list")).stdout
    out = tmp_path / "madr"
    exported = await _cli("export", "--format", "madr", "--session", "count-wording-one", "--out", str(out))
    assert exported.exit_code == 0, exported.output
    assert f"wrote 1 MADR file to {out}" in exported.stderr
