"""``import-adr --dry-run`` on a folder that holds guides, not ADRs: it says so (no database is
opened by a dry run)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from api.cli.main import app
from nlp.readers.adr import has_adr_parts

GUIDE = "# Styling guide\n\nHow we style components.\n\n## Steps\n\n1. Install.\n2. Run.\n"
ADR = "# 1. Use lunr\n\n## Status\n\nAccepted\n\n## Decision\n\nWe use lunr.\n"


@pytest.mark.parametrize(("text", "parts"), [
    (GUIDE, False),
    (ADR, True),
    ("# Use lunr\n\nStatus: accepted\n\nWe use lunr for search.\n", True),
    ("---\nstatus: accepted\n---\n# Use lunr\n\nWe use lunr.\n", True),
    ("# Use lunr\n\n## Context and Problem Statement\n\nSearch.\n", True),
    ("# Use lunr\n\n## Considered Options\n\n* lunr\n* elastic\n", True),
])
def test_an_adr_has_one_of_its_parts_and_a_guide_none(text: str, parts: bool) -> None:
    assert has_adr_parts(text) is parts


def test_a_dry_run_warns_of_files_with_none_of_an_adr_s_parts(tmp_path: Path) -> None:
    # "9 ADR files, 9 decisions" for a folder of guides, and not a word that they are none.
    docs = tmp_path / "docs"
    docs.mkdir()
    for name in ("setup", "styling", "testing"):
        (docs / f"{name}.md").write_text(GUIDE.replace("Styling", name.title()))
    (docs / "0001-use-lunr.md").write_text(ADR)
    result = CliRunner().invoke(app, ["import-adr", str(docs), "--dry-run"])
    assert result.exit_code == 0, result.output
    assert "4 ADR files, 4 decisions" in result.stderr
    assert ("warning: 3 of 4 files have none of an ADR's parts (no Status, no Context, Decision or Consequences "
            "section): docs/setup.md, docs/styling.md, docs/testing.md. The import would store each as an active "
            "decision titled by its heading") in result.stderr
    (docs / "setup.md").unlink()
    (docs / "styling.md").unlink()
    (docs / "testing.md").unlink()
    clean = CliRunner().invoke(app, ["import-adr", str(docs), "--dry-run"])
    assert clean.exit_code == 0 and "warning" not in clean.stderr
