"""Items of one minutes file → the messages and the resolution labels of the shared format.

Markers are removed from the discussion. A resolution is anchored at ``position``: the last
message before the place its line stood (−1 if none). What the label also says about the
resolution (``vote_run``, ``verbatim_at``, ``context_overlap``, ``routine``) is computed by the
functions below, with the definitions given in ``eval/w3c/README.md``; the vote definition
reproduces the shared data's ``vote_run`` on all 503 of its resolutions.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from nlp.evaluation.w3c_build.classify import classify
from nlp.evaluation.w3c_build.model import Item, MessageRecord, ResolutionRecord, StatsRecord, TopicRecord

VOTE = re.compile(r"^\s*(?:[+\-\u2212]\s?\d+(?:\.\d+)?|0(?:\.\d+)?)(?!\d)")
VOTE_MAX_CHARS = 60
"""A vote with a comment longer than this is discussion, not a bare vote."""
VERBATIM_RATIO = 0.85
ECHO_RATIO = 0.9
_WORD = re.compile(r"[a-z0-9]+(?:['’\-][a-z0-9]+)*")
_URL = re.compile(r"https?://\S+|www\.\S+")
_ROUTINE = re.compile(r"\bminutes?\b", re.I)
_APPROVAL = re.compile(r"\b(?:approv|accept|adopt|publish|ratif|confirm|agree|no objection|are (?:fine|good|ok))", re.I)
STOPWORDS = frozenset(
    """a about above after again against all also am an and any are as at be because been before being below between both
    but by can could did do does doing down during each either few for from further had has have having he her here hers
    him his how i if in into is it its itself just let lets me more most my no nor not now of off on once only or other
    our ours out over own per same she should so some such than that the their theirs them then there these they this
    those through to too under until up upon us very via was we were what when where which while who whom why will with
    would you your yours""".split()
)


@dataclass
class _Open:
    """A topic or marker whose "..." continuations may still follow."""

    kind: str
    index: int


@dataclass
class Assembly:
    """A meeting's messages, resolutions and topics, and what was dropped to get them."""

    messages: list[MessageRecord] = field(default_factory=list)
    resolutions: list[ResolutionRecord] = field(default_factory=list)
    topics: list[TopicRecord] = field(default_factory=list)
    proposals: int = 0
    dropped: dict[str, int] = field(default_factory=lambda: {"marker": 0, "noise": 0, "echo": 0, "bot": 0, "other": 0})

    def stats(self) -> StatsRecord:
        """The counts in the shared record's ``stats`` shape."""
        return StatsRecord(
            dropped_marker=self.dropped["marker"],
            dropped_noise=self.dropped["noise"],
            dropped_echo=self.dropped["echo"],
            dropped_bot=self.dropped["bot"],
            proposals=self.proposals,
            dropped_other=self.dropped["other"],
            n_messages=len(self.messages),
            n_resolutions=len(self.resolutions),
        )


def assemble(items: Iterable[Item]) -> Assembly:
    """The messages and labelled resolutions of one meeting, from its items in file order."""
    out = Assembly()
    topic: str | None = None
    topic_start = 0
    proposal: str | None = None
    put: list[str] = []  # proposals and resolutions put in this topic, to spot messages that re-paste them
    last: _Open | None = None
    for item in map(classify, items):
        if item.kind == "continuation":
            if last is not None and last.kind == "proposal" and proposal is not None and item.text:
                proposal = f"{proposal} {item.text}"
                put[-1] = proposal
            _continue(out, last, item.text)
            continue
        last = None
        if item.kind == "topic":
            topic, topic_start, proposal, put = item.text or None, len(out.messages), None, []
            out.topics.append(TopicRecord(title=item.text, start=topic_start))
        elif item.kind == "proposal":
            out.proposals += 1
            proposal = item.text
            put.append(item.text)
            last = _Open("proposal", -1)
        elif item.kind == "resolution":
            out.resolutions.append(_resolution(item, len(out.resolutions) + 1, len(out.messages) - 1, topic, topic_start, proposal))
            put.append(item.text)
            last = _Open("resolution", len(out.resolutions) - 1)
        elif item.kind == "message":
            if _echoes(item.text, put):
                out.dropped["echo"] += 1
                continue
            out.messages.append(MessageRecord(speaker=(item.speaker or "").replace("_", " "), content=item.text))
            last = _Open("message", len(out.messages) - 1)
        elif item.kind == "action":
            out.dropped["marker"] += 1
        elif item.kind in ("noise", "bot"):
            out.dropped[item.kind] += 1
        else:
            out.dropped["other"] += 1
    for resolution in out.resolutions:
        _describe(resolution, out.messages)
    return out


