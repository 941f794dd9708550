"""The session sample's cutting, trimming and drawing rules, and its packets' numbering."""

from __future__ import annotations

from pathlib import Path

import pytest

from nlp.evaluation import session_corpus as sc
from nlp.evaluation.session_packets import batches, render
from nlp.readers import read_conversation, read_conversation_text

AIDER = """# aider chat started at 2025-01-02 10:00:00

> Aider v0.70.0

#### /add app.py
> Added app.py to the chat

#### should we poll or use a queue?

A queue: polling wastes requests.

#### ok use the queue

app.py
```python
<<<<<<< SEARCH
poll()
=======
queue.get()
>>>>>>> REPLACE
```

> Applied edit to app.py

#### and keep sqlite for now

Agreed.

#### /ask why not postgres?

Not needed yet.

#### thanks

Done.

# aider chat started at 2025-01-03 09:00:00

#### /add x.py
#### /drop x.py
"""


def test_split_aider_cuts_at_each_start_heading() -> None:
    pieces = sc.split_aider(AIDER)
    assert [(line, started) for line, started, _ in pieces] == [(1, "2025-01-02 10:00:00"), (37, "2025-01-03 09:00:00")]
    assert pieces[1][2].startswith("# aider chat started at 2025-01-03")


def test_bookkeeping_commands_are_not_talk() -> None:
    lines = sc.split_aider(AIDER)[0][2].splitlines(keepends=True)
    talk = [lines[i].strip() for i, said in sc.user_turns("aider", lines) if said]
    assert talk == ["#### should we poll or use a queue?", "#### ok use the queue", "#### and keep sqlite for now",
                    "#### /ask why not postgres?", "#### thanks"]


def test_trivial_session_is_dropped_and_long_one_cut_before_a_user_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = (text for _, _, text in sc.split_aider(AIDER))
    count = sc.reader_count("aider")
    assert sc.trim("aider", second, count) is None
    assert sc.trim("aider", first, count) == first
    monkeypatch.setattr(sc, "MAX_BYTES", len(first.encode()) - 10)
    kept = sc.trim("aider", first, count)
    assert kept is not None and first.startswith(kept)
    assert kept.endswith("Not needed yet.\n\n") and "thanks" not in kept
    assert read_conversation_text(kept, "auto", "s").source_format == "aider"


def _session(repo: str, line: int) -> sc.Session:
    return sc.Session(sc.Source(repo, "c" * 40, "aider", "MIT"), "h.md", line, "2025-01-02 10:00:00", "x", 1)


def test_draw_is_seeded_and_capped_per_repository() -> None:
    pool = [_session("o/big", n) for n in range(30)] + [_session("p/small", n) for n in range(3)]
    drawn = sc.draw(pool, seed=7, cap=5)
    assert drawn == sc.draw(list(reversed(pool)), seed=7, cap=5)
    assert sum(s.source.repo == "o/big" for s in drawn) == 5
    assert sum(s.source.repo == "p/small" for s in drawn) == 3
    assert drawn != sc.draw(pool, seed=8, cap=5)
    assert len({s.session_id for s in pool}) == len(pool)


def test_packet_positions_are_the_readers_seq(tmp_path: Path) -> None:
    path = tmp_path / "s.md"
    path.write_text(sc.split_aider(AIDER)[0][2], encoding="utf-8")
    conversation = read_conversation(path, "auto")
    packet = render(conversation, "o/r")
    for message in conversation.messages:
        assert f"[{message.seq}] {message.role}:" in packet
    assert f"[{conversation.messages[-1].seq + 1}]" not in packet
    assert "tool: edited app.py" in packet


def test_batches_keep_repositories_whole_and_balanced() -> None:
    groups = batches({"a": 12, "b": 12, "c": 11, "d": 8, "e": 6, "f": 2, "g": 1})
    assert sorted(r for g in groups for r in g) == list("abcdefg")
    sizes = [sum({"a": 12, "b": 12, "c": 11, "d": 8, "e": 6, "f": 2, "g": 1}[r] for r in g) for g in groups]
    assert max(sizes) - min(sizes) <= 6
