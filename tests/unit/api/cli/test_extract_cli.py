from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from api.cli.main import app


def test_extract_json_prints_decisions_in_the_shared_shape(tmp_path: Path, monkeypatch: object) -> None:
    path = tmp_path / "db.txt"
    path.write_text("Ann: Should we use MySQL or PostgreSQL?\nBen: We decided to go with PostgreSQL for the ACID guarantees.\n")
    result = CliRunner().invoke(app, ["extract", str(path), "--json"])
    assert result.exit_code == 0, result.output
    decisions = json.loads(result.stdout)
    assert len(decisions) == 1
    decision = decisions[0]
    assert set(decision) >= {
        "id", "summary", "context", "rationale", "status", "decided_at", "recorded_at", "confidence", "origin",
        "pattern", "category", "tags", "keywords", "source", "alternatives", "stakeholders", "decision_maker",
        "files", "features", "supersedes", "superseded_by", "revisits", "revisited_by",
    }
    assert decision["source"] == {"kind": "conversation", "session": "db", "series": None, "messages": [1], "path": str(path)}
    assert [alt["option"] for alt in decision["alternatives"]] == ["MySQL"]
    assert decision["decision_maker"] == "@ben"
    again = json.loads(CliRunner().invoke(app, ["extract", str(path), "--json"]).stdout)
    assert again[0]["id"] == decision["id"]


def test_extract_bad_input_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.jsonl"
    path.write_text('{"content": "ok"}\n{oops\n')
    result = CliRunner().invoke(app, ["extract", str(path)])
    assert result.exit_code == 2
    assert "broken.jsonl:2: not valid JSON" in result.output


def test_detections_print_every_message_with_confidence_snippet_and_signals(tmp_path: Path) -> None:
    path = tmp_path / "t.txt"
    path.write_text("Ann: Should we use MySQL?\nBen: We decided to go with PostgreSQL.\n")
    result = CliRunner().invoke(app, ["extract", str(path), "--detections"])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(row["seq"], row["is_decision"]) for row in rows] == [(0, False), (1, True)]
    assert rows[1]["snippet"] == "We decided to go with PostgreSQL." and "strong_cue" in rows[1]["signals"]
    assert 0.7 <= rows[1]["confidence"] <= 1.0


def test_custom_keywords_replace_the_seed_list(tmp_path: Path) -> None:
    path = tmp_path / "t.txt"
    path.write_text("Ann: Ship it on Friday, final answer.\n")
    default = CliRunner().invoke(app, ["extract", str(path), "--detections"])
    custom = CliRunner().invoke(app, ["extract", str(path), "--detections", "--keyword", "ship it"])
    assert "keyword" not in json.loads(default.stdout)["signals"]
    assert "keyword" in json.loads(custom.stdout)["signals"]


def test_extract_numbers_messages_as_people_read_them_and_json_keeps_the_stored_position(tmp_path: Path) -> None:
    # Ben's message is the second: "message 2" as review and the web page number it (?m=2);
    # --json keeps the 0-based stored position in source.messages.
    path = tmp_path / "db.txt"
    path.write_text("Ann: Should we use MySQL or PostgreSQL?\nBen: We decided to go with PostgreSQL for the ACID guarantees.\n")
    result = CliRunner().invoke(app, ["extract", str(path)])
    assert result.exit_code == 0, result.output
    assert "       db message 2  by @ben" in result.stdout.splitlines()
    assert json.loads(CliRunner().invoke(app, ["extract", str(path), "--json"]).stdout)[0]["source"]["messages"] == [1]
