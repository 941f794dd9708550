"""``review learn --reviews FILE``: a file of review labels corrects the model in use, written
where asked; a missing file or a bad line is refused and nothing is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from api.cli.main import app
from nlp.detector_model import DetectorModel


def _label(text: str, verdict: str, session: str) -> dict[str, object]:
    return {"verdict": verdict, "proposed": text, "message_texts": [text], "anchor": 0, "session_id": session,
            "source_format": "transcript", "source_kind": "chat", "confidence": 0.45, "series": "weekly"}


def test_a_file_of_labels_makes_the_corrected_model_and_says_what_it_learned(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    labels = [_label(f"Agreed, we run the {t} jobs on RabbitMQ.", "confirmed", f"s{i}") for i, t in enumerate("abcdef")]
    labels += [_label(f"We decided to order {t} for the retro.", "rejected", f"r{i}") for i, t in enumerate("ghijkl")]
    reviews = tmp_path / "labels.jsonl"
    reviews.write_text("".join(json.dumps(label) + "\n" for label in labels))
    out = tmp_path / "model.json"
    done = CliRunner().invoke(app, ["review", "learn", "--reviews", str(reviews), "--out", str(out)])
    assert done.exit_code == 0, done.output
    assert "12 review labels read" in done.stdout and "applies to: weekly" in done.stdout
    assert f'set [journal] detector_model = "{out}"' in done.stdout  # not the file ingest reads by itself
    [correction] = DetectorModel.from_json(out.read_text()).reviews.values()
    assert (correction.verdicts, correction.confirmed, correction.series) == (12, 6, ("weekly",))


def test_a_missing_file_or_a_bad_line_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "model.json"
    missing = CliRunner().invoke(app, ["review", "learn", "--reviews", str(tmp_path / "none.jsonl"), "--out", str(out)])
    assert missing.exit_code == 2 and "not found" in missing.output
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(_label("x", "maybe", "s")) + "\n")
    refused = CliRunner().invoke(app, ["review", "learn", "--reviews", str(bad), "--out", str(out)])
    assert refused.exit_code == 2 and f"{bad}:1" in refused.output
    assert not out.exists()
