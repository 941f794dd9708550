"""Wrong group, generated from the schema: every query, with its arguments aimed at the
eng group's decisions and every field of its result selected (four levels deep), asked
by a sales reader, must carry nothing of eng's — no id, summary or context. The same
operations asked by an eng reader must show eng's decisions, so the probe is aimed."""

from __future__ import annotations

import json
from typing import Any

import pytest
from graphql import (
    GraphQLEnumType,
    GraphQLField,
    GraphQLInputObjectType,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLScalarType,
    GraphQLSchema,
    GraphQLUnionType,
    get_named_type,
)

from api.graphql.schema import build_schema
from tests.api.graphql_client import GraphQL

SCHEMA: GraphQLSchema = build_schema()._schema
QUERIES = SCHEMA.query_type.fields
AIMED_AT_DECISIONS = {"decision", "decisions", "search", "chain", "impact", "stakeholder", "file", "timeline"}
"""The queries whose answer is conversation decisions; the rest read agent lineage or counts."""
ENG_DECISIONS = """{ decisions(where: {session: "platform-sync", includeHistory: true}) {
  edges { node { id summary context files { path } stakeholders { handle } } } } }"""


def _selection(kind: Any, depth: int) -> str:
    named = get_named_type(kind)
    if isinstance(named, (GraphQLScalarType, GraphQLEnumType)):
        return ""
    if isinstance(named, GraphQLUnionType):
        return "{ __typename " + " ".join(f"... on {m.name} {_selection(m, depth)}" for m in named.types) + " }"
    assert isinstance(named, GraphQLObjectType)
    if depth == 0:
        return "{ __typename }"
    fields = [
        name + _selection(field.type, depth - 1)
        for name, field in named.fields.items()
        if not any(isinstance(arg.type, GraphQLNonNull) and arg.default_value is None for arg in field.args.values())
    ]
    return "{ " + " ".join(fields) + " }"


def _argument(name: str, kind: Any, eng: dict[str, str]) -> str | None:
    named = get_named_type(kind)
    if isinstance(named, GraphQLEnumType):
        return next(iter(named.values))
    if isinstance(named, GraphQLInputObjectType):
        return "{includeHistory: true}" if "includeHistory" in named.fields else None
    if named.name in {"ID", "String"} and (name in eng or isinstance(kind, GraphQLNonNull)):
        return json.dumps(eng.get(name, eng["query"]))
    if named.name == "Int":
        return "5"
    return None  # Booleans and instants keep their defaults


def _operation(name: str, field: GraphQLField, eng: dict[str, str]) -> str:
    arguments = {arg: _argument(arg, spec.type, eng) for arg, spec in field.args.items()}
    given = ", ".join(f"{arg}: {value}" for arg, value in arguments.items() if value is not None)
    return f"{{ {name}{f'({given})' if given else ''} {_selection(field.type, 4)} }}"


@pytest.fixture(scope="module")
def eng(graphql: GraphQL) -> dict[str, Any]:
    """What the probes aim at (the first eng decision) and what must not leak (all of them)."""
    nodes = [edge["node"] for edge in graphql.run(ENG_DECISIONS)["decisions"]["edges"]]
    assert nodes
    first = next(node for node in nodes if node["files"] and node["stakeholders"])
    aim = {"id": first["id"], "decisionId": first["id"], "path": first["files"][0]["path"],
           "handle": first["stakeholders"][0]["handle"], "query": first["summary"], "session": "platform-sync",
           "key": "orders"}  # echoed back by feature(key), so not a secret
    secrets = {node["id"] for node in nodes} | {node["summary"] for node in nodes} | {node["context"] for node in nodes if node["context"]}
    return {"aim": aim, "secrets": secrets}


def _leaks(answer: Any, secrets: set[str]) -> set[str]:
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert not body.get("errors"), body
    text = json.dumps(body["data"])
    return {secret for secret in secrets if json.dumps(secret)[1:-1] in text}


@pytest.mark.parametrize("name", list(QUERIES), ids=list(QUERIES))
def test_a_reader_of_another_group_sees_nothing_of_eng(graphql: GraphQL, eng: dict[str, Any], name: str) -> None:
    operation = _operation(name, QUERIES[name], eng["aim"])
    assert _leaks(graphql.post(operation, as_="sales"), eng["secrets"]) == set(), operation
    if name in AIMED_AT_DECISIONS:
        assert _leaks(graphql.post(operation, as_="eng"), eng["secrets"]), f"the probe misses eng's decisions: {operation}"
