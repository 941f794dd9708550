"""The notes `eval session-links --draw` writes on its sheet: how it was drawn, and where a
reader who has only the sheet and the packets finds each linked file."""

from __future__ import annotations

from pathlib import Path

from api.cli.eval_session_links_cmd import draw_note


def test_the_note_names_the_command_the_commits_and_the_checkouts_folder(tmp_path: Path) -> None:
    note = draw_note("--draw d.tsv --size 50 --seed 54", "50 of 102 links",
                     {"zed__b": "f" * 40, "acme__a": "0123456789abcdef" * 2}, tmp_path / "clones")
    lines = note.splitlines()
    assert lines[0] == "drawn by `decision-journal eval session-links --draw d.tsv --size 50 --seed 54`: 50 of 102 links"
    assert lines[1] == "checkouts: acme__a 0123456789ab, zed__b ffffffffffff"
    assert lines[2].startswith(f"the file as the repository holds it: {(tmp_path / 'clones').resolve()}/<repository>/<file>")
