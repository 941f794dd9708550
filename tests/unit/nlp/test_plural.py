from __future__ import annotations

from nlp.plural import plural


def test_one_takes_the_singular_and_every_other_count_the_plural() -> None:
    assert plural(1, "decision") == "1 decision"
    assert plural(2, "decision") == "2 decisions"
    assert plural(0, "decision") == "0 decisions"
    assert plural(11, "file link") == "11 file links"


def test_an_irregular_plural_is_given_by_the_caller() -> None:
    assert plural(1, "entry", "entries") == "1 entry"
    assert plural(3, "entry", "entries") == "3 entries"
    assert plural(0, "person", "people") == "0 people"
