"""An answer that names none of what a question asks about is only the closest by meaning."""

from __future__ import annotations

from nlp.answer_terms import subject_terms, unnamed_terms


def test_the_subject_of_a_question_is_its_words_less_fillers_stop_words_and_contrasts() -> None:
    assert subject_terms("Why did we choose GraphQL over REST?") == ("graphql", "rest")
    assert subject_terms("why aren't we using databases?") == ("databases",)
    assert subject_terms("为什么用 Redis 做缓存") == ("redis",)


def test_an_answer_naming_one_term_answers_and_one_naming_none_does_not() -> None:
    question = "Why did we choose GraphQL over REST?"
    assert unnamed_terms(question, ["Expose the API as REST endpoints"]) == ()
    assert unnamed_terms(question, ["Use Postgres for storage", "The team knows SQL"]) == ("graphql", "rest")
    assert unnamed_terms("why did we pick a database?", ["Store orders in the databases of each region"]) == ()
    assert unnamed_terms("why?", ["Anything"]) == ()  # nothing asked about: nothing to miss
