"""The folder a session states is read again from its file's head, never kept in the graph."""

from __future__ import annotations

from pathlib import Path

from api.usecases.session_files import _stated_cwd

SESSIONS = Path(__file__).parents[2] / "nlp" / "sessions"


def test_a_grown_codex_rollout_finds_the_folder_its_first_line_states() -> None:
    rollout = next(SESSIONS.glob("rollout-*.jsonl")).read_bytes()
    assert _stated_cwd(rollout, "codex", "r.jsonl", "r") == "/home/dev/billing"
    assert _stated_cwd(b'{"not": "a session"', "codex", "r.jsonl", "r") is None
