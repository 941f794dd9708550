"""GraphQL fuzzing: schemathesis generates operations for every query and mutation of the
committed SDL, with random arguments and selections, and each one is posted to the app
on the real Neo4j. Whatever comes in, the answer is data or a clear error — never a 5xx,
never a masked internal error — and a reader's requests leave the graph as it was.

``DJ_FUZZ_EXAMPLES`` sets the examples per operation (default 20; CI runs the default).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from neo4j import GraphDatabase

from api.graphql.errors import INTERNAL_ERROR
from api.graphql.schema import SDL_FILE
from tests.api.graphql_client import GraphQL
from tests.graph_fixtures import Neo4jServer

EXAMPLES = int(os.environ.get("DJ_FUZZ_EXAMPLES", "20"))
OPERATIONS = [result.ok() for result in schemathesis.graphql.from_path(SDL_FILE).get_all_operations()]
MUTATIONS = [operation for operation in OPERATIONS if operation.label.startswith("Mutation.")]
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck))


@pytest.fixture(scope="module")
def graph_size(neo4j_server: Neo4jServer) -> Iterator[Callable[[], tuple[int, int, int]]]:
    """Nodes, relationships and property keys in use: what a request could have changed."""
    with GraphDatabase.driver(neo4j_server.uri, auth=(neo4j_server.user, neo4j_server.password)) as driver:
        def size() -> tuple[int, int, int]:
            records, _, _ = driver.execute_query(
                "CALL () { MATCH (n) RETURN count(n) AS nodes, sum(size(keys(n))) AS node_keys } "
                "CALL () { MATCH ()-[r]->() RETURN count(r) AS rels } RETURN nodes, rels, node_keys"
            )
            return records[0]["nodes"], records[0]["rels"], records[0]["node_keys"]

        yield size


def _check(response: Any) -> dict[str, Any]:
    assert response.status_code < 500, response.text
    body: dict[str, Any] = response.json()
    assert "data" in body or body.get("errors"), body
    for error in body.get("errors") or ():
        assert error["message"] and error["message"] != INTERNAL_ERROR, body
    return body


@pytest.mark.parametrize("operation", OPERATIONS, ids=[operation.label for operation in OPERATIONS])
def test_a_reader_gets_data_or_a_clear_error_and_changes_nothing(
    graphql: GraphQL, graph_size: Callable[[], tuple[int, int, int]], operation: Any
) -> None:
    before = graph_size()

    @FUZZ
    @given(case=operation.as_strategy())
    def fuzz(case: Any) -> None:
        _check(graphql.post(case.body, as_="eng"))  # a mutation answers Forbidden (test_graphql_auth_matrix)

    fuzz()
    assert graph_size() == before


@pytest.mark.parametrize("operation", MUTATIONS, ids=[operation.label for operation in MUTATIONS])
def test_a_writer_gets_a_result_or_a_clear_error(graphql: GraphQL, operation: Any) -> None:
    @FUZZ
    @given(case=operation.as_strategy())
    def fuzz(case: Any) -> None:
        _check(graphql.post(case.body, as_="writer"))

    fuzz()
