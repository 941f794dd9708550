"""The one narrow interface graph code runs Cypher through."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any, Protocol

from neo4j import READ_ACCESS, AsyncDriver, RoutingControl
from neo4j.api import AsyncBookmarkManager
from neo4j.exceptions import DriverError, Neo4jError

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


_READ_ATTEMPTS = 4
"""A read that fails retryably (a leader switch, a dropped connection) is tried up to this
many times, 0.2, 0.4 and 0.8 s apart."""


class Neo4jExecutor:
    """A ``QueryExecutor`` over an async neo4j driver.

    Reads run in READ transactions, which a cluster routes to secondaries; writes in WRITE
    transactions, which go to the leader (docs/neo4j.md, "A cluster or Aura"). Every write
    leaves its bookmark with one bookmark manager and every read carries it, so a read sees
    every write this executor made before it, whichever member serves it. ``round_trips``
    counts queries sent, so callers (and tests) can check how chatty a request was.

    Args:
        driver: An open driver; its lifecycle belongs to the caller.
        database: The database name, or None for the server's default.
        bookmarks: The bookmark manager writes update and reads wait for; by default the
            driver's own (``execute_query_bookmark_manager``), shared by the whole process.
    """

    def __init__(
        self, driver: AsyncDriver, database: str | None = None, bookmarks: AsyncBookmarkManager | None = None
    ) -> None:
        self._driver = driver
        self._database = database
        self._bookmarks = bookmarks if bookmarks is not None else driver.execute_query_bookmark_manager
        self.round_trips = 0

    async def read(self, query: Query, params: Mapping[str, object] | None = None) -> list[Row]:
        # A read runs as an auto-commit query: one exchange with the server instead of a
        # managed transaction's two (BEGIN+RUN+PULL, then COMMIT), about 1 ms less per
        # query, which is most of the difference on a search's three queries. A read
        # changes nothing, so a retryable failure is simply tried again.
        self.round_trips += 1
        for attempt in range(_READ_ATTEMPTS):
            try:
                async with self._driver.session(
                    database=self._database, default_access_mode=READ_ACCESS,
                    # The bookmarks of the writes, so a read in a cluster sees what this
                    # process wrote, as a managed read would.
                    bookmark_manager=self._bookmarks,
                ) as session:
                    result = await session.run(query.text, dict(params or {}))
                    # Queries return values, never nodes or relationships, so rows need
                    # no conversion; ``Record.data()`` would walk every nested list and
                    # map looking for them (19 ms of a 50-member chain).
                    keys = result.keys()
                    return [dict(zip(keys, values, strict=True)) for values in await result.values()]
            except (Neo4jError, DriverError) as exc:
                if not exc.is_retryable() or attempt == _READ_ATTEMPTS - 1:
                    raise
                await asyncio.sleep(0.2 * 2**attempt)
        raise AssertionError("unreachable")

    async def write(self, query: Query, params: Mapping[str, object] | None = None) -> list[Row]:
        # A managed transaction: the driver retries it on a leader switch or a dropped
        # connection, and a transaction is all or nothing.
        self.round_trips += 1
        result = await self._driver.execute_query(
            query.text, dict(params or {}), routing_=RoutingControl.WRITE, database_=self._database,
            bookmark_manager_=self._bookmarks,
        )
        # Not record.data(): that would turn returned nodes into plain dicts.
        return [dict(zip(record.keys(), record.values(), strict=True)) for record in result.records]


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
