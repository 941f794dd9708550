"""The session detector reads turns in any script, and learns to score a turn whose words it
never learned by the rest of what it sees."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from spacy.language import Language

from nlp.detect import DecisionDetector, DetectorConfig
from nlp.detector_features import BUCKETS, SESSION_PREFIX, hashed_names
from nlp.detector_model import DetectorModel
from nlp.evaluation.corpus import LabelledMeeting, Target
from nlp.evaluation.train import featurize, fit
from nlp.schema import Conversation, Message
from nlp.session_features import LEXICAL, session_names, structural_rows

RUSSIAN = [
    ("user", "Сервис медленно считает лимиты. Использовать Redis или Memcached?"),
    ("assistant", "Оба подходят:\n1. Redis хранит счётчики после перезапуска\n2. Memcached проще\nЧто выбираете?"),
    ("user", "Давайте возьмём Redis вместо Memcached и оставим лимит 100 в минуту в `limiter.py`"),
    ("tool", "Edit limiter.py"),
    ("assistant", "Я перевёл лимитер на Redis."),
]


def _session(turns: list[tuple[str, str]]) -> Conversation:
    messages = tuple(
        Message(id=f"s#{i}", seq=i, author=None if role == "tool" else role, role=role, content=text)
        for i, (role, text) in enumerate(turns)
    )
    return Conversation(session_id="s", source_format="specstory", messages=messages)


def _short(names: list[str]) -> set[str]:
    return {name.removeprefix(SESSION_PREFIX) for name in names}


def test_a_russian_turn_has_its_words_its_length_and_its_question(nlp: Language) -> None:
    features = DecisionDetector(nlp).features(_session(RUSSIAN))
    first, decided = _short(session_names(features, 0)), _short(session_names(features, 2))
    assert {"user|w:redis", "user|w:использовать", "user|ends_question", "user|len:4-10"} <= first
    assert {"user|first:давайте", "user|w:вместо", "user|len:11-30", "user|after_options:assistant",
            "user|after_question:assistant"} <= decided
    # Listed options are read in any language; the English offer ("Would you like …") is words.
    assert "user|after_offer:assistant" not in decided


def test_structural_rows_leave_out_what_is_read_from_words(nlp: Language) -> None:
    features = DecisionDetector(nlp).features(_session(RUSSIAN))
    for seq, row in enumerate(structural_rows(features)):
        names = session_names(features, seq)
        kept = [name for name in names if not any(part in name for part in LEXICAL)]
        assert row == hashed_names(kept)
        assert f"{SESSION_PREFIX}user|w:redis" not in kept and f"{SESSION_PREFIX}role:{RUSSIAN[seq][0]}" in kept


def test_sessions_train_on_their_turns_twice_and_other_kinds_once(nlp: Language) -> None:
    detector = DecisionDetector(nlp, DetectorConfig(model=DetectorModel(np.zeros(BUCKETS), {"chat": 0.0})))
    session = LabelledMeeting("sessions", "owner", False, _session(RUSSIAN), (Target(frozenset({2})),), frozenset({2}))
    chat = Conversation(session_id="c", source_format="chat", messages=tuple(
        Message(id=f"c#{i}", seq=i, author="ab"[i % 2], content=t) for i, t in enumerate(["Use Redis?", "Yes, Redis."])
    ))
    items = featurize(detector, [session, LabelledMeeting("conversations", "g", False, chat, (), frozenset())])
    assert items[0].structural == tuple(tuple(row) for row in structural_rows(items[0].features))
    assert items[1].structural is None
    # Without the copies, the decided turn's words carry most of what is learned of it; with
    # them, its structure alone must score it: the structure's weights rise.
    sessions = [replace(items[0], meeting=replace(session, group=f"owner{n}")) for n in range(3)]
    with_copies = fit(sessions, l2=1e-2)
    without = fit([replace(item, structural=None) for item in sessions], l2=1e-2)
    row = list(items[0].structural[2])
    assert with_copies[row].sum() > without[row].sum() > 0
