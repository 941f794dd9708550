"""What a minutes reader yields, and the record a meeting becomes.

Readers know the markup (a ``<div class="resolution">``, a ``<cite>`` speaker, a markdown
heading); what a line *says* (``PROPOSAL:``, ``q+``, ``scribe: x``) is decided once, for every
format, in ``classify``. So a reader yields an ``Item`` of kind ``message`` for anything
someone said or typed, and a more specific kind only where the markup itself says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypedDict

ItemKind = Literal[
    "message",  # said (scribed) or typed in IRC: a message unless ``classify`` finds a marker in it
    "continuation",  # a "..." line that continues the previous message (or marker)
    "topic",  # an agenda heading
    "proposal",  # PROPOSAL / PROPOSED RESOLUTION: removed, kept label-side
    "resolution",  # RESOLUTION / RESOLVED: removed, becomes a label
    "action",  # ACTION / ISSUE markers and their bot echoes: removed
    "meta",  # scribe, chair, present, agenda, meeting title lines: removed
    "noise",  # queue control, scribe corrections: removed
    "bot",  # lines written by Zakim, RRSAgent, trackbot and the like: removed
]


@dataclass(frozen=True)
class Item:
    """One line (or paragraph) of a minutes file, in file order.

    Attributes:
        kind: What the line is; see ``ItemKind``.
        speaker: Who said or typed it, as the minutes give it ("" when the minutes name nobody,
            e.g. a scribe's own note); ``None`` for items that are not speech.
        text: The text without its speaker and without the marker word (``RESOLUTION:``).
        line: 1-based line of the source file where the item starts.
    """

    kind: ItemKind
    speaker: str | None
    text: str
    line: int


class MessageRecord(TypedDict):
    """One message of a meeting: the detector's only input."""

    speaker: str
    content: str


class TopicRecord(TypedDict):
    """An agenda heading (removed from the messages) and the index of its first message."""

    title: str
    start: int


class ResolutionRecord(TypedDict):
    """One removed RESOLUTION line, with where it stood and what can be said about it."""

    text: str
    position: int
    marker: str
    topic: str | None
    topic_start: int
    proposal: str | None
    routine: bool
    source_line: int
    verbatim_at: int | None
    context_overlap: float
    vote_run: int


class StatsRecord(TypedDict):
    """How many lines of each kind were dropped while building the messages."""

    dropped_marker: int
    dropped_noise: int
    dropped_echo: int
    dropped_bot: int
    proposals: int
    dropped_other: int
    n_messages: int
    n_resolutions: int


class MeetingRecord(TypedDict):
    """One meeting, in the format of the shared ``resolutions/meetings.jsonl``."""

    meeting_id: str
    source_repo: str
    commit: str
    path: str
    group: str
    split: str
    date: str
    title: str
    format: str
    license: str
    messages: list[MessageRecord]
    resolutions: list[ResolutionRecord]
    topics: list[TopicRecord]
    stats: StatsRecord
