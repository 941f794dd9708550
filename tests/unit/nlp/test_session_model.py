"""Coding-assistant sessions scored by a model of their own: its features are all its own, it
changes no other kind's score or training, and a turn's features read nothing after it."""

from __future__ import annotations

import json

import numpy as np
from spacy.language import Language

from nlp.detect import DecisionDetector, DetectorConfig, model_rows
from nlp.detector_features import BUCKETS, SESSION, SESSION_PREFIX
from nlp.detector_model import DetectorModel, KindModel, shipped_model
from nlp.evaluation.corpus import LabelledMeeting, Target
from nlp.evaluation.detector_training import train_detector
from nlp.evaluation.session_part import train_session_part
from nlp.evaluation.train import featurize
from nlp.readers.claude_code import read_claude_code
from nlp.schema import Conversation, Message
from nlp.session_features import session_names, session_rows
from tests.support.claude_sessions import claude_code_session

CHAT = ["Should we cache pricing?", "We decided to cache pricing for an hour.", "Agreed.", "Lunch is at noon."]
SESSION_TURNS = [
    ("user", "The rate limiter is slow. Should it use Redis or Memcached?"),
    ("assistant", "Both work. Redis keeps counters across restarts; Memcached is simpler. Which one do you prefer?"),
    ("user", "Let's go with Redis instead of Memcached, and keep the limit at 100 per minute."),
    ("tool", "Edit limiter.py"),
    ("assistant", "I switched the limiter to Redis and kept the limit at 100 per minute."),
    ("user", "Thanks, run the tests."),
]


def _chat(name: str = "chat") -> Conversation:
    messages = tuple(Message(id=f"{name}#{i}", seq=i, author="ab"[i % 2], content=t) for i, t in enumerate(CHAT))
    return Conversation(session_id=name, source_format="chat", messages=messages)


def _session(name: str = "session", fmt: str = "claude-code") -> Conversation:
    messages = tuple(
        Message(id=f"{name}#{i}", seq=i, author=role, role=role, content=text) for i, (role, text) in enumerate(SESSION_TURNS)
    )
    return Conversation(session_id=name, source_format=fmt, messages=messages)


def _random(seed: int) -> np.ndarray:
    return np.round(np.random.default_rng(seed).normal(0.0, 0.3, BUCKETS), 3)


def test_every_session_feature_is_the_session_model_s_own(nlp: Language) -> None:
    features = DecisionDetector(nlp).features(_session())
    assert features.operating_kind == SESSION
    for seq in range(len(SESSION_TURNS)):
        names = session_names(features, seq)
        assert names and all(name.startswith(SESSION_PREFIX) for name in names)
    assert f"{SESSION_PREFIX}user|after_question:assistant" in session_names(features, 2)
    assert f"{SESSION_PREFIX}assistant|after_tools" in session_names(features, 4)


def test_a_session_model_changes_no_other_kind_s_scores(nlp: Language) -> None:
    shared = DetectorModel(_random(1), {"chat": 0.2, "voting": 1.0}, "shared", {"chat": -0.5})
    with_session = DetectorModel(shared.weights, shared.operating_logits, shared.note, shared.draft_logits,
                                 KindModel(_random(2), 0.5, 0.0, "sessions"))
    plain, own = (DecisionDetector(nlp, DetectorConfig(model=model)) for model in (shared, with_session))
    assert plain.detect(_chat()) == own.detect(_chat())
    # Without a session model, a session is read as the chat it is; with one, by its own weights.
    features = plain.features(_session())
    assert shared.scored_kind(features) == "chat" and with_session.scored_kind(features) == SESSION
    as_chat = [d.confidence for d in plain.detect(_session())]
    expected = shared.confidences(features.all_hashed(), "chat")
    assert [c for c, m in zip(as_chat, _session().messages, strict=True) if m.role != "tool"] == [
        c for c, m in zip(expected, _session().messages, strict=True) if m.role != "tool"
    ]
    scores = with_session.confidences(session_rows(features), SESSION)
    assert scores != shared.confidences(session_rows(features), "chat")


