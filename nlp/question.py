"""Turn a question into search terms and filters (seed 000's temporal, stakeholder and
technology queries): "decisions by @alice", "decisions made in Q2 2024",
"why did we choose Postgres over MongoDB?", "decisions about databases".
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime

from nlp.schema import handle_for, handle_length

_AT = re.compile(r"(?<![\w@])@")
"""Where a handle may start: an "@" that no word or "@" runs into (an e-mail address's does)."""
_BY = re.compile(r"\b(?:by|from)\s+")
""""by" or "from", then up to ``NAME_WORDS`` words: the capitalised ones that lead are a person's name."""
NAME_WORDS = 4
_WORD_INSIDE = "_'’-"
"""What a word of a name holds besides letters, marks and digits (``O'Neil``, ``Jean-Luc``)."""
_QUARTER = re.compile(r"\b(?:in\s+)?Q([1-4])\s*(\d{4})\b", re.IGNORECASE)
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
           "october", "november", "december")
_MONTH = re.compile(rf"\b(?:in\s+)?({'|'.join(_MONTHS)}|{'|'.join(m[:3] for m in _MONTHS)})\.?\s+(\d{{4}})\b", re.IGNORECASE)
_YEAR = re.compile(r"\b(?:in|during)\s+(\d{4})\b", re.IGNORECASE)
_SINCE = re.compile(r"\b(?:since|after)\s+(\d{4}-\d{2}-\d{2}|\d{4})\b", re.IGNORECASE)
_BEFORE = re.compile(r"\b(?:before|until)\s+(\d{4}-\d{2}-\d{2}|\d{4})\b", re.IGNORECASE)
# Words that shape a question but say nothing about its subject.
_FILLER = frozenset(
    """why what when who whom which how where did do does done we our us you i me is are was were be been
    the a an of to for in on at about regarding around with by from made make making decide decided
    decision decisions choose chose chosen choice pick picked picking go went going use used using
    select selected aren't isn't don't didn't not no any all there that this these those it its
    evolve evolved evolution happen happened change changed tell show list find me please""".split()
)


@dataclass(frozen=True)
class ParsedQuestion:
    """Search terms and filters read from a question."""

    text: str
    stakeholder: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    sentence: str = ""
    """The question as asked, less what became filters: for the embedder, which was
    trained on whole sentences rather than keywords."""


def parse_question(
    question: str, *, temporal: bool = True, stakeholders: bool = True, now: datetime | None = None
) -> ParsedQuestion:
    """Split ``question`` into subject terms and filters.

    Args:
        question: Free text.
        temporal: Read dates ("Q2 2024", "March 2024", "in 2024", "since 2024-05-01").
        stakeholders: Read "@alice" and "by Alice" as a stakeholder filter.
        now: Today, for tests.
    """
    rest = question
    stakeholder = None
    if stakeholders:
        handle = _written_handle(rest)
        if handle:
            stakeholder = handle_for(handle)
            rest = rest.replace(handle, " ")
        elif (named := _by_name(rest)) is not None:
            said, name = named
            # A person is stored under the handle of their whole name ("Manu Sporny" is
            # @manu-sporny), so the question's name becomes the same handle.
            stakeholder = handle_for(name)
            rest = rest.replace(said, " ")
    since = until = None
    if temporal:
        rest, since, until = _dates(rest)
    words = [
        word for index, word in enumerate(re.findall(r"[\w@#+./'-]+", rest))
        if word.lower().strip("'") not in _FILLER or _proper_noun(word, index)
    ]
    sentence = " ".join(rest.split())
    return ParsedQuestion(" ".join(words).strip(" ?.!"), stakeholder, since, until, sentence)


def _written_handle(text: str) -> str | None:
    """The first handle written with "@" in ``text`` (``@alice``, ``@王小明``), as written."""
    for at in _AT.finditer(text):
        if length := handle_length(text[at.start():]):
            return text[at.start():at.start() + length]
    return None


def _by_name(text: str) -> tuple[str, str] | None:
    """``("by Manu Sporny", "Manu Sporny")``: the first "by"/"from" followed by a
    capitalised name of one to four words, as said and as the name alone. A word of a
    script without capitals (``王小明``) can only be a name here, so it is one."""
    start = 0
    while (found := _BY.search(text, start)) is not None:
        words, end = _words(text, found.end())
        if not words:
            start = found.start() + 1
            continue
        start = end
        name = []
        for word in words:
            if not (word[0].isupper() or word[0].lower() == word[0].upper()):
                break
            name.append(word)
        if name:
            said = text[found.start() : found.end()] + " ".join(name)
            return said, " ".join(name)
    return None


def _words(text: str, start: int) -> tuple[list[str], int]:
    """The words from ``start`` on, up to ``NAME_WORDS`` of them separated by white space, and
    where the last ends. A word is a letter of any script, then letters, combining marks and
    digits of any script and ``_'’-``: ``re``'s ``\\w`` has no marks, and would end ``अमित``
    at its vowel sign."""
    words: list[str] = []
    pos = end = start
    while len(words) < NAME_WORDS and pos < len(text) and unicodedata.category(text[pos])[0] == "L":
        end = pos + 1
        while end < len(text) and (unicodedata.category(text[end])[0] in "LMN" or text[end] in _WORD_INSIDE):
            end += 1
        words.append(text[pos:end])
        pos = end
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos == end:
            break
    return words, end


def _proper_noun(word: str, index: int) -> bool:
    """A filler word capitalised inside the question names something: "decisions about
    Go" asks about the language, not about going."""
    return index > 0 and word[:1].isupper() and not word.isupper()


def _dates(text: str) -> tuple[str, datetime | None, datetime | None]:
    if match := _QUARTER.search(text):
        quarter, year = int(match.group(1)), int(match.group(2))
        start = datetime(year, 3 * quarter - 2, 1, tzinfo=UTC)
        end = datetime(year + (quarter == 4), 1 if quarter == 4 else 3 * quarter + 1, 1, tzinfo=UTC)
        return text.replace(match.group(0), " "), start, end
    if match := _MONTH.search(text):
        name = match.group(1).lower()[:3]
        month = next(i for i, m in enumerate(_MONTHS, start=1) if m.startswith(name))
        year = int(match.group(2))
        end = datetime(year + (month == 12), 1 if month == 12 else month + 1, 1, tzinfo=UTC)
        return text.replace(match.group(0), " "), datetime(year, month, 1, tzinfo=UTC), end
    if match := _YEAR.search(text):
        year = int(match.group(1))
        return text.replace(match.group(0), " "), datetime(year, 1, 1, tzinfo=UTC), datetime(year + 1, 1, 1, tzinfo=UTC)
    since = until = None
    if match := _SINCE.search(text):
        since = _day(match.group(1))
        text = text.replace(match.group(0), " ")
    if match := _BEFORE.search(text):
        until = _day(match.group(1))
        text = text.replace(match.group(0), " ")
    return text, since, until


def _day(value: str) -> datetime:
    return datetime.fromisoformat(value if "-" in value else f"{value}-01-01").replace(tzinfo=UTC)
