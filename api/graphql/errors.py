"""Which GraphQL errors a caller sees as they are, and which are the server's own.

A caller's mistake (a bad argument, a cursor we did not hand out, a value that does not
parse) is reported in its own words. Anything else that escapes a resolver is a fault of
the server: its text may carry Cypher, paths or driver details, so the caller gets a
fixed message and the server log gets the traceback. One fault is not a bug and has a
remedy the caller can apply, waiting: Neo4j cannot be reached. It says so, with the code
``DATABASE_UNAVAILABLE`` (the endpoint answers it with HTTP 503 and ``Retry-After``).
"""

from __future__ import annotations

import logging

from graphql import GraphQLError
from strawberry.extensions import MaskErrors

from api.errors import ApiError
from graph.driver_errors import UNREACHABLE

INTERNAL_ERROR = "Internal server error; the details are in the server log."
DATABASE_UNAVAILABLE = "The database is unavailable (Neo4j cannot be reached); try again shortly."
UNAVAILABLE_CODE = "DATABASE_UNAVAILABLE"
_log = logging.getLogger(__name__)


class ArgumentError(ApiError, ValueError):
    """An argument the caller got wrong; its message is shown to them."""


def is_internal(error: GraphQLError) -> bool:
    """True for an error a resolver raised that is not the caller's mistake (and log it).

    Errors without a path come from parsing, validation or coercing variables: the
    caller's. Errors with a path but no original exception are GraphQL's own (a null
    where the schema promises a value) and are shown too.
    """
    original = error.original_error
    if error.path is None or original is None or isinstance(original, ArgumentError | GraphQLError):
        return False
    where = ".".join(map(str, error.path))
    if unreachable(original):
        # Not a bug: the traceback of every request while Neo4j is down would bury the log.
        _log.warning("GraphQL resolver at %s: Neo4j cannot be reached: %s", where, original)
    else:
        _log.error("GraphQL resolver failed at %s", where, exc_info=original)
    return True


def unreachable(exc: BaseException | None) -> bool:
    """True when ``exc``, or an error it was raised from, says Neo4j cannot be reached."""
    while exc is not None:
        if isinstance(exc, UNREACHABLE):
            return True
        exc = exc.__cause__
    return False


class ServerErrors(MaskErrors):
    """Masks what ``is_internal`` calls the server's own errors; one from Neo4j being out of
    reach says so in its message and in ``extensions.code``, where a client can switch on it."""

    def __init__(self) -> None:
        super().__init__(should_mask_error=is_internal, error_message=INTERNAL_ERROR)

    def anonymise_error(self, error: GraphQLError) -> GraphQLError:
        if not unreachable(error.original_error):
            return super().anonymise_error(error)
        return GraphQLError(DATABASE_UNAVAILABLE, nodes=error.nodes, source=error.source, positions=error.positions,
                            path=error.path, extensions={"code": UNAVAILABLE_CODE})
