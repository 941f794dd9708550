"""A session file cut short after it was ingested (an editor, a sync or a crash left it so),
ingested cut, then restored and ingested again, in the real Neo4j: the session ends with
exactly the messages and decisions of the whole file read once. What the cut read found of
a message it caught part way never stays beside the whole message."""

from __future__ import annotations

from pathlib import Path

import pytest

from api.journal import DecisionJournal
from graph.cypher import Query
from tests.support.session_history import AIDER, CLAUDE, CODEX, SPECSTORY, ingest_file, stored_decisions, stored_messages


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
    whole_count = (await ingest_file(journal, restored, "restored")).report.new_messages
    restored.write_text(text[:cut])
    await ingest_file(journal, restored, "restored")
    assert len(await stored_messages(journal, "restored")) == whole_count, "a cut read stores no second form of a message"
    restored.write_text(text)
    await ingest_file(journal, restored, "restored")
    decisions = await stored_decisions(journal, "restored")  # before the same text, read whole, relates to them
    whole = tmp_path / f"whole-{source.name}"
    whole.write_text(text)
    await ingest_file(journal, whole, "whole")
    assert await stored_messages(journal, "restored") == await stored_messages(journal, "whole"), "nothing lost or stored twice"
    assert decisions == await stored_decisions(journal, "whole")


async def test_a_decision_stated_also_in_the_message_cut_is_found_again(
    journal: DecisionJournal, tmp_path: Path,
) -> None:
    """A decision stated in the message the file was cut in and in the one before it gives
    way with the whole message, and is found again from the one before it: not lost."""
    text = SPECSTORY.read_text()
    restored = tmp_path / SPECSTORY.name
    restored.write_text(text)
    await ingest_file(journal, restored, "restored")
    [decision] = await stored_decisions(journal, "restored")
    assert decision[1] == (2,)
    # The reply after it joins its unit (as an "Agreed, let's do that." would).
    await journal.services.executor.write(Query(
        "join_reply", "MATCH (d:Decision)-[:STATED_IN]->(:Message {session_id: 'restored', seq: 2}) "
        "MATCH (m:Message {session_id: 'restored', seq: 3}) MERGE (d)-[:STATED_IN]->(m)", (), "test",
    ))
    reply = text.index("Searched codebase")
    restored.write_text(text[:reply + 8])
    await ingest_file(journal, restored, "restored")
    assert [d[0] for d in await stored_decisions(journal, "restored")] == [decision[0]], "found again, not lost"
    restored.write_text(text)
    await ingest_file(journal, restored, "restored")
    assert await stored_decisions(journal, "restored") == [decision]
