"""Each ingest line says what its file was read as: the format the reader chose, and
"spoken meeting" when detection reads it as one (its detections wait for review then)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from typer.testing import CliRunner, Result

from api.cli.main import app
from graph.executor import Neo4jExecutor

CHAT = "erin: Should the worker queue be SQS or RabbitMQ?\nfrank: We decided to use SQS for the worker queue.\n"
NOTES = "# Platform sync\n\n## Decisions\n\n- We will keep the staging cluster on Kubernetes 1.29.\n"
# A transcribed meeting: fillers in most turns, as speech has them.
MEETING = {"meeting_transcripts": [
    {"speaker": "Project Manager", "content": f"Um, so, uh, item {n}: I think we, um, go with the rubber case, yeah."}
    for n in range(1, 13)
]}


async def _cli(*args: str) -> Result:
    return await asyncio.to_thread(CliRunner().invoke, app, list(args))


async def test_each_ingest_line_names_the_format_and_a_spoken_meeting(executor: Neo4jExecutor, tmp_path: Path) -> None:
    folder = tmp_path / "read-as"
    folder.mkdir()
    (folder / "queue-chat.txt").write_text(CHAT)
    (folder / "sync-notes.md").write_text(NOTES)
    (folder / "design-meeting.json").write_text(json.dumps(MEETING))
    done = await _cli("ingest", str(folder))
    assert done.exit_code == 0, done.output
    lines = {line.split(" ", 1)[0]: line for line in done.stderr.splitlines()}
    assert lines["queue-chat"].startswith("queue-chat (transcript): 2 messages read"), done.stderr
    assert lines["sync-notes"].startswith("sync-notes (markdown): "), done.stderr
    assert lines["design-meeting"].startswith("design-meeting (qmsum, spoken meeting): 12 messages read"), done.stderr
    # A --format given is what it was read as, and a chat is no spoken meeting.
    again = await _cli("ingest", str(folder / "queue-chat.txt"), "--format", "transcript")
    assert "queue-chat (transcript): 2 messages read (0 new)" in again.stderr, again.output
