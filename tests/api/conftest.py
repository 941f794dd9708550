from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from neo4j import AsyncDriver
from starlette.testclient import TestClient

from api.app import create_app
from graph.executor import Neo4jExecutor
from tests.api.graphql_client import GraphQL, settings_for
from tests.graph_fixtures import Neo4jServer
from tests.support.cypher import support_query

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PRICING = """\
[2024-05-02T10:00:00Z] erin: Should we offer annual billing discounts or keep monthly plans only?
[2024-05-02T10:04:00Z] frank: Annual discounts improve retention, monthly only is simpler.
[2024-05-02T10:06:00Z] erin: We decided to offer a 15% annual discount because it improves retention; the logic lives in src/billing/pricing.py.
"""
INGEST = """mutation($session: String!, $content: String!, $groups: [String!]) {
  ingest(session: $session, content: $content, format: "transcript", accessGroups: $groups) {
    __typename ... on IngestSuccess { newDecisions } ... on ValidationError { message } } }"""


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
        for session, content, groups in (
            ("platform-sync", (EXAMPLES / "platform-sync.txt").read_text(), ["eng"]),
            ("pricing", PRICING, ["sales"]),
        ):
            result = api.run(INGEST, {"session": session, "content": content, "groups": groups})["ingest"]
            assert result["__typename"] == "IngestSuccess", result
            assert result["newDecisions"] >= 1
        yield api
