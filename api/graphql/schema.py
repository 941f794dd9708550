"""The GraphQL schema, its limits, and its SDL (committed as api/schema.graphql)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import strawberry
from strawberry.extensions import (
    AddValidationRules,
    MaxAliasesLimiter,
    ParserCache,
    QueryDepthLimiter,
    SchemaExtension,
    ValidationCache,
)
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext

from api.graphql.context import RequestContext
from api.graphql.errors import ServerErrors
from api.graphql.limits import cost_limit_rule
from api.graphql.mutation import Mutation
from api.graphql.plain_fields import PlainFieldExecutionContext
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


def build_schema(limits: GraphQLSettings = GraphQLSettings(), plain_fields: bool = True) -> strawberry.Schema:
    """The schema with depth, alias and cost limits from ``limits``; ``plain_fields=False``
    completes every field through graphql-core (what the plain path is checked against)."""
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
        # Plain fields (an attribute read as it is) completed without graphql-core's per-field
        # work: a page of 50 decisions with every field is some 4,100 of them.
        execution_context_class=PlainFieldExecutionContext if plain_fields else StrawberryGraphQLCoreExecutionContext,
        extensions=[
            # Factories, so that each request gets fresh extension instances.
            lambda: ParserCache(maxsize=CACHED_DOCUMENTS),
            lambda: AddValidationRules(rules),
            lambda: ValidationCache(maxsize=CACHED_DOCUMENTS),
            RoundTrips,
            ServerErrors,
        ],
    )


def sdl() -> str:
    """The schema in SDL, as committed."""
    return build_schema().as_str() + "\n"
