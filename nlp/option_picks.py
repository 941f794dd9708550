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
A menu of the assistant's own next steps ("Would you like me to: 1. investigate the 404 …")
offers tasks, not designs: a pick from it is no decision.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

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
_NEXT_STEPS = re.compile(
    r"\b(?:would you like me to|do you want me to|want me to|shall i|should i|how (?:would|do) you (?:like|want) to proceed)\b"
    r"|需要我|要我",
    re.IGNORECASE,
)
"""An offer of the assistant's own next steps ("Would you like me to: 1. investigate the 404
2. continue with another task 3. stop the servers"): what it does next, not how the code
should be. A pick among them is a task, not a decision."""
NEXT_STEPS_CHARS = 200
"""How far before its first option an offer is read for ``_NEXT_STEPS``."""
_AGREEMENT = re.compile(
    r"^\W*(?:ok(?:ay)?|yes|yep|sure|sounds good|looks good|lgtm|agreed|fine|go ahead|可以|好的?|行|同意|没问题|就这样)\W*$",
    re.IGNORECASE,
)
"""A reply that agrees and says nothing else ("ok", "可以"): it takes the one recommended option.
"好，更新推送" asks for something of its own."""
PICK_CHARS = 40
_SENTENCE_END = re.compile(r"(?<=[.!])\s+|(?<=[\u3002\uff01])\s*")
"""Where a sentence ends: "." or "!" before a space ("main.css" goes on), "。" or "！" anywhere."""
QUESTION_CHARS = 200
"""A longer line before the options is an explanation, not the question they answer."""
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
    question: str | None = None
    """The question the options answer, when the line before them asks one."""


def offered_options(text: str) -> list[Option]:
    """The labelled options ``text`` offers last: the last of its runs (``option_runs``), or
    none."""
    runs = option_runs(text)
    return list(runs[-1]) if runs else []


@lru_cache(maxsize=256)
def option_runs(text: str) -> tuple[tuple[Option, ...], ...]:
    """Each run of two or more lines of ``text`` with consecutive labels from "A" or "1", in
    order: a turn may report in one ("1. the server started, 2. …") and ask in the next, or
    compare approaches ("方案 A …（推荐）", "方案 B …") and then lay out the one it recommends."""
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
    # Cached (and so immutable): units form twice per conversation, decisions then drafts, and
    # each short reply reads the offer before it again.
    return tuple(tuple(run) for run in runs if len(run) >= 2)


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
    # The reply answers the last question: a run that offers the assistant's next steps ends
    # the search; a run it does not name (a layout after the compared approaches) is passed.
    for options in reversed(option_runs(offer.content)):
        if _NEXT_STEPS.search(offer.content[max(0, options[0].start - NEXT_STEPS_CHARS) : options[0].start]):
            return None
        chosen = _named(content, options) or (_by_label(content, options) if len(content) <= PICK_CHARS else None)
        if chosen is not None:
            others = tuple(o for o in options if o is not chosen)
            return Pick(offer=offer, chosen=chosen, others=others, question=_asked_before(offer.content, options[0].start))
    return None


def pick_at(messages: Sequence[Message], seq: int) -> Pick | None:
    """The option the message at ``seq`` of ``messages`` picks (``picked``), if any."""
    return picked(messages[seq], messages[max(0, seq - LOOKBACK) : seq])


def _asked_before(text: str, start: int) -> str | None:
    """The last line said before ``start`` when it asks ("**What goes in the menu**?"), without
    its markup and question mark: what the options are the answers to."""
    before = text[:start].rpartition("\n")[0]  # the lines before the option's own
    said = [line for line in before.splitlines() if line.strip()]
    if not said:
        return None
    line = _MARKUP.sub("", said[-1]).strip(" \t-*#>")
    if not line.endswith(("?", "\uff1f")):
        return None
    asked = _SENTENCE_END.split(line)[-1].rstrip("?\uff1f ").strip()  # "I read the routes. Which menu?"
    return asked if 0 < len(asked) <= QUESTION_CHARS else None


def _by_label(reply: str, options: Sequence[Option]) -> Option | None:
    """The option whose label ``reply`` names and nothing else ("B", "go with B"), or, for a
    bare agreement, the one option the offer recommends."""
    match = _PICK.match(_MARKUP.sub("", reply))
    if match is not None:
        label = match.group("label").upper()
        return next((o for o in options if o.label == label), None)
    if _AGREEMENT.match(reply):
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
