"""How a user's spelling becomes the journal's one meaning: handles, tags, statuses, dates.

Every face hands the facade what the user typed; these functions are the only place it is
turned into the graph's terms, so that ``alice``, ``@alice`` and ``Alice`` are one person,
``Database`` and ``database`` one tag, and ``2024-05-01`` the same instant, on every face.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, time

from api.usecases.requests import DecisionQuery, InvalidRequest, When
from graph.filters import DECISION_SOURCES, DECISION_STATUSES, DecisionFilter
from nlp.schema import UNSCOPED_REPOSITORY, handle_for, tag_names


def handle(name: str | None) -> str | None:
    """A person as the graph keys them: ``alice``, ``@alice``, ``Alice`` → ``@alice``
    (None or blank: no person)."""
    if name is None or not name.strip():
        return None
    return handle_for(name.strip())


def tags(values: Sequence[str] | None) -> tuple[str, ...] | None:
    """Tags as stored (lower case, trimmed), or None when none are given."""
    return tag_names(values or ()) or None


def statuses(values: Sequence[str] | None) -> tuple[str, ...] | None:
    """Statuses in lower case, or None when none are given.

    Raises:
        InvalidRequest: A status the journal does not know.
    """
    wanted = tuple(dict.fromkeys(v.strip().lower() for v in values or () if v.strip()))
    unknown = [s for s in wanted if s not in DECISION_STATUSES]
    if unknown:
        raise InvalidRequest(
            f"unknown status {unknown[0]!r}; choose from {', '.join(DECISION_STATUSES)}", field="status"
        )
    return wanted or None


def source(value: str | None) -> str | None:
    """A decision source in lower case (None: any).

    Raises:
        InvalidRequest: A source the journal does not know.
    """
    if value is None or not value.strip():
        return None
    wanted = value.strip().lower()
    if wanted not in DECISION_SOURCES:
        raise InvalidRequest(f"unknown source {value!r}; choose from {', '.join(DECISION_SOURCES)}", field="source")
    return wanted


def instant(value: When | None, field: str = "date") -> datetime | None:
    """An instant in UTC-aware form: a day is its start (00:00 UTC), a time without a zone is UTC.

    Raises:
        InvalidRequest: Text that is not an ISO date or date-time.
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.strip())
        except ValueError:
            raise InvalidRequest(f"{field}: {value!r} is not an ISO date (2024-05-01) or date-time", field=field) from None
    if not isinstance(value, datetime):  # a date
        value = datetime.combine(value, time(), tzinfo=UTC)
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def text(value: str | None) -> str | None:
    """Optional text, trimmed; blank is None."""
    return value.strip() if value is not None and value.strip() else None


def decision_filter(query: DecisionQuery, repository: str = UNSCOPED_REPOSITORY,
                    groups: tuple[str, ...] | None = None) -> DecisionFilter:
    """The graph filter for ``query``, read by a caller of ``groups``, its path in the
    repository of key ``repository`` (the facade resolves names to keys).

    Raises:
        InvalidRequest: A bad status, source or date.
    """
    return DecisionFilter(
        include_history=query.include_history,
        include_drafts=query.include_drafts,
        statuses=statuses(query.statuses),
        tags=tags(query.tags),
        tags_all=tags(query.tags_all),
        stakeholder=handle(query.stakeholder),
        since=instant(query.since, "since"),
        until=instant(query.until, "until"),
        path_prefix=text(query.path),
        repository=repository,
        of_repository=repository if text(query.repository) and not text(query.path) else None,
        feature=text(query.feature),
        session=text(query.session),
        series=text(query.series),
        source=source(query.source),
        text=text(query.words),
        groups=groups,
    )


def access_groups(values: Sequence[str]) -> tuple[str, ...]:
    """Access groups as a session stores them: trimmed, without blanks or repeats."""
    return tuple(dict.fromkeys(g.strip() for g in values if g.strip()))

