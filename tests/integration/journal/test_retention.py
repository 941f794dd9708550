"""retention_days removes raw message text, never decisions or their provenance; prune
shows what it would remove before it removes it."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from typer.testing import CliRunner

from api.journal import DecisionJournal
from graph.executor import Neo4jExecutor
from graph.messages import session_messages
from graph.retention import MessageRetention

OLD = "# Storage review - 2019-02-11\n\n## Decisions\n\n- We decided to keep the archive on tape for another year.\n"
NEW = "hana: Should the worker queue be SQS or RabbitMQ?\nivan: We decided to use SQS for the worker queue.\n"


async def test_prune_removes_old_text_and_keeps_decisions(
    journal: DecisionJournal, executor: Neo4jExecutor, tmp_path: Path
) -> None:
    old_path = tmp_path / "storage-review.md"
    old_path.write_text(OLD)
    new_path = tmp_path / "queues.txt"
    new_path.write_text(NEW)
    old = await journal.ingest_session(old_path)
    new = await journal.ingest_session(new_path)  # no timestamps: its age is when it was stored
    before_prune = await journal.get_decision(old.decision_ids[0])
    retention = MessageRetention(executor)
    cutoff = datetime.now(UTC) - timedelta(days=730)

    preview = await retention.preview(cutoff)
    assert [(s.session, s.messages) for s in preview] == [("storage-review", 1)]
    assert (await session_messages(executor, "storage-review"))[0]["content"]  # a preview removes nothing

    assert await retention.prune(cutoff) == 1
    pruned = await session_messages(executor, "storage-review")
    assert pruned[0]["content"] is None and pruned[0]["id"] and pruned[0]["timestamp"]
    assert (await session_messages(executor, "queues"))[0]["content"].startswith("Should the worker queue")
    after = await journal.get_decision(old.decision_ids[0])
    assert after == before_prune  # the decision and its provenance (source.messages) are untouched
    assert await journal.get_decision(new.decision_ids[0])

    again = await journal.ingest_session(old_path)
    assert (again.new_messages, again.new_decisions) == (0, 0)
    assert (await session_messages(executor, "storage-review"))[0]["content"] is None  # pruned stays pruned
    assert await retention.preview(cutoff) == [] and await retention.prune(cutoff) == 0


def test_cli_prune_shows_first_and_removes_with_yes(tmp_path: Path) -> None:
    from api.cli.main import app

    path = tmp_path / "cli-archive-1990-05-01.md"
    path.write_text("# Archive\n\n## Decisions\n\n- We decided to microfilm the ledgers.\n")
    runner = CliRunner()
    assert runner.invoke(app, ["ingest", str(path)]).exit_code == 0
    days = str((datetime.now(UTC) - datetime(1995, 1, 1, tzinfo=UTC)).days)  # only what is older than 1995
    shown = runner.invoke(app, ["prune", "--days", days])
    assert shown.exit_code == 0, shown.output
    assert "cli-archive-1990-05-01: 1 message, 1990-05-01 .. 1990-05-01" in shown.stdout
    assert "would remove the text of 1 message in 1 session" in shown.stderr and "--yes" in shown.stderr
    removed = json.loads(runner.invoke(app, ["prune", "--days", days, "--yes", "--json"]).stdout)
    assert (removed["messages"], removed["removed"]) == (1, 1)
    assert "nothing to remove" in runner.invoke(app, ["prune", "--days", days]).stderr
