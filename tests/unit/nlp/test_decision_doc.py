from __future__ import annotations

from pathlib import Path

import pytest

from nlp.errors import InputFormatError
from nlp.readers import detect_format, read_conversation, read_decisions

DOCUMENT = """# Decisions - TASK-1

## Decision 1: YAML Format for the Index

**Context:** Need a persistent storage format that people can read.

**Selected Approach:** YAML format with a structured schema in config/index.yaml.

**Alternatives Considered:**
1. **YAML format (SELECTED):** Human-readable, git-friendly
2. **JSON format:** Also git-friendly but less readable
3. **SQLite database:** More scalable but less accessible

**Rationale:**
- **Human-readable:** Easy to review and edit
- **Git-friendly:** Line-based diffs

**Reversibility:** MEDIUM - Can migrate to SQLite later.

**Impact:** Optimal for the MVP.

---

## Decision 2: No CLI

**Context:** Python API only for now.

**Selected Approach:** Ship the Python API without a CLI.

## Learning 1: Not a decision
**Source:** TASK-2
"""


def test_seed_004_sections_become_decisions_field_by_field(tmp_path: Path) -> None:
    path = tmp_path / "decisions.md"
    path.write_text(DOCUMENT)
    assert detect_format(path, DOCUMENT) == "decision-doc"
    result = read_decisions(path)
    assert result is not None
    conversation, decisions = result
    assert [m.topic for m in conversation.messages] == ["YAML Format for the Index", "No CLI"]
    first = decisions[0]
    assert first.summary == "YAML Format for the Index: YAML format with a structured schema in config/index.yaml."
    assert first.context == "Need a persistent storage format that people can read."
    assert [alt.option for alt in first.alternatives] == ["JSON format", "SQLite database"]
    assert first.alternatives[1].pros == ("More scalable",) and first.alternatives[1].cons == ("less accessible",)
    assert first.rationale == "Human-readable: Easy to review and edit; Git-friendly: Line-based diffs"
    assert (first.reversibility, first.impact) == ("medium", "Optimal for the MVP.")
    assert first.related_code == ("config/index.yaml",)
    assert "Learning 1" not in conversation.messages[1].content


def test_a_section_without_a_selected_approach_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.md"
    path.write_text("## Decision 1: Something\n\n**Context:** only context\n")
    with pytest.raises(InputFormatError, match=r"bad.md:1: decision 1 has no \*\*Selected Approach:\*\*"):
        read_decisions(path)


def test_plain_notes_are_not_decision_documents(tmp_path: Path) -> None:
    path = tmp_path / "notes.md"
    path.write_text("# Notes\n\n* We decided to ship on Friday\n")
    assert read_decisions(path) is None
    assert read_conversation(path).source_format == "markdown"
