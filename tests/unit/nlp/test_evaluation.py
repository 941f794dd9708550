from __future__ import annotations

from pathlib import Path

from spacy.language import Language

from nlp.evaluation.datasets import GoldDecision, LabelledConversation, load_conversations
from nlp.evaluation.detection_cv import load_labelled
from nlp.evaluation.metrics import score_detection
from nlp.parsing import ParsedConversation
from nlp.schema import Conversation, Message

EVAL = Path(__file__).resolve().parents[3] / "eval"


def _item(n: int, units: list[set[int]], scored: set[int] | None = None) -> LabelledConversation:
    messages = tuple(Message(id=str(i), seq=i, content="x") for i in range(n))
    return LabelledConversation(
        "t", "dev", Conversation(session_id="t", source_format="t", messages=messages),
        tuple(GoldDecision(messages=frozenset(u)) for u in units), frozenset(scored) if scored is not None else None,
    )


def test_units_count_once_and_unscored_messages_do_not_count() -> None:
    item = _item(6, [{1, 2}, {4}], scored={0, 1, 2, 3, 4})
    score = score_detection(item, [1, 2, 3, 5])
    assert (score.predicted, score.correct, score.units, score.found) == (3, 2, 2, 1)
    assert round(score.precision, 3) == 0.667 and score.recall == 0.5


def test_the_labelled_set_has_both_splits_and_every_unit_points_at_real_messages() -> None:
    items = load_conversations(EVAL / "conversations.jsonl")
    assert {item.split for item in items} == {"dev", "heldout"}
    for item in items:
        for unit in item.gold:
            assert unit.messages and max(unit.messages) < len(item.conversation.messages)


def test_our_conversations_load_in_the_shared_shape_with_groups_and_a_final_split() -> None:
    meetings = load_labelled(EVAL, None)
    assert {m.source for m in meetings} == {"conversations"}
    assert {m.group for m in meetings if not m.final} <= {f"fold-{n}" for n in range(1, 6)}
    assert any(m.final for m in meetings) and not all(m.final for m in meetings)
    assert all(m.positives == frozenset().union(*(t.messages for t in m.targets)) for m in meetings if m.targets)


def test_each_message_is_parsed_once(nlp: Language) -> None:
    conversation = Conversation(
        session_id="s", source_format="t", messages=(Message(id="a", seq=0, content="We decided."),)
    )
    parsed = ParsedConversation(nlp, conversation)
    parsed.prime([0])
    assert parsed.doc(0) is parsed.doc(0)
