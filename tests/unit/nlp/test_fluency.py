from __future__ import annotations

from nlp.fluency import clarity, fluent


def test_fillers_doubled_words_and_restarted_words_are_dropped() -> None:
    assert fluent("Um so we we should have a a very bright colour, uh, yeah") == "so we should have a very bright colour, yeah"
    assert fluent("Just t to bear in mind, th think about it") == "Just to bear in mind, think about it"
    assert fluent("I I'm not saying it it's wrong") == "I'm not saying it's wrong"
    assert fluent("Mm-hmm.") == ""


def test_short_words_that_are_words_and_repeats_across_a_comma_are_kept() -> None:
    assert fluent("We were going to do it today, to today's plan") == "We were going to do it today, to today's plan"
    assert fluent("No, no, we keep it.") == "No, no, we keep it."
    assert fluent("the summer season") == "the summer season"


def test_a_whole_statement_is_clearer_than_a_question_or_a_fragment() -> None:
    statement = clarity("We'll go with the rubber case and the yellow buttons.", committed=True)
    question = clarity("Do you know what I mean?", committed=False)
    fragment = clarity("Shapes and things.", committed=False)
    ramble = clarity(" ".join(["and then the case"] * 12), committed=False)
    assert statement > fragment > question
    assert statement > ramble
    assert clarity("We could use a rubber case for it.", committed=False) > clarity("It is what it is, you know, so.", committed=False)
