"""The sources added to detection's cross-validation: more W3C groups (held out by group), real
chat (labels ours, text beside the clone, checked by sha1), and the held-out sets scored once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nlp.evaluation.chat import load_chat, text_sha1
from nlp.evaluation.held_out import NOTES_LABELS, load_held_out
from nlp.evaluation.labelled_sources import Places, load_labelled
from nlp.evaluation.source_scores import FORMULAIC_VIEWS, score_detected
from nlp.evaluation.w3c import RESERVED_REPOSITORIES, load_w3c_groups


def _w3c_record(meeting_id: str, repo: str, group: str) -> dict[str, object]:
    messages = [{"speaker": "Chair", "content": "Proposal: publish the draft."}, *({"speaker": f"P{i}", "content": "+1"} for i in range(3))]
    resolution = {"position": 3, "vote_run": 3, "routine": False, "topic_start": 0, "text": "publish the draft"}
    return {"meeting_id": meeting_id, "source_repo": repo, "group": group, "messages": messages, "resolutions": [resolution]}


def _write_lines(path: Path, records: list[dict[str, object]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in records))


def test_more_w3c_groups_are_held_out_by_group_not_repository_and_reserved_groups_are_dropped(tmp_path: Path) -> None:
    records = [
        _w3c_record("w3c-ccg/201x-meeting-archives:2015-01-06/index", "w3c-ccg/201x-meeting-archives", "Credentials CG"),
        _w3c_record("w3c-ccg/meetings:2022-03-01/index", "w3c-ccg/meetings", "Credentials CG"),
        _w3c_record("w3c/dpv:meetings/meeting-2019-01-01", "w3c/dpv", "DPV CG"),
        *(_w3c_record(f"{repo}:x", repo, "reserved") for repo in sorted(RESERVED_REPOSITORIES)),
    ]
    _write_lines(tmp_path / "w3c" / "meetings.jsonl", records)
    meetings = load_w3c_groups(tmp_path / "w3c")
    assert [(m.source, m.group) for m in meetings] == [("w3c", "Credentials CG"), ("w3c", "Credentials CG"), ("w3c", "DPV CG")]
    [target] = meetings[0].targets
    assert target.messages == frozenset(range(4))  # the proposal and its votes, up to the last message
    # They join the one W3C source that eval detect cross-validates.
    (tmp_path / "eval").mkdir()
    (tmp_path / "eval" / "conversations.jsonl").write_text("")
    joined = [m for m in load_labelled(Places(tmp_path / "eval", None, tmp_path)) if m.source == "w3c"]
    assert {m.group for m in joined} == {"Credentials CG", "DPV CG"}


def _chat_text(root: Path) -> None:
    messages = [
        {"author": "alice", "content": "Should we drop the 32-bit builds?"},
        {"author": "bob", "content": "Let's drop them in the next release."},
        {"author": "carol", "content": "+1"},
        {"author": "dave", "content": "Accepted, P-low."},
        {"author": "erin", "content": "Maybe later we revisit the docs."},
        {"author": "frank", "content": "ok"},
    ]
    _write_lines(root / "chat" / "irc" / "conversations.jsonl", [{"conversation_id": "c1", "title": "t", "messages": messages}])


def _chat_labels(root: Path, rows: list[tuple[str, ...]]) -> None:
    folder = root / "chat" / "irc"
    folder.mkdir(parents=True, exist_ok=True)
    header = "conversation_id\tanchor\tmessages\tlabel\tsha1\tnote\n"
    (folder / "labels.tsv").write_text(header + "".join("\t".join(row) + "\n" for row in rows))


def test_chat_units_become_targets_triage_is_formulaic_and_unsure_messages_are_not_scored(tmp_path: Path) -> None:
    text, labels = tmp_path / "text", tmp_path / "labels"
    _chat_text(text)
    _chat_labels(labels, [
        ("c1", "1", "0,1,2", "decision", text_sha1("Let's drop them in the next release."), "drop 32-bit builds"),
        ("c1", "3", "3", "decision", text_sha1("Accepted, P-low."), "triage: accepted as P-low"),
        ("c1", "4", "4,5", "unsure", text_sha1("Maybe later we revisit the docs."), "a hedged revisit"),
    ])
    [meeting] = load_chat(labels / "chat", text / "chat")
    assert (meeting.source, meeting.group) == ("chat", "irc")
    assert [(sorted(t.messages), t.routine) for t in meeting.targets] == [([0, 1, 2], False), ([3], True)]
    assert meeting.scored == frozenset({0, 1, 2, 3})
    # The view without triage sets the formulaic unit apart on both sides.
    [scores] = score_detected([meeting], {"c1": [1, 3]})
    assert "chat" in FORMULAIC_VIEWS and scores.non_routine is not None
    assert (scores.score.pooled.units, scores.score.pooled.correct) == (2, 2)
    assert (scores.non_routine.pooled.units, scores.non_routine.pooled.predicted) == (1, 1)


def test_a_chat_label_whose_anchor_text_differs_is_refused(tmp_path: Path) -> None:
    text, labels = tmp_path / "text", tmp_path / "labels"
    _chat_text(text)
    _chat_labels(labels, [("c1", "1", "1,2", "decision", text_sha1("another text"), "x")])
    with pytest.raises(ValueError, match="sha1"):
        load_chat(labels / "chat", text / "chat")


def test_a_chat_source_without_its_text_is_skipped(tmp_path: Path) -> None:
    _chat_labels(tmp_path / "labels", [("c1", "1", "1", "decision", "0" * 12, "x")])
    assert load_chat(tmp_path / "labels" / "chat", tmp_path / "absent") == []


MINUTES = "# CPC meeting\n\n## Agenda\n\n* Item one: PR 12\n  * Agreed to land it.\n* Item two\n  * Discussion, no conclusion.\n"


def _notes(tmp_path: Path, rows: list[tuple[str, ...]]) -> tuple[Path, Path]:
    eval_dir, extra = tmp_path / "eval", tmp_path / "extra"
    collection = extra / "notes_unseen" / "org__minutes"
    collection.mkdir(parents=True)
    (collection / "2020-01-01.md").write_text(MINUTES)
    (collection / "LICENSE.md").write_text("MIT\n")
    labels = eval_dir / NOTES_LABELS
    labels.parent.mkdir(parents=True)
    labels.write_text("file\tline\tlabel\tsha1\tnote\n" + "".join("\t".join(row) + "\n" for row in rows))
    return eval_dir, extra


def _line_sha1(number: int) -> str:
    return text_sha1(MINUTES.split("\n")[number - 1])


def test_the_fresh_unseen_notes_are_read_by_line_with_the_licence_left_out(tmp_path: Path) -> None:
    eval_dir, extra = _notes(tmp_path, [
        ("meetings/2020/2020-01-01.md", "6", "decision", _line_sha1(6), "PR 12 lands"),
        ("meetings/2020/2020-01-01.md", "8", "unsure", _line_sha1(8), "no conclusion"),
    ])
    [meeting] = [m for m in load_held_out(eval_dir, extra) if m.source == "notes-unseen"]
    assert meeting.conversation.session_id == "org__minutes/2020-01-01.md" and meeting.group == "org__minutes"
    assert [sorted(t.messages) for t in meeting.targets] == [[1]]
    assert meeting.scored == frozenset({0, 1, 2})
    assert not meeting.final


def test_an_unseen_label_on_a_changed_line_is_refused(tmp_path: Path) -> None:
    eval_dir, extra = _notes(tmp_path, [("2020-01-01.md", "6", "decision", _line_sha1(5), "wrong line")])
    with pytest.raises(ValueError, match="sha1"):
        load_held_out(eval_dir, extra)
