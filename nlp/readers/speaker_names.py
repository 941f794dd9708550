"""Whether the words before a colon name a speaker, in any script.

The readers find a candidate with a loose pattern and ask here, because Python's ``re`` has no
class for "a letter of any script" or "a combining mark": ``\\w`` leaves out the vowel signs of
Devanagari or Thai (``अमित`` would stop at ``अम``), and ``[A-Za-z]`` every name not written in
Latin letters without diacritics (``王小明``, ``Иван``, ``Łukasz``, ``émilie``). What keeps prose
out is the same for every script: which characters a name may hold and how long it may be,
measured in the columns it takes on screen, so that a line of Chinese is held to the length
of a line of English that looks as long (a Han character takes two, a combining mark none).
"""

from __future__ import annotations

import unicodedata

NAME_PUNCTUATION = "_.'@ -"
"""What a transcript speaker's name may hold besides letters, marks and digits."""
CAPITALS_PUNCTUATION = ".'-"
"""What a name written in capitals (``O'NEIL:``, ``J.-P.:``) may hold besides its letters."""
MAX_INITIALS = 6
MAX_SPEAKER_COLUMNS = 40
"""The widest a transcript speaker's name may be: past that it is a sentence with a colon."""


def _kind(char: str) -> str:
    """The Unicode general category's class of ``char``: L(etter), M(ark), N(umber), …"""
    return unicodedata.category(char)[0]


def columns(text: str) -> int:
    """How many columns ``text`` takes on screen: two for a wide (East Asian) character, none
    for a combining mark, one for any other."""
    return sum(
        0 if _kind(char) == "M" else 2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text
    )


def is_transcript_speaker(name: str) -> bool:
    """A ``Speaker:`` of a plain transcript: a letter of any script or ``@`` first, then
    letters, marks and digits of any script, spaces and ``_.'@-`` (``Alice``, ``@bob``,
    ``王小明``, ``Иван Петров``, ``Łukasz``, ``अमित``), at most ``MAX_SPEAKER_COLUMNS`` wide; a
    time, a URL, a clause with a comma or a long sentence is none."""
    if not name or not (_kind(name[0]) == "L" or name[0] == "@"):
        return False
    return columns(name) <= MAX_SPEAKER_COLUMNS and all(
        _kind(char) in "LMN" or char in NAME_PUNCTUATION for char in name[1:]
    )


def is_initials(name: str) -> bool:
    """The initials of a ``(SM):`` mark: one to six letters of any script, each with its
    marks (``SM``, ``ИП``, ``王``)."""
    letters = sum(_kind(char) == "L" for char in name)
    return (
        bool(name) and _kind(name[0]) == "L" and 1 <= letters <= MAX_INITIALS
        and all(_kind(char) in "LM" for char in name)
    )


def is_capitals(name: str) -> bool:
    """A name written in capitals (``ALICE``, ``ÉMILIE``, ``ИВАН``): a capital letter first,
    then capitals, marks and ``.'-``. A script without capitals (Chinese, Arabic) cannot
    write a name this way, so its words never pass: there a plain ``Word:`` is as likely a
    label as a name."""
    if not name or not name[0].isupper():
        return False
    return all(char.isupper() or _kind(char) == "M" or char in CAPITALS_PUNCTUATION for char in name[1:])
