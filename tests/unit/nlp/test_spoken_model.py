"""Spoken meetings scored by a model of their own: its features are all its own, it changes no
other kind's score or training, the shared model's part of the file stays as it was, and the
sentence stored for a spoken unit is the one that states it."""

from __future__ import annotations

import json

import numpy as np
from spacy.language import Language

from nlp.detect import DecisionDetector, DetectorConfig
from nlp.detector_features import BUCKETS, SPOKEN, hashed_names
from nlp.detector_model import DetectorModel, KindModel
from nlp.evaluation.corpus import LabelledMeeting, Target
from nlp.evaluation.cross_validation import is_spoken
from nlp.evaluation.detector_training import train_detector, train_spoken
from nlp.evaluation.train import featurize
from nlp.schema import Conversation, Message
from nlp.spoken_features import SPOKEN_PREFIX, sentence_names, spoken_names, spoken_rows, spoken_turns

CHAT = ["Should we cache pricing?", "We decided to cache pricing for an hour.", "Agreed.", "Lunch is at noon."]
MEETING = [
    ("A", "Um okay, so the next thing is the case."),
    ("B", "Mm-hmm."),
    ("C", "Uh I think rubber feels nicer than plastic, um, in the hand."),
    ("A", "So we'll go with the rubber case then. Yeah."),
    ("B", "Yeah."),
    ("C", "Okay, sounds good."),
    ("D", "Um and what about the colour?"),
    ("A", "Uh we can talk about the colour later, um, after lunch."),
] * 3


def _chat(name: str = "chat") -> Conversation:
    messages = tuple(Message(id=f"{name}#{i}", seq=i, author="ab"[i % 2], content=t) for i, t in enumerate(CHAT))
    return Conversation(session_id=name, source_format="chat", messages=messages)


def _meeting(name: str = "meeting") -> Conversation:
    messages = tuple(Message(id=f"{name}#{i}", seq=i, author=who, content=text) for i, (who, text) in enumerate(MEETING))
    return Conversation(session_id=name, source_format="qmsum", messages=messages)


def _random(seed: int) -> np.ndarray:
    return np.round(np.random.default_rng(seed).normal(0.0, 0.3, BUCKETS), 3)


def test_the_spoken_features_read_the_stretch_and_the_uptake(nlp: Language) -> None:
    features = DecisionDetector(nlp).features(_meeting())
    assert features.operating_kind == SPOKEN
    rows = spoken_rows(features)
    assert len(rows) == len(MEETING)
    turns = spoken_turns(features)
    proposal = spoken_names(features, 3, turns)
    assert proposal and all(name.startswith(SPOKEN_PREFIX) for name in proposal)
    # Two other speakers take it up ("Yeah.", "Okay, sounds good."); the question after the
    # colour remark is taken up by nobody.
    assert f"{SPOKEN_PREFIX}uptake:2" in proposal
    assert f"{SPOKEN_PREFIX}uptake:0" in spoken_names(features, 6, turns)
    assert f"{SPOKEN_PREFIX}backchannel" in spoken_names(features, 1, turns)
    # The row holds the shared model's names of the turn beside these.
    assert set(features.hashed(3)) <= set(rows[3])


def test_a_spoken_model_changes_no_other_kind_s_scores(nlp: Language) -> None:
    shared = DetectorModel(_random(1), {"chat": 0.2, "spoken": 1.0}, "shared", {"chat": -0.5, "spoken": 0.5})
    with_spoken = DetectorModel(shared.weights, shared.operating_logits, shared.note, shared.draft_logits,
                                spoken=KindModel(_random(2), 0.5, 0.0, "spoken"))
    plain, own = (DecisionDetector(nlp, DetectorConfig(model=model)) for model in (shared, with_spoken))
    assert plain.detect(_chat()) == own.detect(_chat())
    features = plain.features(_meeting())
    assert with_spoken.logits(spoken_rows(features), SPOKEN).tolist() != shared.logits(spoken_rows(features), SPOKEN).tolist()
    # The spoken points are the spoken model's; the shared file keeps its own.
    assert with_spoken.points() == ({"chat": 0.2, SPOKEN: 0.5}, {"chat": -0.5, SPOKEN: 0.0})
    assert [d.confidence for d in own.detect(_meeting())] != [d.confidence for d in plain.detect(_meeting())]


def test_the_spoken_model_is_stored_beside_the_shared_one_which_reads_back_unchanged() -> None:
    shared = DetectorModel(_random(1), {"chat": 0.2, "spoken": 1.0}, "shared", {"chat": -0.5})
    with_spoken = DetectorModel(shared.weights, shared.operating_logits, shared.note, shared.draft_logits,
                                spoken=KindModel(_random(2), 1.5, 0.25, "spoken"))
    text = with_spoken.to_json()
    stored = json.loads(text)
    spoken = stored.pop("spoken")
    assert stored == json.loads(shared.to_json())
    assert text.startswith(shared.to_json().rstrip("}\n"))
    assert (spoken["operating_logit"], spoken["draft_logit"], spoken["note"]) == (1.5, 0.25, "spoken")
    assert DetectorModel.from_json(text).to_json() == text
    assert DetectorModel.from_json(shared.to_json()).spoken is None


