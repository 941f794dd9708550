"""An evaluation's own graph: a throwaway Neo4j, started for one piece of work and deleted
after it, so that scoring never touches the user's journal."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

from api.usecases.local_server import default_lib_dir
from graph.connection import open_driver
from graph.executor import Neo4jExecutor, QueryExecutor
from graph.local.throwaway import throwaway_neo4j

_T = TypeVar("_T")


def on_throwaway_graph(work: Callable[[QueryExecutor], Awaitable[_T]]) -> _T:
    """Start a throwaway Neo4j, run ``work`` against it, stop and delete it; ``work``'s result."""

    async def run(uri: str, user: str, password: str) -> _T:
        async with open_driver(uri, user, password) as driver:
            return await work(Neo4jExecutor(driver))

    with throwaway_neo4j(default_lib_dir()) as server:
        return asyncio.run(run(server.uri, server.user, server.password))
