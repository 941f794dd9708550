from __future__ import annotations

import json
from datetime import UTC, date, datetime
from pathlib import Path, PurePath

import pytest

from nlp.errors import InputFormatError
from nlp.readers import conversation_files, read_conversation, read_conversation_text
from nlp.readers.series import inferred_series
from nlp.readers.source_date import date_in, stated_date, without_date


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Rez TSC Meeting Notes - 2022-08-18", date(2022, 8, 18)),
        ("sig-meeting-20220104", date(2022, 1, 4)),
        ("**Date/Time:** January 4th, 2022 @ 05:00pm UTC", date(2022, 1, 4)),
        ("Plenary, 31 Jan 2019", date(2019, 1, 31)),
        ("minutes 2021_03_16", date(2021, 3, 16)),
        ("Sept 9, 2020 and later 2021-01-01", date(2020, 9, 9)),  # the first one written
        ("2022-02-30 is no day", None),
        ("version 2.10.3, 1234567", None),
    ],
)
def test_dates_are_read_in_the_ways_people_write_them(text: str, expected: date | None) -> None:
    assert date_in(text) == expected


def test_the_strongest_statement_of_a_date_wins() -> None:
    front = "---\ntitle: Sync\ndate: 2020-05-01\n---\n# Sync 2020-06-01\n- ok\n"
    assert stated_date(front, PurePath("notes/2020-07-01.md")) == stated_date(front, None)
    found = stated_date(front, None)
    assert found is not None and (found.when, found.where) == (datetime(2020, 5, 1, tzinfo=UTC), "front matter")
    heading = stated_date("# Sync 2020-06-01\n- ok\n", PurePath("2020-07-01.md"))
    assert heading is not None and (heading.when.date(), heading.where) == (date(2020, 6, 1), "first heading")
    line = stated_date("## Meeting Details\n- **Date:** March 3rd, 2021\n", PurePath("sync.md"))
    assert line is not None and (line.when.date(), line.where) == (date(2021, 3, 3), "a Date line")
    name = stated_date("# Sync\n- ok\n", PurePath("team/sync-20200701.md"))
    assert name is not None and (name.when.date(), name.where) == (date(2020, 7, 1), "file name")
    folder = stated_date("# Sync\n- ok\n", PurePath("team/2023-07-20/notes.md"))
    assert folder is not None and (folder.when.date(), folder.where) == (date(2023, 7, 20), "folder name")
    assert stated_date("# Sync\nWe decided on 2020-01-01 as the cutoff.\n", None) is None  # a sentence, not a label
    assert stated_date("Alice: we ship\n" * 30 + "Date: 2020-01-01\n", PurePath("chat.txt")) is None


def test_a_series_is_the_folder_that_is_not_a_date_else_the_title_without_its_date() -> None:
    assert inferred_series(PurePath("rez/2023-07-20/notes.md"), "Rez TSC - 2023-07-20") == ("rez", "folder")
    assert inferred_series(PurePath("sig-network/2021/q3/sig-meeting-20210914.md"), None) == ("sig-network", "folder")
    assert inferred_series(PurePath("2022-08-18.md"), "Rez TSC Meeting Notes - 2022-08-18") == (
        "Rez TSC Meeting Notes", "title")
    assert inferred_series(PurePath("2022-08-18.md"), "2022-08-18") is None
    assert without_date("Networking SIG meeting - 2021-10-26") == "Networking SIG meeting"


def test_messages_without_a_time_take_the_stated_day_and_timed_ones_keep_theirs(tmp_path: Path) -> None:
    folder = tmp_path / "platform"
    folder.mkdir()
    notes = folder / "sync-2021-03-16.md"
    notes.write_text("# Platform sync\n\n## Decisions\n\n- We will keep Jenkins.\n")
    conversation = read_conversation(notes)
    assert conversation.date == datetime(2021, 3, 16, tzinfo=UTC) and conversation.date_from == "file name"
    assert {m.timestamp for m in conversation.messages} == {conversation.date}
    assert (conversation.series, conversation.series_from) == ("platform", "folder")

    chat = "\n".join(json.dumps(row) for row in (
        {"author": "a", "content": "Shall we?", "timestamp": "2021-03-16T10:00:00Z"},
        {"author": "b", "content": "Yes, we ship Friday."},
    ))
    timed = read_conversation_text(chat, "chat-jsonl", "s", date=datetime(2021, 3, 16))
    assert [m.timestamp for m in timed.messages] == [
        datetime(2021, 3, 16, 10, tzinfo=UTC), datetime(2021, 3, 16, tzinfo=UTC)]  # no zone given: UTC
    assert (timed.date_from, timed.series) == ("--date", None)

    given = read_conversation(notes, date=datetime(2021, 4, 1, tzinfo=UTC), series="infra")
    assert given.date_from == "--date" and given.messages[0].timestamp == datetime(2021, 4, 1, tzinfo=UTC)
    assert (given.series, given.series_from) == ("infra", "--series")
    undated = read_conversation_text("Alice: we ship Friday\n", "transcript", "standup")
    assert undated.date is None and undated.series is None and undated.messages[0].timestamp is None


def test_folders_expand_to_their_conversation_files(tmp_path: Path) -> None:
    (tmp_path / "2021").mkdir()
    (tmp_path / "2021" / "b.md").write_text("- x\n")
    (tmp_path / "a.txt").write_text("A: x\n")
    (tmp_path / "image.png").write_bytes(b"\x89PNG")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "HEAD.txt").write_text("ref\n")
    assert conversation_files([tmp_path]) == [tmp_path / "2021" / "b.md", tmp_path / "a.txt"]
    assert conversation_files([tmp_path / "image.png"]) == [tmp_path / "image.png"]  # named: kept
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputFormatError, match="holds no conversation files"):
        conversation_files([tmp_path / "empty"])


@pytest.mark.parametrize(
    ("name", "content", "own_time"),
    [
        ("standup-2021-03-16.txt", "alice: We ship Friday.\n", None),
        ("standup-2021-03-16.txt", "[2021-03-15T09:00:00Z] alice: We ship Friday.\n", datetime(2021, 3, 15, 9, tzinfo=UTC)),
        ("chat-2021-03-16.jsonl", json.dumps({"author": "alice", "content": "We ship Friday."}) + "\n", None),
        ("general-2021-03-16.json", json.dumps([{"type": "message", "user": "U1", "text": "We ship Friday.",
                                                  "ts": "1615800000.0001"}]), datetime(2021, 3, 15, 9, 20, 0, 100, tzinfo=UTC)),
        ("ES2002a-2021-03-16.json", json.dumps({"meeting_transcripts": [{"speaker": "PM", "content": "We ship Friday ."}]}), None),
        ("notes-2021-03-16.md", "# Standup\n\n- We ship Friday.\n", None),
    ],
)
def test_every_reader_dates_untimed_messages_by_the_file_and_keeps_timed_ones(
    tmp_path: Path, name: str, content: str, own_time: datetime | None
) -> None:
    path = tmp_path / name
    path.write_text(content)
    conversation = read_conversation(path)
    assert conversation.date == datetime(2021, 3, 16, tzinfo=UTC) and conversation.date_from == "file name"
    assert conversation.messages[0].timestamp == (own_time or conversation.date)
