"""The AMI decision labels: reserved meetings dropped on load, turns and targets as a transcript reads them."""

from __future__ import annotations

import json
from pathlib import Path

from nlp.evaluation.ami import RESERVED_SERIES, load_ami, read_meetings

_RESERVED_MD = Path(__file__).resolve().parents[3] / ".." / "shared" / "RESERVED.md"


def _write(folder: Path, meetings: dict[str, list[list[object]]]) -> None:
    lines = [json.dumps({"meeting": name, "decisions": ["The remote will be yellow."], "acts": acts})
             for name, acts in meetings.items()]
    (folder / "meetings.jsonl").write_text("\n".join(lines) + "\n")


ACTS: list[list[object]] = [
    ["A", 1.0, "So what colour should it be?", -1],
    ["B", 2.0, "Yellow, I think.", 0],
    ["B", 3.5, "It stands out.", -1],
    ["A", 4.0, "Okay, yellow it is then.", 0],
    ["C", 5.0, "Mm-hmm.", -1],
]


def test_every_reserved_series_is_dropped_on_load_whatever_the_file_holds(tmp_path: Path) -> None:
    reserved = {f"{series}{letter}": ACTS for series in sorted(RESERVED_SERIES) for letter in "abcd"}
    _write(tmp_path, {"ES2002a": ACTS, **reserved, "TS3003c": ACTS})
    assert [m.meeting for m in read_meetings(tmp_path)] == ["ES2002a", "TS3003c"]
    assert [m.conversation.session_id for m in load_ami(tmp_path)] == ["ES2002a", "TS3003c"]


def test_the_reserved_series_are_those_reserved_md_lists() -> None:
    if not _RESERVED_MD.is_file():
        return  # the shared folder is beside the clone in development and CI
    text = _RESERVED_MD.read_text()
    line = next(line for line in text.splitlines() if line.startswith("- AMI series"))
    listed = {word.strip(",. ") for word in line.split(":", 1)[1].split()}
    assert listed == set(RESERVED_SERIES)


def test_a_meeting_reads_as_speaker_turns_with_one_target_per_decision_sentence(tmp_path: Path) -> None:
    _write(tmp_path, {"ES2002a": ACTS})
    [meeting] = load_ami(tmp_path)
    contents = [m.content for m in meeting.conversation.messages]
    assert contents == ["So what colour should it be?", "Yellow, I think. It stands out.", "Okay, yellow it is then.", "Mm-hmm."]
    assert [m.author for m in meeting.conversation.messages] == ["A", "B", "A", "C"]
    [target] = meeting.targets
    assert target.messages == frozenset({1, 2}) and target.answer == "The remote will be yellow."
    assert meeting.positives == frozenset({1, 2})
    assert meeting.group.startswith("fold-") and meeting.source == "ami"


def test_no_file_means_no_meetings(tmp_path: Path) -> None:
    assert load_ami(tmp_path / "absent") == []