def _labelled(conversation: Conversation, source: str, group: str, positives: set[int]) -> LabelledMeeting:
    return LabelledMeeting(source, group, False, conversation, tuple(Target(frozenset({p})) for p in sorted(positives)),
                           frozenset(positives))


def _data() -> list[LabelledMeeting]:
    chats = [_labelled(_chat(f"c{n}"), "conversations", f"g{n % 3}", {1}) for n in range(6)]
    ami = [_labelled(_meeting(f"m{n}"), "ami", f"fold-{n % 3}", {3, 11, 19}) for n in range(6)]
    return [*chats, *ami]


def test_training_a_spoken_model_leaves_the_shared_model_as_it_is_trained_without_one(nlp: Language) -> None:
    detector = DecisionDetector(nlp, DetectorConfig(model=DetectorModel(np.zeros(BUCKETS), {"chat": 0.0})))
    without = train_detector(featurize(detector, _data())).model
    items = featurize(detector, _data(), spoken=True)
    assert sum(is_spoken(item) for item in items) == 6
    trained = train_detector(items).model
    assert trained.spoken is not None and without.spoken is None
    assert "6 labelled spoken meetings" in trained.spoken.note
    stored = json.loads(trained.to_json())
    stored.pop("spoken")
    assert stored == json.loads(without.to_json())


def test_training_only_the_spoken_part_keeps_every_other_byte(nlp: Language) -> None:
    detector = DecisionDetector(nlp, DetectorConfig(model=DetectorModel(np.zeros(BUCKETS), {"chat": 0.0})))
    base = DetectorModel(_random(1), {"chat": 0.2, "spoken": 1.0}, "shared", {"chat": -0.5},
                         KindModel(_random(3), 0.5, 0.0, "sessions"))
    trained = train_spoken(featurize(detector, _data(), spoken=True), base).model
    assert trained.spoken is not None
    stored = json.loads(trained.to_json())
    stored.pop("spoken")
    assert stored == json.loads(base.to_json())


def test_a_spoken_unit_is_stated_by_its_choice_not_by_a_backchannel(nlp: Language) -> None:
    # A spoken model whose weights favour what states a choice ("go with") and know nothing
    # of "yeah": the stored sentence is the choice, not the "Yeah." in the same turn.
    weights = np.zeros(BUCKETS)
    for name in sentence_names("we'll go with the rubber case"):
        if "go" in name.split("|")[-1] or "rubber" in name:
            weights[hashed_names([name])[0]] = 1.0
    rows = spoken_rows(DecisionDetector(nlp).features(_meeting()))
    for seq in (3, 11, 19):
        weights[rows[seq]] += 0.5
    model = DetectorModel(np.zeros(BUCKETS), {"spoken": 0.0}, spoken=KindModel(weights, 2.0, 2.0, "spoken"))
    detections = DecisionDetector(nlp, DetectorConfig(model=model, draft_kinds=frozenset())).detect(_meeting())
    stored = [d for d in detections if d.is_decision]
    assert stored and all(d.statement is not None for d in stored)
    for detection in stored:
        assert detection.statement is not None
        said = MEETING[detection.statement.seq % len(MEETING)][1][detection.statement.start : detection.statement.end]
        assert "rubber case" in said


def test_a_spoken_meeting_stores_drafts_only_unless_the_kind_is_taken_off_the_list(nlp: Language) -> None:
    # However sure the model is, a spoken meeting's units wait for a person by default
    # (DRAFT_KINDS); the same units are decisions when spoken is not a draft kind.
    rows = spoken_rows(DecisionDetector(nlp).features(_meeting()))
    weights = np.zeros(BUCKETS)
    for seq in (3, 11, 19):
        weights[rows[seq]] += 3.0
    model = DetectorModel(np.zeros(BUCKETS), {"spoken": 0.0}, spoken=KindModel(weights, 2.0, 2.0, "spoken"))
    by_default = DecisionDetector(nlp, DetectorConfig(model=model)).detect(_meeting())
    stored_when_asked = DecisionDetector(nlp, DetectorConfig(model=model, draft_kinds=frozenset())).detect(_meeting())
    decided = [d.seq for d in stored_when_asked if d.is_decision]
    assert decided
    assert not any(d.is_decision for d in by_default)
    assert [d.seq for d in by_default if d.is_candidate] == sorted(
        {*decided, *(d.seq for d in stored_when_asked if d.is_candidate)}
    )
