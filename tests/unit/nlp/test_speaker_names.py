"""Speakers named in any script: the transcript and markdown-notes readers read a line whose
speaker writes their name in Chinese, Russian, Polish, French, Arabic or Hindi as that
person's turn, and keep refusing the prose that looks like a speaker line in every script."""

from __future__ import annotations

import pytest

from nlp.errors import InputFormatError
from nlp.readers import read_conversation_text
from nlp.readers.speaker_names import is_capitals, is_initials, is_transcript_speaker


def _turns(text: str, fmt: str = "transcript") -> list[tuple[str | None, str]]:
    return [(m.author, m.content) for m in read_conversation_text(text, fmt, "meeting").messages]


def test_russian_and_chinese_labels_are_no_speakers_as_english_ones_are_not() -> None:
    text = (
        "王小明: 我们比较了 PostgreSQL 和 MySQL。\n"
        "备注: 两个都支持 JSON。\n"  # "Note:" continues the turn
        "决定: 用 PostgreSQL\n"  # "Decision:" is a record of its own, nobody's words
        "Анна: Согласна.\n"
        "Ответ: да\n"
        "Решение: использовать Kafka\n"
    )
    assert _turns(text) == [
        ("王小明", "我们比较了 PostgreSQL 和 MySQL。\n备注: 两个都支持 JSON。"),
        (None, "决定: 用 PostgreSQL"),
        ("Анна", "Согласна.\nОтвет: да"),
        (None, "Решение: использовать Kafka"),
    ]
    notes = "## Очередь\n\n* РЕШЕНИЕ: использовать Kafka\n* ИВАН: Согласен.\n"
    assert _turns(notes, "markdown") == [(None, "РЕШЕНИЕ: использовать Kafka"), ("ИВАН", "Согласен.")]


def test_a_transcript_speaker_may_write_their_name_in_any_script() -> None:
    text = (
        "王小明: 我们用 PostgreSQL。\n"
        "Иван Петров: Решили использовать Kafka.\n"
        "Łukasz: ok\n"
        "émilie: d'accord\n"
        "[2024-03-15T14:30:00Z] علي حسن: موافق\n"
        "अमित शर्मा: ठीक है\n"
    )
    assert _turns(text) == [
        ("王小明", "我们用 PostgreSQL。"),
        ("Иван Петров", "Решили использовать Kafka."),
        ("Łukasz", "ok"),
        ("émilie", "d'accord"),
        ("علي حسن", "موافق"),
        ("अमित शर्मा", "ठीक है"),  # the vowel signs (combining marks) stay in the name
    ]


def test_a_transcript_opening_with_a_non_latin_speaker_is_not_refused() -> None:
    # Before, the first line was "expected a `Speaker: text` line" and the file refused.
    assert _turns("Анна: Привет\nБорис: Привет!\n") == [("Анна", "Привет"), ("Борис", "Привет!")]


def test_the_guards_against_prose_hold_in_every_script() -> None:
    text = (
        "王小明: 我们讨论一下数据库。\n"
        "Note: это заметка, не реплика\n"  # a label heads the line
        "http://пример.рф/путь: ссылка\n"  # no space after the colon
        "10:30 встреча\n"  # a time
        "2024 год: итоги\n"  # a digit first
        "Мы обсудили, что выбрать: Kafka или RabbitMQ\n"  # a comma is no name's
        "这是一句很长很长很长很长很长很长很长很长很长很长很长很长的话: 不是名字\n"  # 30 characters, past 40 columns
        "Decision: PostgreSQL\n"
    )
    assert _turns(text) == [
        ("王小明", "我们讨论一下数据库。\nNote: это заметка, не реплика\nhttp://пример.рф/путь: ссылка\n10:30 встреча\n"
                   "2024 год: итоги\nМы обсудили, что выбрать: Kafka или RabbitMQ\n"
                   "这是一句很长很长很长很长很长很长很长很长很长很长很长很长的话: 不是名字"),
        (None, "Decision: PostgreSQL"),
    ]
    with pytest.raises(InputFormatError, match=r"expected a `Speaker: text` line"):
        _turns("Мы обсудили, что выбрать: Kafka\n")


@pytest.mark.parametrize(
    ("name", "speaker"),
    [("Alice", True), ("@bob", True), ("王小明", True), ("Иван Петров", True), ("Łukasz", True), ("émilie", True),
     ("علي حسن", True), ("अमित", True), ("O'Neil-Smith Jr.", True), ("10", False), ("ab,c", False),
     ("Мы обсудили, что", False), ("\u0301a", False), ("", False), ("王" * 20, True), ("王" * 21, False),
     ("a" * 40, True)],
)
def test_is_transcript_speaker(name: str, speaker: bool) -> None:
    assert is_transcript_speaker(name) is speaker


def test_markdown_notes_mark_speakers_in_capitals_or_initials_of_any_cased_script() -> None:
    notes = (
        "## Хранение логов\n\n"
        "* ИВАН: Храним логи 30 дней.\n"
        "* ÉMILIE: D'accord.\n"
        "* (ИП): Согласен.\n"
        "* (王): 同意。\n"
        "* **王小明**: 我们用 PostgreSQL。\n"
        "* **علي:** موافق\n"
        "* Примечание: только для прода.\n"  # a plain "Word:" stays a label, in any script
        "* 备注: 只在生产环境。\n"  # a script without capitals cannot write a name in capitals
        "* (Марина):\n    * Я проверю.\n"
    )
    rows = [(m.author, m.content) for m in read_conversation_text(notes, "markdown", "logs").messages]
    assert rows == [
        ("ИВАН", "Храним логи 30 дней."),
        ("ÉMILIE", "D'accord."),
        ("ИП", "Согласен."),
        ("王", "同意。"),
        ("王小明", "我们用 PostgreSQL。"),
        ("علي", "موافق"),
        (None, "Примечание: только для прода."),
        (None, "备注: 只在生产环境。"),
        ("Марина", "Я проверю."),
    ]


def test_capitals_and_initials() -> None:
    assert [is_capitals(n) for n in ("ALICE", "O'NEIL", "ÉMILIE", "ИВАН", "Alice", "王小明", "علي", "A1")] == [
        True, True, True, True, False, False, False, False]
    assert [is_initials(n) for n in ("SM", "ИП", "王", "अमि", "ABCDEFG", "S1", "")] == [
        True, True, True, True, False, False, False]
