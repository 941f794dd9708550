"""The review queue in GraphQL: drafts to review, and confirming or rejecting one."""

from __future__ import annotations

from typing import Annotated

import strawberry

from api.graphql.context import Info
from api.graphql.paging import decode_cursor, page_size
from api.graphql.results import Forbidden, NotFound, ValidationError
from api.graphql.types import Decision, DecisionConnection, connection_of
from api.usecases.requests import ReviewAction
from api.usecases.review import Confirmation
from graph.errors import DraftNotFound
from graph.review import Verdict

MAX_SUMMARY_CHARS = 2000
"""An edited sentence states one decision; a longer one is refused."""


@strawberry.type(description="A confirmed draft: the decision it became, linked as ingest would have linked it.")
class ConfirmSuccess:
    decision: Decision
    superseded: int = strawberry.field(description="Earlier decisions on its subject it now supersedes (0 or 1).")
    revisited: int = strawberry.field(description="Earlier decisions on its subject it now revisits (0 or 1).")


@strawberry.type(description="A rejected draft: removed from the graph (its messages stay); the verdict is kept as a review label.")
class RejectSuccess:
    id: strawberry.ID
    reason: str | None


ConfirmResult = Annotated[ConfirmSuccess | NotFound | ValidationError | Forbidden, strawberry.union("ConfirmResult")]
RejectResult = Annotated[RejectSuccess | NotFound | Forbidden, strawberry.union("RejectResult")]


@strawberry.type
class ReviewQuery:
    @strawberry.field(description="The review queue: drafts (status candidate, detections a person has not confirmed) "
                                  "in `session` or in every session the caller may read, oldest first. Each one's "
                                  "`statedIn` is its unit of messages, the anchor marked.")
    async def drafts(
        self, info: Info, session: str | None = None, first: int | None = None, after: str | None = None,
    ) -> DecisionConnection:
        context = info.context
        limits = context.settings.graphql
        size = page_size(first, limits.default_page_size, limits.max_page_size)
        offset = decode_cursor(after)
        found = await context.journal.drafts(session, offset, size)
        return connection_of(found.drafts, offset, found.listed, found.total)


@strawberry.type
class ReviewMutation:
    @strawberry.mutation(description="Confirm a draft: it becomes a decision (active), with `summary` as its sentence "
                                     "when given, and its links are worked out as ingest would have (files, people, "
                                     "search, the earlier decision on its subject it supersedes or revisits). The "
                                     "verdict is kept as a review label. Needs the write scope and the draft's session's groups.")
    async def confirm_decision(self, info: Info, id: strawberry.ID, summary: str | None = None) -> ConfirmResult:
        context = info.context
        if refused := _unless_reviewer(info, "confirmDecision"):
            return refused
        if summary is not None and not summary.strip():
            return ValidationError(message="an edited summary needs its text; leave it out to keep the proposed one",
                                   field="summary")
        if summary is not None and len(summary) > MAX_SUMMARY_CHARS:
            return ValidationError(message=f"summary is over {MAX_SUMMARY_CHARS} characters", field="summary")
        try:
            confirmed = await context.journal.review(ReviewAction("confirm", str(id), summary=summary))
        except DraftNotFound as exc:
            return NotFound(message=str(exc), id=id)
        assert isinstance(confirmed, Confirmation)
        return ConfirmSuccess(decision=Decision.of(confirmed.record), superseded=confirmed.superseded,
                              revisited=confirmed.revisited)

    @strawberry.mutation(description="Reject a draft: it is removed from the graph (its messages stay) and the verdict "
                                     "is kept as a review label, so ingesting the same input again does not bring it "
                                     "back. Needs the write scope and the draft's session's groups.")
    async def reject_decision(self, info: Info, id: strawberry.ID, reason: str | None = None) -> RejectResult:
        if refused := _unless_reviewer(info, "rejectDecision"):
            return refused
        try:
            verdict = await info.context.journal.review(ReviewAction("reject", str(id), reason=reason))
        except DraftNotFound as exc:
            return NotFound(message=str(exc), id=id)
        assert isinstance(verdict, Verdict)
        return RejectSuccess(id=id, reason=verdict.reason)


def _unless_reviewer(info: Info, what: str) -> Forbidden | None:
    if info.context.principal.can("write"):
        return None
    return Forbidden(message=f"{what} needs a token with the write scope", required_scope="write")

