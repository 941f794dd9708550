"""Real coding-assistant sessions as a detection source: labels ours, files as fetched, read by
the project's own readers, grouped by repository, tool messages never scored."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from nlp.evaluation.chat import text_sha1
from nlp.evaluation.labelled_sources import Places, load_labelled
from nlp.evaluation.session_corpus import read_sources
from nlp.evaluation.session_labels import join_readings
from nlp.evaluation.session_labels import main as session_labels_main
from nlp.evaluation.session_links import development_folders
from nlp.evaluation.sessions import COLUMNS, is_reserved_owner, load_sessions, read_session_labels
from nlp.readers import read_conversation
from nlp.schema import TOOL_ROLE

FIXTURE = Path(__file__).parent / "sessions" / "specstory" / ".specstory" / "history" / "2025-03-02_14-12-05Z-queue-or-polling.md"
GROUP, NAME = "octo__orders", "queue-or-polling"


def _layout(tmp_path: Path, rows: list[tuple[str, ...]], read: str | None = None) -> tuple[Path, Path]:
    labels, text = tmp_path / "eval" / "sessions", tmp_path / "eval-data" / "sessions"
    (text / GROUP).mkdir(parents=True)
    shutil.copy(FIXTURE, text / GROUP / f"{NAME}.md")
    labels.mkdir(parents=True)
    (labels / "labels.tsv").write_text("\t".join(COLUMNS) + "\n" + "".join("\t".join(r) + "\n" for r in rows))
    if read is not None:
        (labels / "read.txt").write_text(read)
    return labels, text


def _decision_row(anchor: int, messages: str, label: str = "decision", rejected: str = "polling") -> tuple[str, ...]:
    content = read_conversation(FIXTURE, "auto").messages[anchor].content
    return (f"{GROUP}/{NAME}", str(anchor), messages, label, text_sha1(content), rejected, "use a queue with SSE")


def test_a_labelled_session_is_read_by_the_readers_grouped_by_repository_and_tool_messages_are_not_scored(tmp_path: Path) -> None:
    conversation = read_conversation(FIXTURE, "auto")
    user_turn = next(m.seq for m in conversation.messages if m.content.startswith("Let's go with the queue"))
    labels, text = _layout(tmp_path, [_decision_row(user_turn, f"{user_turn - 1},{user_turn}")])
    [meeting] = load_sessions(labels, text)
    assert (meeting.source, meeting.group) == ("sessions", "octo")  # the owner: their repositories are held out together
    assert meeting.conversation.session_id == f"{GROUP}/{NAME}"
    assert [t.messages for t in meeting.targets] == [frozenset({user_turn - 1, user_turn})]
    tools = {m.seq for m in meeting.conversation.messages if m.role == TOOL_ROLE}
    assert tools and meeting.scored is not None and not tools & meeting.scored
    [row] = read_session_labels(labels / "labels.tsv")
    assert row.rejected == ("polling",)


def test_an_unsure_unit_is_not_scored_and_a_session_read_without_decisions_still_counts(tmp_path: Path) -> None:
    labels, text = _layout(tmp_path, [_decision_row(0, "0", label="unsure", rejected="")], read=f"{GROUP}/{NAME}\n")
    [meeting] = load_sessions(labels, text, labels / "read.txt")
    assert meeting.targets == () and meeting.scored is not None and 0 not in meeting.scored


def test_a_label_whose_text_changed_or_whose_file_is_missing_is_refused(tmp_path: Path) -> None:
    row = list(_decision_row(0, "0"))
    row[4] = "000000000000"
    labels, text = _layout(tmp_path, [tuple(row)])
    with pytest.raises(ValueError, match="sha1 differs"):
        load_sessions(labels, text)
    (labels / "labels.tsv").write_text("\t".join(COLUMNS) + "\n" + "\t".join((f"{GROUP}/gone", *row[1:])) + "\n")
    with pytest.raises(ValueError, match="no session file gone"):
        load_sessions(labels, text)


def test_sessions_join_detection_cross_validation_only_when_their_text_is_there(tmp_path: Path) -> None:
    labels, text = _layout(tmp_path, [_decision_row(0, "0")])
    (tmp_path / "eval" / "conversations.jsonl").write_text("")
    joined = [m for m in load_labelled(Places(tmp_path / "eval", None, tmp_path / "eval-data")) if m.source == "sessions"]
    assert [m.group for m in joined] == ["octo"]
    assert [m for m in load_labelled(Places(tmp_path / "eval", None, None)) if m.source == "sessions"] == []


def test_readers_batches_join_into_labels_the_loader_reads_with_every_session_read_listed(tmp_path: Path) -> None:
    labels, text = _layout(tmp_path, [])
    conversation = read_conversation(FIXTURE, "auto")
    tool = next(m.seq for m in conversation.messages if m.role == TOOL_ROLE)
    user_turn = next(m.seq for m in conversation.messages if m.content.startswith("Let's go with the queue"))
    batch = tmp_path / "batch1.labels.tsv"
    batch.write_text(f"{NAME}\t{user_turn}\t{user_turn - 1},{user_turn},{tool}\tqueue with SSE\tpolling\tsure\n# {NAME} none\n")
    joined = join_readings([batch], text)
    assert joined.read == [f"{GROUP}/{NAME}"]
    (labels / "labels.tsv").write_text("\t".join(COLUMNS) + "\n" + "".join(r + "\n" for r in joined.rows))
    [meeting] = load_sessions(labels, text)
    assert [t.messages for t in meeting.targets] == [frozenset({user_turn - 1, user_turn})]  # the tool message left out
    batch.write_text(f"{NAME}\t{tool}\t{tool}\tran a tool\t\tsure\n")
    with pytest.raises(ValueError, match="is a tool message"):
        join_readings([batch], text)
    batch.write_text("elsewhere\t1\t1\tx\t\tsure\n")
    with pytest.raises(ValueError, match="no session 'elsewhere'"):
        join_readings([batch], text)


def test_decisions_stated_in_one_message_are_one_target(tmp_path: Path) -> None:
    conversation = read_conversation(FIXTURE, "auto")
    user_turn = next(m.seq for m in conversation.messages if m.content.startswith("Let's go with the queue"))
    labels, text = _layout(tmp_path, [
        _decision_row(user_turn, f"{user_turn}"), _decision_row(user_turn, f"{user_turn - 1},{user_turn}", rejected=""),
    ])
    [meeting] = load_sessions(labels, text)
    assert [t.messages for t in meeting.targets] == [frozenset({user_turn - 1, user_turn})]


@pytest.mark.parametrize("owner", ["Borewit", "alice", "7days", "bob"])
def test_sessions_of_owners_reserved_for_evaluation_are_dropped_on_load_whatever_the_labels_list(
    tmp_path: Path, owner: str,
) -> None:
    labels, text = _layout(tmp_path, [_decision_row(0, "0", label="unsure", rejected="")], read=f"{GROUP}/{NAME}\n")
    reserved = f"{owner}__orders"
    shutil.copytree(text / GROUP, text / reserved)
    (labels / "read.txt").write_text(f"{GROUP}/{NAME}\n{reserved}/{NAME}\n")
    assert [m.conversation.session_id for m in load_sessions(labels, text, labels / "read.txt")] == [f"{GROUP}/{NAME}"]
    assert is_reserved_owner(owner) and not is_reserved_owner("octo") and not is_reserved_owner("ChrisGVE")


def test_a_sources_list_loses_its_reserved_owners_and_a_session_folder_list_too(tmp_path: Path) -> None:
    (tmp_path / "sources.tsv").write_text(
        "repo\tcommit\tformat\tlicence\nBorewit/listFix\tabc\tspecstory\tGPL\nDanCard/widget\tdef\tspecstory\tMIT\n"
    )
    assert [s.repo for s in read_sources(tmp_path / "sources.tsv")] == ["DanCard/widget"]
    for folder in ("Borewit__listFix", "DanCard__widget"):
        (tmp_path / "pool" / folder).mkdir(parents=True)
    assert [p.name for p in development_folders(tmp_path / "pool")] == ["DanCard__widget"]


def test_a_later_batch_appends_its_rows_leaving_those_joined_before_as_they_are(tmp_path: Path) -> None:
    conversation = read_conversation(FIXTURE, "auto")
    user_turn = next(m.seq for m in conversation.messages if m.content.startswith("Let's go with the queue"))
    earlier = _decision_row(user_turn, f"{user_turn - 1},{user_turn}")
    labels, text = _layout(tmp_path, [earlier], read=f"older__repo/{NAME}-0\n")
    batch = tmp_path / "batch5.labels.tsv"
    batch.write_text(f"{NAME}\t{user_turn}\t{user_turn}\tqueue with SSE\t\tunsure\n")
    session_labels_main(["--append", str(text), str(labels), str(batch)])
    rows = (labels / "labels.tsv").read_text().splitlines()
    assert rows[1] == "\t".join(earlier) and rows[2].startswith(f"{GROUP}/{NAME}\t{user_turn}\t{user_turn}\tunsure\t")
    assert (labels / "read.txt").read_text().splitlines() == [f"octo__orders/{NAME}", f"older__repo/{NAME}-0"]
    with pytest.raises(ValueError, match="already read"):
        session_labels_main(["--append", str(text), str(labels), str(batch)])
