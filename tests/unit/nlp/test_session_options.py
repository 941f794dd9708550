"""Rejected options kept by extraction, scored against readers' paraphrases."""

from __future__ import annotations

from nlp.evaluation.session_options import OptionsScore, same_option, score_options
from nlp.evaluation.sessions import SessionLabel
from nlp.schema import ExtractedAlternative, ExtractedDecision


def _row(messages: set[int], rejected: tuple[str, ...], label: str = "decision") -> SessionLabel:
    return SessionLabel("o__r", "s1", min(messages), frozenset(messages), label, "x", rejected, "")


def _decision(messages: tuple[int, ...], options: tuple[str, ...]) -> ExtractedDecision:
    alternatives = tuple(ExtractedAlternative(option=o) for o in options)
    return ExtractedDecision(summary="use server-sent events", messages=messages, alternatives=alternatives)


def test_an_option_matches_by_containment_or_a_shared_name_not_by_glue_words() -> None:
    assert same_option("polling every second", "polling")
    assert same_option("WebSocket connection", "websockets or websocket")
    assert not same_option("keep the existing code", "existing approach with the current code")
    assert not same_option("", "polling")


def test_found_decisions_are_those_meeting_the_unit_and_kept_those_naming_an_option() -> None:
    rows = [
        _row({3, 4}, ("polling",)),
        _row({8}, ("redis cache",)),
        _row({10}, ("celery",)),
        _row({12}, ()),  # names no rejected option: not counted
        _row({14}, ("x",), label="unsure"),
    ]
    extracted = {"o__r/s1": [_decision((4,), ("polling every second",)), _decision((8,), ("a bigger VM",)), _decision((20,), ("celery",))]}
    score = OptionsScore()
    score_options(rows, extracted, score)
    assert (score.labelled, score.found, score.any_alternative, score.kept) == (3, 2, 2, 1)
    assert score.kept_share == 0.5
