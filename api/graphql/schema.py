"""The GraphQL schema, its limits, and its SDL (committed as api/schema.graphql)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import strawberry
from strawberry.extensions import (
    AddValidationRules,
    MaskErrors,
    MaxAliasesLimiter,
    ParserCache,
    QueryDepthLimiter,
    SchemaExtension,
    ValidationCache,
)

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


CACHED_DOCUMENTS = 256
"""Distinct query texts whose parse and validation are kept: a portal sends the same few
documents over and over, and validating one costs 1-2 ms of the event loop's time. Bounded,
so arbitrary queries cannot grow the caches."""


def build_schema(limits: GraphQLSettings = GraphQLSettings()) -> strawberry.Schema:
    """The schema with depth, alias and cost limits from ``limits``."""
    # The rule classes are made once: the validation cache is keyed by them, and the limiters
    # would otherwise make new classes for every request.
    rules = [
        *QueryDepthLimiter(max_depth=limits.max_depth).validation_rules,
        *MaxAliasesLimiter(max_alias_count=30).validation_rules,
        # The cost rule reads page sizes from the document (a variable counts as the maximum),
        # never from variable values, so a document's verdict can be cached.
        cost_limit_rule(limits.max_cost, limits.default_page_size, limits.max_page_size),
    ]
    return strawberry.Schema(
        query=Query,
        mutation=Mutation,
        extensions=[
            # Factories, so that each request gets fresh extension instances.
            lambda: ParserCache(maxsize=CACHED_DOCUMENTS),
            lambda: AddValidationRules(rules),
            lambda: ValidationCache(maxsize=CACHED_DOCUMENTS),
            RoundTrips,
            lambda: MaskErrors(should_mask_error=is_internal, error_message=INTERNAL_ERROR),
        ],
    )


def sdl() -> str:
    """The schema in SDL, as committed."""
    return build_schema().as_str() + "\n"
