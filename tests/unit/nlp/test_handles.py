"""A person's handle keeps the letters of every script: Latin letters fold to the letter they
are written with, others stay as written, and only a name without letters is ``@unknown``."""

from __future__ import annotations

import pytest

from nlp.schema import UNKNOWN_PERSON, handle_for, handle_length


@pytest.mark.parametrize(("name", "handle"), [
    ("Alice Smith", "@alice-smith"),
    ("project manager", "@project-manager"),
    ("O'Brien, Pat", "@o-brien-pat"),
    # Diacritics fold away (NFKD), so a name typed without them is the same person.
    ("Niklas Lindström", "@niklas-lindstrom"),
    ("José Müller-Lüdenscheidt", "@jose-muller-ludenscheidt"),
    ("Zoë Çelik", "@zoe-celik"),
    # Latin letters NFKD does not split go by the letter their Unicode name gives.
    ("Łukasz Żółw", "@lukasz-zolw"),
    ("Søren Ørsted", "@soren-orsted"),
    ("Đorđe Balašević", "@dorde-balasevic"),
    ("Ħamrun", "@hamrun"),
    ("Işık", "@isik"),
    ("Cæcilie Œhlenschläger", "@caecilie-oehlenschlager"),
    ("Straße", "@strasse"),
    ("ĲSSEL", "@ijssel"),
    # A Latin letter of its own, not a letter with a mark, stays as it is.
    ("Þóra Guðmundsdóttir", "@þora-guðmundsdottir"),
    ("Əliyev", "@əliyev"),
    # Other scripts are kept as written, lower case, with their own marks.
    ("王小明", "@王小明"),
    ("Иван Петров", "@иван-петров"),
    ("Андрей Йорданов", "@андрей-йорданов"),
    ("Γιώργος Παπαδόπουλος", "@γιώργος-παπαδόπουλος"),
    ("김민수", "@김민수"),
    ("हिन्दी नाम", "@हिन्दी-नाम"),
    ("محمد علي", "@محمد-علي"),
    ("田中 太郎", "@田中-太郎"),
    # Compatibility forms are their plain letters and digits.
    ("Ｊｏｈｎ ２", "@john-2"),
    ("Build-Bot 3000", "@build-bot-3000"),
])
def test_a_name_keeps_its_letters_of_any_script(name: str, handle: str) -> None:
    assert handle_for(name) == handle


@pytest.mark.parametrize(("typed", "handle"), [
    ("@alice", "@alice"),
    ("@Alice.Smith", "@alice.smith"),
    ("@grad_e", "@grad_e"),
    ("@Lindström", "@lindstrom"),
    ("@王小明", "@王小明"),
    ("@Иван", "@иван"),
    ("@alice.", "@alice"),  # the end of a sentence, not the handle's
])
def test_a_name_written_as_a_handle_is_folded_the_same_and_keeps_its_dots(typed: str, handle: str) -> None:
    assert handle_for(typed) == handle


def test_spellings_of_one_name_are_one_handle() -> None:
    assert handle_for("Lindström") == handle_for("lindstrom") == handle_for("@Lindstrom") == handle_for("LINDSTRÖM")
    assert handle_for("Łukasz") == handle_for("Lukasz") == handle_for("@łukasz")
    assert handle_for("ИВАН") == handle_for("иван") == handle_for("@Иван")


def test_only_a_name_without_letters_or_digits_is_unknown() -> None:
    for nameless in ("", "   ", "...", "@", "@-", "—", "?!"):
        assert handle_for(nameless) == UNKNOWN_PERSON, nameless
    assert handle_for("王小明") != handle_for("Иван Петров")  # two people, not one @unknown
    assert handle_for("7") == "@7"


@pytest.mark.parametrize(("text", "length"), [
    ("@alice said", 6),
    ("@alice.smith, hi", 12),
    ("@王小明 说", 4),
    ("@हिन्दी", 7),  # its vowel signs and virama are marks, part of the word
    ("@ivan’s", 5),
    ("@1password", 0),  # a handle starts with a letter
    ("@", 0),
    ("alice", 0),
])
def test_a_written_handle_runs_over_letters_digits_and_marks_of_any_script(text: str, length: int) -> None:
    assert handle_length(text) == length
