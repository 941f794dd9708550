"""``ingest`` of a folder holding bad files: every good file is ingested, every bad one is
named with its own error, and the command exits 2 at the end; a second run stores nothing new."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from typer.testing import CliRunner

from api.cli.main import app

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "platform-sync.txt"


def test_a_folder_with_bad_files_ingests_the_good_ones_and_names_each_bad_one(tmp_path: Path) -> None:
    # The CLI shares the test server with no wipe in between: a session name of its own.
    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "a-cut.jsonl").write_text('{"author": "alice", "content": "hello"}\n{"author": "bob", "cont\n'
                                        '{"author": "carol", "content": "bye"}\n')
    shutil.copy(EXAMPLE, folder / "b-folder-ingest-sync.txt")
    (folder / "c-empty.md").write_text("")

    first = CliRunner().invoke(app, ["ingest", str(folder), "--json"])
    assert first.exit_code == 2, first.output
    errors = [line for line in first.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 3, first.stderr
    assert "a-cut.jsonl:2" in errors[0] and "skipped; nothing of it was stored" in errors[0]
    assert "c-empty.md" in errors[1] and "skipped; nothing of it was stored" in errors[1]
    assert errors[2] == "error: 2 of 3 files could not be ingested (named above); the others were ingested"
    stored = json.loads(first.stdout)
    assert {d["source"]["session"] for d in stored} == {"b-folder-ingest-sync"}
    assert any("PostgreSQL" in d["summary"] for d in stored)

    again = CliRunner().invoke(app, ["ingest", str(folder)])
    assert again.exit_code == 2
    assert re.search(r"b-folder-ingest-sync \(transcript\): \d+ messages read \(0 new\), [1-9]\d* decisions? found \(0 new\)", again.stderr)
