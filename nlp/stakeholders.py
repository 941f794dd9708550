"""Who a decision involves: the people who wrote in its window and those they mention.

A session's roles are no one (``nlp.schema.person_name``). A mention of a name of several
words ("@Alice Smith", as Slack writes one) is that person when the conversation knows the
name, not "@alice" beside her.

A mention is someone only where a person writes about people: in the prose of a talk turn,
never in its code (fenced or pasted, inline in backticks, a stack frame, a log or command
line, an annotation: ``nlp.code_text``) nor in what an assistant or a tool wrote. A name the
recogniser finds is a name only when it is written as names are (``_written_as_a_name``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence

from spacy.tokens import Doc

from nlp.code_text import inside_inline_code
from nlp.path_pattern import UNSPACED
from nlp.schema import TOOL_ROLE, Conversation, ExtractedStakeholder, Message, handle_for, person_name
from nlp.schema import Span as TextSpan

KnownNames = dict[str, list[tuple[str, ...]]]
"""Names of several words, as their words, by their first word case folded (``known_names``)."""

_NOT_PEOPLE_TALK = frozenset({"assistant", "system", TOOL_ROLE})
"""Roles whose messages name no people worth keeping as stakeholders."""

_UNSPACED_LETTER = re.compile(f"[{UNSPACED}]")
_NAME_PUNCTUATION = frozenset(" '’.-")
"""What a name holds besides letters and their marks ("Mary-Jane O'Brien", "J. R. Smith")."""
MAX_NAME_WORDS = 5
"""A name runs to a few words ("Juan Carlos de la Vega"); more is a phrase, not a name."""


def _written_as_a_name(text: str) -> bool:
    """Whether a ``PERSON`` entity is written as a person's name: letters and their marks, a
    few words with at most an apostrophe, dot or hyphen between. The English model tags runs
    of a script it never read (Chinese sentences), an SQL clause ("PRIMARY KEY"), a program's
    path ("D:\\jdk1.8.0_162\\bin\\java.exe") and an object's ``Name@16eb185b`` as people;
    none is written so. A name of a script written without spaces is left to its ``@`` mention
    and to its author's name: the model cannot tell where such a name ends."""
    if _UNSPACED_LETTER.search(text) or len(text.split()) > MAX_NAME_WORDS:
        return False
    return all(unicodedata.category(char)[0] in "LM" or char in _NAME_PUNCTUATION for char in text)


def known_names(conversation: Conversation) -> KnownNames:
    """The names of several words the conversation knows people by (its authors' and those its
    source lists, ``Conversation.people``), as their words, by their first word (case folded),
    longest first."""
    names = [*(person_name(m.author) for m in conversation.messages), *conversation.people]
    by_first: dict[str, list[tuple[str, ...]]] = {}
    for words in dict.fromkeys(tuple(name.split()) for name in names if name):
        if len(words) > 1:
            by_first.setdefault(words[0].casefold(), []).append(words)
    for known in by_first.values():
        known.sort(key=len, reverse=True)
    return by_first


def _mentioned(text: str, start: int, end: int, names: KnownNames) -> tuple[str, int]:
    """The name a mention ``text[start:end]`` ("@Alice") makes with the words after it, and where
    it ends: "@Alice Smith" is Alice Smith when she is a person the conversation knows (a chat
    writes a mention of a name of several words so), else the mention alone."""
    first = text[start:end].lstrip("@")
    for words in names.get(first.casefold(), ()):
        rest = re.match(r"".join(rf"\s+{re.escape(word)}" for word in words[1:]) + r"(?!\w)", text[end:], re.IGNORECASE)
        if rest is not None:
            return " ".join((first, *text[end : end + rest.end()].split())), end + rest.end()
    return first, end


def stakeholders_of(
    authors: Sequence[Message], window_docs: Sequence[tuple[Message, Doc]], names: KnownNames,
    code: Callable[[Message], list[bool]],
) -> list[ExtractedStakeholder]:
    """The people of a decision's window: the authors of ``authors`` (participants), then the
    people the prose of its talk turns mentions (``HANDLE`` and ``PERSON`` entities outside
    ``code``, a message's code mask, and outside inline code; ``names`` joining a mention to the
    words of the name it starts)."""
    found: dict[str, ExtractedStakeholder] = {}
    for message in authors:
        author = person_name(message.author)
        assert author is not None  # callers pass messages written by people
        handle = handle_for(author)
        found.setdefault(handle, ExtractedStakeholder(handle=handle, name=author, role="participant"))
    for message, doc in window_docs:
        # An assistant's or a tool's text is no one's talk about people: the small model tags
        # its bold labels ("**Metadata Handling**: …") and names ("Ring CT") as people, and its
        # "@smoke" is a test's tag, "@Override" an annotation it wrote.
        if message.role in _NOT_PEOPLE_TALK or not doc.ents:
            continue
        mask = code(message)
        named_until = -1  # the end of the last mention read with the words after it
        for ent in doc.ents:
            if ent.start_char < named_until:
                continue  # "Smith" of "@Alice Smith": part of the name the mention already gave
            if ent.label_ not in {"HANDLE", "PERSON"} or _in_code(message.content, ent.start_char, ent.end_char, mask):
                continue
            if ent.label_ == "HANDLE":
                name, named_until = _mentioned(message.content, ent.start_char, ent.end_char, names)
                handle = handle_for(name if " " in name else ent.text)
            elif _written_as_a_name(ent.text.lstrip("@")):
                name, handle = ent.text.lstrip("@"), handle_for(ent.text)
            else:
                continue
            span = TextSpan(seq=message.seq, start=ent.start_char, end=max(ent.end_char, named_until))
            found.setdefault(handle, ExtractedStakeholder(handle=handle, name=name, role="mentioned", span=span))
    return list(found.values())


def _in_code(text: str, start: int, end: int, mask: list[bool]) -> bool:
    """Whether ``text[start:end]`` is code: any of it flagged in ``mask``, or in backticks."""
    return any(mask[start:end]) or inside_inline_code(text, start)
