"""Words of any script for the session detector: ASCII text as the shared detector reads it,
other scripts as words, unspaced ones as character pairs."""

from __future__ import annotations

import string

from hypothesis import given
from hypothesis import strategies as st

from nlp.detector_features import tokens
from nlp.script_tokens import ends_question, script_tokens


@given(st.text(alphabet=string.printable, max_size=400))
def test_ascii_text_gives_the_shared_detector_s_tokens(text: str) -> None:
    assert script_tokens(text) == tokens(text)
    assert script_tokens(text, 6) == tokens(text, 6)


def test_words_of_other_alphabets_are_words() -> None:
    assert script_tokens("Давайте оставим SQLite, а не Postgres?") == [
        "давайте", "оставим", "sqlite", "а", "не", "postgres", "?"]
    assert script_tokens("Vamos usar a versão não-bloqueante") == ["vamos", "usar", "a", "versão", "não-bloqueante"]
    assert script_tokens("Ελληνικά και 한국어 단어") == ["ελληνικά", "και", "한국어", "단어"]
    # Indic vowel signs are combining marks inside the word, not breaks in it.
    assert script_tokens("हिन्दी में") == ["हिन्दी", "में"]


def test_unspaced_scripts_are_cut_into_character_pairs() -> None:
    assert script_tokens("请设置宽度为640。") == ["请设", "设置", "置宽", "宽度", "度为", "<num>"]
    assert script_tokens("これはテスト") == ["これ", "れは", "はテ", "テス", "スト"]
    assert script_tokens("用 `Window_Help` 吧") == ["用", "window", "help", "吧"]


def test_the_limit_counts_pairs_too() -> None:
    assert len(script_tokens("合成" * 100)) == 60
    assert script_tokens("合成系统的界面", 3) == ["合成", "成系", "系统"]


def test_a_question_in_any_script() -> None:
    assert script_tokens("要用队列吗？")[-1] == "?"
    assert ends_question("要用队列吗？ ") and ends_question("هل نستخدم هذا؟") and ends_question("Use Redis?")
    assert not ends_question("好的。")
