"""``decision-journal serve``: the HTTP API under uvicorn."""

from __future__ import annotations

import typer
import uvicorn

from api.app import create_app
from api.cli.context import cli_context


def serve(
    ctx: typer.Context,
    host: str | None = typer.Option(None, help="Interface to bind (default from settings: 127.0.0.1)."),
    port: int | None = typer.Option(None, help="Port to bind (default from settings: 8000)."),
) -> None:
    """Serve /healthz and /readyz (GraphQL arrives at /graphql)."""
    cli = cli_context(ctx)
    bind_host = host or cli.settings.server.host
    bind_port = port or cli.settings.server.port
    cli.note(f"serving on http://{bind_host}:{bind_port} (health: /healthz, readiness: /readyz)")
    uvicorn.run(create_app(cli.settings), host=bind_host, port=bind_port, log_level="info")
