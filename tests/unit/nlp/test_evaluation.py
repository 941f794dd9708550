from __future__ import annotations

import json
from pathlib import Path

import pytest
from spacy.language import Language

from nlp.evaluation.corpus import Target
from nlp.evaluation.datasets import GoldDecision, LabelledConversation, load_conversations, load_meeting_notes
from nlp.evaluation.labelled_sources import Places, load_labelled
from nlp.evaluation.metrics import score_detection
from nlp.evaluation.minutes import load_minutes
from nlp.parsing import ParsedConversation
from nlp.schema import Conversation, Message

EVAL = Path(__file__).resolve().parents[3] / "eval"


def _item(n: int, units: list[set[int]], scored: set[int] | None = None) -> LabelledConversation:
    messages = tuple(Message(id=str(i), seq=i, content="x") for i in range(n))
    return LabelledConversation(
        "t", "dev", Conversation(session_id="t", source_format="t", messages=messages),
        tuple(GoldDecision(messages=frozenset(u)) for u in units), frozenset(scored) if scored is not None else None,
    )


def test_units_count_once_and_unscored_messages_do_not_count() -> None:
    item = _item(6, [{1, 2}, {4}], scored={0, 1, 2, 3, 4})
    score = score_detection(item, [1, 2, 3, 5])
    assert (score.predicted, score.correct, score.units, score.found) == (3, 2, 2, 1)
    assert round(score.precision, 3) == 0.667 and score.recall == 0.5


def test_the_labelled_set_has_both_splits_and_every_unit_points_at_real_messages() -> None:
    items = load_conversations(EVAL / "conversations.jsonl")
    assert {item.split for item in items} == {"dev", "heldout"}
    for item in items:
        for unit in item.gold:
            assert unit.messages and max(unit.messages) < len(item.conversation.messages)


def test_our_conversations_load_in_the_shared_shape_with_groups_and_a_final_split() -> None:
    meetings = [m for m in load_labelled(Places(EVAL)) if m.source == "conversations"]
    assert {m.group for m in meetings if not m.final} <= {f"fold-{n}" for n in range(1, 6)}
    assert any(m.final for m in meetings) and not all(m.final for m in meetings)
    assert all(m.positives == frozenset().union(*(t.messages for t in m.targets)) for m in meetings if m.targets)


def test_the_minutes_labelled_here_are_a_notes_group_of_their_own_outside_the_final_split() -> None:
    notes = [m for m in load_labelled(Places(EVAL)) if m.source == "notes"]
    assert {m.group for m in notes} == {"openvdb-tsc"} and not any(m.final for m in notes)
    assert len(notes) == 49 and sum(len(m.targets) for m in notes) == 70  # the 13 once kept "unseen" among them


def _minutes(tmp_path: Path, labels: str) -> tuple[Path, Path]:
    folder = tmp_path / "minutes" / "tsc"
    folder.mkdir(parents=True)
    (folder / "2024-01-02.md").write_text(
        "Minutes of the TSC\n\n1) CLA\n\nWe voted to move to the new CLA.\n\n2) CI\n\nMaybe turn off the nightly builds.\n"
        "\n3) Next meeting\n\nNext meeting is on January 9th.\n"
    )
    path = tmp_path / "labels.tsv"
    path.write_text("# how it was labelled\nfile\tlines\tlabel\tnote\n" + labels)
    return tmp_path / "minutes", path


def test_labelled_minutes_score_every_message_but_the_unsure_ones(tmp_path: Path) -> None:
    folder, labels = _minutes(tmp_path, "tsc/2024-01-02.md\t5\tdecision\tCLA\ntsc/2024-01-02.md\t9\tunsure\tnightly\n")
    [meeting] = load_minutes(folder, labels, "notes")
    by_line = {m.line: m.seq for m in meeting.conversation.messages}
    assert meeting.group == "tsc" and meeting.targets == (Target(frozenset({by_line[5]})),)
    assert by_line[9] not in meeting.scored and by_line[13] in meeting.scored and by_line[1] in meeting.scored


def test_a_label_on_a_line_where_no_message_starts_is_refused(tmp_path: Path) -> None:
    folder, labels = _minutes(tmp_path, "tsc/2024-01-02.md\t6\tdecision\tno message starts here\n")
    with pytest.raises(ValueError, match="no message of tsc/2024-01-02.md starts at line 6"):
        load_minutes(folder, labels, "notes")
    folder, labels = _minutes(tmp_path / "other", "tsc/2099-01-01.md\t5\tdecision\tno such file\n")
    with pytest.raises(ValueError, match="files not under"):
        load_minutes(folder, labels, "notes")


def test_each_message_is_parsed_once(nlp: Language) -> None:
    conversation = Conversation(
        session_id="s", source_format="t", messages=(Message(id="a", seq=0, content="We decided."),)
    )
    parsed = ParsedConversation(nlp, conversation)
    parsed.prime([0])
    assert parsed.doc(0) is parsed.doc(0)


def test_prose_labels_score_every_message_of_a_development_notes_file(tmp_path: Path) -> None:
    name = "meetings/r/2024-01-02.md"
    (tmp_path / "meetings" / "r").mkdir(parents=True)
    (tmp_path / name).write_text(
        "## Outcomes\n\n* RFC accepted by SIG.\n\n## Details\n\n* We voted to keep the cadence.\n"
        "* We should maybe revisit it.\n* Lunch was good.\n"
    )
    item = {"kind": "outcome", "heading": "Outcomes", "line_start": 3, "line_end": 3, "text": "* RFC accepted by SIG."}
    (tmp_path / "meetings" / "labels.jsonl").write_text(json.dumps({"file": name, "items": [item]}) + "\n")
    annotations = tmp_path / "annotations.tsv"
    annotations.write_text(f"file\tline_start\tnote\n{name}\t3\taccepted\n")
    prose = tmp_path / "prose.tsv"
    prose.write_text(f"file\tlines\tlabel\tnote\n{name}\t7\tdecision\tvote\n{name}\t8\tunsure\tmaybe\n")
    [marked] = load_meeting_notes(tmp_path, annotations)
    assert len(marked.gold) == 1 and marked.scored == frozenset({0})
    [whole] = load_meeting_notes(tmp_path, annotations, prose)
    assert len(whole.gold) == 2 and whole.scored == frozenset({0, 1, 3})  # "maybe revisit" is unsure
