"""GraphQL inputs and enums, and how they become the graph layer's filter."""

from __future__ import annotations

from datetime import datetime

import strawberry

from api.usecases.requests import DecisionQuery
from graph.listing import AggregateBy, DecisionOrder

# strawberry.enum marks the graph layer's enums as GraphQL enums in place and returns the same
# classes; the aliases keep the GraphQL names visible where resolvers take them.
strawberry.enum(DecisionOrder, name="DecisionOrderBy", description="How a list of decisions is sorted.")
strawberry.enum(AggregateBy, name="AggregateBy", description="What decisions are counted by.")
DecisionOrderBy = DecisionOrder
AggregateKey = AggregateBy


@strawberry.input(description="Narrows decisions. Every field is optional; given fields must all hold.")
class DecisionWhere:
    status_in: list[str] | None = strawberry.field(default=None, description="Any of these statuses (active, superseded, revisited, proposed, rejected, deprecated; candidate with includeDrafts).")
    tags_any: list[str] | None = strawberry.field(default=None, description="At least one of these tags (in any case).")
    tags_all: list[str] | None = strawberry.field(default=None, description="Every one of these tags (in any case).")
    stakeholder: str | None = strawberry.field(default=None, description="Involves or was decided by this person (alice, @alice or Alice, or an alias).")
    decided_after: datetime | None = strawberry.field(default=None, description="Decided at or after this instant.")
    decided_before: datetime | None = strawberry.field(default=None, description="Decided before this instant.")
    path_prefix: str | None = strawberry.field(default=None, description="Affects this file, anything under this directory, or a directory containing it.")
    repository: str | None = strawberry.field(default=None, description="With `pathPrefix`: the repository it is in, by key (github.com/acme/shop) or name (acme/shop); default: paths not tied to a repository. Alone: only the decisions of that repository (from its ADRs or sessions, or affecting its files).")
    feature: str | None = strawberry.field(default=None, description="Affects this feature key.")
    session: str | None = strawberry.field(default=None, description="Came from this session (an ADR collection is a session too).")
    series: str | None = strawberry.field(default=None, description="Came from a session of this series of meetings.")
    source: str | None = strawberry.field(default=None, description="conversation, adr, agent or manual.")
    text: str | None = strawberry.field(default=None, description="Words the decision or an alternative it considered must contain (full-text).")
    include_history: bool = strawberry.field(default=False, description="Also superseded, deprecated and rejected decisions.")
    include_drafts: bool = strawberry.field(
        default=False, description="Also drafts (status candidate): detections a person has not confirmed, left out of "
                                   "every list, search and count unless asked for (`drafts` lists the review queue).")


def to_query(where: DecisionWhere | None, include_history: bool = False, text: str = "", limit: int = 10) -> DecisionQuery:
    """``where`` as the journal facade's request, as the user spelled it (the facade
    normalises names, tags, dates and statuses and resolves the repository)."""
    if where is None:
        return DecisionQuery(text=text, include_history=include_history, limit=limit)
    return DecisionQuery(
        text=text, limit=limit,
        include_history=where.include_history or include_history,
        include_drafts=where.include_drafts,
        statuses=where.status_in or (),
        tags=where.tags_any or (),
        tags_all=where.tags_all or (),
        stakeholder=where.stakeholder,
        since=where.decided_after,
        until=where.decided_before,
        path=where.path_prefix,
        repository=where.repository,
        feature=where.feature,
        session=where.session,
        series=where.series,
        source=where.source,
        words=where.text,
    )


@strawberry.input(description="A decision recorded by hand (seed 002's fields and seed 000's).")
class RecordDecisionInput:
    decision: str = strawberry.field(description="What was decided, in one sentence.")
    context: str | None = None
    reasons: list[str] = strawberry.field(default_factory=list, description="Why; 'type:text' (analysis, precedent, intuition, pattern, constraint, pressure, authority) or plain text.")
    alternatives: list[str] = strawberry.field(default_factory=list)
    stakeholders: list[str] = strawberry.field(default_factory=list)
    decision_maker: str | None = None
    files: list[str] = strawberry.field(default_factory=list)
    tags: list[str] = strawberry.field(default_factory=list)
    pattern: str | None = strawberry.field(default=None, description="The abstract pattern (seed 002), e.g. 'cache what is read far more often than written'.")
    structure: str | None = None
    function: str | None = None
    category: str | None = None
    stakes: str | None = None
    confidence: float | None = None
    project: str | None = None
    decided_at: datetime | None = None
    access_groups: list[str] | None = strawberry.field(default=None, description="Who may read it; default: the caller's groups.")

