"""``/graphql``: strawberry's ASGI view with bearer-token auth and a per-request context."""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import Any

import strawberry
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket
from strawberry.asgi import GraphQL
from strawberry.http import GraphQLHTTPResponse

from api.auth import NOBODY, Authenticator, AuthError
from api.graphql.context import RequestContext, build_context
from api.graphql.errors import UNAVAILABLE_CODE

_PRINCIPAL = "decision_journal.principal"
RETRY_AFTER_SECONDS = 5
"""When to try again with Neo4j out of reach: a local Neo4j took 32-43 s to start on the
2-core machine (the test harness's, three times), so a client retrying every second (the
busy server's 1 s) would only add load while it comes back."""


class GraphQLEndpoint(GraphQL):
    """GraphiQL in a browser (GET without a query; it needs no token to load), the API
    for everything else. A missing or unknown token is a 401 before any resolver runs;
    the services come from the app's lifespan state."""

    def __init__(self, schema: strawberry.Schema, authenticator: Authenticator, graphiql: bool = True) -> None:
        # No subscriptions in the schema, so no websocket protocols either.
        super().__init__(schema, graphql_ide="graphiql" if graphiql else None, subscription_protocols=())
        self._authenticator = authenticator

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not _wants_ide(scope):
            headers = dict(scope.get("headers") or ())
            authorization = headers.get(b"authorization")
            try:
                scope[_PRINCIPAL] = self._authenticator.authenticate(authorization.decode("latin-1") if authorization else None)
            except AuthError as exc:
                response = JSONResponse(
                    {"errors": [{"message": str(exc), "extensions": {"code": "UNAUTHENTICATED"}}]},
                    status_code=401, headers={"WWW-Authenticate": 'Bearer realm="decision-journal"'},
                )
                await response(scope, receive, send)
                return
        await super().__call__(scope, receive, send)

    def create_response(
        self, response_data: GraphQLHTTPResponse | list[GraphQLHTTPResponse], sub_response: Response
    ) -> Response:
        # Neo4j out of reach: HTTP 503 with Retry-After, which retrying clients, proxies and
        # load balancers act on, as for a busy server (api/admission.py). The body stays the
        # GraphQL response, whose error says so and carries the code DATABASE_UNAVAILABLE.
        if any(_unavailable(result) for result in (response_data if isinstance(response_data, list) else [response_data])):
            sub_response.status_code = 503
            sub_response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return super().create_response(response_data, sub_response)

    async def render_graphql_ide(self, request: Request) -> HTMLResponse:
        # strawberry's own page loads React and GraphiQL from a CDN and stays at
        # "Loading..." offline; ours loads the copies the app serves under /static/vendor.
        return HTMLResponse(_graphiql_page())

    async def get_context(self, request: Request | WebSocket, response: Response | WebSocket) -> Any:
        state = request.state
        # Only the GraphiQL page gets here without an authenticated principal.
        principal = request.scope.get(_PRINCIPAL, NOBODY)
        context: RequestContext = build_context(principal, state.settings, state.services)
        return context


@cache
def _graphiql_page() -> str:
    return files("api.graphql").joinpath("graphiql.html").read_text(encoding="utf-8")


def _unavailable(result: GraphQLHTTPResponse) -> bool:
    """An error of ``result`` says Neo4j cannot be reached (errors are formatted dicts here)."""
    for error in result.get("errors") or ():
        extensions = error.get("extensions") if isinstance(error, dict) else None
        if isinstance(extensions, dict) and extensions.get("code") == UNAVAILABLE_CODE:
            return True
    return False


def _wants_ide(scope: Scope) -> bool:
    """A browser asking for the GraphiQL page: GET, HTML accepted, no query string."""
    if scope.get("method") != "GET" or scope.get("query_string"):
        return False
    accept = dict(scope.get("headers") or ()).get(b"accept", b"")
    return b"text/html" in accept
