"""Minutes that vote scored by a model of their own: it reads the vote run around a message,
changes no other kind's scores, is stored under its own key, and can be retrained alone."""

from __future__ import annotations

import json

import numpy as np
from spacy.language import Language

from nlp.detect import DecisionDetector, DetectorConfig
from nlp.detector_features import BUCKETS, VOTING
from nlp.detector_model import DetectorModel, KindModel
from nlp.evaluation.corpus import LabelledMeeting, Target
from nlp.evaluation.detector_training import train_detector
from nlp.evaluation.metrics import DetectionScore
from nlp.evaluation.operating_points import CANDIDATES, CHOOSING_UNITS, choose_points
from nlp.evaluation.source_scores import item_logits
from nlp.evaluation.train import featurize
from nlp.evaluation.voting_part import train_voting_part
from nlp.schema import Conversation, Message
from nlp.voting_features import VOTE_RUN_PREFIX, largest_poll, poll_share, vote_run_names, voting_rows

MINUTES = [
    ("Ivan", "The context file should be served with CORS headers."),
    ("Gregg", "I think we should require it in the spec, not only recommend it."),
    ("Manu", "+1"),
    ("Gregg", "+1"),
    ("Pierre", "+1"),
    ("Ivan", "Next topic: the test suite."),
    ("Pierre", "Which runner do we use for the tests?"),
    ("Manu", "+1 to option A, -1 to option B"),
    ("Gregg", "-1"),
    ("Ivan", "0"),
    ("Gregg", "Let us discuss it on the issue first."),
]
CHAT = ["Should we cache pricing?", "We decided to cache pricing for an hour.", "Agreed.", "Lunch is at noon."]


def _minutes(name: str = "minutes") -> Conversation:
    messages = tuple(Message(id=f"{name}#{i}", seq=i, author=a, content=t) for i, (a, t) in enumerate(MINUTES))
    return Conversation(session_id=name, source_format="chat", messages=messages)


def _chat(name: str = "chat") -> Conversation:
    messages = tuple(Message(id=f"{name}#{i}", seq=i, author="ab"[i % 2], content=t) for i, t in enumerate(CHAT))
    return Conversation(session_id=name, source_format="chat", messages=messages)


def _random(seed: int) -> np.ndarray:
    return np.round(np.random.default_rng(seed).normal(0.0, 0.3, BUCKETS), 3)


def test_a_message_s_vote_run_is_read_who_voted_how_and_what_came_after(nlp: Language) -> None:
    features = DecisionDetector(nlp).features(_minutes())
    assert features.operating_kind == VOTING
    proposal = vote_run_names(features, 1)
    assert {f"{VOTE_RUN_PREFIX}voters_after:3-4", f"{VOTE_RUN_PREFIX}unanimous_after:True",
            f"{VOTE_RUN_PREFIX}after_run:next"} <= set(proposal)
    poll = vote_run_names(features, 6)
    assert {f"{VOTE_RUN_PREFIX}against_after:1", f"{VOTE_RUN_PREFIX}abstain_after:1",
            f"{VOTE_RUN_PREFIX}unanimous_after:False", f"{VOTE_RUN_PREFIX}after_run:let"} <= set(poll)
    last_vote = vote_run_names(features, 4)
    assert {f"{VOTE_RUN_PREFIX}in_run:3-4", f"{VOTE_RUN_PREFIX}run_last:True", f"{VOTE_RUN_PREFIX}before_run:i"} <= set(last_vote)
    assert f"{VOTE_RUN_PREFIX}run_last:False" in vote_run_names(features, 2)
    # The voting model reads every shared feature of a message and its vote run besides.
    rows = voting_rows(features)
    assert set(features.hashed(1)) < set(rows[1])


def test_a_run_of_votes_is_read_as_a_share_of_the_meeting_s_largest_poll(nlp: Language) -> None:
    features = DecisionDetector(nlp).features(_minutes())
    # Three people answer the proposal, and three the straw poll (Ivan's "0" is a vote too);
    # nobody votes after the last message.
    assert largest_poll(features.messages) == 3
    assert f"{VOTE_RUN_PREFIX}poll_share_after:full" in vote_run_names(features, 1)
    assert f"{VOTE_RUN_PREFIX}poll_share_in:full" in vote_run_names(features, 3)
    assert f"{VOTE_RUN_PREFIX}poll_share_after:none" in vote_run_names(features, 10)
    # Told the largest poll of a bigger meeting, the same three voters are part of the room.
    assert f"{VOTE_RUN_PREFIX}poll_share_after:part" in vote_run_names(features, 1, largest=12)
    assert [poll_share(n, 12) for n in (0, 3, 6, 9, 12)] == ["none", "part", "most", "full", "full"]
    assert poll_share(2, 0) == "none"


