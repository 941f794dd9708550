"""``ingest`` of a Slack workspace export folder: each channel's day is a session of its own in
the channel's series, people are named by the export's users.json, and the export's lists are
passed over with one line, not refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from api.cli.main import app

# The CLI shares the test server with no wipe in between: channel names of their own.
GENERAL, RANDOM = "slack-export-it-general", "slack-export-it-random"


def _export(top: Path) -> None:
    days = {
        GENERAL: [
            {"type": "message", "user": "U1", "text": "Should we use PostgreSQL or MySQL for the orders service?",
             "ts": "1710500000.000100"},
            {"type": "message", "user": "U024BE7LH",
             "text": "<@U1> we decided to use PostgreSQL because we need JSONB support.", "ts": "1710500060.000200"},
        ],
        RANDOM: [
            {"type": "message", "user": "U024BE7LH", "text": "Lunch at noon?", "ts": "1710500000.000100"},
            {"type": "message", "user": "U1", "text": "Sure <@U024BE7LH>, see you there.", "ts": "1710500100.000300"},
        ],
    }
    for channel, messages in days.items():
        (top / channel).mkdir(parents=True)
        (top / channel / "2024-03-15.json").write_text(json.dumps(messages))
    (top / "users.json").write_text(json.dumps([
        {"id": "U1", "name": "alice", "profile": {"real_name": "Alice Smith"}},
        {"id": "U024BE7LH", "name": "bob", "profile": {"display_name": "Bobby", "real_name": "Bob Jones"}},
    ]))
    (top / "channels.json").write_text(json.dumps([{"id": "C1", "name": GENERAL}, {"id": "C2", "name": RANDOM}]))
    (top / "integration_logs.json").write_text(json.dumps({"logs": []}))


@pytest.mark.usefixtures("driver")  # the schema applied, when this test runs alone
def test_a_slack_export_folder_ingests_each_channel_apart_named_by_users_json(tmp_path: Path) -> None:
    top = tmp_path / "slack"
    _export(top)

    done = CliRunner().invoke(app, ["ingest", str(top), "--json"])
    assert done.exit_code == 0, done.output
    notes = done.stderr.splitlines()
    assert not [line for line in notes if line.startswith("error:")], done.stderr
    assert [line for line in notes if "passed over" in line] == [
        f"{top}: passed over the Slack export's channels.json, integration_logs.json, users.json "
        "(the workspace's lists, not conversations)"
    ]
    assert any(line.startswith(f"{GENERAL}/2024-03-15 (slack): 2 messages read") and f"series '{GENERAL}'" in line
               for line in notes), done.stderr
    assert any(line.startswith(f"{RANDOM}/2024-03-15 (slack): 2 messages read") and f"series '{RANDOM}'" in line
               for line in notes), done.stderr

    stored = json.loads(done.stdout)
    postgres = next(d for d in stored if "PostgreSQL" in d["summary"])
    assert postgres["source"]["session"] == f"{GENERAL}/2024-03-15"
    assert postgres["decision_maker"] == "@bobby"
    assert "Alice Smith" in {s["name"] for s in postgres["stakeholders"]}

    for channel in (GENERAL, RANDOM):
        listed = json.loads(CliRunner().invoke(app, ["sessions", "--series", channel, "--json"]).stdout)["sessions"]
        assert [(s["id"], s["messages"]) for s in listed] == [(f"{channel}/2024-03-15", 2)]
