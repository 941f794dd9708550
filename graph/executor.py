"""The one narrow interface graph code runs Cypher through."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from neo4j import AsyncDriver, RoutingControl

from graph.cypher import Query

Row = dict[str, Any]


class QueryExecutor(Protocol):
    """Runs named queries; graph code depends on this, never on the driver itself."""

    async def read(self, query: Query, params: Mapping[str, object] | None = None) -> list[Row]:
        """Run a read query and return its rows."""
        ...

    async def write(self, query: Query, params: Mapping[str, object] | None = None) -> list[Row]:
        """Run a write query in its own transaction and return its rows."""
        ...


class Neo4jExecutor:
    """A ``QueryExecutor`` over an async neo4j driver.

    Reads are routed to secondaries in a cluster, writes to the leader. ``round_trips``
    counts queries sent, so callers (and tests) can check how chatty a request was.

    Args:
        driver: An open driver; its lifecycle belongs to the caller.
        database: The database name, or None for the server's default.
    """

    def __init__(self, driver: AsyncDriver, database: str | None = None) -> None:
        self._driver = driver
        self._database = database
        self.round_trips = 0

    async def read(self, query: Query, params: Mapping[str, object] | None = None) -> list[Row]:
        return await self._run(query, params, RoutingControl.READ)

    async def write(self, query: Query, params: Mapping[str, object] | None = None) -> list[Row]:
        return await self._run(query, params, RoutingControl.WRITE)

    async def _run(
        self, query: Query, params: Mapping[str, object] | None, routing: RoutingControl
    ) -> list[Row]:
        self.round_trips += 1
        result = await self._driver.execute_query(
            query.text, dict(params or {}), routing_=routing, database_=self._database
        )
        # Queries return values, never nodes or relationships, so a record's values need
        # no conversion; ``Record.data()`` would walk every nested list and map looking
        # for them (19 ms of a 50-member chain).
        return [dict(record.items()) for record in result.records]


class CountingExecutor:
    """Counts the queries one unit of work (say, one GraphQL request) sends through a
    shared executor, so a request can report, and a test can bound, its round trips."""

    def __init__(self, inner: QueryExecutor) -> None:
        self._inner = inner
        self.round_trips = 0

    async def read(self, query: Query, params: Mapping[str, object] | None = None) -> list[Row]:
        self.round_trips += 1
        return await self._inner.read(query, params)

    async def write(self, query: Query, params: Mapping[str, object] | None = None) -> list[Row]:
        self.round_trips += 1
        return await self._inner.write(query, params)
