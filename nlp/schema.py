"""The typed output contract of ``nlp``: conversations in, detections and decisions out.

No spaCy, LLM or database imports here: ``graph`` depends on this module only.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field, field_validator

UNSCOPED_REPOSITORY = ""
"""The repository of a path stated where no repository was known (a chat ingested without
``--repo``): such paths are matched only by reads that name no repository either."""
CANDIDATE = "candidate"
"""The ``ExtractedDecision.status`` of a detection not sure enough to be stored as a decision:
it is stored as a draft, out of every default read, until a person confirms or rejects it."""



def tag_name(tag: str) -> str:
    """A tag as it is stored and matched: trimmed, lower case, one space between words, so
    ``Database``, ``database`` and `` DATABASE `` are one tag on every face."""
    return " ".join(tag.split()).lower()


def tag_names(tags: Sequence[str]) -> tuple[str, ...]:
    """``tags`` as stored: each ``tag_name``d, empty ones dropped, first spelling first."""
    return tuple(dict.fromkeys(name for name in map(tag_name, tags) if name))


TOOL_ROLE = "tool"
"""The ``Message.role`` of a tool call or tool output in a coding-assistant session: kept as
evidence (what was run, which files changed), never a candidate or anchor of a decision."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Message(_Frozen):
    """One message of a conversation, in order.

    Attributes:
        id: Stable id: the source's own, or ``<session>#<seq>``.
        seq: 0-based position in the conversation.
        author: Who wrote it (speaker, user, handle), if known.
        role: ``user``/``assistant``/``system`` for agent sessions, if given; ``tool`` for a
            coding assistant's tool call or tool output, kept as evidence and never scored as
            talk (``TOOL_ROLE``).
        content: The text.
        timestamp: When it was written, if known.
        line: 1-based line in the source file where it starts, for error messages.
        topic: The agenda item or heading it falls under, if any.
        files: The paths a tool call in this message edited, wrote or deleted (an ``Edit`` or
            ``Write`` call, an ``apply_patch``, an aider edit block), as the session named them
            (absolute or relative to its working directory), in order of first mention.
    """

    id: str
    seq: int = Field(ge=0)
    author: str | None = None
    role: str | None = None
    content: str
    timestamp: datetime | None = None
    line: int | None = None
    topic: str | None = None
    files: tuple[str, ...] = ()


class Preceding(_Frozen):
    """What detection needs to know of a session's messages before the part it is given.

    Detection reads a message's neighbours (a bounded window, given as messages) and a few
    tallies of the whole session: how many messages, bare votes and fillers it holds (its
    kind), who speaks most (the chair) and how far along a message stands. An incremental
    ingest hands over the new messages with a window before them; these tallies stand for
    the rest, so that the new messages are scored as they would be in the whole session.

    Attributes:
        messages: Messages before the first one given.
        votes: Of them, bare votes (``nlp.detector_features.is_vote``).
        fillers: Of them, those holding a spoken filler ("um", "mm-hmm").
        authors: Messages per author among them.
        polls: Of them, runs of votes from several people (``nlp.detector_features.polls``).
        prompts: The digests of the user prompts among them (``nlp.resent_prompts``): a prompt
            sent again in a later part is known for one.
    """

    messages: int = Field(default=0, ge=0)
    votes: int = Field(default=0, ge=0)
    fillers: int = Field(default=0, ge=0)
    authors: dict[str, int] = Field(default_factory=dict)
    polls: int = Field(default=0, ge=0)
    prompts: tuple[str, ...] = ()


class Conversation(_Frozen):
    """An ordered list of messages from one source.

    Attributes:
        date: The day the source says it happened (or ``--date``); messages without a
            timestamp of their own carry it.
        date_from: Where that date was read ("front matter", "file name", "--date" …).
        series: The series of meetings or threads the session belongs to, if known.
        series_from: How it was known: "--series" (said by the user), "folder" or "title".
        cwd: The working directory a coding-assistant session ran in, as the session states it
            (the repository is resolved from it later, outside ``nlp``).
        git_branch: The git branch the session ran on, if it states one.
        started_at: When the session's first entry was written, if known.
        ended_at: When its last entry was written, if known.
        preceding: For part of a longer session (an incremental ingest), what came before
            its first message; None for a whole conversation.
    """

    session_id: str
    source_format: str
    path: str | None = None
    title: str | None = None
    messages: tuple[Message, ...]
    date: datetime | None = None
    date_from: str | None = None
    series: str | None = None
    series_from: str | None = None
    cwd: str | None = None
    git_branch: str | None = None
    started_at: datetime | None = None
    ended_at: datetime | None = None
    preceding: Preceding | None = None


