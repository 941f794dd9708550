"""Turn settings into a running graph connection: external Neo4j or the local server."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from neo4j import AsyncDriver

from api.settings import Settings
from graph.connection import open_driver
from graph.errors import LocalNeo4jError
from graph.executor import Neo4jExecutor
from graph.local import LocalNeo4jConfig, install_neo4j, is_installed, server_status, start_server
from graph.local.config import NEO4J_VERSION
from graph.local.server import read_password

Notify = Callable[[str], None]


@dataclass(frozen=True)
class Neo4jTarget:
    """The server a command talks to. ``embedded`` means our local server."""

    uri: str
    user: str
    password: str
    database: str
    embedded: bool


@dataclass(frozen=True)
class GraphConnection:
    """An open driver, the executor over it, and where it points."""

    driver: AsyncDriver
    executor: Neo4jExecutor
    target: Neo4jTarget


def default_lib_dir() -> Path:
    """The per-user folder for the server jars of this Neo4j version."""
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "decision-journal" / f"neo4j-{NEO4J_VERSION}"


def local_config(settings: Settings) -> LocalNeo4jConfig:
    """The local server's configuration from the ``local_neo4j`` section."""
    local = settings.local_neo4j
    return LocalNeo4jConfig(
        home=local.home,
        lib_dir=local.lib_dir or default_lib_dir(),
        bolt_port=local.bolt_port,
        http_port=local.http_port,
        heap=local.heap,
        pagecache=local.pagecache,
        user=settings.neo4j.user,
        java=local.java,
        mvn=local.mvn,
        start_timeout=local.start_timeout,
    )


def ensure_local_server(settings: Settings, notify: Notify) -> LocalNeo4jConfig:
    """Install and start the local server if it is not running; leave it running.

    Raises:
        LocalNeo4jError: It cannot be installed or started.
    """
    config = local_config(settings)
    if server_status(config).running:
        return config
    if not is_installed(config):
        notify(f"installing Neo4j {NEO4J_VERSION} (first run only) into {config.lib_dir}")
        install_neo4j(config, notify)
    notify(f"starting the local Neo4j in {config.home} ...")
    password = settings.neo4j.password.get_secret_value() if settings.neo4j.password else None
    status = start_server(config, password)
    notify(
        f"local Neo4j {status.version} running at {status.bolt_uri} (Browser {status.browser_url}); "
        "it keeps running: stop it with `decision-journal neo4j stop`"
    )
    return config


def resolve_target(settings: Settings, notify: Notify) -> Neo4jTarget:
    """Where to connect: ``neo4j.uri`` if set, else the local server (started if needed)."""
    password = settings.neo4j.password.get_secret_value() if settings.neo4j.password else None
    if settings.neo4j.uri is not None:
        if password is None:
            raise LocalNeo4jError("NEO4J_URI is set but NEO4J_PASSWORD is not: set the password too.")
        return Neo4jTarget(settings.neo4j.uri, settings.neo4j.user, password, settings.neo4j.database, False)
    config = ensure_local_server(settings, notify)
    secret = password or read_password(config)
    if secret is None:
        raise LocalNeo4jError(f"no password for the local Neo4j in {config.password_file}; set NEO4J_PASSWORD.")
    return Neo4jTarget(config.bolt_uri, config.user, secret, settings.neo4j.database, True)


@asynccontextmanager
async def connect(settings: Settings, notify: Notify) -> AsyncIterator[GraphConnection]:
    """Open the one driver of this process and close it at the end. (neomodel is not bound:
    the product reads and writes through ``cypher/``; the models declare the graph.)"""
    target = resolve_target(settings, notify)
    async with open_driver(target.uri, target.user, target.password) as driver:
        yield GraphConnection(driver, Neo4jExecutor(driver, target.database), target)
