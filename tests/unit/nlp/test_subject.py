from __future__ import annotations

from nlp.subject import self_standing, subject_from_question, subject_from_topic, subject_of


def test_the_innermost_heading_that_names_something_is_the_subject() -> None:
    assert subject_from_topic("SIG meeting 2021-10-26 > Payment retries proposal > Decisions:") == "Payment retries proposal"
    assert subject_from_topic("Rez TSC 2022-08-18 > Short Version > Decisions:") is None
    # A section that says what kind of list follows, under an agenda item, is not the subject.
    assert subject_from_topic("105th Meeting > Array chunking for Stage 2 > Conclusion") == "Array chunking for Stage 2"
    assert subject_from_topic("Plenary > Drop the calendar argument > Conclusion/Resolution") == "Drop the calendar argument"
    assert subject_from_topic("Weekly sync > Results") is None
    assert subject_from_topic("Infra > Release naming > Agreed:") == "Release naming"
    assert subject_from_topic("Notes > **Naming the CLI** ([#12](https://example.invalid/12))") == "Naming the CLI (#12)"


def test_a_question_becomes_the_subject_when_no_heading_names_one() -> None:
    assert subject_from_question("Next: REST or GraphQL for the public API?") == "REST or GraphQL for the public API?"
    assert subject_from_question("Why?") is None
    assert subject_of(None, "So, which database for the orders service?") == "which database for the orders service?"


def test_a_bare_verdict_gets_its_subject_in_front() -> None:
    assert self_standing("Approved for the next stage.", "Payment retries proposal") == (
        "Payment retries proposal: Approved for the next stage."
    )
    assert self_standing("We choose the shorter name.", "Naming the CLI") == "Naming the CLI: We choose the shorter name."
    long = "We decided to use PostgreSQL for the orders service because we need transactions."
    assert self_standing(long, "Database for orders") == long
    assert self_standing("Use Redis.", None) == "Use Redis."


def test_a_question_of_talk_is_no_subject() -> None:
    assert subject_from_question("Do you think?") is None
    assert subject_from_question("Does anyone have any questions?") is None
    assert subject_from_question("Can you go on to the next slide, please?") is None
    assert subject_from_question("Did we settle the hackathon date?") == "Did we settle the hackathon date?"


def test_in_a_spoken_meeting_only_a_heading_gives_a_subject() -> None:
    question = "So what about the speech recognition then?"
    assert subject_of(None, question) == "what about the speech recognition then?"
    assert subject_of(None, question, spoken=True) is None
    assert subject_of("Agenda > Battery choice", question, spoken=True) == "Battery choice"
