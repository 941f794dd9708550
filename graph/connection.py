"""Open the driver and bind neomodel to it: the only place that touches ``adb``."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from neo4j import AsyncDriver, AsyncGraphDatabase
from neomodel import adb, get_config


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


async def bind_neomodel(driver: AsyncDriver, database: str | None = None) -> None:
    """Make neomodel's models use ``driver`` (and ``database``) in this process.

    neomodel keeps one process-wide connection; the driver stays owned by the caller.
    """
    if database:
        get_config().database_name = database
    await adb.set_connection(driver=driver)
