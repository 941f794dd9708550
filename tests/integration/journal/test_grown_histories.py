"""Markdown histories (SpecStory, aider) ingested while their last message is still being
written, in the real Neo4j: the grown message takes the place of what was stored of it, so
a history ingested as it grew holds the messages and decisions of the final file read once."""

from __future__ import annotations

from pathlib import Path

import pytest

from api.journal import DecisionJournal
from tests.support.session_history import AIDER, SPECSTORY, ingest_file, stored_decisions, stored_messages


def _cuts(text: str, marker: str) -> list[int]:
    """Where a file stood while the message containing ``marker`` was streamed into it: a
    few characters in, half way, just before its end, and after it."""
    start = text.index(marker)
    end = start + len(marker)
    return [start + 5, (start + end) // 2, end - 1, end]


@pytest.mark.parametrize(
    ("source", "fmt", "markers"),
    [
        (SPECSTORY, "specstory", ["a queue with server-sent events", "Let's go with the queue and server-sent events",
                                  "The client now listens"]),
        (AIDER, "aider", ["ISO 8601 strings are readable", "ok, let's use ISO 8601", "> Applied edit to notes/api.py",
                          "> Applied edit to tests/test_api.py"]),
    ],
)
async def test_a_history_ingested_as_its_last_message_grows_holds_what_the_final_file_holds(
    journal: DecisionJournal, tmp_path: Path, source: Path, fmt: str, markers: list[str],
) -> None:
    text = source.read_text()
    growing = tmp_path / source.name
    for cut in [c for marker in markers for c in _cuts(text, marker)] + [len(text)]:
        growing.write_text(text[:cut])
        await ingest_file(journal, growing, "growing")
    decisions = await stored_decisions(journal, "growing")  # before the same text, read whole, relates to them
    final = tmp_path / f"final-{source.name}"
    final.write_text(text)
    whole = await ingest_file(journal, final, "final")
    assert whole.report.decisions_found == 1, f"the {fmt} history states one decision"

    assert await stored_messages(journal, "growing") == await stored_messages(journal, "final"), "no message stored twice"
    assert decisions == await stored_decisions(journal, "final")
    again = await ingest_file(journal, growing, "growing")
    assert again.mode == "unchanged"


async def test_a_decision_in_a_half_written_message_gives_way_to_the_one_the_whole_message_states(
    journal: DecisionJournal, tmp_path: Path,
) -> None:
    text = SPECSTORY.read_text()
    growing = tmp_path / SPECSTORY.name
    # The user's turn is stored half written, which reads as a decision of its own; the file
    # then grows to its end.
    half = "Let's go with the queue and server-sent"
    growing.write_text(text[: text.index(half) + len(half)])
    first = await ingest_file(journal, growing, "growing")
    assert await stored_decisions(journal, "growing") == [(half, (2,), "active")]
    growing.write_text(text)
    grown = await ingest_file(journal, growing, "growing")
    assert grown.note is not None and "still being written" in grown.note
    assert grown.report.new_messages == len(await stored_messages(journal, "growing")) - first.report.messages_read
    assert grown.report.new_decisions == 1
    assert await stored_decisions(journal, "growing") == [
        ("Let's go with the queue and server-sent events instead of polling.", (2,), "active"),
    ]



@pytest.mark.parametrize(("source", "fmt", "marker"), [
    (SPECSTORY, "specstory", "Let's go with the queue and server-sent events"),
    (AIDER, "aider", "ok, let's use ISO 8601"),
])
async def test_the_python_api_ingests_a_grown_history_as_the_cli_does(
    journal: DecisionJournal, tmp_path: Path, source: Path, fmt: str, marker: str,
) -> None:
    """``ingest_session(path)`` reads a file whole: a last message read half written gives
    way to its final form there too, rather than being stored beside it."""
    text = source.read_text()
    growing = tmp_path / source.name
    half = text.index(marker) + len(marker) // 2
    growing.write_text(text[:half])
    await journal.ingest_session(growing, fmt, "growing")
    growing.write_text(text)
    await journal.ingest_session(growing, fmt, "growing")
    decisions = await stored_decisions(journal, "growing")  # before the same text, read whole, relates to them
    final = tmp_path / f"final-{source.name}"
    final.write_text(text)
    await journal.ingest_session(final, fmt, "final")
    assert await stored_messages(journal, "growing") == await stored_messages(journal, "final"), "no message stored twice"
    assert decisions == await stored_decisions(journal, "final")
