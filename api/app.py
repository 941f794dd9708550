"""The Starlette application: one driver per process, opened in the lifespan."""

from __future__ import annotations

import gc
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import TypedDict

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from api.admission import AdmissionControl
from api.auth import Authenticator
from api.graphql.endpoint import GraphQLEndpoint
from api.graphql.schema import build_schema
from api.settings import Settings, load_settings
from api.usecases.runtime import GraphConnection, connect
from api.usecases.services import Services, build_services
from api.web.routes import web_routes
from graph.cypher import load_query
from graph.driver_errors import Neo4jError, ServiceUnavailable
from graph.schema import verify_schema

log = logging.getLogger("decision_journal.app")
FULL_COLLECTION_EVERY = 1000
"""Collections of the middle generation between two full passes of the cycle collector while
serving (Python's default: 10). With start-up frozen, the long-lived heap a full pass weighs
its work against is nearly empty, so every tenth middle collection became a full pass: one
or two per GraphQL page of 50 with every field (about 100,000 objects made and dropped), each
walking the request's live objects. That was the page's tail: against a real `serve` at 30k
decisions, p95 63-70 ms instead of 83-101 (docs/performance.md). What a request drops is
freed by reference counting or by the young collections, which stay as frequent as before;
its cycles wait longer for a full pass: under 50 clients the process peaked at 697 MB, not 426."""
AUTH_OFF_WARNING = (
    "AUTH IS OFF: no [[auth.tokens]] are configured, so anyone who can reach this port reads and "
    "writes every decision. Fine on 127.0.0.1 for local development; configure tokens before "
    "exposing it (docs/graphql.md)."
)


class State(TypedDict):
    """What the lifespan hands to every request."""

    graph: GraphConnection
    settings: Settings
    services: Services


def healthz(admission: AdmissionControl) -> Callable[[Request], Awaitable[JSONResponse]]:
    """The process is up, with how many GraphQL requests are in flight and how many were
    refused as busy since it started."""

    async def answer(request: Request) -> JSONResponse:
        return JSONResponse({
            "status": "ok", "in_flight": admission.in_flight, "waiting": admission.waiting, "rejected_busy": admission.rejected,
        })

    return answer


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
    authenticator = Authenticator(resolved.auth)
    graphql = AdmissionControl(
        GraphQLEndpoint(build_schema(resolved.graphql), authenticator, resolved.graphql.graphiql),
        resolved.server.max_in_flight, resolved.server.max_waiting, resolved.server.max_wait_seconds,
    )

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[State]:
        if not authenticator.active:
            log.warning(AUTH_OFF_WARNING)
        async with connect(resolved, log.info) as graph:
            log.info("connected to %s (%s)", graph.target.uri, "local" if graph.target.embedded else "external")
            services = build_services(resolved, graph.executor)
            await services.load_models()  # ready before the first request, as a server should be
            # What start-up made lives as long as the process (models, schema, driver): kept
            # out of every later collection, the cycle collector's full passes walk only what
            # requests leave. Over the whole heap they were a GraphQL page's p95: a page of 50
            # with every field took 51 / 96 ms p50 / p95 at 30k decisions, frozen 50 / 57
            # (docs/performance.md).
            gc.collect()
            gc.freeze()
            thresholds = gc.get_threshold()
            gc.set_threshold(thresholds[0], thresholds[1], FULL_COLLECTION_EVERY)
            try:
                yield {"graph": graph, "settings": resolved, "services": services}
            finally:
                gc.set_threshold(*thresholds)
                await services.aclose()

    return Starlette(
        routes=[
            Route("/healthz", healthz(graphql)), Route("/readyz", readyz), Route("/graphql", graphql, methods=["GET", "POST"]),
            *web_routes(authenticator.active),
        ],
        lifespan=lifespan,
    )
