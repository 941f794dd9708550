"""Decision cues in Chinese and Russian fire the rule signals the English ones fire, and a
plain question in those languages fires none (``nlp.cue_languages``)."""

from __future__ import annotations

import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nlp.cue_languages import lexicons_of
from nlp.cue_languages import signals as other_languages
from nlp.detect import DecisionDetector
from nlp.detector_features import ConversationFeatures
from nlp.language import LanguageInfo
from nlp.schema import Conversation, Message
from nlp.scored_units import DECLARED_FLOOR, units_from
from nlp.session_features import session_names


def _session(*turns: tuple[str, str]) -> Conversation:
    messages = tuple(
        Message(id=f"s#{seq}", seq=seq, role=role, author=role, content=text) for seq, (role, text) in enumerate(turns)
    )
    return Conversation(session_id="s", source_format="aider", messages=messages)


@pytest.fixture(scope="module")
def detector(language: LanguageInfo) -> DecisionDetector:
    return DecisionDetector(language.nlp, light=language.light)


def _features(detector: DecisionDetector, *turns: tuple[str, str]) -> ConversationFeatures:
    return detector.features(_session(*turns))


@pytest.mark.parametrize("text", [
    "我们决定用 PostgreSQL 存订单，不用 MongoDB。",
    "还是用 Redis 做缓存吧。",
    "我們決定採用 Redis。",  # traditional characters
    "Мы решили использовать PostgreSQL вместо MongoDB.",
    "Давайте оставим SQLite и не будем мигрировать.",
])
def test_a_choice_stated_in_chinese_or_russian_fires_the_strong_cue(detector: DecisionDetector, text: str) -> None:
    features = _features(detector, ("user", text))
    assert "strong_cue" in features.signals(0)
    names = session_names(features, 0)
    assert "session|user|sig:strong_cue" in names
    assert "session|user|sig:choice_words" in names


@pytest.mark.parametrize("text", [
    "这个函数为什么会报错？",
    "怎么运行测试？",
    "Почему эта функция падает?",
    "Как запустить тесты?",
])
def test_a_plain_question_fires_no_choice_cue(detector: DecisionDetector, text: str) -> None:
    features = _features(detector, ("user", text))
    assert features.signals(0) == ()
    assert not any("sig:" in name for name in session_names(features, 0))


def test_solving_a_bug_is_not_deciding(detector: DecisionDetector) -> None:
    """"Решить" is "decide" and "solve": a solved problem states no choice."""
    assert "strong_cue" not in _features(detector, ("user", "Я решил проблему с импортом.")).signals(0)
    assert "strong_cue" in _features(detector, ("user", "Я решил не использовать кэш.")).signals(0)


def test_the_best_sentence_of_a_chinese_turn_is_its_statement_not_its_question(detector: DecisionDetector) -> None:
    """The English pipelines read "…吧。你觉得呢？" as one sentence ending in a question mark."""
    signals = _features(detector, ("user", "就用 Redis 吧。你觉得呢？")).signals(0)
    assert "strong_cue" in signals
    assert "question" not in signals


def test_a_user_s_choice_in_chinese_is_declared_in_a_session(detector: DecisionDetector) -> None:
    features = _features(detector, ("assistant", "可以用 Redis 或 Memcached。"), ("user", "还是用 Redis 吧。"))
    confidences, _ = units_from(features, [0.1, 0.1], 0.5, session=True)
    assert confidences[1] >= DECLARED_FLOOR
    assert confidences[0] == pytest.approx(0.1)


def test_an_offer_and_a_short_agreement_in_other_languages(detector: DecisionDetector) -> None:
    features = _features(detector, ("assistant", "需要我也更新测试吗？"), ("user", "好的，谢谢"))
    names = session_names(features, 1)
    assert "session|user|after_offer:assistant" in names
    assert "session|user|is_reply" in names
    russian = _features(detector, ("assistant", "Хотите, я добавлю тесты?"), ("user", "Да, давай"))
    assert "session|user|after_offer:assistant" in session_names(russian, 1)
    # An agreement that goes on to say what it takes up is not a bare reply.
    assert not other_languages.is_short_agreement("好的，那就改用 Redis 存会话和缓存吧")


def test_an_agreement_in_chinese_takes_up_a_proposal(detector: DecisionDetector) -> None:
    features = _features(detector, ("assistant", "我建议改用 Vite 来构建。"), ("user", "好的，就这么办"))
    assert "proposal" in features.signals(0)
    assert "agreement_to_proposal" in features.signals(1)


def test_lexicons_are_picked_by_script() -> None:
    assert [lexicon.language for lexicon in lexicons_of("改用 Redis")] == ["zh"]
    assert [lexicon.language for lexicon in lexicons_of("используем Redis")] == ["ru"]
    assert lexicons_of("Let’s use Redis — café") == ()


@given(st.text(alphabet=string.printable, max_size=300))
def test_ascii_text_is_read_by_the_english_cues_alone(text: str) -> None:
    assert lexicons_of(text) == ()
    assert other_languages.prefilter(text) == []
    assert not other_languages.proposes(text)
    assert not other_languages.offers(text)
    assert other_languages.choice_asked(text) is None
