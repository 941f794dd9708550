from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
from neo4j import AsyncDriver
from starlette.testclient import TestClient

from api.app import create_app
from graph.executor import Neo4jExecutor
from tests.api.graphql_client import GraphQL, ingest_examples, settings_for
from tests.graph_fixtures import Neo4jServer
from tests.support.cypher import support_query


@pytest.fixture(scope="module")
async def wiped(driver: AsyncDriver) -> AsyncIterator[None]:
    """An empty database (schema kept) for one test module."""
    executor = Neo4jExecutor(driver)
    await executor.write(support_query("testing_wipe"))
    yield


@pytest.fixture(scope="module")
def graphql(neo4j_server: Neo4jServer, wiped: None) -> Iterator[GraphQL]:
    """The app with four tokens, holding the platform-sync example (group eng) and a
    pricing conversation (group sales), both ingested through the ingest mutation."""
    with TestClient(create_app(settings_for(neo4j_server))) as client:
        api = GraphQL(client)
        ingest_examples(api)
        yield api
