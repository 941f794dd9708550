from __future__ import annotations

import json
from pathlib import Path

import pytest

from nlp.errors import InputFormatError
from nlp.readers import detect_format, read_conversation

DATA = Path(__file__).resolve().parents[4] / "shared" / "data"


def _write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    return path


def test_transcript_speakers_continuations_and_labels(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "api.txt",
        "Alice: Should we use REST or GraphQL?\n"
        "[2024-03-15T14:30:00Z] Bob: REST is simpler\n"
        "and we know it.\n"
        "Decision: REST for now\n",
    )
    conversation = read_conversation(path)
    assert conversation.source_format == "transcript"
    assert conversation.session_id == "api"
    assert [(m.author, m.content) for m in conversation.messages] == [
        ("Alice", "Should we use REST or GraphQL?"),
        ("Bob", "REST is simpler\nand we know it."),
        (None, "Decision: REST for now"),  # a record of the group's, not Bob's words
    ]
    assert conversation.messages[1].timestamp is not None
    assert conversation.messages[1].id.startswith("api#") and conversation.messages[1].id != "api#1"
    assert conversation.messages[1].line == 2


def test_transcript_without_speakers_names_the_line(tmp_path: Path) -> None:
    path = _write(tmp_path, "notes.txt", "\njust some prose\n")
    with pytest.raises(InputFormatError, match=r"notes.txt:2: expected a `Speaker: text` line"):
        read_conversation(path)


def test_chat_jsonl_fields_and_ids(tmp_path: Path) -> None:
    lines = [
        {"role": "user", "content": "Let's go with Postgres", "timestamp": "2024-03-15T10:00:00Z"},
        {"author": "@bob", "content": "Agreed", "id": "m-2"},
    ]
    path = _write(tmp_path, "chat.jsonl", "\n".join(json.dumps(line) for line in lines) + "\n")
    messages = read_conversation(path).messages
    assert [(m.author, m.role) for m in messages] == [("user", "user"), ("@bob", None)]
    assert messages[1].id == "m-2" and messages[0].id.startswith("chat#")


def test_a_broken_json_line_fails_the_whole_file_naming_the_line(tmp_path: Path) -> None:
    path = _write(tmp_path, "chat.jsonl", '{"author": "a", "content": "ok"}\n{"author": "b", "content": \n')
    with pytest.raises(InputFormatError, match=r"chat.jsonl:2: not valid JSON"):
        read_conversation(path)


def test_a_refused_line_names_the_format_it_was_read_as_and_how_to_choose_another(tmp_path: Path) -> None:
    # One conversation per line, as some chat exports write them: not the chat-jsonl the
    # .jsonl extension suggests, whose lines are messages.
    path = _write(tmp_path, "conversations.jsonl", json.dumps({"id": "c1", "messages": [{"role": "user", "content": "hi"}]}) + "\n")
    with pytest.raises(InputFormatError) as guessed:
        read_conversation(path)
    said = str(guessed.value)
    assert said.startswith(f"{path}:1: needs a string `content` (read as chat-jsonl, guessed from its name and content;")
    assert "--format" in said and "transcript" in said and "qmsum" in said
    with pytest.raises(InputFormatError, match=r"\(read as chat-jsonl, as asked;"):
        read_conversation(path, fmt="chat-jsonl")


@pytest.mark.parametrize(
    ("content", "message"),
    [(b"", "is empty"), (b"\x00\x01binary\x00", "looks binary"), (b"Alice: caf\xe9\n", "not valid UTF-8")],
)
def test_bad_bytes_are_clear_errors(tmp_path: Path, content: bytes, message: str) -> None:
    with pytest.raises(InputFormatError, match=message):
        read_conversation(_write(tmp_path, "bad.txt", content))


def test_unknown_format_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InputFormatError, match="unknown format 'docx'"):
        read_conversation(_write(tmp_path, "a.txt", "A: b\n"), fmt="docx")


def test_slack_export_orders_by_ts_resolves_mentions_and_skips_joins(tmp_path: Path) -> None:
    export = [
        {"type": "message", "user": "U2", "text": "Agreed, <@U1> — REST it is", "ts": "1710513060.0002",
         "user_profile": {"display_name": "bob"}},
        {"type": "message", "subtype": "channel_join", "user": "U3", "text": "<@U3> joined", "ts": "1710513000.0000"},
        {"type": "message", "user": "U1", "text": "Should we use REST?", "ts": "1710513030.0001",
         "user_profile": {"real_name": "Alice Smith"}},
    ]
    conversation = read_conversation(_write(tmp_path, "general.json", json.dumps(export)))
    assert conversation.source_format == "slack"
    assert [(m.author, m.content) for m in conversation.messages] == [
        ("Alice Smith", "Should we use REST?"),
        ("bob", "Agreed, @Alice Smith — REST it is"),
    ]


def test_qmsum_markup_is_removed(tmp_path: Path) -> None:
    meeting = {"meeting_transcripts": [
        {"speaker": "Project Manager", "content": "So {disfmarker} we 'll go with the rubber case ."},
        {"speaker": "Marketing", "content": "{vocalsound}"},
    ]}
    conversation = read_conversation(_write(tmp_path, "ES2002b.json", json.dumps(meeting)))
    assert conversation.source_format == "qmsum"
    assert [(m.author, m.content) for m in conversation.messages] == [
        ("Project Manager", "So we'll go with the rubber case."),
    ]


