"""A transcript whose speakers write their names in Chinese and Russian, ingested from a file
through the Python API on the real Neo4j: each turn is its speaker's, and the decision is the
person's who took it, found again by their name."""

from __future__ import annotations

from pathlib import Path

from api.journal import DecisionJournal


async def test_a_decision_in_a_transcript_is_attributed_to_a_speaker_named_in_chinese(
    journal: DecisionJournal, tmp_path: Path,
) -> None:
    transcript = tmp_path / "cache-sync.txt"
    transcript.write_text(
        "Иван Петров: Should we store sessions in Redis or Memcached?\n"
        "王小明: We decided to use Redis instead of Memcached because we need persistence.\n"
        "Łukasz: ok\n",
        encoding="utf-8",
    )
    report = await journal.ingest_session(transcript)

    [decision] = report.decision_ids
    assert (await journal.get_decision(decision))["decision_maker"] == "@王小明"
    assert [m["author"] for m in await journal.get_messages_of("cache-sync")] == ["Иван Петров", "王小明", "Łukasz"]
    # Who asked took part too: both are found by the names they wrote.
    for asked in ("王小明", "@王小明", "Иван Петров", "@иван-петров"):
        assert [d["id"] for d in await journal.search_decisions("", {"stakeholder": asked})] == [decision], asked
    assert await journal.search_decisions("", {"stakeholder": "王小"}) == []
