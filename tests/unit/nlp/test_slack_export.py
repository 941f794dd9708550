"""A Slack workspace export read as a folder: a session per channel and day, people named by
the export's ``users.json``, and the export's lists passed over by a folder ingest."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nlp.errors import InputFormatError
from nlp.readers import gathered_files, read_conversation

USERS = [
    {"id": "U1", "name": "alice", "real_name": "Alice Smith", "profile": {"display_name": "", "real_name": "Alice Smith"}},
    {"id": "U024BE7LH", "name": "bob", "profile": {"display_name": "Bobby", "real_name": "Bob Jones"}},
    {"id": "U3", "name": "carol", "profile": {}},
]


def _export(tmp_path: Path, *, users: object = USERS) -> Path:
    """An export of two channels that both spoke on 2024-03-15."""
    top = tmp_path / "slack"
    for channel, messages in {
        "general": [
            {"type": "message", "user": "U1", "text": "Should we use PostgreSQL?", "ts": "1710500000.000100"},
            {"type": "message", "user": "U024BE7LH", "text": "<@U1> yes, we decided on PostgreSQL.",
             "ts": "1710500060.000200", "user_profile": {"display_name": "old bob name"}},
        ],
        "random": [
            {"type": "message", "user": "U024BE7LH", "text": "Lunch at noon, <@U3>?", "ts": "1710500000.000100"},
            {"type": "message", "user": "U9", "text": "Count me in", "ts": "1710500100.000300"},
        ],
    }.items():
        (top / channel).mkdir(parents=True)
        (top / channel / "2024-03-15.json").write_text(json.dumps(messages))
    if users is not None:
        (top / "users.json").write_text(users if isinstance(users, str) else json.dumps(users))
    (top / "channels.json").write_text(json.dumps([{"id": "C1", "name": "general"}, {"id": "C2", "name": "random"}]))
    (top / "integration_logs.json").write_text(json.dumps({"logs": []}))
    return top


def test_each_channel_day_is_a_session_of_its_own_in_its_channel_series(tmp_path: Path) -> None:
    top = _export(tmp_path)
    general = read_conversation(top / "general" / "2024-03-15.json")
    random = read_conversation(top / "random" / "2024-03-15.json")
    assert (general.session_id, general.series, general.series_from) == ("general/2024-03-15", "general", "folder")
    assert (random.session_id, random.series) == ("random/2024-03-15", "random")
    assert [m.content for m in general.messages][0] == "Should we use PostgreSQL?"
    assert [m.content for m in random.messages][0] == "Lunch at noon, @carol?"
    # Same ts in both channels: message ids stay apart, since they carry the session.
    assert not {m.id for m in general.messages} & {m.id for m in random.messages}


def test_a_session_named_on_the_command_line_still_wins(tmp_path: Path) -> None:
    day = _export(tmp_path) / "general" / "2024-03-15.json"
    assert read_conversation(day, session_id="standup").session_id == "standup"


def test_other_files_keep_their_name_as_session(tmp_path: Path) -> None:
    (tmp_path / "general").mkdir()
    notes = tmp_path / "general" / "2024-03-15.md"
    notes.write_text("# Standup\n\n- alice: we ship on Friday\n")
    channel = tmp_path / "general.json"  # a whole channel in one file, not an export's day
    channel.write_text(json.dumps([{"user": "U1", "text": "hi", "ts": "1710500000.1"}]))
    assert read_conversation(notes).session_id == "2024-03-15"
    assert read_conversation(channel).session_id == "general"


def test_people_are_named_as_the_exports_users_json_names_them(tmp_path: Path) -> None:
    top = _export(tmp_path)
    general = read_conversation(top / "general" / "2024-03-15.json")
    random = read_conversation(top / "random" / "2024-03-15.json")
    # Display name first, else full name, else username; users.json over a message's own profile.
    assert [(m.author, m.content) for m in general.messages] == [
        ("Alice Smith", "Should we use PostgreSQL?"),
        ("Bobby", "@Alice Smith yes, we decided on PostgreSQL."),
    ]
    # A mention of someone who says nothing that day is named too; an id not listed stays an id.
    assert [(m.author, m.content) for m in random.messages] == [("Bobby", "Lunch at noon, @carol?"), ("U9", "Count me in")]


def test_without_users_json_people_keep_their_ids(tmp_path: Path) -> None:
    top = _export(tmp_path, users=None)
    general = read_conversation(top / "general" / "2024-03-15.json")
    assert [m.author for m in general.messages] == ["U1", "old bob name"]
    assert general.messages[1].content == "@U1 yes, we decided on PostgreSQL."


@pytest.mark.parametrize(("users", "problem"), [
    ('[{"id": "U1",', r"users\.json:1: not valid JSON .*read for the names in .*general/2024-03-15\.json"),
    ('{"members": []}', r"users\.json: is not a JSON array of users"),
])
def test_a_bad_users_json_is_a_clear_error_naming_it(tmp_path: Path, users: str, problem: str) -> None:
    top = _export(tmp_path, users=users)
    with pytest.raises(InputFormatError, match=problem) as raised:
        read_conversation(top / "general" / "2024-03-15.json")
    assert "read as slack" not in str(raised.value)  # the day file is fine


def test_a_folder_passes_over_the_exports_lists(tmp_path: Path) -> None:
    top = _export(tmp_path)
    (top / "general" / "notes.txt").write_text("alice: hi\n")
    gathered = gathered_files([tmp_path])
    assert [p.relative_to(top).as_posix() for p in gathered.files] == [
        "general/2024-03-15.json", "general/notes.txt", "random/2024-03-15.json",
    ]
    assert sorted(p.name for p in gathered.passed_over) == ["channels.json", "integration_logs.json", "users.json"]


def test_a_users_json_outside_an_export_is_read_as_today(tmp_path: Path) -> None:
    (tmp_path / "users.json").write_text(json.dumps([{"user": "U1", "text": "hello", "ts": "1.0"}]))
    gathered = gathered_files([tmp_path])
    assert (gathered.files, gathered.passed_over) == ([tmp_path / "users.json"], [])
