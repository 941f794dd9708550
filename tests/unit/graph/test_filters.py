"""The one rule every read applies: which statuses it leaves out (replaced decisions unless
history is asked for, drafts unless drafts are), as the queries receive it."""

from __future__ import annotations

from graph.filters import DecisionFilter, hidden_statuses


def test_by_default_a_read_hides_replaced_decisions_and_drafts() -> None:
    assert hidden_statuses() == ["superseded", "deprecated", "rejected", "candidate"]
    assert DecisionFilter().params()["hidden_statuses"] == ["superseded", "deprecated", "rejected", "candidate"]


def test_history_and_drafts_are_asked_for_separately() -> None:
    assert DecisionFilter(include_history=True).params()["hidden_statuses"] == ["candidate"]
    assert DecisionFilter(include_drafts=True).params()["hidden_statuses"] == ["superseded", "deprecated", "rejected"]
    assert DecisionFilter(include_history=True, include_drafts=True).params()["hidden_statuses"] == []


def test_naming_statuses_brings_history_but_only_the_drafts_switch_brings_drafts() -> None:
    assert DecisionFilter(statuses=("superseded",)).params()["hidden_statuses"] == ["candidate"]
    assert DecisionFilter(statuses=("candidate",)).params()["hidden_statuses"] == ["candidate"]
    assert DecisionFilter(statuses=("candidate",), include_drafts=True).params()["hidden_statuses"] == []
