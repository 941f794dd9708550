"""Turn settings into a running graph connection: external Neo4j or the local server."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from api.settings import Settings
from graph.connection import open_driver
from graph.errors import LocalNeo4jError
from graph.executor import Neo4jExecutor
from graph.schema import ensure_schema
from nlp.plural import plural

if TYPE_CHECKING:
    from api.usecases.local_server import Notify


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
    """The executor over the process's open driver, and where it points."""

    executor: Neo4jExecutor
    target: Neo4jTarget


def resolve_target(settings: Settings, notify: Notify, *, start: bool = True) -> Neo4jTarget:
    """Where to connect: ``neo4j.uri`` if set, else the local server (started if needed, or,
    with ``start`` False, only if it runs: a hook an agent waits on never starts one).

    Raises:
        LocalNeo4jError: The local server cannot be started, or (``start`` False) does not run.
    """
    password = settings.neo4j.password.get_secret_value() if settings.neo4j.password else None
    if settings.neo4j.uri is not None:
        if password is None:
            raise LocalNeo4jError("NEO4J_URI is set but NEO4J_PASSWORD is not: set the password too.")
        return Neo4jTarget(settings.neo4j.uri, settings.neo4j.user, password, settings.neo4j.database, False)
    # Imported here: with NEO4J_URI (CI, a team's journal) nothing of the local server is used.
    from api.usecases.local_server import ensure_local_server, locate_local_server
    from graph.local.server import read_password

    if start:
        config = ensure_local_server(settings, notify)
    else:
        located = locate_local_server(settings)
        if not located.running:
            raise LocalNeo4jError("the journal's local Neo4j is not running (`decision-journal neo4j start` starts it)")
        config = located.config
    secret = password or read_password(config)
    if secret is None:
        raise LocalNeo4jError(f"no password for the local Neo4j in {config.password_file}; set NEO4J_PASSWORD.")
    return Neo4jTarget(config.bolt_uri, config.user, secret, settings.neo4j.database, True)


@asynccontextmanager
async def connect(
    settings: Settings, notify: Notify, *, start: bool = True, schema: bool = True
) -> AsyncIterator[GraphConnection]:
    """Open the one driver of this process and close it at the end. (neomodel is not bound:
    the product reads and writes through ``cypher/``; the models declare the graph.)
    ``start`` False: use the local server only if it runs (``resolve_target``). ``schema``:
    give the local server's journal its schema if it never had one (a new journal's first
    command, which would otherwise fail on the missing indexes); a server of ``neo4j.uri`` is
    a team's, whose schema its owner applies."""
    target = resolve_target(settings, notify, start=start)
    async with open_driver(target.uri, target.user, target.password) as driver:
        executor = Neo4jExecutor(driver, target.database)
        if schema and target.embedded:
            applied = await ensure_schema(executor, settings.embedding.dimension)
            if applied is not None:
                notify(f"a new journal: its schema applied ({plural(applied.statements, 'statement')}; "
                       "`decision-journal schema verify` checks it)")
        yield GraphConnection(executor, target)
