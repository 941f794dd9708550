"""The auth matrix generated from the schema: every query and mutation, with no token, an
unknown token, an expired token, and a read token (which no mutation may pass). The wrong
group is test_graphql_groups_matrix."""

from __future__ import annotations

from typing import Any

import pytest
from graphql import (
    GraphQLEnumType,
    GraphQLField,
    GraphQLInputObjectType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLScalarType,
    GraphQLSchema,
    get_named_type,
)

from api.graphql.schema import build_schema
from tests.api.graphql_client import GraphQL

SCHEMA: GraphQLSchema = build_schema()._schema
SAMPLES = {"ID": "dec-000000000000", "String": "src/api", "Int": 1, "Float": 0.5, "Boolean": False,
           "DateTime": "2024-01-01T00:00:00+00:00"}


def _value(kind: Any) -> Any:
    named = get_named_type(kind)
    if isinstance(named, GraphQLEnumType):
        return next(iter(named.values))
    if isinstance(named, GraphQLInputObjectType):
        return {name: _value(f.type) for name, f in named.fields.items() if isinstance(f.type, GraphQLNonNull)} \
            | ({"decision": "We adopt a shared glossary."} if "decision" in named.fields else {})
    if isinstance(named, GraphQLScalarType):
        value = SAMPLES[named.name]
        return [value] if isinstance(kind, GraphQLList) or (isinstance(kind, GraphQLNonNull) and isinstance(kind.of_type, GraphQLList)) else value
    raise AssertionError(f"no sample for {named}")


def _literal(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_literal(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_literal(v) for v in value) + "]"
    if isinstance(value, str) and value.isupper():  # an enum value
        return value
    return f'"{value}"' if isinstance(value, str) else str(value)


def _operation(kind: str, name: str, field: GraphQLField) -> str:
    args = {arg_name: _value(arg.type) for arg_name, arg in field.args.items() if isinstance(arg.type, GraphQLNonNull)}
    arguments = f"({', '.join(f'{k}: {_literal(v)}' for k, v in args.items())})" if args else ""
    selection = "" if isinstance(get_named_type(field.type), (GraphQLScalarType, GraphQLEnumType)) else " { __typename }"
    return f"{kind} {{ {name}{arguments}{selection} }}"


OPERATIONS = [("query", name, _operation("query", name, field)) for name, field in SCHEMA.query_type.fields.items()] + \
    [("mutation", name, _operation("mutation", name, field)) for name, field in SCHEMA.mutation_type.fields.items()]


@pytest.mark.parametrize(("kind", "name", "operation"), OPERATIONS, ids=[f"{k}-{n}" for k, n, _ in OPERATIONS])
def test_every_operation_needs_a_token_and_no_reader_writes(graphql: GraphQL, kind: str, name: str, operation: str) -> None:
    assert graphql.post(operation, as_=None).status_code == 401
    unknown = graphql.client.post("/graphql", json={"query": operation}, headers={"Authorization": "Bearer not-issued-by-us-0000"})
    assert unknown.status_code == 401
    expired = graphql.post(operation, as_="expired")
    assert expired.status_code == 401
    assert "expired" in expired.json()["errors"][0]["message"]
    answer = graphql.post(operation, as_="eng")
    assert answer.status_code == 200, answer.text
    body = answer.json()
    if kind == "mutation":
        assert body["data"][name]["__typename"] == "Forbidden", body
    else:
        assert not body.get("errors"), body
