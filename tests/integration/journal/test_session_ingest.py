"""A Claude Code session ingested through the real pipeline into the real Neo4j: its tool
turns are stored as messages but never become decisions."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from api.journal import DecisionJournal
from tests.support.cypher import support_query

SESSIONS = Path(__file__).parents[2] / "unit" / "nlp" / "sessions"
CLAUDE = SESSIONS / "7f3c2a10-5b1e-4c2d-9a7e-0c1d2e3f4a5b.jsonl"


async def _count(journal: DecisionJournal, label: str) -> int:
    rows = await journal.services.executor.read(support_query("testing_label_counts"), {})
    return int(next((row["n"] for row in rows if row["label"] == label), 0))


async def test_a_claude_code_session_ingests_its_decision_and_keeps_its_tool_turns(
    journal: DecisionJournal, tmp_path: Path,
) -> None:
    session = tmp_path / CLAUDE.name
    shutil.copy(CLAUDE, session)
    report = await journal.ingest_session(session)
    assert report.session_id == "7f3c2a10-5b1e-4c2d-9a7e-0c1d2e3f4a5b"
    assert (report.messages_read, report.new_messages) == (12, 12), "tool calls and output are kept as messages"
    assert (report.decisions_found, report.new_decisions) == (1, 1)
    assert await _count(journal, "Message") == 12
    decision = await journal.get_decision(report.decision_ids[0])
    assert "Redis" in decision["summary"]
    # The user's "let's go with Redis" (message 4) is the decision, not the tool output
    # quoting "We decided to use Memcached" (message 3) nor the edits after it.
    assert decision["source"]["messages"] == [4]
    assert decision["decided_at"] == "2025-09-14T09:01:00+00:00"

    again = await journal.ingest_session(session)
    assert (again.new_messages, again.new_decisions) == (0, 0)


def test_cli_ingests_a_repository_s_aider_and_specstory_histories_and_a_codex_rollout(tmp_path: Path) -> None:
    from api.cli.main import app

    # The CLI shares the test server with no wipe in between: sessions of its own.
    repo = tmp_path / "shop-cli-sessions"
    (repo / ".specstory" / "history").mkdir(parents=True)
    (repo / ".git").mkdir()
    (repo / ".git" / "notes.md").write_text("# We decided nothing here\n")
    shutil.copy(SESSIONS / "aider" / ".aider.chat.history.md", repo)
    history = next((SESSIONS / "specstory" / ".specstory" / "history").glob("*.md"))
    shutil.copy(history, repo / ".specstory" / "history" / f"cli-{history.name}")
    rollout = next(SESSIONS.glob("rollout-*.jsonl"))
    shutil.copy(rollout, repo / f"rollout-cli-{rollout.name.removeprefix('rollout-')}")

    result = CliRunner().invoke(app, ["ingest", str(repo), "--json"])
    assert result.exit_code == 0, result.output
    stored = json.loads(result.stdout)
    assert {d["source"]["session"]: d["summary"] for d in stored} == {
        "aider-shop-cli-sessions": "Let's use ISO 8601 strings everywhere and drop epoch seconds.",
        f"cli-{history.stem}": "Let's go with the queue and server-sent events instead of polling.",
        f"rollout-cli-{rollout.stem.removeprefix('rollout-')}": "We round on the total, not per line.",
    }
    assert "notes" not in result.stderr, "no other hidden file is read"


async def test_a_session_dropping_what_an_earlier_decision_never_chose_does_not_supersede_it(
    journal: DecisionJournal, tmp_path: Path,
) -> None:
    # The example's "we keep PostgreSQL and add Redis for caching the product catalogue", then a
    # session that goes with Redis and drops Memcached: they share Redis, but what the session
    # drops is Memcached, which the earlier decision never chose.
    example = await journal.ingest_session(Path(__file__).parents[3] / "examples" / "platform-sync.txt")
    session = tmp_path / CLAUDE.name
    shutil.copy(CLAUDE, session)
    report = await journal.ingest_session(session)
    assert (report.new_decisions, report.superseded) == (1, 0)
    for decision_id in example.decision_ids:
        decision = await journal.get_decision(decision_id)
        if "Redis" in decision["summary"]:
            assert decision["status"] == "active" and decision["superseded_by"] == []
