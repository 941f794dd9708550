"""What a scribed line says, whatever format it came in: a marker, a command, or discussion.

The rules follow the shared data's README ("How it was made"): RESOLUTION/RESOLVED lines
become labels; PROPOSAL/PROPOSED lines (also DRAFT/MODIFIED … PROPOSAL, upper-case PROPOSAL
without a colon, a quoted ``"PROPOSAL: …``) are removed; so are ACTION lines, topic headings,
present/regrets/scribe/chair/agenda/date lines, queue control (``q+``, ``ack``), scribe
corrections (``s/…/…/``) and lines of the IRC bots. Votes (``+1``, ``0``, ``-1``) stay: they are
part of the discussion.
"""

from __future__ import annotations

import re

from nlp.evaluation.w3c_build.model import Item

BOTS = frozenset(
    {"zakim", "rrsagent", "trackbot", "github-bot", "agendabot", "ghurlbot", "gb", "scribejs", "irccloud", "voip", "voip-ld", "ericp-bot"}
)
"""IRC bots and bridges whose lines are never discussion."""

# Markdown and quoting that can wrap a marker: "**RESOLUTION:** …", "> RESOLVED: …", "[Resolved: …](…)".
_WRAPPER = r"[\s>*_`\[#\"'“(-]*"
_RESOLUTION = re.compile(_WRAPPER + r"(?:resolution|resolved)\s*(?:#\s*\d+\s*)?(?:\*\*|__|\*|_)?\s*[:\-–—]\s*(?P<text>.*)$", re.I | re.S)
_PROPOSAL = re.compile(
    _WRAPPER
    + r"(?:(?:draft|modified|amended|revised|new|updated|alternate|alternative|counter|friendly|straw|strawman|edited)[\s-]*)?"
    + r"(?:proposal|proposed(?:\s+(?:resolution|issue|action|decision))?|propose|propo[a-z]{0,4}d)"
    + r"\s*(?:#?\s*\d+\s*)?(?:\*\*|__|\*|_)?\s*[:\-–—]\s*(?P<text>.*)$",
    re.I | re.S,
)
_PROPOSAL_BARE = re.compile(r"[\s>*_\"“]*PROPOSAL\b[\s*_]*(?P<text>\S.*)$", re.S)
"""Upper-case PROPOSAL without a colon: "PROPOSAL close issue 12"."""
_ACTION = re.compile(_WRAPPER + r"(?:(?i:action)(?:[\s-]*\d+)?|ISSUE(?:-\d+)?)\s*(?:\*\*|\*)?\s*[:\-]\s*")
_TOPIC = re.compile(_WRAPPER + r"(?:sub[\s-]?)?topic\s*(?:\*\*|\*|_)?\s*[:\-]\s*(?P<text>.*)$", re.I | re.S)
_META = re.compile(
    _WRAPPER
    + r"(?:scribe|scribenick|scribes|scribe\(s\)|chair|chairs|present|regrets|regret|agenda|meeting|date|guests?|"
    + r"attendees|attending|absent|invited guests|special guests|previous meeting|next meeting|minutes|log|irc|"
    + r"github|github-issue|issue-link|audio log|topic list|call-in|dial-in|zoom|webex|recording)"
    + r"\s*(?:\*\*|\*|_)?\s*(?::|[+-](?=\s|$))",
    re.I,
)
_NOISE = re.compile(
    r"^(?:q\s*[+\-?]|q\s*(?:later|now)|queue\s*[+\-=?]|ack\b|ackn?\s+\w+|present\s*[+\-]|[+\-]\s*present\b|"
    r"(?:zakim|rrsagent|trackbot|github-bot|agendabot|ghurlbot)\b|agenda\s*[+\-](?!\w)|"
    r"(?:open|close|take up|next|move to)\s+(?:agend(?:um|a)\s*|item\s*)\d*|"
    r"[sSiI]/.+/.*/?[gG]?$|scribe\s*[+\-]\s*\S*$|scribenick\s*[+\-]|present\W*$|"
    r"\.\.\.\s*$|…\s*$)",
    re.I,
)
_IRC_LINE = re.compile(r"^<([^<>=\"/]{1,60})>\s?(.*)$", re.S)
"""A pasted IRC line, "<nick> text", that the minutes left without a speaker."""
_MARKUP_ONLY = re.compile(r"^(?:<[^<>]*>\s*)+$")
"""A line that is only HTML tags (anchors left in hand-kept markdown)."""
_VOTE_AS_SPEAKER = re.compile(r"^[+\-\u2212]?\s?\d+(?:\.\d+)?$")
_SCRIBING = re.compile(
    r"^(?:[\w .'-]{1,60} is scribing\.?|"
    r"[\w.'()\[\]/-]+(?: [\w.'()/-]+){0,3} (?:has joined|has left|has quit|joins|leaves|left|joined)"
    r"(?: #\S+| the (?:call|conference|channel|meeting))?\.?(?: \(.*\))?)$",
    re.I,
)


def classify(item: Item) -> Item:
    """The item with its kind settled from its text, for readers' ``message`` items.

    A message that is a marker loses the marker word (the label keeps the text after it).
    Items a reader already typed by markup are returned unchanged, except that a marker's
    text is stripped of a repeated marker word ("RESOLUTION: RESOLVED: …").
    """
    if item.kind in ("resolution", "proposal"):
        return Item(item.kind, item.speaker, strip_marker(item.text), item.line)
    if item.kind != "message":
        return item
    speaker = (item.speaker or "").strip()
    text = item.text.strip()
    if _VOTE_AS_SPEAKER.match(speaker):
        # "+1: looks good" was read as speaker "+1" by the scribe tool: it is an unattributed vote.
        speaker, text = "", f"{speaker}: {text}"
    if not speaker and (irc := _IRC_LINE.match(text)):
        speaker, text = irc[1], irc[2].strip()
    if speaker.lower().strip("<>@") in BOTS:
        return Item("bot", speaker, text, item.line)
    if not text:
        return Item("noise", speaker, text, item.line)
    if match := _RESOLUTION.match(text):
        return Item("resolution", speaker, _tidy(match["text"]), item.line)
    if (match := _PROPOSAL.match(text)) or (match := _PROPOSAL_BARE.match(text)):
        return Item("proposal", speaker, _tidy(match["text"]), item.line)
    if _ACTION.match(text):
        return Item("action", speaker, text, item.line)
    if match := _TOPIC.match(text):
        return Item("topic", None, _tidy(match["text"]), item.line)
    if _NOISE.match(text) or _MARKUP_ONLY.match(text):
        return Item("noise", speaker, text, item.line)
    if _META.match(text) or _SCRIBING.match(text):
        return Item("meta", speaker, text, item.line)
    return Item("message", speaker, text, item.line)


def strip_marker(text: str) -> str:
    """A marker's text without a marker word left at its start."""
    text = text.strip()
    for pattern in (_RESOLUTION, _PROPOSAL):
        if match := pattern.match(text):
            return _tidy(match["text"])
    return _tidy(text)


def _tidy(text: str) -> str:
    """Drop the markdown emphasis left around a marker's text ("**RESOLUTION: x**" → "x")."""
    text = text.strip()
    text = re.sub(r"^(?:\*\*|__|\*|_|`)+\s*", "", text)
    text = re.sub(r"\s*(?:\*\*|__|`)+\s*$", "", text)
    if text.endswith("*") and text.count("*") % 2 == 1:
        text = text[:-1].rstrip()
    return text.strip()
