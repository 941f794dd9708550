"""Part of a session scored as in the whole: a window of the messages before the new ones,
with the tallies of everything before that window (``Preceding``), gives the new messages
the very features the whole session gives them (incremental ingest relies on it)."""

from __future__ import annotations

from spacy.language import Language

from nlp.detect import DecisionDetector
from nlp.detector_features import kind_of, tally, untally
from nlp.readers.claude_code import read_claude_code
from nlp.schema import Conversation
from tests.support.claude_sessions import claude_code_session

WINDOW = 40


def _conversation(size: int) -> Conversation:
    log = read_claude_code(claude_code_session(size, seed=3).decode(), "s.jsonl", "s")
    # A chair, a vote and a filler or two, so that every tally counts.
    messages = [
        m.model_copy(update={"author": "lead" if m.seq % 7 == 0 and m.role == "user" else m.author,
                             "content": "+1" if m.seq in (5, 9, 400) else "um, ok" if m.seq == 12 else m.content})
        for m in log.messages
    ]
    return Conversation(session_id="s", source_format="claude-code", messages=tuple(messages))


def _tail(whole: Conversation, start: int) -> Conversation:
    part = [m.model_copy(update={"seq": m.seq - start}) for m in whole.messages[start:]]
    return whole.model_copy(update={"messages": tuple(part), "preceding": tally(whole.messages[:start])})


def test_the_new_messages_of_a_window_have_the_features_they_have_in_the_whole(nlp: Language) -> None:
    whole = _conversation(300_000)
    detector = DecisionDetector(nlp)
    full = detector.features(whole)
    new = len(whole.messages) - 25
    start = new - WINDOW
    part = detector.features(_tail(whole, start))
    assert kind_of(_tail(whole, start)) == kind_of(whole)
    for seq in range(new, len(whole.messages)):
        assert part.names(seq - start) == full.names(seq), seq
    # Without the tallies, the window would stand at the start of a short chat.
    bare = detector.features(_tail(whole, start).model_copy(update={"preceding": None}))
    assert any(bare.names(seq - start) != full.names(seq) for seq in range(new, len(whole.messages)))


def test_tallies_add_up_and_come_apart() -> None:
    whole = _conversation(60_000)
    first, rest = whole.messages[:30], whole.messages[30:]
    assert tally(rest, tally(first)) == tally(whole.messages)
    assert untally(tally(whole.messages), rest) == tally(first)
