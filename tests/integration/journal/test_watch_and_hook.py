"""``watch`` and the Claude Code hook end to end against the real Neo4j: a session appears,
grows and is ingested incrementally; bad input is named and skipped, nothing stored is lost,
and the hook never fails the agent."""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import time
from pathlib import Path

from typer.testing import CliRunner, Result

from api.journal import DecisionJournal
from api.usecases.session_watch import SessionWatcher
from graph.cypher import load_query
from tests.support.git import git
from tests.support.user_cli import COMMAND

SESSIONS = Path(__file__).parents[2] / "unit" / "nlp" / "sessions"
CLAUDE = SESSIONS / "7f3c2a10-5b1e-4c2d-9a7e-0c1d2e3f4a5b.jsonl"
LINES = CLAUDE.read_bytes().splitlines(keepends=True)
BAD = '{"sessionId": "bad", "type": "user", "uuid": "b1", "message": {"role": "user", "content": "hi"}}\n{"cut": \n'
"""A session whose second line is cut short, then written on."""


def _session(folder: Path, name: str, lines: list[bytes]) -> Path:
    """The fixture session under another id (the CLI tests share the server with no wipe)."""
    path = folder / f"{name}.jsonl"
    path.write_bytes(b"".join(line.replace(CLAUDE.stem.encode(), name.encode()) for line in lines))
    return path


async def _watch_once(folder: Path) -> Result:
    from api.cli.main import app

    return await asyncio.to_thread(CliRunner().invoke, app, ["watch", str(folder), "--once"])


async def test_watch_once_ingests_new_then_grown_sessions_and_skips_a_bad_file(
    journal: DecisionJournal, tmp_path: Path,
) -> None:
    projects = tmp_path / "projects" / "-home-dev-shop"
    projects.mkdir(parents=True)
    session = _session(projects, "watch-once", LINES[:4])
    first = await _watch_once(tmp_path / "projects")
    assert first.exit_code == 0, first.output
    assert "watch-once: new" in first.stderr

    session.write_bytes(b"".join(line.replace(CLAUDE.stem.encode(), b"watch-once") for line in LINES))
    (projects / "broken.jsonl").write_text(BAD)
    grown = await _watch_once(tmp_path / "projects")
    assert grown.exit_code == 2, (grown.stderr, grown.exception)
    assert "watch-once: grown" in grown.stderr
    assert "1 decision found (1 new)" in grown.stderr
    assert "broken.jsonl:2" in grown.stderr and "skipped until it changes" in grown.stderr

    quiet = await _watch_once(tmp_path / "projects")
    assert "watch-once" not in quiet.stderr, "an unchanged session is not reported"


async def test_the_watch_loop_picks_up_a_session_as_it_appears_and_grows(journal: DecisionJournal, tmp_path: Path) -> None:
    watcher = SessionWatcher([tmp_path], journal.services.ingest, journal.services.executor)
    stop = asyncio.Event()
    lines: list[str] = []
    loop = asyncio.create_task(watcher.run(0.1, stop, lines.append))

    async def until(count: int) -> list[dict[str, object]]:
        for _ in range(300):
            messages = await journal.get_messages_of("looped")
            if len(messages) >= count:
                return messages
            await asyncio.sleep(0.1)
        raise AssertionError(f"not ingested: {lines}")

    try:
        _session(tmp_path, "looped", LINES[:3])
        assert len(await until(1)) < 12
        _session(tmp_path, "looped", LINES)
        assert len(await until(12)) == 12
    finally:
        stop.set()
        await asyncio.wait_for(loop, 30)
    assert [line.split(",")[0] for line in lines] == ["looped: new", "looped: grown"]


def _hook(payload: bytes, *args: str, cache: Path) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    return subprocess.run([str(COMMAND), "hook", "ingest", *args], input=payload, env=env, capture_output=True,
                          timeout=300, check=False)


async def test_the_claude_code_hook_ingests_the_transcript_incrementally_in_its_repository(
    journal: DecisionJournal, tmp_path: Path,
) -> None:
    repo = tmp_path / "shop"
    (repo / "app").mkdir(parents=True)
    (repo / "app" / "cache.py").write_text("CACHE = None\n")
    git(repo, "init", "-q")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "start")
    transcript = _session(tmp_path, "hooked", LINES[:4])
    event = {"session_id": "hooked", "transcript_path": str(transcript), "cwd": str(repo),
             "permission_mode": "default", "hook_event_name": "Stop", "stop_hook_active": False}
    first = _hook(json.dumps(event).encode(), "--wait", cache=tmp_path / "cache")
    assert (first.returncode, first.stdout) == (0, b""), first.stderr
    assert b"Stop hooked in " in first.stderr and b"new: read whole" in first.stderr

    _session(tmp_path, "hooked", LINES)
    ended = _hook(json.dumps({**event, "hook_event_name": "SessionEnd", "reason": "prompt_input_exit"}).encode(),
                  "--wait", cache=tmp_path / "cache")
    assert (ended.returncode, ended.stdout) == (0, b""), ended.stderr
    assert b"grown" in ended.stderr and re.search(rb"\b1 new decision\b", ended.stderr)
    assert len(await journal.get_messages_of("hooked")) == 12
    rows = await journal.services.executor.read(
        load_query("session_read_state"),
        {"session_id": "hooked", "window": 1},
    )
    assert rows[0]["cwd"] is None, "the read mark keeps no folder of the machine the session ran on"


def test_the_hook_never_fails_the_agent(tmp_path: Path) -> None:
    for payload, said in (
        (b"not json", b"not JSON"),
        (b'{"hook_event_name": "Stop"}', b"no transcript_path"),
        (json.dumps({"transcript_path": str(tmp_path / "gone.jsonl")}).encode(), b"no transcript at"),
    ):
        result = _hook(payload, "--wait", cache=tmp_path)
        assert (result.returncode, result.stdout) == (0, b"")
        assert said in result.stderr and result.stderr.count(b"\n") == 1
    bad = tmp_path / "bad.jsonl"
    bad.write_text(BAD)
    result = _hook(json.dumps({"transcript_path": str(bad)}).encode(), "--wait", cache=tmp_path)
    assert (result.returncode, result.stdout) == (0, b"")
    assert b"bad.jsonl:2" in result.stderr


async def test_the_hook_returns_at_once_and_ingests_in_the_background(journal: DecisionJournal, tmp_path: Path) -> None:
    transcript = _session(tmp_path, "detached", LINES)
    started = time.monotonic()
    result = _hook(json.dumps({"session_id": "detached", "transcript_path": str(transcript),
                               "hook_event_name": "Stop"}).encode(), cache=tmp_path / "cache")
    assert (result.returncode, result.stdout, result.stderr) == (0, b"", b"")
    assert time.monotonic() - started < 5, "the agent is not held up by the ingest"
    for _ in range(600):
        if len(await journal.get_messages_of("detached")) == 12:
            break
        await asyncio.sleep(0.2)
    else:
        raise AssertionError((tmp_path / "cache" / "decision-journal" / "hook.log").read_text())
    for _ in range(50):  # the log line is written after the last message
        log = (tmp_path / "cache" / "decision-journal" / "hook.log").read_text()
        if "Stop detached" in log:
            break
        await asyncio.sleep(0.2)
    assert "Stop detached: new" in log
