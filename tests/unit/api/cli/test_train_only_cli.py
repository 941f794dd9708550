"""``eval train-detector --only spoken|voting|chat``: what it refuses, and that a refusal leaves the model file as it was."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from api.cli.main import app

EVAL = Path(__file__).resolve().parents[4] / "eval"


def test_only_names_the_one_part_it_can_rebuild(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["eval", "train-detector", "--data", str(EVAL), "--only", "shared",
                                      "--out", str(tmp_path / "model.json")])
    assert result.exit_code == 2
    assert "--only takes `spoken`" in result.output
    assert not (tmp_path / "model.json").exists()


def test_without_ami_meetings_the_model_file_is_left_as_it_was(tmp_path: Path) -> None:
    model = tmp_path / "model.json"
    original = (Path(__file__).resolve().parents[4] / "nlp" / "detector_model.json").read_text()
    model.write_text(original)
    empty = tmp_path / "eval-data"
    empty.mkdir()
    result = CliRunner().invoke(app, ["eval", "train-detector", "--data", str(EVAL), "--only", "spoken",
                                      "--eval-data", str(empty), "--out", str(model)])
    assert result.exit_code == 2
    assert "no development meeting of ami" in result.output
    assert model.read_text() == original


def test_voting_without_the_shared_minutes_leaves_the_model_file_as_it_was(tmp_path: Path) -> None:
    model = tmp_path / "model.json"
    original = (Path(__file__).resolve().parents[4] / "nlp" / "detector_model.json").read_text()
    model.write_text(original)
    result = CliRunner().invoke(app, ["eval", "train-detector", "--data", str(EVAL), "--only", "voting",
                                      "--shared", str(tmp_path / "no-shared-data"), "--out", str(model)])
    assert result.exit_code == 2
    assert "--only voting needs the shared data" in result.output
    assert model.read_text() == original


def test_chat_without_the_shared_minutes_leaves_the_model_file_as_it_was(tmp_path: Path) -> None:
    model = tmp_path / "model.json"
    original = (Path(__file__).resolve().parents[4] / "nlp" / "detector_model.json").read_text()
    model.write_text(original)
    result = CliRunner().invoke(app, ["eval", "train-detector", "--data", str(EVAL), "--only", "chat",
                                      "--shared", str(tmp_path / "no-shared-data"), "--out", str(model)])
    assert result.exit_code == 2
    assert "--only chat needs the shared data" in result.output
    assert model.read_text() == original
