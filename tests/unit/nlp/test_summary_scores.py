from __future__ import annotations

from nlp.evaluation.corpus import LabelledMeeting, Target
from nlp.evaluation.summaries import is_disfluent, score_summaries, word_f1
from nlp.schema import Conversation, ExtractedDecision, Message


def _meeting() -> LabelledMeeting:
    messages = tuple(Message(id=str(i), seq=i, content="x") for i in range(10))
    return LabelledMeeting(
        source="qmsum", group="ES2002", final=False,
        conversation=Conversation(session_id="ES2002a", source_format="qmsum", messages=messages),
        targets=(
            Target(frozenset({1, 2, 3}), answer="The group decided on a yellow rubber case."),
            Target(frozenset({8, 9}), answer="They chose solar batteries."),
        ),
        positives=frozenset({1, 2, 3, 8, 9}),
    )


def test_each_query_keeps_the_best_summary_in_its_span_and_every_summary_is_read() -> None:
    decisions = [
        ExtractedDecision(summary="We'll use a rubber case in yellow.", messages=(2, 3)),
        ExtractedDecision(summary="Shapes and things.", messages=(1,)),
        ExtractedDecision(summary="Do you know what I mean?", messages=(5,)),
        ExtractedDecision(summary="Um so the the buttons", messages=(6,)),
    ]
    score = score_summaries([_meeting()], lambda conversation: decisions)
    assert (score.queries, score.covered, score.summaries) == (2, 1, 4)
    assert score.overlap == word_f1("We'll use a rubber case in yellow.", "The group decided on a yellow rubber case.")
    assert (score.fragments, score.questions, score.disfluent) == (1, 1, 1)


def test_word_f1_counts_the_words_that_name_things() -> None:
    assert word_f1("a yellow case", "the case is yellow") == 1.0
    assert word_f1("we agreed", "a yellow case") == 0.0
    assert is_disfluent("we we go") and is_disfluent("uh fine") and not is_disfluent("we go, we stay")