class Span(_Frozen):
    """Characters ``start``..``end`` (exclusive) of the message at ``seq``."""

    seq: int
    start: int
    end: int


class Detection(_Frozen):
    """Whether one message states a decision, how sure we are, and why."""

    seq: int
    is_decision: bool
    confidence: float = Field(ge=0.0, le=1.0)
    snippet: str
    signals: tuple[str, ...] = ()
    unit: tuple[int, ...] = ()
    """The messages of the decision unit this message belongs to (a proposal, its votes and
    its conclusion); the unit's anchor is the one with ``is_decision``."""
    statement: Span | None = None
    """On an anchor, the sentence that states the decision when the detector chose one (in a
    spoken meeting the turn it is surest of is often "Right." or a neighbouring remark): the
    sentence of the unit's turns, or of the turns just before it, whose own words the model
    scores highest."""
    is_candidate: bool = False
    """The anchor of a draft: a unit the detector found, scored below the point where its
    kind of source's decisions are reliably real, for a person to confirm (never also
    ``is_decision``)."""


class ExtractedAlternative(_Frozen):
    """An option that was considered and not chosen."""

    option: str
    pros: tuple[str, ...] = ()
    cons: tuple[str, ...] = ()
    why_not_chosen: str | None = None
    span: Span | None = None


class TradeOffs(_Frozen):
    """Pros and cons of the chosen option (seed 000 ``TradeOffs``)."""

    pros: tuple[str, ...] = ()
    cons: tuple[str, ...] = ()
    risks: tuple[str, ...] = ()
    assumptions: tuple[str, ...] = ()


class ExtractedStakeholder(_Frozen):
    """A person or team involved, grounded in the text or a message author."""

    handle: str
    name: str | None = None
    role: str | None = None
    span: Span | None = None


class ExtractedDecision(_Frozen):
    """Every field of seed 000's ``Decision`` that the text supports, with provenance."""

    summary: str
    """What was decided, readable on its own (the stored ``Decision.summary``)."""
    subject: str | None = None
    """What it is about: the agenda item, heading, thread topic or question it answers."""
    context: str | None = None
    rationale: str | None = None
    alternatives: tuple[ExtractedAlternative, ...] = ()
    trade_offs: TradeOffs = TradeOffs()
    stakeholders: tuple[ExtractedStakeholder, ...] = ()
    decision_maker: str | None = None
    related_code: tuple[str, ...] = ()
    related_features: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    pattern: str | None = None
    category: str | None = None
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)
    origin: str = "stated"
    status: str = "active"
    """``active`` (or what the source says: ``proposed``, ``superseded`` …), or ``CANDIDATE``
    for a draft a person has to confirm."""
    status_text: str | None = None
    """The status as the source wrote it ("Accepted ([#1484])", "✅ Done"), when it differs
    from the normalized ``status``."""
    reversibility: str | None = None
    impact: str | None = None
    quality: float | None = Field(default=None, ge=0.0, le=1.0)
    decided_at: datetime | None = None
    messages: tuple[int, ...] = ()
    spans: tuple[Span, ...] = ()
    source_path: str | None = None
    """The file this decision was read from, when a session spans files (an ADR collection)."""

    @field_validator("tags")
    @classmethod
    def _stored_tags(cls, tags: tuple[str, ...]) -> tuple[str, ...]:
        # Every producer (readers, rules, the LLM, a hand-recorded decision) stores tags
        # the one way a filter matches them.
        return tag_names(tags)


class Extraction(_Frozen):
    """What ``nlp`` found in one conversation."""

    conversation: Conversation
    detections: tuple[Detection, ...]
    decisions: tuple[ExtractedDecision, ...]
    warnings: tuple[str, ...] = ()
    """What the caller should tell the user about this run (an LLM rejecting what the
    offline detector is sure of, say)."""


class CommitInfo(_Frozen):
    """One commit of a git repository, as ``ingest-git`` stores it.

    Attributes:
        sha: The full commit id.
        author: The author's name, if any.
        email: The author's e-mail, if any.
        date: When it was authored.
        message: The whole message (subject and body).
        files: Repository-relative paths it changed.
    """

    sha: str
    author: str | None = None
    email: str | None = None
    date: datetime
    message: str
    files: tuple[str, ...] = ()
