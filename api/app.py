"""The Starlette application: one driver per process, opened in the lifespan."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TypedDict

from neo4j.exceptions import Neo4jError, ServiceUnavailable
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from api.runtime import GraphConnection, connect
from api.settings import Settings, load_settings
from graph.cypher import load_query
from graph.schema import verify_schema

log = logging.getLogger("decision_journal.app")


class State(TypedDict):
    """What the lifespan hands to every request."""

    graph: GraphConnection
    settings: Settings


async def healthz(request: Request) -> JSONResponse:
    """The process is up."""
    return JSONResponse({"status": "ok"})


async def readyz(request: Request) -> JSONResponse:
    """Neo4j answers and the schema matches ``cypher/schema``; 503 otherwise."""
    graph: GraphConnection = request.state.graph
    settings: Settings = request.state.settings
    try:
        info = await graph.executor.read(load_query("server_info"))
        report = await verify_schema(graph.executor, settings.embedding.dimension)
    except (Neo4jError, ServiceUnavailable, OSError) as exc:
        return JSONResponse({"status": "unavailable", "error": type(exc).__name__}, status_code=503)
    body = {
        "status": "ready" if report.ok else "schema_mismatch",
        "neo4j": {"version": info[0]["version"], "edition": info[0]["edition"]},
        "schema": {"checked": report.checked, "problems": list(report.problems)},
    }
    return JSONResponse(body, status_code=200 if report.ok else 503)


def create_app(settings: Settings | None = None) -> Starlette:
    """Build the app; settings are read here when not given (the edge)."""
    resolved = settings or load_settings()

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[State]:
        async with connect(resolved, log.info) as graph:
            log.info("connected to %s (%s)", graph.target.uri, "local" if graph.target.embedded else "external")
            yield {"graph": graph, "settings": resolved}

    return Starlette(
        routes=[Route("/healthz", healthz), Route("/readyz", readyz)],
        lifespan=lifespan,
    )
