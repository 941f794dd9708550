"""The typed output contract of ``nlp``: conversations in, detections and decisions out.

No spaCy, LLM or database imports here: ``graph`` depends on this module only.
"""

from __future__ import annotations

import re
import unicodedata
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


UNKNOWN_PERSON = "@unknown"
"""The handle of a name with no letter or digit in it: nobody can be told apart by it."""
_LATIN_BASE = re.compile(r"LATIN (?:SMALL|CAPITAL) (?:LETTER|LIGATURE) (?:DOTLESS )?([A-Z]{1,2})(?: WITH .+)?")
"""A Latin letter's Unicode name that says which letter(s) it is written with: L WITH STROKE
(ł), O WITH STROKE (ø), AE (æ), LIGATURE OE (œ), DOTLESS I (ı)."""
_TYPED_KEEPS = "._-"
"""What a name written as a handle (``@alice.smith``) keeps as it is, as chat handles have it."""


def handle_for(name: str) -> str:
    """A person's handle: the key they are stored under and matched by on every face.

    ``Alice Smith`` → ``@alice-smith``, ``Niklas Lindström`` → ``@niklas-lindstrom``,
    ``王小明`` → ``@王小明``, ``Иван Петров`` → ``@иван-петров``. Letters and digits of any
    script are kept, lower case. A Latin letter becomes the letter it is written with, so
    that ``Lindström`` and ``Lindstrom`` are one person: its diacritics go (NFKD), and a letter
    NFKD does not split goes by the letter(s) its Unicode name gives (``ł`` → l, ``ø`` → o,
    ``đ`` → d, ``æ`` → ae, ``ı`` → i; ``ß`` → ss by case folding); one that is a letter of its
    own (``þ``, ``ð``, ``ə``) stays as it is. Letters of other scripts stay as written, their
    marks (a Devanagari vowel sign, a Cyrillic ``й``) with them. A run of anything else is
    one ``-``. A name written as a handle (``@alice.smith``) is read the same way but keeps
    its ``.``, ``_`` and ``-``. Only a name with no letter or digit at all is ``@unknown``.
    """
    typed = name.startswith("@")
    keeps = _TYPED_KEEPS if typed else ""
    parts: list[str] = []
    script = ""  # of the last letter kept, whose marks follow it: "latin", "other" or none
    for char in unicodedata.normalize("NFKC", name[1:] if typed else name).lower():
        kind = unicodedata.category(char)[0]
        if kind == "M" and script:
            if script == "other":  # a Latin letter's marks are its diacritics, folded away
                parts.append(char)
        elif kind in "LN":
            latin = unicodedata.name(char, "").startswith("LATIN ")
            parts.append(_latin_base(char) if latin else char)
            script = "latin" if latin else "other"
        else:
            parts.append(char if char in keeps else " ")
            script = ""
    slug = re.sub(r" +", "-", "".join(parts)).strip("-." if typed else "-")
    if not any(unicodedata.category(char)[0] in "LN" for char in slug):
        return UNKNOWN_PERSON
    return f"@{slug}"


def handle_length(text: str) -> int:
    """How long the handle is that ``text`` starts with, as people write one in chat or a
    question: "@", a letter of any script, then letters, digits and marks of any script,
    ".", "_" and "-" (``@alice.smith``, ``@王小明``, ``@हिन्दी``); 0 when it starts with none."""
    if len(text) < 2 or text[0] != "@" or unicodedata.category(text[1])[0] != "L":
        return 0
    end = 2
    while end < len(text) and (unicodedata.category(text[end])[0] in "LMN" or text[end] in _TYPED_KEEPS):
        end += 1
    return end


def _latin_base(letter: str) -> str:
    """The letter(s) a lower-case Latin letter is written with: é → e, ß → ss, ł → l, æ → ae;
    itself when it is a letter of its own (þ, ə)."""
    folded = "".join(c for c in unicodedata.normalize("NFD", letter.casefold()) if unicodedata.category(c)[0] != "M")
    if folded != letter:
        return folded
    named = _LATIN_BASE.fullmatch(unicodedata.name(letter, ""))
    return named.group(1).lower() if named else letter


TOOL_ROLE = "tool"
"""The ``Message.role`` of a tool call or tool output in a coding-assistant session: kept as
evidence (what was run, which files changed), never a candidate or anchor of a decision."""
SESSION_ROLES = frozenset({"user", "assistant", "system", TOOL_ROLE})
"""The roles a coding-assistant session's turns are spoken in. Its readers (Claude Code, Codex,
aider, SpecStory, a chat JSONL of ``role`` only) know no one's name and write the role as the
author, so a role written as an author is one of every developer's sessions and every
assistant: no one in particular."""


def person_name(author: str | None) -> str | None:
    """The name of the person ``author`` names, or None: no author, or a role a session speaks
    in (``SESSION_ROLES``, any case) rather than a name. Only a person is a decision's
    decider or stakeholder; a session's user and its assistant are neither."""
    if author is None or not author.strip() or author.strip().casefold() in SESSION_ROLES:
        return None
    return author


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
    people: tuple[str, ...] = ()
    """Names the source lists for the people it may mention, beyond its authors (a Slack
    export's ``users.json``): "@Alice Smith" names Alice Smith when she is one of them."""


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
