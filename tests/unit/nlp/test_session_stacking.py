"""The session model adds the shared model's reading of a turn at a weight chosen out of fold:
scoring, storage, and how the weight is chosen."""

from __future__ import annotations

import json

import numpy as np
from spacy.language import Language

from nlp.detect import DecisionDetector, DetectorConfig
from nlp.detector_features import BUCKETS, SESSION
from nlp.detector_model import DetectorModel, KindModel
from nlp.evaluation.corpus import LabelledMeeting, Target
from nlp.evaluation.operating_points import candidate_scores, choose_points
from nlp.evaluation.session_stacking import SHARES, choose_stacking, nested_stacking, shared_logits, stacked
from nlp.evaluation.train import Featurized, featurize
from nlp.schema import Conversation, Message
from nlp.session_features import session_rows

TURNS = [
    ("user", "The rate limiter is slow. Should it use Redis or Memcached?"),
    ("assistant", "Both work. Redis keeps counters across restarts; Memcached is simpler. Which one do you prefer?"),
    ("user", "Let's go with Redis instead of Memcached, and keep the limit at 100 per minute."),
    ("assistant", "I switched the limiter to Redis and kept the limit at 100 per minute."),
    ("user", "Thanks, run the tests."),
]
DECIDED = 2


def _session(name: str) -> Conversation:
    messages = tuple(Message(id=f"{name}#{i}", seq=i, author=role, role=role, content=text)
                     for i, (role, text) in enumerate(TURNS))
    return Conversation(session_id=name, source_format="aider", messages=messages)


def _random(seed: int) -> np.ndarray:
    return np.round(np.random.default_rng(seed).normal(0.0, 0.3, BUCKETS), 3)


def _items(nlp: Language, owners: int = 4) -> list[Featurized]:
    detector = DecisionDetector(nlp, DetectorConfig(model=DetectorModel(np.zeros(BUCKETS), {"chat": 0.0})))
    meetings = [LabelledMeeting("sessions", f"owner{n % owners}", False, _session(f"s{n}"),
                                (Target(frozenset({DECIDED})),), frozenset({DECIDED})) for n in range(2 * owners)]
    return featurize(detector, meetings)


def test_a_session_part_with_a_shared_weight_adds_the_shared_reading_of_each_turn(nlp: Language) -> None:
    own = KindModel(_random(2), 0.5, 0.5, "sessions")
    plain = DetectorModel(_random(1), {"chat": 0.2}, "shared", {}, own)
    taking = DetectorModel(plain.weights, plain.operating_logits, plain.note, {},
                           KindModel(own.weights, 0.5, 0.5, "sessions", shared_weight=0.4, shared_centre=-1.5))
    features = DecisionDetector(nlp, DetectorConfig(model=plain)).features(_session("s"))
    rows, shared_rows = session_rows(features), features.all_hashed()
    own_logits = plain.logits(rows, SESSION)
    read_shared = DetectorModel(plain.weights, {}).logits(shared_rows)
    np.testing.assert_allclose(taking.logits(rows, SESSION, shared_rows=shared_rows), own_logits + 0.4 * (read_shared + 1.5))
    # A part without a weight reads no shared features; the detector passes them when it has one.
    assert plain.shared_rows(features, SESSION) is None and taking.shared_rows(features, SESSION) == shared_rows
    detected = [d.confidence for d in DecisionDetector(nlp, DetectorConfig(model=taking)).detect(_session("s"))]
    expected = taking.confidences(rows, SESSION, None, shared_rows)
    # The user's "Let's go with Redis" is declared whatever the scores (a strong cue's floor).
    assert [c for i, c in enumerate(detected) if i != DECIDED] == [c for i, c in enumerate(expected) if i != DECIDED]
    assert expected != plain.confidences(rows, SESSION)


def test_the_shared_weight_is_stored_with_the_session_part_and_only_when_it_has_one() -> None:
    shared = DetectorModel(_random(1), {"chat": 0.2}, "shared", {"chat": -0.5})
    plain = DetectorModel(shared.weights, shared.operating_logits, shared.note, shared.draft_logits,
                          KindModel(_random(2), 0.5, 0.25, "sessions"))
    taking = DetectorModel(shared.weights, shared.operating_logits, shared.note, shared.draft_logits,
                           KindModel(_random(2), 0.5, 0.25, "sessions", 0.25, -2.2))
    assert "shared_weight" not in json.loads(plain.to_json())[SESSION]
    stored = json.loads(taking.to_json())[SESSION]
    assert (stored["shared_weight"], stored["shared_centre"]) == (0.25, -2.2)
    again = DetectorModel.from_json(taking.to_json())
    assert again.session is not None and (again.session.shared_weight, again.session.shared_centre) == (0.25, -2.2)
    assert again.to_json() == taking.to_json()


def test_the_shared_reading_is_taken_when_it_ranks_the_decisions_better_and_not_otherwise(nlp: Language) -> None:
    items = _items(nlp)
    ids = [item.meeting.conversation.session_id for item in items]
    # The session model's own scores rank the decision third of five; a shared reading that
    # puts it first is taken, at a weight with points chosen on the stacked scores.
    own = {s: np.array([0.5, 0.4, 0.3, 0.2, 0.1]) for s in ids}
    telling = {s: np.array([0.0, 0.0, 3.0, 0.0, 0.0]) + 0.01 * np.arange(5) for s in ids}
    chosen = choose_stacking(items, own, telling)
    centre = float(np.concatenate(list(telling.values())).mean())
    assert chosen.weight > 0 and chosen.centre == centre
    assert chosen.points == choose_points(items, candidate_scores(items, stacked(own, telling, chosen.weight, centre)))
    # One that ranks it last is not.
    misleading = {s: np.array([1.0, 1.0, -3.0, 1.0, 1.0]) + 0.01 * np.arange(5) for s in ids}
    refused = choose_stacking(items, own, misleading)
    assert (refused.weight, refused.centre) == (0.0, 0.0)
    assert refused.points == choose_points(items, candidate_scores(items, own))
    assert SHARES[0] == 0.0  # the session model alone is always one of the choices


def test_each_owner_is_scored_at_the_weight_chosen_on_the_other_owners(nlp: Language) -> None:
    items = _items(nlp, owners=3)
    ids = [item.meeting.conversation.session_id for item in items]
    own = {s: np.array([0.5, 0.4, 0.3, 0.2, 0.1]) for s in ids}
    # Owner 0's shared reading misleads, the others' tell: owner 0 is scored at the weight the
    # others choose (taken), and each of the others at one chosen with owner 0 among the rest.
    shared = {s: (np.array([1.0, 1.0, -3.0, 1.0, 1.0]) if item.meeting.group == "owner0" else
                  np.array([0.0, 0.0, 3.0, 0.0, 0.0])) + 0.01 * np.arange(5) for s, item in zip(ids, items, strict=True)}
    nested = nested_stacking(items, own, shared)
    assert set(nested) == set(ids)
    for item in items:
        others = [i for i in items if i.meeting.group != item.meeting.group]
        assert nested[item.meeting.conversation.session_id] == choose_stacking(others, own, shared)
    assert nested[ids[0]].weight > 0


def test_the_shared_reading_is_the_shared_weights_over_each_turn_s_shared_features(nlp: Language) -> None:
    items = _items(nlp, owners=2)
    weights = _random(3)
    read = shared_logits(items, weights)
    for item in items:
        np.testing.assert_allclose(read[item.meeting.conversation.session_id],
                                   DetectorModel(weights, {}).logits(item.features.all_hashed()))
