"""What a face hands the journal facade: neutral requests, as the user spelled them.

Faces parse their own syntax (command-line options, GraphQL inputs, MCP arguments, a dict
of the Python API) into these types and nothing more: handles, tags, dates and statuses
are normalised once, by ``api.usecases.normalise``, not by each face.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Literal

from api.errors import ApiError

When = datetime | date | str
"""An instant or a day as a user gives it: ``2024-05-01``, ``2024-05-01T10:00:00+02:00``, a
``date`` or a ``datetime`` (one without a zone is UTC)."""


class InvalidRequest(ApiError):
    """A request the journal cannot carry out as asked (a bad date or status, an unknown
    repository); ``field`` names the argument at fault."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class Refused(ApiError):
    """The caller may not do this (write without the scope, groups it is not in, a session
    outside its groups)."""


class SessionGroupsFixed(InvalidRequest):
    """A write asked for access groups other than those its existing session has: a
    session's groups are fixed when it is created."""

    def __init__(self, session: str, existing: Sequence[str]) -> None:
        super().__init__(
            f"session {session!r} already exists with access groups {sorted(existing)}; "
            "a session's groups are fixed when it is created", field="accessGroups",
        )
        self.session = session
        self.existing = tuple(existing)


@dataclass(frozen=True)
class Caller:
    """Who asks the facade: the groups it reads (None: every group) and whether it may write.

    The HTTP faces make one from a bearer token; the local faces (CLI, MCP over stdio, the
    Python API) from ``[auth] local_groups`` (unset: the local user reads every group).
    """

    name: str
    groups: tuple[str, ...] | None = None
    can_write: bool = True

    def may_assign(self, groups: Sequence[str]) -> bool:
        """Whether it may put a session into exactly these access groups."""
        return self.groups is None or set(groups) <= set(self.groups)

    def may_write_to(self, existing: Sequence[str]) -> bool:
        """Whether it may add to a session that has these access groups (an open session,
        or one sharing a group with it)."""
        return self.groups is None or not existing or bool(set(existing) & set(self.groups))


LOCAL_USER = Caller("local user")
"""The owner of the local journal: reads every group, may write."""


@dataclass(frozen=True)
class DecisionQuery:
    """A question and the filters that narrow its answer, as the user spelled them.

    Attributes:
        text: The question or words to search for ("why did we choose PostgreSQL?"); empty:
            the filters alone choose, newest first.
        tags: At least one of these tags (any case).
        tags_all: Every one of these tags (any case).
        stakeholder: A person: ``alice``, ``@alice``, ``Alice`` or one of their aliases.
        since: Decided at or after (a day means its start).
        until: Decided before (a day means its start: ``until 2024-05-01`` ends with April).
        statuses: Any of these statuses (any case).
        path: A file or directory the decision affects (or a directory holding it).
        repository: The repository ``path`` is in: a key, a name or a remote URL; None or
            ``''``: paths stated where no repository was known.
        feature, session, series, source: As ``graph.filters.DecisionFilter``.
        words: Words the decision's text must contain (full-text), beside ``text``.
        include_history: Also superseded, deprecated and rejected decisions.
        include_drafts: Also drafts awaiting review.
        limit: At most this many answers.
    """

    text: str = ""
    tags: Sequence[str] = ()
    tags_all: Sequence[str] = ()
    stakeholder: str | None = None
    since: When | None = None
    until: When | None = None
    statuses: Sequence[str] = ()
    path: str | None = None
    repository: str | None = None
    feature: str | None = None
    session: str | None = None
    series: str | None = None
    source: str | None = None
    words: str | None = None
    include_history: bool = False
    include_drafts: bool = False
    limit: int = 10


@dataclass(frozen=True)
class SessionQuery:
    """Which sessions to list (what the journal has read), as the user spelled them.

    Attributes:
        series: Of this series of meetings.
        source: Of this format: transcript, claude-code, aider, adr, agent, manual… (any case).
        repository: About this repository: its key, name or remote URL.
        offset: Skip this many (newest first).
        limit: At most this many.
    """

    series: str | None = None
    source: str | None = None
    repository: str | None = None
    offset: int = 0
    limit: int = 20


@dataclass(frozen=True)
class ChainRequest:
    """How the decision ``decision_id`` (any member of its chain) evolved, as of ``as_of``."""

    decision_id: str
    as_of: When | None = None


@dataclass(frozen=True)
class SourceRequest:
    """A conversation or decision document to ingest: a file (``path``) or its text (``text``).

    Attributes:
        session: The session id (default: the file's name; required with ``text``).
        fmt: A reader format, or ``auto``.
        date: The day of messages without a time of their own.
        series: The series of meetings the session belongs to.
        access_groups: Who may read the session (None: the caller's own groups, or open for
            the local user). Fixed when the session is created.
        drafts: True: store every detection as a draft for a person to confirm (``ingest
            --drafts``); False: sure detections are decisions (``--no-drafts``); None: as the
            session's last ingest that chose (drafts only when it asked for them). A choice is
            remembered on the session.
    """

    path: Path | None = None
    text: str | None = None
    session: str | None = None
    fmt: str = "auto"
    date: When | None = None
    series: str | None = None
    access_groups: Sequence[str] | None = None
    drafts: bool | None = None


@dataclass(frozen=True)
class ReviewAction:
    """A verdict on a draft: ``confirm`` (``summary`` replaces its sentence when given) or
    ``reject`` (``reason`` kept with the label)."""

    kind: Literal["confirm", "reject"]
    draft_id: str
    summary: str | None = None
    reason: str | None = None
