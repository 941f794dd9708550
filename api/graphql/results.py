"""Mutation results: expected failures are union members a client can switch on."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import strawberry

from api.graphql.types import Decision


@strawberry.type(description="No such decision, or none the caller may see.")
class NotFound:
    message: str
    # Non-null since every NotFound names the id asked for: a client may then select `id` on
    # it beside RejectSuccess's `ID!` without an alias (fields of one name must agree in
    # nullability). A nullable field turned non-null breaks no query that ran before.
    id: strawberry.ID = strawberry.field(description="The id that was asked for.")


@strawberry.type(description="The input was refused; nothing was stored.")
class ValidationError:
    message: str
    field: str | None = None


@strawberry.type(description="The caller's token does not allow this.")
class Forbidden:
    message: str
    required_scope: str | None = None


@strawberry.type(description="What an ingest stored.")
class IngestSuccess:
    session: str
    messages_read: int
    new_messages: int
    decisions_found: int
    new_decisions: int
    drafts: int = strawberry.field(
        description="Detections stored as drafts to review (`drafts`, `confirmDecision`, `rejectDecision`), not as decisions."
    )
    drafts_only: bool = strawberry.field(
        description="Every detection was stored as a draft: asked for (`drafts: true`), or kept because an earlier "
                    "ingest of the session asked for drafts and this one left `drafts` out (`drafts: false` stores "
                    "its sure detections as decisions)."
    )
    superseded: int
    revisited: int
    decisions: list[Decision]
    warnings: list[str] = strawberry.field(
        description="What to know about this run, e.g. the LLM rejecting most of what the offline detector is sure of."
    )
    date: datetime | None = strawberry.field(
        default=None, description="The day the conversation is dated by (messages without a time of their own carry it); null when none was given or found."
    )
    date_from: str | None = strawberry.field(
        default=None, description="Where that date was read: front matter, first heading, a Date line, file name, folder name or --date (the `date` argument)."
    )
    series: str | None = strawberry.field(default=None, description="The series of meetings the session belongs to, if known.")


@strawberry.type(description="Seed 002's recording quality: a score and what would raise it.")
class RecordingQuality:
    score: float
    suggestions: list[str]


@strawberry.type(description="The recorded decision and how well it was recorded.")
class RecordSuccess:
    decision: Decision
    quality: RecordingQuality


@strawberry.type(description="Both decisions after linking: the older one and the newer one.")
class LinkSuccess:
    decision: Decision = strawberry.field(description="The older decision, now superseded or revisited.")
    by: Decision = strawberry.field(description="The newer decision.")


IngestResult = Annotated[IngestSuccess | ValidationError | Forbidden, strawberry.union("IngestResult")]
RecordResult = Annotated[RecordSuccess | ValidationError | Forbidden, strawberry.union("RecordResult")]
LinkResult = Annotated[LinkSuccess | NotFound | ValidationError | Forbidden, strawberry.union("LinkResult")]
