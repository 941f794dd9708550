"""Incremental ingest of a growing coding-assistant session, in the real Neo4j: a grown file
adds only its new part, and the new part is scored as it would be in the whole session."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from api.journal import DecisionJournal
from api.usecases.session_files import WINDOW, SessionIngest, ingest_session_file
from graph.session_reads import SessionReads
from nlp.errors import InputFormatError
from tests.support.claude_sessions import claude_code_session
from tests.support.cypher import support_query

SESSIONS = Path(__file__).parents[2] / "unit" / "nlp" / "sessions"
CLAUDE = SESSIONS / "7f3c2a10-5b1e-4c2d-9a7e-0c1d2e3f4a5b.jsonl"
CODEX = next(SESSIONS.glob("rollout-*.jsonl"))


async def _messages(journal: DecisionJournal, session: str) -> list[tuple[int, str]]:
    return [(m["seq"], m["content"]) for m in await journal.get_messages_of(session)]


async def _ingest(journal: DecisionJournal, path: Path, session: str | None = None) -> SessionIngest:
    return await ingest_session_file(path, journal.services.ingest, SessionReads(journal.services.executor), session_id=session)


async def test_a_grown_claude_code_session_adds_only_its_new_part(journal: DecisionJournal, tmp_path: Path) -> None:
    lines = CLAUDE.read_bytes().splitlines(keepends=True)
    session = tmp_path / CLAUDE.name
    session.write_bytes(b"".join(lines[:4]))  # up to the tool output, before the user decides
    first = await _ingest(journal, session)
    assert first.mode == "new"
    assert (first.report.new_messages, first.report.new_decisions) == (first.report.messages_read, 0)
    before = first.report.new_messages

    appended = b"".join(lines[4:])
    session.write_bytes(b"".join(lines))
    grown = await _ingest(journal, session)
    assert grown.mode == "grown"
    assert grown.bytes_read == len(appended), "only the appended bytes are parsed"
    assert grown.report.messages_read == grown.report.new_messages == 12 - before
    assert grown.report.new_decisions == 1
    decision = await journal.get_decision(grown.report.decision_ids[0])
    assert "Redis" in decision["summary"]
    assert decision["source"]["messages"] == [4], "the same message a whole ingest finds (test_session_ingest)"

    # The same file ingested whole under another id stores the same messages in the same places.
    whole = tmp_path / "whole.jsonl"
    shutil.copy(CLAUDE, whole)
    await _ingest(journal, whole)
    assert [c for _, c in await _messages(journal, CLAUDE.stem)] == [c for _, c in await _messages(journal, "whole")]
    assert [s for s, _ in await _messages(journal, CLAUDE.stem)] == list(range(12))

    again = await _ingest(journal, session)
    assert again.mode == "unchanged"
    assert (again.report.new_messages, again.report.new_decisions) == (0, 0)


async def test_a_session_grown_in_steps_finds_what_the_whole_file_finds(journal: DecisionJournal, tmp_path: Path) -> None:
    data = claude_code_session(400_000, seed=7, session_id="steps", choice_every=1)
    lines = data.splitlines(keepends=True)
    session = tmp_path / "steps.jsonl"
    cuts = [len(lines) * k // 5 for k in range(1, 6)]
    modes = []
    found: list[str] = []
    for cut in cuts:
        session.write_bytes(b"".join(lines[:cut]))
        step = await _ingest(journal, session)
        modes.append(step.mode)
        found += [d for d in step.report.decision_ids if d not in step.report.draft_ids]
    assert modes == ["new", "grown", "grown", "grown", "grown"]
    whole = tmp_path / "whole-steps.jsonl"
    whole.write_bytes(data)
    report = (await _ingest(journal, whole)).report
    assert report.decisions_found >= 5, "the generated session settles choices"
    stepped = await _messages(journal, "steps")
    assert [c for _, c in stepped] == [c for _, c in await _messages(journal, "whole-steps")]
    assert [s for s, _ in stepped] == list(range(len(stepped)))
    summaries = {
        name: sorted(
            (d["summary"], tuple(d["source"]["messages"])) for d in [await journal.get_decision(i) for i in ids]
        )
        for name, ids in (("steps", found), ("whole", [d for d in report.decision_ids if d not in report.draft_ids]))
    }
    assert summaries["steps"] == summaries["whole"], f"window of {WINDOW} and tallies score as the whole does"


async def test_a_rewritten_session_is_read_whole_again_and_loses_nothing(journal: DecisionJournal, tmp_path: Path) -> None:
    session = tmp_path / CLAUDE.name
    shutil.copy(CLAUDE, session)
    await _ingest(journal, session)
    stored = await _messages(journal, CLAUDE.stem)
    # An editor rewrote the summary line: the file no longer starts with what was read.
    text = CLAUDE.read_text().replace("Cache for the product page", "Caching the product page")
    session.write_text(text)
    again = await _ingest(journal, session)
    assert again.mode == "rewritten"
    assert again.note is not None and "read whole again" in again.note
    assert (again.report.new_messages, again.report.new_decisions) == (0, 0)
    assert await _messages(journal, CLAUDE.stem) == stored
    # Then it grows again and is read incrementally from the new mark.
    with session.open("a") as handle:
        handle.write(CLAUDE.read_text().splitlines()[4].replace('"u4"', '"u4b"').replace("five minutes", "ten minutes") + "\n")
    grown = await _ingest(journal, session)
    assert (grown.mode, grown.report.new_messages) == ("grown", 1)


async def test_a_line_still_being_written_waits_and_a_bad_line_is_named(journal: DecisionJournal, tmp_path: Path) -> None:
    lines = CODEX.read_bytes().splitlines(keepends=True)
    session = tmp_path / CODEX.name
    session.write_bytes(b"".join(lines[:-1]) + lines[-1][:20])  # the last line half written
    first = await _ingest(journal, session)
    assert first.note is not None and "not complete yet" in first.note
    stored = await _messages(journal, CODEX.stem)
    session.write_bytes(b"".join(lines))
    done = await _ingest(journal, session)
    assert done.mode == "grown"
    assert len(await _messages(journal, CODEX.stem)) >= len(stored)

    with session.open("ab") as handle:
        handle.write(b'{"type": "response_item", "payload": {"type": "message", "role": "user", "content": "cut\n')
        handle.write(lines[-1])
    with pytest.raises(InputFormatError) as error:
        await _ingest(journal, session)
    assert f":{len(lines) + 1}:" in str(error.value), "the file's own line number"
    after = await _messages(journal, CODEX.stem)
    assert len(after) == len(await _messages(journal, CODEX.stem))


async def test_a_session_whose_ingest_stopped_part_way_is_ingested_whole_again(
    journal: DecisionJournal, tmp_path: Path
) -> None:
    session = tmp_path / CLAUDE.name
    shutil.copy(CLAUDE, session)
    first = await _ingest(journal, session, "unfinished")
    assert first.report.new_decisions == 1
    # As an ingest that failed after storing the messages leaves it: no decisions, no read mark.
    await journal.services.executor.write(support_query("testing_unfinished_session"), {"session_id": "unfinished"})
    again = await _ingest(journal, session, "unfinished")
    assert again.mode == "whole" and again.note is not None and "did not finish" in again.note
    assert (again.report.new_messages, again.report.new_decisions) == (0, 1), "the decision found again, no message twice"
    done = await _ingest(journal, session, "unfinished")
    assert done.mode == "unchanged" and done.report.new_decisions == 0