def test_a_voting_model_changes_no_other_kind_s_scores_and_scores_minutes_by_its_own_weights(nlp: Language) -> None:
    shared = DetectorModel(_random(1), {"chat": 0.2, VOTING: 1.0}, "shared", {"chat": -0.5})
    with_voting = DetectorModel(shared.weights, shared.operating_logits, shared.note, shared.draft_logits,
                                voting=KindModel(_random(2), 0.5, 0.0, "minutes"))
    plain, own = (DecisionDetector(nlp, DetectorConfig(model=model)) for model in (shared, with_voting))
    assert plain.detect(_chat()) == own.detect(_chat())
    features = plain.features(_minutes())
    assert [d.confidence for d in own.detect(_minutes())] != [d.confidence for d in plain.detect(_minutes())]
    assert with_voting.operating_logit(VOTING) == 0.5 and shared.operating_logit(VOTING) == 1.0
    [item] = featurize(plain, [_labelled(_minutes(), "w3c", "g", {4})])
    assert item.voting_rows == tuple(tuple(row) for row in voting_rows(features))
    assert list(item_logits(with_voting, item)) == list(with_voting.logits(voting_rows(features), VOTING))
    assert list(item_logits(shared, item)) == list(shared.logits(features.all_hashed(), VOTING))


def test_the_voting_model_is_stored_beside_the_shared_one_which_reads_back_unchanged() -> None:
    shared = DetectorModel(_random(1), {"chat": 0.2}, "shared", {"chat": -0.5})
    with_voting = DetectorModel(shared.weights, shared.operating_logits, shared.note, shared.draft_logits,
                                voting=KindModel(_random(2), 1.75, 1.5, "minutes"))
    stored = json.loads(with_voting.to_json())
    voting = stored.pop(VOTING)
    assert stored == json.loads(shared.to_json())
    assert (voting["operating_logit"], voting["draft_logit"], voting["note"]) == (1.75, 1.5, "minutes")
    again = DetectorModel.from_json(with_voting.to_json())
    assert again.to_json() == with_voting.to_json()
    assert again.points() == ({"chat": 0.2, VOTING: 1.75}, {"chat": -0.5, VOTING: 1.5})


def _labelled(conversation: Conversation, source: str, group: str, positives: set[int]) -> LabelledMeeting:
    return LabelledMeeting(source, group, False, conversation, tuple(Target(frozenset({p})) for p in sorted(positives)),
                           frozenset(positives))


def test_retraining_the_voting_part_keeps_every_other_part_byte_for_byte(nlp: Language) -> None:
    detector = DecisionDetector(nlp, DetectorConfig(model=DetectorModel(np.zeros(BUCKETS), {"chat": 0.0})))
    chats = [_labelled(_chat(f"c{n}"), "conversations", f"g{n % 3}", {1}) for n in range(6)]
    minutes = [_labelled(_minutes(f"m{n}"), "w3c", f"wg{n % 3}", {1, 2, 3, 4}) for n in range(6)]
    items = featurize(detector, [*chats, *minutes])
    full = train_detector(items).model
    # A full retrain adds the voting part and keeps the shared model's own voting points beside it.
    assert full.voting is not None and VOTING in full.operating_logits
    base = DetectorModel(_random(1), {"chat": 0.2, VOTING: 2.25}, "shipped", {"chat": -0.5})
    retrained = train_voting_part(items, base)
    stored = json.loads(retrained.to_json())
    voting = stored.pop(VOTING)
    assert stored == json.loads(base.to_json())
    # The same voting part as a full retrain trains.
    assert voting == json.loads(full.to_json())[VOTING]
    assert "6 labelled meetings that vote" in voting["note"]


def test_a_source_with_few_decisions_of_a_kind_does_not_choose_its_points(nlp: Language) -> None:
    detector = DecisionDetector(nlp, DetectorConfig(model=DetectorModel(np.zeros(BUCKETS), {"chat": 0.0})))
    n = len(CANDIDATES)
    big = _labelled(_chat("big"), "w3c", "g", set(range(len(CHAT))))
    small = _labelled(_chat("small"), "chat", "h", {1})
    items = featurize(detector, [big, small])
    units = len(big.targets)
    # The big source is best at the third point; the small one (one decision) only at the
    # first, where the big one is poor. Each source weighs the same, so with both the first
    # point would win; the small one has fewer than CHOOSING_UNITS decisions and is left out.
    big_at = [DetectionScore(40, 4, units, 1)] * 2 + [DetectionScore(units, units, units, units)] * (n - 2)
    small_at = [DetectionScore(1, 1, 1, 1)] + [DetectionScore(0, 0, 1, 0)] * (n - 1)
    assert units < CHOOSING_UNITS
    assert choose_points(items, {"big": big_at, "small": small_at}).draft == {"chat": CANDIDATES[0]}
    many = LabelledMeeting("w3c", "g", False, big.conversation, big.targets * 3, big.positives)
    items = featurize(detector, [many, small])
    big_at = [DetectionScore(40, 4, 3 * units, 1)] * 2 + [DetectionScore(3 * units, 3 * units, 3 * units, 3 * units)] * (n - 2)
    assert 3 * units >= CHOOSING_UNITS
    assert choose_points(items, {"big": big_at, "small": small_at}).draft == {"chat": CANDIDATES[2]}