def test_the_session_model_is_stored_beside_the_shared_one_which_reads_back_unchanged() -> None:
    shared = DetectorModel(_random(1), {"chat": 0.2}, "shared", {"chat": -0.5})
    with_session = DetectorModel(shared.weights, shared.operating_logits, shared.note, shared.draft_logits,
                                 KindModel(_random(2), 0.5, 0.25, "sessions"))
    stored = json.loads(with_session.to_json())
    session = stored.pop("session")
    assert stored == json.loads(shared.to_json())
    assert (session["operating_logit"], session["draft_logit"], session["note"]) == (0.5, 0.25, "sessions")
    again = DetectorModel.from_json(with_session.to_json())
    assert again.to_json() == with_session.to_json()
    assert again.points() == ({"chat": 0.2, SESSION: 0.5}, {"chat": -0.5, SESSION: 0.25})
    assert DetectorModel.from_json(shared.to_json()).session is None


def test_a_turn_s_session_features_and_score_read_nothing_after_it(nlp: Language) -> None:
    # A session is ingested as it grows and a turn is judged once, before what follows it is
    # written: its features and score must not depend on the turns after it (a look-ahead would
    # be counted by a cross-validation of whole sessions and never in use).
    log = read_claude_code(claude_code_session(120_000, seed=5).decode(), "s.jsonl", "s")
    whole = Conversation(session_id="s", source_format="claude-code", messages=tuple(log.messages))
    detector = DecisionDetector(nlp)
    model = shipped_model()
    assert model.session is not None
    full = detector.features(whole)
    full_scores = model.logits(model_rows(model, full, SESSION), SESSION)
    shared = DetectorModel(model.weights, {})
    for cut in (len(whole.messages) // 3, len(whole.messages) // 2):
        head = detector.features(whole.model_copy(update={"messages": whole.messages[:cut]}))
        for seq in range(cut):
            assert session_names(head, seq) == session_names(full, seq), seq
        np.testing.assert_allclose(model.logits(model_rows(model, head, SESSION), SESSION), full_scores[:cut])
        # The shared model's reading of the same turns does look ahead (the next turns' words,
        # the replies after, the position in the whole): why the session model does not take it.
        assert not np.allclose(shared.logits(head.all_hashed()), shared.logits(full.all_hashed())[:cut])


def _labelled(conversation: Conversation, source: str, group: str, positives: set[int]) -> LabelledMeeting:
    return LabelledMeeting(source, group, False, conversation, tuple(Target(frozenset({p})) for p in sorted(positives)),
                           frozenset(positives))


def test_training_with_sessions_leaves_the_shared_model_as_it_is_trained_without_them(nlp: Language) -> None:
    detector = DecisionDetector(nlp, DetectorConfig(model=DetectorModel(np.zeros(BUCKETS), {"chat": 0.0})))
    chats = [_labelled(_chat(f"c{n}"), "conversations", f"g{n % 3}", {1}) for n in range(6)]
    sessions = [_labelled(_session(f"s{n}", ("aider", "specstory")[n % 2]), "sessions", f"owner{n % 3}", {2, 4})
                for n in range(6)]
    without = train_detector(featurize(detector, chats)).model
    trained = train_detector(featurize(detector, [*chats, *sessions])).model
    assert trained.session is not None and without.session is None
    stored = json.loads(trained.to_json())
    stored.pop("session")
    assert stored == json.loads(without.to_json())
    assert "6 labelled coding-assistant sessions" in trained.session.note


def test_retraining_the_session_part_alone_gives_the_full_retrain_s_session_part_and_keeps_the_rest(nlp: Language) -> None:
    detector = DecisionDetector(nlp, DetectorConfig(model=DetectorModel(np.zeros(BUCKETS), {"chat": 0.0})))
    chats = [_labelled(_chat(f"c{n}"), "conversations", f"g{n % 3}", {1}) for n in range(6)]
    sessions = [_labelled(_session(f"s{n}", ("aider", "specstory")[n % 2]), "sessions", f"owner{n % 3}", {2, 4})
                for n in range(6)]
    items = featurize(detector, [*chats, *sessions])
    full = train_detector(items).model
    base = DetectorModel(np.ones(BUCKETS), {"chat": 0.2}, "shipped", {"chat": -0.5})
    # Only the sessions are needed: the session model never learns from another source.
    retrained = train_session_part([item for item in items if item.meeting.source == "sessions"], base)
    stored = json.loads(retrained.to_json())
    session = stored.pop(SESSION)
    assert stored == json.loads(base.to_json())
    assert session == json.loads(full.to_json())[SESSION]
