"""Chats scored by a model of their own: it reads who proposes and who takes it up, changes no
other kind's scores, is stored under its own key after the others, and can be retrained alone."""

from __future__ import annotations

import json

import numpy as np
from spacy.language import Language

from nlp.chat_features import CHAT_PREFIX, chat_names, chat_rows
from nlp.detect import DecisionDetector, DetectorConfig
from nlp.detector_features import BUCKETS, CHAT, VOTING
from nlp.detector_model import DetectorModel, KindModel
from nlp.evaluation.chat_part import train_chat_part
from nlp.evaluation.corpus import LabelledMeeting, Target
from nlp.evaluation.cross_validation import is_chat
from nlp.evaluation.detector_training import train_detector
from nlp.evaluation.source_scores import item_logits
from nlp.evaluation.train import featurize
from nlp.schema import Conversation, Message

MEETING = [
    ("zzz", "2) the jetty 9 branch"),
    ("zzz", "so I propose to prop my jetty9 branch next week, to be included in .30"),
    ("eche", "zzz: yeah, sounds good"),
    ("kytv", "+1"),
    ("str4d", "what about the plugins?"),
    ("zzz", "they need a recompile"),
    ("zzz", "anything else on 2) ?"),
]
MINUTES = [("Ivan", "Proposal: require CORS."), ("Manu", "+1"), ("Gregg", "+1"), ("Pierre", "+1"), ("Ivan", "Next topic.")]


def _conversation(lines: list[tuple[str, str]], name: str) -> Conversation:
    messages = tuple(Message(id=f"{name}#{i}", seq=i, author=a, content=t) for i, (a, t) in enumerate(lines))
    return Conversation(session_id=name, source_format="chat", messages=messages)


def _random(seed: int) -> np.ndarray:
    return np.round(np.random.default_rng(seed).normal(0.0, 0.3, BUCKETS), 3)


def _labelled(conversation: Conversation, source: str, group: str, positives: set[int]) -> LabelledMeeting:
    return LabelledMeeting(source, group, False, conversation, tuple(Target(frozenset({p})) for p in sorted(positives)),
                           frozenset(positives))


def test_a_chat_message_is_read_for_its_uptake_its_speaker_and_its_agenda_item(nlp: Language) -> None:
    features = DecisionDetector(nlp).features(_conversation(MEETING, "m"))
    assert features.operating_kind == CHAT
    proposal = set(chat_names(features, 1))
    # Two other people agree after it, its author chairs, it opens with "so" and proposes,
    # and it stands right after an agenda line.
    assert {f"{CHAT_PREFIX}uptake:2", f"{CHAT_PREFIX}chair", f"{CHAT_PREFIX}cue:so", f"{CHAT_PREFIX}cue:propose",
            f"{CHAT_PREFIX}since_item:0-2", f"{CHAT_PREFIX}thread|uptake:2", f"{CHAT_PREFIX}next_agrees"} <= proposal
    # A reply names its addressee: the name is one token for every person, not a word to learn.
    reply = set(chat_names(features, 2))
    assert {f"{CHAT_PREFIX}addresses", f"{CHAT_PREFIX}agrees", f"{CHAT_PREFIX}after_others_proposal",
            f"{CHAT_PREFIX}first:<nick>"} <= reply
    assert f"{CHAT_PREFIX}w:zzz" not in reply
    assert f"{CHAT_PREFIX}answers_question" in chat_names(features, 5)
    assert f"{CHAT_PREFIX}agenda_line" in chat_names(features, 6)
    assert all(name.startswith(CHAT_PREFIX) for name in proposal)
    assert len(chat_rows(features)) == len(MEETING)


def test_a_chat_model_changes_no_other_kind_s_scores_and_scores_chats_by_its_own_weights(nlp: Language) -> None:
    shared = DetectorModel(_random(1), {"chat": 0.2, VOTING: 1.0}, "shared", {"chat": -0.5})
    with_chat = DetectorModel(shared.weights, shared.operating_logits, shared.note, shared.draft_logits,
                              chat=KindModel(_random(2), 0.5, 0.0, "chats"))
    plain, own = (DecisionDetector(nlp, DetectorConfig(model=model)) for model in (shared, with_chat))
    minutes = _conversation(MINUTES, "w")
    assert plain.features(minutes).operating_kind == VOTING
    assert plain.detect(minutes) == own.detect(minutes)
    meeting = _conversation(MEETING, "m")
    assert [d.confidence for d in own.detect(meeting)] != [d.confidence for d in plain.detect(meeting)]
    assert with_chat.operating_logit(CHAT) == 0.5 and shared.operating_logit(CHAT) == 0.2
    features = plain.features(meeting)
    [item] = featurize(plain, [_labelled(meeting, "chat", "irc", {1})], chat=True)
    assert is_chat(item) and item.chat_rows == tuple(tuple(row) for row in chat_rows(features))
    assert list(item_logits(with_chat, item)) == list(with_chat.logits(chat_rows(features), CHAT))
    assert list(item_logits(shared, item)) == list(shared.logits(features.all_hashed(), CHAT))
    # Read without the chat model, a chat has no chat rows and the shared model scores it.
    [plain_item] = featurize(plain, [_labelled(meeting, "chat", "irc", {1})])
    assert plain_item.chat_rows is None and not is_chat(plain_item)


def test_the_chat_model_is_stored_after_the_other_parts_which_read_back_unchanged() -> None:
    shared = DetectorModel(_random(1), {"chat": 0.2}, "shared", {"chat": -0.5},
                           voting=KindModel(_random(3), 1.0, 0.5, "minutes"))
    with_chat = DetectorModel(shared.weights, shared.operating_logits, shared.note, shared.draft_logits,
                              voting=shared.voting, chat=KindModel(_random(2), 1.75, 1.5, "chats"))
    text = with_chat.to_json()
    # The part is the file's last key: everything before it is the file without it, byte for byte.
    assert text.startswith(shared.to_json()[: -len("}\n")] + ',"chat":{')
    stored = json.loads(text)
    chat = stored.pop(CHAT)
    assert stored == json.loads(shared.to_json())
    assert (chat["operating_logit"], chat["draft_logit"], chat["note"]) == (1.75, 1.5, "chats")
    again = DetectorModel.from_json(text)
    assert again.to_json() == text
    assert again.points() == ({"chat": 1.75, VOTING: 1.0}, {"chat": 1.5, VOTING: 0.5})


def test_retraining_the_chat_part_keeps_every_other_part_byte_for_byte(nlp: Language) -> None:
    detector = DecisionDetector(nlp, DetectorConfig(model=DetectorModel(np.zeros(BUCKETS), {"chat": 0.0})))
    chats = [_labelled(_conversation(MEETING, f"c{n}"), "chat", f"irc{n % 3}", {1, 2, 3}) for n in range(6)]
    minutes = [_labelled(_conversation(MINUTES, f"m{n}"), "w3c", f"wg{n % 3}", {0, 1, 2, 3}) for n in range(6)]
    items = featurize(detector, [*chats, *minutes], chat=True)
    full = train_detector(items).model
    # A full retrain adds the chat part and keeps the shared model's own chat points beside it.
    assert full.chat is not None and CHAT in full.operating_logits
    base = DetectorModel(_random(1), {"chat": 0.2, VOTING: 2.25}, "shipped", {"chat": -0.5})
    retrained = train_chat_part(items, base)
    stored = json.loads(retrained.to_json())
    chat = stored.pop(CHAT)
    assert stored == json.loads(base.to_json())
    assert chat == json.loads(full.to_json())[CHAT]
    assert "6 labelled chats" in chat["note"]
