"""Which GraphQL errors a caller sees as they are, and which are the server's own.

A caller's mistake (a bad argument, a cursor we did not hand out, a value that does not
parse) is reported in its own words. Anything else that escapes a resolver is a fault of
the server: its text may carry Cypher, paths or driver details, so the caller gets a
fixed message and the server log gets the traceback.
"""

from __future__ import annotations

import logging

from graphql import GraphQLError

from api.errors import ApiError

INTERNAL_ERROR = "Internal server error; the details are in the server log."
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
    _log.error("GraphQL resolver failed at %s", ".".join(map(str, error.path)), exc_info=original)
    return True
