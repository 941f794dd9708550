"""``decision-journal serve`` (the HTTP API under uvicorn) and ``graphql-schema``."""

from __future__ import annotations

import ipaddress
import os
from pathlib import Path

import typer
import uvicorn

from api.app import create_app
from api.cli.context import CliContext, cli_context, fail
from api.cli.run_on_graph import run_on_graph
from api.graphql.schema import SDL_FILE, sdl
from api.usecases.runtime import GraphConnection

WORKER_HEALTHCHECK_SECONDS = 60
"""How long a worker may take to answer uvicorn's supervisor before it is replaced."""


def serve(
    ctx: typer.Context,
    host: str | None = typer.Option(None, help="Interface to bind (default from settings: 127.0.0.1)."),
    port: int | None = typer.Option(None, help="Port to bind (default from settings: 8000)."),
    workers: int | None = typer.Option(
        None, "--workers", min=1, max=64, help="Worker processes (default from settings: 1); each loads the models."
    ),
) -> None:
    """Serve the web page at /, GraphQL at /graphql (GraphiQL in a browser), /healthz and /readyz."""
    cli = cli_context(ctx)
    settings = cli.settings
    bind_host = host or settings.server.host
    bind_port = port or settings.server.port
    if not settings.auth.active:
        # Without tokens, anyone who reaches the port reads and writes everything: allow
        # that beyond this machine only when the config says so in as many words.
        if not _loopback(bind_host) and settings.auth.enabled is not False:
            raise fail(
                f"refusing to serve on {bind_host} without auth: configure [[auth.tokens]], or set "
                "[auth] enabled = false to accept that anyone on the network has full access",
                code=2,
            )
    base = f"http://{bind_host}:{bind_port}"
    cli.note(f"open {base}/ in a browser: search, decisions and their chains, what touched a path")
    cli.note(f"GraphQL at {base}/graphql (GraphiQL in a browser; health: /healthz, readiness: /readyz)")
    _reach_graph(cli)
    processes = workers or settings.server.workers
    if processes == 1:
        uvicorn.run(create_app(settings), host=bind_host, port=bind_port, log_level="info")
        return
    # Each worker builds the app from the same settings: the config file travels as
    # DJ_CONFIG (environment overrides are inherited).
    if cli.config_file is not None:
        os.environ["DJ_CONFIG"] = str(cli.config_file.resolve())
    cli.note(f"{processes} worker processes")
    # uvicorn's supervisor asks each worker for a sign of life and, by default, kills and
    # respawns one that does not answer within 5 s. A new worker first re-imports the
    # command line's modules (spaCy, strawberry, openai, mcp) before it can answer: 6.5 s
    # (python -X importtime) on the 2-core machine under a load of 12, where with 5 s the
    # workers were respawned forever and never served.
    uvicorn.run("api.app:create_app", factory=True, workers=processes, host=bind_host, port=bind_port, log_level="info",
                timeout_worker_healthcheck=WORKER_HEALTHCHECK_SECONDS)


def _reach_graph(cli: CliContext) -> None:
    """Connect once before uvicorn starts, as every other command does: a Neo4j that cannot be
    reached (or a wrong password) is one line on stderr and exit 1, where the app's lifespan
    failing under uvicorn is 80 lines of traceback and "Application startup failed". The local
    Neo4j is started here, saying so as ``ingest`` does (the lifespan's notes go to a log
    uvicorn does not show), and once: several workers then find it running rather than race
    to start it.

    Raises:
        typer.Exit: The graph cannot be reached.
    """

    async def reached(graph: GraphConnection) -> None:
        return None

    run_on_graph(cli, reached)


def graphql_schema(
    write: bool = typer.Option(False, "--write", help=f"Write it to {SDL_FILE.name} in the package instead of printing."),
    check: bool = typer.Option(False, "--check", help="Exit 1 when the committed SDL differs from the code."),
) -> None:
    """Print the GraphQL schema (SDL): what portals code against."""
    text = sdl()
    if check:
        committed = SDL_FILE.read_text() if SDL_FILE.is_file() else ""
        if committed != text:
            raise fail(f"{SDL_FILE} is out of date; run: decision-journal graphql-schema --write", code=1)
        return
    if write:
        Path(SDL_FILE).write_text(text)
        return
    typer.echo(text, nl=False)


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
