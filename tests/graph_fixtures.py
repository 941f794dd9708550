"""Fixtures for tests that use the real Neo4j: the test command's server or NEO4J_URI.

The database is wiped before each test, but only if the suite created it: an empty
database gets a marker node on first use, and a non-empty one without the marker makes
the run stop (unless ``--wipe-nonempty-db`` is given).
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass

import pytest
from neo4j import AsyncDriver
from neomodel import adb

from graph.connection import open_driver
from graph.executor import Neo4jExecutor
from graph.schema import apply_schema
from tests.support.cypher import support_query
from tests.support.throwaway import suite_uri, throwaway_neo4j

EMBEDDING_DIMENSION = 384


@dataclass(frozen=True)
class Neo4jServer:
    uri: str
    user: str
    password: str


@pytest.fixture(scope="session")
def neo4j_server() -> Iterator[Neo4jServer]:
    """``NEO4J_URI`` (set by the test command), else a throwaway server for this run."""
    uri = os.environ.get("NEO4J_URI")
    if uri:
        yield Neo4jServer(uri, os.environ.get("NEO4J_USER", "neo4j"), os.environ.get("NEO4J_PASSWORD", ""))
        return
    with throwaway_neo4j() as server:
        yield Neo4jServer(suite_uri(server.uri), server.user, server.password)


@pytest.fixture(scope="session")
async def driver(neo4j_server: Neo4jServer, request: pytest.FixtureRequest) -> AsyncIterator[AsyncDriver]:
    """One driver for the session, on a database the suite may wipe, with the schema applied."""
    async with open_driver(neo4j_server.uri, neo4j_server.user, neo4j_server.password) as opened:
        executor = Neo4jExecutor(opened)
        counts = (await executor.read(support_query("testing_marker_count")))[0]
        if counts["nodes"] and not counts["markers"] and not request.config.getoption("--wipe-nonempty-db"):
            pytest.exit(
                f"refusing to wipe {neo4j_server.uri}: it holds {counts['nodes']} nodes and was not "
                "created by the test suite. Use an empty database, or pass --wipe-nonempty-db.",
                returncode=3,
            )
        await executor.write(support_query("testing_wipe"))
        await executor.write(support_query("testing_marker_create"))
        await apply_schema(executor, EMBEDDING_DIMENSION)
        yield opened


@pytest.fixture
async def executor(driver: AsyncDriver) -> AsyncIterator[Neo4jExecutor]:
    """An executor on a wiped database (schema kept), with neomodel bound to the driver."""
    fresh = Neo4jExecutor(driver)
    await fresh.write(support_query("testing_wipe"))
    await bind_neomodel(driver)
    yield fresh


async def bind_neomodel(driver: AsyncDriver) -> None:
    """Make the neomodel models use ``driver`` in this process: only tests create nodes
    through the models (the product writes through ``cypher/``)."""
    await adb.set_connection(driver=driver)
