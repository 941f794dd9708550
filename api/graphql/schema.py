"""The GraphQL schema, its limits, and its SDL (committed as api/schema.graphql)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import strawberry
from strawberry.extensions import AddValidationRules, MaskErrors, MaxAliasesLimiter, QueryDepthLimiter, SchemaExtension

from api.graphql.context import RequestContext
from api.graphql.errors import INTERNAL_ERROR, is_internal
from api.graphql.limits import cost_limit_rule
from api.graphql.mutation import Mutation
from api.graphql.query import Query
from api.settings import GraphQLSettings

SDL_FILE = Path(__file__).resolve().parent.parent / "schema.graphql"


class RoundTrips(SchemaExtension):
    """Reports in ``extensions.cypherRoundTrips`` how many queries the request sent to Neo4j."""

    def get_results(self) -> dict[str, Any]:
        context = self.execution_context.context
        if isinstance(context, RequestContext):
            return {"cypherRoundTrips": context.executor.round_trips}
        return {}


def build_schema(limits: GraphQLSettings = GraphQLSettings()) -> strawberry.Schema:
    """The schema with depth, alias and cost limits from ``limits``."""
    cost_rule = cost_limit_rule(limits.max_cost, limits.default_page_size, limits.max_page_size)
    return strawberry.Schema(
        query=Query,
        mutation=Mutation,
        extensions=[
            # Factories, so that each request gets fresh extension instances.
            lambda: QueryDepthLimiter(max_depth=limits.max_depth),
            lambda: MaxAliasesLimiter(max_alias_count=30),
            lambda: AddValidationRules([cost_rule]),
            RoundTrips,
            lambda: MaskErrors(should_mask_error=is_internal, error_message=INTERNAL_ERROR),
        ],
    )


def sdl() -> str:
    """The schema in SDL, as committed."""
    return build_schema().as_str() + "\n"
