"""Which resolver errors reach the caller as they are, and which are masked."""

from __future__ import annotations

from graphql import GraphQLError

from api.graphql.errors import ArgumentError, is_internal, unreachable
from graph.driver_errors import ServiceUnavailable, SessionExpired


def test_only_unexpected_resolver_exceptions_are_internal() -> None:
    assert is_internal(GraphQLError("boom", path=["decisions"], original_error=RuntimeError("neo4j said no")))
    assert not is_internal(GraphQLError("first must be…", path=["decisions"], original_error=ArgumentError("first")))
    assert not is_internal(GraphQLError("Expected type 'DateTime'", original_error=ValueError("bad instant")))
    assert not is_internal(GraphQLError("Cannot return null", path=["decision", "id"]))


def test_neo4j_out_of_reach_is_told_apart_from_other_faults() -> None:
    assert unreachable(ServiceUnavailable("Couldn't connect to 127.0.0.1:7687"))
    assert unreachable(SessionExpired("connection closed"))
    try:
        try:
            raise ServiceUnavailable("gone")
        except ServiceUnavailable as exc:
            raise RuntimeError("while loading decisions") from exc
    except RuntimeError as wrapped:
        assert unreachable(wrapped)
    assert not unreachable(RuntimeError("neo4j said no")) and not unreachable(None)
    assert is_internal(GraphQLError("gone", path=["decisions"], original_error=ServiceUnavailable("gone")))