def test_markdown_notes_topics_leadins_and_marked_speakers(tmp_path: Path) -> None:
    notes = (
        "# TSC 2024-01-18\n\n## Decisions\n\n* Decisions:\n    * [x] Meetings are public\n"
        "* Host: Jane\n\n## Details\n\n* (SM): We will move CI to GitHub Actions\n"
        "  because Travis is gone.\n\nA closing paragraph\nover two lines.\n"
    )
    conversation = read_conversation(_write(tmp_path, "notes.md", notes))
    assert conversation.title == "TSC 2024-01-18"
    rows = [(m.author, m.topic, m.content) for m in conversation.messages]
    assert rows == [
        (None, "TSC 2024-01-18 > Decisions > Decisions:", "Meetings are public"),
        (None, "TSC 2024-01-18 > Decisions", "Host: Jane"),
        ("SM", "TSC 2024-01-18 > Details", "We will move CI to GitHub Actions because Travis is gone."),
        (None, "TSC 2024-01-18 > Details", "A closing paragraph over two lines."),
    ]


def test_a_bullet_that_only_marks_a_speaker_gives_its_items_their_author_not_a_topic(tmp_path: Path) -> None:
    notes = (
        "## Release workflow\n\n* (SM):\n    * We should cut releases monthly.\n    * (TK): Agreed.\n"
        "* **Alice**:\n    * Fine by me.\n* PR:\n    * Merge it.\n"
    )
    rows = [(m.author, m.topic, m.content) for m in read_conversation(_write(tmp_path, "notes.md", notes)).messages]
    assert rows == [
        ("SM", "Release workflow", "We should cut releases monthly."),
        ("TK", "Release workflow", "Agreed."),
        ("Alice", "Release workflow", "Fine by me."),
        (None, "Release workflow > PR:", "Merge it."),
    ]


def test_a_labelled_line_is_a_one_item_lead_in_and_its_label_nobody_s_name(tmp_path: Path) -> None:
    notes = (
        "# Sync\n\n## Log retention\n\n**Decision:** keep logs for 30 days.\n\n"
        "RESOLVED: audit logs stay a year.\n\n- Action item: Lee to change terraform/logs.tf\n\n"
        "**Alice:** I can review it.\n"
    )
    rows = [(m.author, m.topic, m.content) for m in read_conversation(_write(tmp_path, "sync.md", notes)).messages]
    assert rows == [
        (None, "Sync > Log retention > Decision:", "keep logs for 30 days."),
        (None, "Sync > Log retention > RESOLVED:", "audit logs stay a year."),
        (None, "Sync > Log retention > Action item:", "Lee to change terraform/logs.tf"),
        ("Alice", "Sync > Log retention", "I can review it."),
    ]


def test_numbered_titles_in_plain_minutes_are_headings_but_an_agenda_list_is_not(tmp_path: Path) -> None:
    minutes = (
        "Minutes from the TSC meeting, March 25th\n\nAgenda:\n\n1) Confirm quorum\n2) Cache layout\n\n"
        "1) Confirm quorum\n\nQuorum is present.\n\n2) Cache layout\n\nDan walked through the PRs.\n\n"
        "a) Test filters: wildcard\n   removal\n\nRemoved the implicit wildcard. Jeff approved.\n\n"
        "3) Next meeting\n\nApril 8th.\n\n4) Not a title, because it ends as a sentence.\n\nIt does.\n"
    )
    rows = [(m.topic, m.content) for m in read_conversation(_write(tmp_path, "tsc.md", minutes)).messages]
    assert rows == [
        (None, "Minutes from the TSC meeting, March 25th"),
        (None, "Agenda:"),
        (None, "Confirm quorum"),  # an agenda is a list
        (None, "Cache layout"),
        ("Confirm quorum", "Quorum is present."),
        ("Cache layout", "Dan walked through the PRs."),
        ("Cache layout > Test filters: wildcard removal", "Removed the implicit wildcard. Jeff approved."),
        ("Next meeting", "April 8th."),
        ("Next meeting", "Not a title, because it ends as a sentence."),
        ("Next meeting", "It does."),
    ]


def test_format_detection_by_extension_and_content(tmp_path: Path) -> None:
    assert detect_format(Path("x.jsonl"), "") == "chat-jsonl"
    assert detect_format(Path("x.md"), "") == "markdown"
    assert detect_format(Path("x.json"), '{"meeting_transcripts": []}') == "qmsum"
    assert detect_format(Path("x.json"), "[]") == "slack"
    assert detect_format(Path("x.log"), '{"content": "a"}') == "chat-jsonl"
    assert detect_format(Path("x.txt"), "A: b") == "transcript"


@pytest.mark.skipif(not DATA.is_dir(), reason="the shared development data sits beside the clone")
def test_every_shared_meeting_note_reads(tmp_path: Path) -> None:
    files = sorted((DATA / "meetings").rglob("*.md"))
    assert len(files) == 36
    for path in files:
        assert read_conversation(path).messages


def test_content_ids_survive_an_overlapping_file(tmp_path: Path) -> None:
    first = _write(tmp_path, "a.txt", "Ann: ok\nBen: We use Postgres\nAnn: ok\n")
    later = _write(tmp_path, "b.txt", "Ben: We use Postgres\nAnn: ok\nCid: And Redis\n")
    one = read_conversation(first, session_id="s").messages
    two = read_conversation(later, session_id="s").messages
    assert [m.id for m in one[1:]] == [m.id for m in two[:2]]
    assert one[0].id != one[2].id  # the repeated "ok" keeps two ids