def _continue(out: Assembly, last: _Open | None, text: str) -> None:
    if last is None or not text:
        return
    if last.kind == "message":
        message = out.messages[last.index]
        message["content"] = f"{message['content']} {text}".strip()
    elif last.kind == "resolution":
        resolution = out.resolutions[last.index]
        resolution["text"] = f"{resolution['text']} {text}".strip()


def _resolution(item: Item, number: int, position: int, topic: str | None, topic_start: int, proposal: str | None) -> ResolutionRecord:
    return ResolutionRecord(
        text=item.text,
        position=position,
        marker=f"Resolution#{number}",
        topic=topic,
        topic_start=topic_start,
        proposal=proposal,
        routine=False,
        source_line=item.line,
        verbatim_at=None,
        context_overlap=0.0,
        vote_run=0,
    )


def _describe(resolution: ResolutionRecord, messages: Sequence[MessageRecord]) -> None:
    position, start = resolution["position"], resolution["topic_start"]
    resolution["vote_run"] = vote_run(messages, position)
    resolution["verbatim_at"] = verbatim_at(resolution["text"], messages, start, position)
    resolution["context_overlap"] = context_overlap(resolution["text"], messages[start : position + 1])
    resolution["routine"] = is_routine(resolution["text"])


def is_vote(content: str) -> bool:
    """A bare vote: "+1", "0", "-1", "+0.5", with at most a short comment after it."""
    return len(content) <= VOTE_MAX_CHARS and bool(VOTE.match(content))


def vote_run(messages: Sequence[MessageRecord], position: int) -> int:
    """How many bare votes stand immediately before and at ``position``."""
    count = 0
    index = position
    while index >= 0 and is_vote(messages[index]["content"]):
        count += 1
        index -= 1
    return count


def content_words(text: str) -> set[str]:
    """Lower-cased words of three letters or more, without URLs and English function words."""
    return {w for w in _WORD.findall(_URL.sub(" ", text.lower())) if len(w) >= 3 and w not in STOPWORDS}


def context_overlap(text: str, context: Sequence[MessageRecord]) -> float:
    """Share of the resolution's content words that occur in the messages of its topic up to it."""
    words = content_words(text)
    if not words:
        return 0.0
    seen: set[str] = set()
    for message in context:
        seen |= content_words(message["content"])
    return round(len(words & seen) / len(words), 2)


def _normal(text: str) -> str:
    return " ".join(_WORD.findall(_URL.sub(" ", text.lower())))


def verbatim_at(text: str, messages: Sequence[MessageRecord], start: int, position: int) -> int | None:
    """The latest message of the topic (≤ ``position``) that states the resolution almost word for word."""
    target = _normal(text)
    if len(target.split()) < 3:
        return None
    for index in range(position, max(start, 0) - 1, -1):
        if _similar(target, _normal(messages[index]["content"]), VERBATIM_RATIO):
            return index
    return None


def _similar(a: str, b: str, ratio: float) -> bool:
    """``SequenceMatcher`` ratio at least ``ratio``, its cheap upper bounds tried first."""
    matcher = SequenceMatcher(None, a, b)
    return matcher.real_quick_ratio() >= ratio and matcher.quick_ratio() >= ratio and matcher.ratio() >= ratio


def is_routine(text: str) -> bool:
    """Approving the minutes of an earlier meeting."""
    return bool(_ROUTINE.search(text) and _APPROVAL.search(text)) or bool(re.fullmatch(r"\s*\S*/minutes\S*\s*", text, re.I))


def _echoes(content: str, put: Sequence[str]) -> bool:
    """A message that re-pastes a proposal or resolution already put in this topic."""
    if is_vote(content):
        return False
    normal = _normal(content)
    if len(normal.split()) < 4:
        return False
    return any(_similar(normal, _normal(earlier), ECHO_RATIO) for earlier in put)
