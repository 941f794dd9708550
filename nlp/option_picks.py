"""A reply that picks one of the options the turn before it offered.

Coding assistants settle design questions by offering labelled options and waiting for the
user's pick: "**A.** keep the current routes — **B.** only the home page in the menu", then
the user answers "B" (a brainstorming skill asks a dozen such questions in a row; Claude
Code's question tool does the same). The pick is the decision, the options not picked are
its rejected alternatives, and the option's own line is what was decided: the reply "B" says
nothing on its own. A bare agreement ("可以", "ok") to an offer that recommends exactly one
of its options takes that one.

Only labelled options count: two or more lines that open with consecutive labels from "A"
or "1" ("A.", "**B.**", "- **C. …**", "1)", "方案 2：", "### Option 3"). A numbered list of
steps is the same shape, so the reply must be the label and nothing of its own: "2", "方案
1, 可以", "go with B", not "2 is wrong, try again"; or the option's name word for word, as
Claude Code's question tool answers (its reader writes the question out with lettered options).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from nlp.cue_languages.signals import is_short_agreement as agrees_in_language
from nlp.detector_features import is_short_agreement
from nlp.schema import TOOL_ROLE, Message

_OPTION_LINE = re.compile(
    r"^[ \t]*(?:[-*+][ \t]+)?(?:#{1,6}[ \t]*)?(?:\*\*|__)?[ \t]*"
    r"(?:(?:option|choice|方案|选项)[ \t]*)?(?P<label>[A-H]|[1-9])"
    r"(?:[ \t]*(?:[.)\u3001\uff0e:\uff1a]|\*\*|__)|[ \t]+(?:[-\u2013\u2014]|:))+[ \t]*(?P<text>\S.*)$",
    re.IGNORECASE | re.MULTILINE,
)
"""A line that opens with an option's label: "**A.** …", "- **B. …**", "2) …", "方案 1：…",
"### Option C: …". Letters are read as labels only in capitals ("a. …" is prose's "a")."""
_RECOMMENDED = re.compile(r"推荐|建议|\brecommended\b|\bsuggested\b|\bpreferred\b", re.IGNORECASE)
_MARKUP = re.compile(r"\*\*|__|`")
_RECOMMENDED_MARK = re.compile(r"[ \t]*[(（][ \t]*(?:推荐|建议|recommended|suggested|preferred)[ \t]*[)）]", re.IGNORECASE)
""""（推荐）", "(recommended)" after an option's name: said of it, not part of it."""
_PICK = re.compile(
    r"^(?:(?:let'?s|i'?ll|i will|i'?d|we'?ll)?[ \t]*(?:go|do|pick|choose|take|use)(?:[ \t]+with)?[ \t]+"
    r"|我?(?:选择?|要|用)[ \t]*|就[ \t]*)?"
    r"(?:(?:option|choice|方案|选项)[ \t]*)?(?P<label>[A-Ha-h]|[1-9])(?![A-Za-z0-9])"
    r"(?:[ \t]*(?:方案|选项|吧|就行|就好|好了))?"
    r"(?:[ \t]*[,，、。.!！;；]?[ \t]*(?:可以|好的?|行|ok(?:ay)?|yes|please|thanks|thank you|谢谢|sounds good|looks good))*"
    r"[ \t]*[.。!！]*$",
    re.IGNORECASE,
)
"""A reply that is an option's label and nothing of its own: "B", "方案 1, 可以", "go with B"."""
PICK_CHARS = 40
NAMED_CHARS = 200
"""A reply that is an option's name, word for word, may be as long as an option's name: a
question tool answers with the label it showed ("Rewrite (Recommended)")."""
LOOKBACK = 40
"""How far back a pick looks for the offer it answers: tool calls and their output between
them are passed over (a session's assistant reads files before it asks)."""


@dataclass(frozen=True)
class Option:
    """One labelled option of an offer: its label, its line's text (label and markup taken
    off) and where that text lies in the offering message."""

    label: str
    text: str
    start: int
    end: int
    recommended: bool


@dataclass(frozen=True)
class Pick:
    """A reply that took one of the options of the talk turn before it."""

    offer: Message
    chosen: Option
    others: tuple[Option, ...]


def offered_options(text: str) -> list[Option]:
    """The labelled options ``text`` offers: the first run of two or more lines with
    consecutive labels from "A" or "1"; none when it has no such run."""
    runs: list[list[Option]] = []
    for match in _OPTION_LINE.finditer(text):
        label = match.group("label")
        if label.isalpha() and not label.isupper():
            continue
        option = _option(match, label.upper())
        if option is None:
            continue
        run = runs[-1] if runs else None
        if run is not None and _follows(run[-1].label, option.label):
            run.append(option)
        elif option.label in ("A", "1"):
            runs.append([option])
    return next((run for run in runs if len(run) >= 2), [])


def picked(reply: Message, before: Sequence[Message]) -> Pick | None:
    """The option ``reply`` picks of those the last talk turn in ``before`` offered, if the
    reply is a user's (or, with no roles, anyone's): an option's name word for word, its bare
    label, or a bare agreement to an offer with one recommended option. Tool turns between
    them are passed over."""
    if reply.role in ("assistant", TOOL_ROLE):
        return None
    offer = next((m for m in reversed(before) if m.role != TOOL_ROLE), None)
    if offer is None or offer.role == "user" or (offer.author is not None and offer.author == reply.author):
        return None
    content = reply.content.strip()
    if not content or len(content) > NAMED_CHARS:
        return None
    options = offered_options(offer.content)
    if not options:
        return None
    chosen = _named(content, options) or (_by_label(content, options) if len(content) <= PICK_CHARS else None)
    if chosen is None:
        return None
    return Pick(offer=offer, chosen=chosen, others=tuple(o for o in options if o is not chosen))


def pick_at(messages: Sequence[Message], seq: int) -> Pick | None:
    """The option the message at ``seq`` of ``messages`` picks (``picked``), if any."""
    return picked(messages[seq], messages[max(0, seq - LOOKBACK) : seq])


def _by_label(reply: str, options: Sequence[Option]) -> Option | None:
    """The option whose label ``reply`` names and nothing else ("B", "go with B"), or, for a
    bare agreement, the one option the offer recommends."""
    match = _PICK.match(_MARKUP.sub("", reply))
    if match is not None:
        label = match.group("label").upper()
        return next((o for o in options if o.label == label), None)
    if is_short_agreement(reply) or agrees_in_language(reply):
        recommended = [o for o in options if o.recommended]
        return recommended[0] if len(recommended) == 1 else None
    return None


def _named(reply: str, options: Sequence[Option]) -> Option | None:
    """The option whose name ``reply`` is, word for word (case, markup and a "recommended"
    mark aside)."""
    said = _folded(reply)
    return next((o for o in options if _folded(o.text) == said), None)


def _folded(text: str) -> str:
    return " ".join(_RECOMMENDED_MARK.sub("", _MARKUP.sub("", text)).split()).strip(" .。").casefold()


def _option(match: re.Match[str], label: str) -> Option | None:
    start, end = match.span("text")
    raw = match.group("text")
    # The option's name is its first clause: "粘性页脚（推荐） — 内容少时…" names a sticky
    # footer; the rest argues for it.
    head = re.split(r"[ \t]+[\u2014\u2013-][ \t]+|\*\*[ \t]*[\u2014\u2013:-]", raw, maxsplit=1)[0]
    text = _RECOMMENDED_MARK.sub("", _MARKUP.sub("", head)).strip(" \t*:：")
    if not text:
        return None
    return Option(label=label, text=text, start=start, end=start + len(head.rstrip(" \t*")),
                  recommended=bool(_RECOMMENDED.search(raw)))


def _follows(previous: str, label: str) -> bool:
    return ord(label) == ord(previous) + 1
