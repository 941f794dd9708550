"""What a read may be narrowed to: the one filter every listing, count and search shares."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from nlp.schema import CANDIDATE, UNSCOPED_REPOSITORY

_LUCENE_SPECIAL = re.compile(r'([+\-!(){}\[\]^"~*?:\\/]|&&|\|\|)')
_OPERATORS = re.compile(r"\b(AND|OR|NOT|TO)\b")


def lucene_escape(text: str) -> str:
    """User text as a Lucene query of plain terms: no syntax, so no query can fail on it."""
    escaped = _LUCENE_SPECIAL.sub(r"\\\1", text)
    return _OPERATORS.sub(lambda m: m.group(0).lower(), escaped).strip()


def lucene_all_words(text: str) -> str | None:
    """User text as a Lucene query that every word must match (None: no words)."""
    words = [lucene_escape(word) for word in text.split() if re.search(r"\w", word)]
    return " AND ".join(word for word in words if word) or None


DECISION_STATUSES = ("active", "superseded", "revisited", "proposed", "rejected", "deprecated", CANDIDATE)
"""Every status a decision may have (DESIGN.md, graph model)."""
DECISION_SOURCES = ("conversation", "adr", "agent", "manual")
"""What a decision may come from."""
HISTORY_STATUSES = ("superseded", "deprecated", "rejected")
"""Decisions no longer in force: out of a read unless it asks for history."""
DRAFT_STATUS = CANDIDATE
"""A draft a person has not confirmed (``status: candidate``): out of every read that does
not ask for drafts, the history included."""


def hidden_statuses(include_history: bool = False, include_drafts: bool = False) -> list[str]:
    """The statuses a read leaves out: the one rule every query applies (``$hidden_statuses``),
    so that drafts stay out of search, listings, counts, impact, path checks and export alike
    unless the caller asks for them, and replaced decisions unless it asks for history."""
    hidden = [] if include_history else list(HISTORY_STATUSES)
    return hidden if include_drafts else [*hidden, DRAFT_STATUS]


@dataclass(frozen=True)
class DecisionFilter:
    """Narrows decisions; None means "no filter" for every field.

    Attributes:
        include_history: Also superseded, deprecated and rejected decisions (implied by
            ``statuses``).
        include_drafts: Also drafts (``candidate``): only the review queue and an explicit
            ``--drafts`` / ``includeDrafts`` ask for them; naming the status does not.
        statuses: Any of these statuses.
        tags: At least one of these tags.
        tags_all: Every one of these tags.
        stakeholder: Involves or was decided by this handle (``@alice``).
        since: Decided (or recorded) at or after.
        until: Decided (or recorded) before.
        path_prefix: Affects this file, anything under this directory, or a directory
            that contains it.
        repository: The repository ``path_prefix`` is in (its key; ``''``: paths stated
            where no repository was known). Paths of other repositories never match.
        of_repository: Without a path, only the decisions of this repository (its key): from
            a session about it (ADRs imported from it, its coding sessions) or affecting one
            of its files. Ignored with a path, which ``repository`` qualifies instead.
        feature: Affects this feature key.
        session: Came from this session (an ADR collection is a session too).
        series: Came from a session of this series of meetings.
        source: ``conversation``, ``adr``, ``agent`` or ``manual``.
        text: Words the decision's text or an alternative it considered must match.
        groups: The reader's access groups; None reads without restriction.
    """

    include_history: bool = False
    include_drafts: bool = False
    statuses: tuple[str, ...] | None = None
    tags: tuple[str, ...] | None = None
    tags_all: tuple[str, ...] | None = None
    stakeholder: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    path_prefix: str | None = None
    repository: str = UNSCOPED_REPOSITORY
    of_repository: str | None = None
    feature: str | None = None
    session: str | None = None
    series: str | None = None
    source: str | None = None
    text: str | None = None
    groups: tuple[str, ...] | None = None

    def params(self) -> dict[str, object]:
        """The Cypher parameters every filtering query takes."""
        path = (self.path_prefix or "").strip().rstrip("/") or None
        text = lucene_all_words(self.text) if self.text else None
        return {
            # Asking for statuses by name overrides the current-only default.
            "hidden_statuses": hidden_statuses(self.include_history or bool(self.statuses), self.include_drafts),
            "statuses": _listed(self.statuses),
            "tags": _listed(self.tags),
            "tags_all": _listed(self.tags_all),
            "stakeholder": self.stakeholder,
            "since": self.since,
            "until": self.until,
            "path_prefix": path,
            "path_dir": f"{path}/" if path else None,
            # The directories that contain the path, for an index lookup of decisions about them.
            "path_ancestors": path_ancestors(path) if path else [],
            "repository": self.repository,
            "of_repository": None if path else self.of_repository,
            "feature": self.feature,
            "session": self.session,
            "series": self.series,
            "source": self.source,
            "text": text,
            "groups": list(self.groups) if self.groups is not None else None,
        }


def path_ancestors(path: str) -> list[str]:
    """The directories holding ``path``, as directory File paths: ``a/b/c.py`` → ``a/``, ``a/b/``."""
    return [f"{'/'.join(path.split('/')[:n])}/" for n in range(1, path.count("/") + 1)]


def _listed(values: Sequence[str] | None) -> list[str] | None:
    return list(values) if values else None
