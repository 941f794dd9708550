"""A session file cut short after it was ingested (an editor, a sync or a crash left it so),
ingested cut, then restored and ingested again, in the real Neo4j: the session ends with
exactly the messages and decisions of the whole file read once. What the cut read found of
a message it caught part way never stays beside the whole message."""

from __future__ import annotations

from pathlib import Path

import pytest

from api.journal import DecisionJournal
from api.usecases.session_files import SessionIngest, ingest_session_file
from graph.cypher import Query
from graph.session_reads import SessionReads

SESSIONS = Path(__file__).parents[2] / "unit" / "nlp" / "sessions"
SPECSTORY = next((SESSIONS / "specstory" / ".specstory" / "history").glob("*.md"))
AIDER = SESSIONS / "aider" / ".aider.chat.history.md"
CLAUDE = SESSIONS / "7f3c2a10-5b1e-4c2d-9a7e-0c1d2e3f4a5b.jsonl"
CODEX = SESSIONS / "rollout-2025-10-02T14-00-00-0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jsonl"
Stored = list[tuple[int, str | None, str | None, str, str]]


async def _ingest(journal: DecisionJournal, path: Path, session: str) -> SessionIngest:
    return await ingest_session_file(path, journal.services.ingest, SessionReads(journal.services.executor),
                                     session_id=session)


async def _messages(journal: DecisionJournal, session: str) -> Stored:
    return [
        (m["seq"], m["author"], m["role"], m["content"], m["id"].removeprefix(f"{session}#"))
        for m in await journal.get_messages_of(session)
    ]


async def _decisions(journal: DecisionJournal, session: str) -> list[tuple[str, tuple[int, ...], str]]:
    found = await journal.search_decisions("", {"session": session, "history": True, "drafts": True, "limit": 50})
    return sorted((d["summary"], tuple(d["source"]["messages"]), d["status"]) for d in found)


def _cuts(text: str, turn: str, at: float) -> dict[str, int]:
    """Where a file ``at`` a fraction of its length may be cut: in the middle of a line, at the
    start of that line, and where the turn holding it begins (``turn`` starts a turn's line)."""
    point = int(len(text) * at)
    line = text.rfind("\n", 0, point) + 1
    end = text.find("\n", line)
    return {"mid-line": line + (end - line) // 2, "line": line, "turn": text.rfind("\n" + turn, 0, point) + 1}


@pytest.mark.parametrize(("source", "turn"), [
    (SPECSTORY, "_**"), (AIDER, "#### "), (CLAUDE, "{"), (CODEX, "{"),
], ids=["specstory", "aider", "claude-code", "codex"])
@pytest.mark.parametrize("at", [0.5, 0.8, 0.97])
@pytest.mark.parametrize("where", ["mid-line", "line", "turn"])
async def test_a_file_cut_then_restored_holds_what_the_whole_file_holds(
    journal: DecisionJournal, tmp_path: Path, source: Path, turn: str, at: float, where: str,
) -> None:
    text = source.read_text()
    cut = _cuts(text, turn, at)[where]
    assert 0 < cut < len(text)
    restored = tmp_path / source.name
    restored.write_text(text)
    whole_count = (await _ingest(journal, restored, "restored")).report.new_messages
    restored.write_text(text[:cut])
    await _ingest(journal, restored, "restored")
    assert len(await _messages(journal, "restored")) == whole_count, "a cut read stores no second form of a message"
    restored.write_text(text)
    await _ingest(journal, restored, "restored")
    decisions = await _decisions(journal, "restored")  # before the same text, read whole, relates to them
    whole = tmp_path / f"whole-{source.name}"
    whole.write_text(text)
    await _ingest(journal, whole, "whole")
    assert await _messages(journal, "restored") == await _messages(journal, "whole"), "nothing lost or stored twice"
    assert decisions == await _decisions(journal, "whole")


async def test_a_decision_stated_also_in_the_message_cut_is_found_again(
    journal: DecisionJournal, tmp_path: Path,
) -> None:
    """A decision stated in the message the file was cut in and in the one before it gives
    way with the whole message, and is found again from the one before it: not lost."""
    text = SPECSTORY.read_text()
    restored = tmp_path / SPECSTORY.name
    restored.write_text(text)
    await _ingest(journal, restored, "restored")
    [decision] = await _decisions(journal, "restored")
    assert decision[1] == (2,)
    # The reply after it joins its unit (as an "Agreed, let's do that." would).
    await journal.services.executor.write(Query(
        "join_reply", "MATCH (d:Decision)-[:STATED_IN]->(:Message {session_id: 'restored', seq: 2}) "
        "MATCH (m:Message {session_id: 'restored', seq: 3}) MERGE (d)-[:STATED_IN]->(m)", (), "test",
    ))
    reply = text.index("Searched codebase")
    restored.write_text(text[:reply + 8])
    await _ingest(journal, restored, "restored")
    assert [d[0] for d in await _decisions(journal, "restored")] == [decision[0]], "found again, not lost"
    restored.write_text(text)
    await _ingest(journal, restored, "restored")
    assert await _decisions(journal, "restored") == [decision]
