"""Open the driver the process shares."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from neo4j import AsyncDriver, AsyncGraphDatabase


@asynccontextmanager
async def open_driver(uri: str, user: str, password: str) -> AsyncIterator[AsyncDriver]:
    """Open an async driver, check it can reach the server, and always close it.

    Args:
        uri: A Bolt or Neo4j URI, such as ``bolt://127.0.0.1:7687``.
        user: The user name.
        password: The password.

    Raises:
        neo4j.exceptions.ServiceUnavailable: The server does not answer.
        neo4j.exceptions.AuthError: The credentials are wrong.
    """
    # Server notifications ("property does not exist yet" on an empty graph) are advice
    # for query authors, not for the people running the tool.
    driver = AsyncGraphDatabase.driver(uri, auth=(user, password), notifications_min_severity="OFF")
    try:
        await driver.verify_connectivity()
        yield driver
    finally:
        await driver.close()
