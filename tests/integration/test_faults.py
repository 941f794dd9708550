"""Faults: a journal without its schema, or Neo4j going away in the middle of work, fails
clearly, loses nothing, and a re-run completes without duplicates. Uses its own server, so the
suite's is untouched."""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from pathlib import Path

from typer.testing import CliRunner

from graph.connection import open_driver
from graph.local.server import new_password, start_server, stop_server
from tests.support.throwaway import throwaway_config

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "platform-sync.txt"


async def _counts(uri: str, password: str) -> tuple[int, int, int]:
    async with open_driver(uri, "neo4j", password) as driver:
        records, _, _ = await driver.execute_query(
            "MATCH (d:Decision) WITH count(d) AS decisions, count(DISTINCT d.id) AS ids "
            "MATCH (m:Message) RETURN decisions, ids, count(m) AS messages"
        )
        row = records[0]
        return row["decisions"], row["ids"], row["messages"]


def test_neo4j_stopping_mid_ingest_fails_clearly_and_a_rerun_completes(tmp_path: Path) -> None:
    from api.cli.main import app

    lines = EXAMPLE.read_text().splitlines(keepends=True)
    first, second = tmp_path / "march.txt", tmp_path / "september.txt"
    first.write_text("".join(lines[:8]))
    second.write_text("".join(lines[8:]))
    home = Path(tempfile.mkdtemp(prefix="dj-fault-"))
    config = throwaway_config(home)
    password = new_password()
    env = {"NEO4J_URI": config.bolt_uri, "NEO4J_USER": "neo4j", "NEO4J_PASSWORD": password}
    runner = CliRunner()
    try:
        start_server(config, password)
        # A team's journal (NEO4J_URI) whose schema was never applied says what to run.
        unready = runner.invoke(app, ["search", "which queue"], env=env)
        assert unready.exit_code == 1 and "run `decision-journal schema apply`" in unready.stderr, unready.stderr
        assert runner.invoke(app, ["schema", "apply"], env=env).exit_code == 0
        assert runner.invoke(app, ["ingest", str(first), "--session", "sync"], env=env).exit_code == 0
        before = asyncio.run(_counts(config.bolt_uri, password))

        stop_server(config)  # the database goes away between two ingests
        failed = runner.invoke(app, ["ingest", str(second), "--session", "sync"], env=env)
        assert failed.exit_code == 1 and "cannot reach" in failed.stderr

        start_server(config, password)
        assert asyncio.run(_counts(config.bolt_uri, password)) == before  # nothing lost
        for _ in range(2):  # the re-run completes; running it again changes nothing
            rerun = runner.invoke(app, ["ingest", str(first), "--session", "sync"], env=env)
            assert rerun.exit_code == 0, rerun.output
            rerun = runner.invoke(app, ["ingest", str(second), "--session", "sync"], env=env)
            assert rerun.exit_code == 0, rerun.output
        decisions, ids, messages = asyncio.run(_counts(config.bolt_uri, password))
        assert decisions == ids == 3 and messages == len(lines)
    finally:
        stop_server(config)
        shutil.rmtree(home, ignore_errors=True)
