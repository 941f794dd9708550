"""Routes of the web page: ``/`` and the static files it (and GraphiQL) load."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

_AUTH_MARK = 'data-auth="on"'


@cache
def _page() -> str:
    return files("api.web").joinpath("static", "index.html").read_text(encoding="utf-8")


def web_routes(auth_active: bool) -> list[BaseRoute]:
    """``/`` (the page, telling it whether tokens are configured) and ``/static``."""
    html = _page() if auth_active else _page().replace(_AUTH_MARK, 'data-auth="off"')

    async def index(request: Request) -> HTMLResponse:
        return HTMLResponse(html)

    return [
        Route("/", index, methods=["GET"]),
        Mount("/static", StaticFiles(packages=[("api.web", "static")]), name="static"),
    ]
