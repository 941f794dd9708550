from __future__ import annotations

from nlp.detector_features import is_reply
from nlp.units import decision_units

PROPOSAL_AND_VOTES = [
    ("Any objections to closing the issue without a change?", 0.2),
    ("Proposal is to close the issue and not do anything", 0.6),
    ("+1", 0.8),
    ("+1", 0.8),
    ("+1", 0.9),
    ("0", 0.7),
    ("Next topic is the test suite.", 0.1),
]


def _units(rows: list[tuple[str, float]], threshold: float = 0.7, **options: bool) -> list[tuple[int, tuple[int, ...]]]:
    units = decision_units([c for _, c in rows], [is_reply(t) for t, _ in rows], threshold, **options)
    return [(u.anchor, u.members) for u in units]


def test_a_proposal_and_its_votes_are_one_decision_anchored_at_the_proposal() -> None:
    assert _units(PROPOSAL_AND_VOTES) == [(1, (1, 2, 3, 4, 5))]


def test_a_proposal_too_weak_to_lead_leaves_the_anchor_on_the_votes() -> None:
    rows = [("Let's talk about the weather", 0.1), ("+1", 0.8), ("+1", 0.9)]
    assert _units(rows) == [(2, (1, 2))]


def test_bare_agreement_agrees_with_the_proposal_before_it_however_weak_alone() -> None:
    rows = [("Lunch is at noon.", 0.1), ("How about we keep PostgreSQL and add Redis?", 0.33), ("Agreed, let's do that.", 0.99)]
    confidences, replies = [c for _, c in rows], [is_reply(t) for t, _ in rows]
    proposals = [False, True, False]
    units = decision_units(confidences, replies, 0.7, proposes=proposals.__getitem__)
    assert [(u.anchor, u.members) for u in units] == [(1, (1, 2))]
    # Without knowing which message proposes, a weak one does not lead (as in a vote run).
    assert [(u.anchor, u.members) for u in decision_units(confidences, replies, 0.7)] == [(2, (2,))]


def test_distant_decisions_are_separate_units() -> None:
    rows = [("We will ship on Friday.", 0.9)] + [("chatter", 0.0)] * 5 + [("We keep the old logo.", 0.8)]
    assert _units(rows) == [(0, (0,)), (6, (6,))]


def test_in_notes_two_outcomes_in_one_list_are_two_decisions() -> None:
    rows = [("RFC accepted by the SIG.", 0.9), ("Maintainer nomination approved.", 0.85), ("Agreed.", 0.8)]
    assert _units(rows, statements_join=False) == [(0, (0,)), (1, (1, 2))]
    assert _units(rows) == [(0, (0, 1, 2))]  # in a conversation the next statement joins


def test_a_unit_never_crosses_a_heading() -> None:
    units = decision_units([0.9, 0.9], [False, False], 0.7, topics=["Agenda > Naming", "Agenda > Budget"])
    assert [u.anchor for u in units] == [0, 1]


def test_replies_are_votes_and_agreements_not_statements() -> None:
    assert is_reply("+1") and is_reply("-1 I prefer the other") and is_reply("Agreed. REST keeps it simple.")
    assert not is_reply("We agreed on the old logo last week") and not is_reply("10 people came")


def test_a_second_vote_by_the_same_person_starts_a_new_decision() -> None:
    # Two proposals voted on back to back, their proposal lines not captured: the run of
    # "+1"s holds two votes by ann, so it holds two decisions.
    votes = [("ann", "+1"), ("bob", "+1"), ("cy", "+1"), ("ann", "+1"), ("bob", "+1")]
    confidences = [0.8, 0.9, 0.8, 0.8, 0.85]
    replies = [is_reply(text) for _, text in votes]
    units = decision_units(confidences, replies, 0.7, authors=[author for author, _ in votes])
    assert [(u.anchor, u.members) for u in units] == [(1, (0, 1, 2)), (4, (3, 4))]
    assert len(decision_units(confidences, replies, 0.7)) == 1  # without authors, one run is one decision


def test_an_agreement_that_says_what_was_decided_is_a_statement() -> None:
    assert is_reply("Okay.") and is_reply("Sounds good to me.") and is_reply("Yes, let's do it")
    assert not is_reply("Okay, we'll wait for the venue.")
    assert not is_reply("Right, so we use the cache then")
