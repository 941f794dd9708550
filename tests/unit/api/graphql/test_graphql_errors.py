"""Which resolver errors reach the caller as they are, and which are masked."""

from __future__ import annotations

from graphql import GraphQLError

from api.graphql.errors import ArgumentError, is_internal


def test_only_unexpected_resolver_exceptions_are_internal() -> None:
    assert is_internal(GraphQLError("boom", path=["decisions"], original_error=RuntimeError("neo4j said no")))
    assert not is_internal(GraphQLError("first must be…", path=["decisions"], original_error=ArgumentError("first")))
    assert not is_internal(GraphQLError("Expected type 'DateTime'", original_error=ValueError("bad instant")))
    assert not is_internal(GraphQLError("Cannot return null", path=["decision", "id"]))
