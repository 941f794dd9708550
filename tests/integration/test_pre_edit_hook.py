"""Agents see prior decisions before they act (issue 46, part 4), against the real Neo4j: a
scripted Claude Code session's PreToolUse hook on a governed file, ``pre --path`` and MCP
``pre_decision`` with paths, and the hook staying silent (exit 0) when nothing governs the
file or anything goes wrong."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from typer.testing import CliRunner, Result

from api.cli.main import app
from api.journal import DecisionJournal
from tests.support.git import git

ADR = """# Use a queue for worker jobs

* Status: accepted
* Date: 2024-03-02

## Context and Problem Statement

The worker polls the jobs table every second.

## Considered Options

* A message queue
* Table polling

## Decision Outcome

Chosen option: "A message queue" for `src/queue/worker.py`, because it hands a job to the worker as soon as it arrives.

## Pros and Cons of the Options

### Table polling

* Good, because it needs no new service
* Bad, because it costs a query per second per worker and delays jobs by up to a second
"""


def _jobs(tmp_path: Path) -> Path:
    """A repository whose ADR governs ``src/queue/worker.py``."""
    repo = tmp_path / "jobs"
    (repo / "doc" / "adr").mkdir(parents=True)
    (repo / "src" / "queue").mkdir(parents=True)
    git(repo, "init", "-q")
    git(repo, "remote", "add", "origin", "git@github.com:acme/jobs.git")
    (repo / "src" / "web").mkdir(parents=True)
    (repo / "src" / "queue" / "worker.py").write_text("def run():\n    poll()\n")
    (repo / "src" / "web" / "page.py").write_text("X = 1\n")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "start", date="2024-03-01T10:00:00+00:00")
    (repo / "doc" / "adr" / "0001-use-a-queue-for-worker-jobs.md").write_text(ADR)
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "Record the queue decision", date="2024-03-02T10:00:00+00:00")
    return repo


async def _cli(*args: str, stdin: str | None = None, env: dict[str, str] | None = None) -> Result:
    return await asyncio.to_thread(CliRunner().invoke, app, list(args), input=stdin, env=env)


def _pre_tool_use(tool: str, tool_input: dict[str, Any], cwd: Path) -> str:
    """What Claude Code sends a PreToolUse hook on stdin."""
    return json.dumps({
        "session_id": "5c2e1f0a-0000-4000-8000-000000000001", "transcript_path": str(cwd / "session.jsonl"),
        "cwd": str(cwd), "permission_mode": "default", "hook_event_name": "PreToolUse",
        "tool_name": tool, "tool_input": tool_input, "tool_use_id": "toolu_01",
    })


async def _imported(tmp_path: Path) -> tuple[Path, str]:
    repo = _jobs(tmp_path)
    result = await _cli("import-adr", str(repo / "doc" / "adr"), "--json")
    assert result.exit_code == 0, result.output
    [decision] = json.loads(result.stdout)
    return repo, decision["id"]


async def test_the_pre_edit_hook_tells_the_agent_the_decision_and_its_rejected_option(
    journal: DecisionJournal, tmp_path: Path,
) -> None:
    repo, decision = await _imported(tmp_path)
    worker = repo / "src" / "queue" / "worker.py"

    edit = _pre_tool_use("Edit", {"file_path": str(worker), "old_string": "    poll()",
                                  "new_string": "    poll_jobs()  # table polling, every second"}, repo)
    result = await _cli("hook", "pre-edit", stdin=edit)
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)["hookSpecificOutput"]
    assert answer["hookEventName"] == "PreToolUse" and "permissionDecision" not in answer
    context = answer["additionalContext"]
    assert "src/queue/worker.py" in context and decision in context and "Use a queue for worker jobs" in context
    assert "rejected: Table polling: it costs a query per second per worker" in context
    assert f"which {decision} rejected" in context, "the edit names the rejected option again"

    # The same for a Write and a MultiEdit of that file, given relative to the session's folder.
    for tool, tool_input in (("Write", {"file_path": "src/queue/worker.py", "content": "def run(): ...\n"}),
                             ("MultiEdit", {"file_path": str(worker), "edits": [{"old_string": "a", "new_string": "b"}]})):
        result = await _cli("hook", "pre-edit", stdin=_pre_tool_use(tool, tool_input, repo))
        assert result.exit_code == 0 and decision in json.loads(result.stdout)["hookSpecificOutput"]["additionalContext"]


async def test_the_pre_edit_hook_is_silent_when_nothing_governs_the_file_and_never_blocks(
    journal: DecisionJournal, tmp_path: Path,
) -> None:
    repo, _ = await _imported(tmp_path)
    elsewhere = tmp_path / "unknown"
    (elsewhere / "src").mkdir(parents=True)
    git(elsewhere, "init", "-q")
    git(elsewhere, "remote", "add", "origin", "git@github.com:acme/unknown.git")
    (tmp_path / "loose").mkdir()
    silent = [
        _pre_tool_use("Edit", {"file_path": str(repo / "src" / "web" / "page.py"), "new_string": "X = 2"}, repo),
        _pre_tool_use("Read", {"file_path": str(repo / "src" / "queue" / "worker.py")}, repo),
        _pre_tool_use("Bash", {"command": "rm -rf build"}, repo),
        _pre_tool_use("Write", {"file_path": str(elsewhere / "src" / "queue" / "worker.py"), "content": "x"}, elsewhere),
        _pre_tool_use("Write", {"file_path": str(tmp_path / "loose" / "notes.py"), "content": "x"}, tmp_path),
        json.dumps({"hook_event_name": "PostToolUse", "tool_name": "Edit",
                    "tool_input": {"file_path": str(repo / "src" / "queue" / "worker.py")}}),
    ]
    for stdin in silent:
        result = await _cli("hook", "pre-edit", stdin=stdin)
        assert (result.exit_code, result.stdout) == (0, ""), stdin

    governed = _pre_tool_use("Edit", {"file_path": str(repo / "src" / "queue" / "worker.py"), "new_string": "x"}, repo)
    for stdin, env in (
        ("{not json", None),
        (governed, {"NEO4J_URI": "bolt://127.0.0.1:9", "NEO4J_PASSWORD": "x"}),  # no server there
        (governed, {"DJ_CONFIG": str(tmp_path / "no-such-config.toml")}),  # settings that cannot be read
    ):
        result = await _cli("hook", "pre-edit", stdin=stdin, env=env)
        assert (result.exit_code, result.stdout) == (0, ""), (stdin, result.output)
        assert "decision-journal hook" in result.stderr


async def test_pre_with_paths_returns_the_governing_decisions_with_their_rejected_options(
    journal: DecisionJournal, tmp_path: Path,
) -> None:
    repo, decision = await _imported(tmp_path)
    worker = str(repo / "src" / "queue" / "worker.py")

    result = await _cli("pre", "--path", worker, "--path", str(repo / "src" / "web" / "page.py"), "--json")
    assert result.exit_code == 0, result.output
    governing = json.loads(result.stdout)["governing"]
    assert governing["repository"] == "github.com/acme/jobs"
    [path] = governing["paths"]
    assert path["path"] == "src/queue/worker.py"
    [found] = path["decisions"]
    assert (found["id"], found["status"], found["link"]["via"]) == (decision, "active", "stated")
    assert found["rejected"] == [{"option": "Table polling", "why_not_chosen":
                                  "it costs a query per second per worker and delays jobs by up to a second"}]

    result = await _cli("pre", "--path", "src/queue/worker.py", "--repo", "acme/jobs")
    assert result.exit_code == 0, result.output
    assert "src/queue/worker.py is governed by 1 decision:" in result.stdout
    assert "rejected: Table polling: it costs a query" in result.stdout

    server = StdioServerParameters(command=sys.executable, args=["-m", "api.cli.main", "mcp"], env=dict(os.environ),
                                   cwd=str(repo))
    async with stdio_client(server) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        answer = await session.call_tool("pre_decision", {"paths": ["src/queue/worker.py", "src/web/page.py"]})
        assert not answer.is_error, answer
        data = json.loads(answer.content[0].text)
    assert [p["path"] for p in data["governing"]["paths"]] == ["src/queue/worker.py"]
    assert data["governing"]["paths"][0]["decisions"][0]["rejected"][0]["option"] == "Table polling"
