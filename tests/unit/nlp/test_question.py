from __future__ import annotations

from datetime import UTC, datetime

from nlp.question import parse_question
from nlp.schema import handle_for


def test_why_did_we_choose_keeps_only_the_subject() -> None:
    assert parse_question("Why did we choose Postgres over MongoDB?").text == "Postgres over MongoDB"
    assert parse_question("Why aren't we using GraphQL?").text == "GraphQL"


def test_stakeholder_filters() -> None:
    parsed = parse_question("decisions by @alice about caching")
    assert (parsed.stakeholder, parsed.text) == ("@alice", "caching")
    assert parse_question("what did Bob decide", stakeholders=True).stakeholder is None
    assert parse_question("decisions by Bob").stakeholder == "@bob"
    # A whole name is the handle a person of that name is stored under.
    parsed = parse_question("decisions by Manu Sporny about contexts")
    assert (parsed.stakeholder, parsed.text) == ("@manu-sporny", "contexts")
    assert parse_question("what did we decide, as proposed by Niklas Lindström").stakeholder == handle_for("Niklas Lindström")
    assert parse_question("decisions by the team").stakeholder is None
    assert parse_question("decisions by @alice", stakeholders=False).stakeholder is None


def test_a_stakeholder_named_in_any_script_is_the_handle_they_are_stored_under() -> None:
    assert parse_question("what did @王小明 decide about caching").stakeholder == "@王小明"
    assert parse_question("decisions by @Lindström.").stakeholder == "@lindstrom"
    assert parse_question("decisions by Иван Петров about caching").stakeholder == "@иван-петров"
    assert parse_question("decisions by Łukasz Żółw").stakeholder == "@lukasz-zolw"
    parsed = parse_question("decisions by 王小明 about caching")
    assert (parsed.stakeholder, parsed.text) == ("@王小明", "caching")
    assert parse_question("mail alice@example.com about it").stakeholder is None


def test_a_name_keeps_its_combining_marks() -> None:
    # Devanagari vowel signs are marks, not word characters: the name ran to "अम" and no further.
    parsed = parse_question("decisions by अमित शर्मा about caching")
    assert (parsed.stakeholder, parsed.text) == (handle_for("अमित शर्मा"), "caching")
    assert parsed.stakeholder == "@अमित-शर्मा"
    assert parse_question("decisions from Jose\u0301 Garci\u0301a").stakeholder == "@jose-garcia"  # decomposed é
    # The words after "by" are still read four at a time, as before.
    assert parse_question("decisions made by the team by Alice").stakeholder is None


def test_dates_become_ranges() -> None:
    q2 = parse_question("decisions made in Q2 2024")
    assert (q2.since, q2.until, q2.text) == (datetime(2024, 4, 1, tzinfo=UTC), datetime(2024, 7, 1, tzinfo=UTC), "")
    march = parse_question("database decisions in March 2024")
    assert (march.since, march.until) == (datetime(2024, 3, 1, tzinfo=UTC), datetime(2024, 4, 1, tzinfo=UTC))
    assert march.text == "database"
    q4 = parse_question("Q4 2023 auth")
    assert q4.until == datetime(2024, 1, 1, tzinfo=UTC)
    window = parse_question("api changes since 2024-05-01 before 2024-06-01")
    assert (window.since, window.until) == (datetime(2024, 5, 1, tzinfo=UTC), datetime(2024, 6, 1, tzinfo=UTC))
    assert parse_question("decisions in 2024", temporal=False).since is None


def test_a_capitalised_filler_word_inside_the_question_is_a_name() -> None:
    assert parse_question("decisions about Go").text == "Go"
    assert parse_question("Why did we choose Go over Rust?").text == "Go over Rust"
    assert parse_question("Go: what did we decide?").text == ""  # sentence-initial: a filler word
