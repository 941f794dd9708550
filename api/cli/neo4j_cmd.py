"""``decision-journal neo4j install|start|stop|status``: the local Neo4j server."""

from __future__ import annotations

import json
from collections.abc import Callable

import typer
from rich.status import Status

from api.cli.context import cli_context, fail
from api.usecases.runtime import local_config
from graph.errors import LocalNeo4jError
from graph.local import install_neo4j, server_status, start_server, stop_server

app = typer.Typer(help="Install, start, stop and inspect the local Neo4j server (used when NEO4J_URI is unset).")


@app.command()
def install(ctx: typer.Context) -> None:
    """Download the Neo4j 5.26 server jars with Maven (idempotent; first run ~140 MB)."""
    cli = cli_context(ctx)
    config = local_config(cli.settings)
    try:
        if cli.err.is_terminal:
            with Status("checking Neo4j install", console=cli.err) as status:
                report = install_neo4j(config, lambda line: status.update(line))
        else:
            report = install_neo4j(config, _every_nth_line(cli.note, 100))
    except LocalNeo4jError as exc:
        raise fail(str(exc)) from exc
    if report.already_installed:
        cli.note(f"Neo4j already installed in {report.lib_dir} ({report.jars} jars)")
    else:
        cli.note(f"installed Neo4j in {report.lib_dir}: {report.jars} jars, {report.downloaded} downloaded")


def _every_nth_line(say: Callable[[str], None], n: int) -> Callable[[str], None]:
    """In a log (no terminal), print step lines and every n-th download, not all 850."""
    count = 0

    def progress(line: str) -> None:
        nonlocal count
        if line.startswith("downloaded "):
            count += 1
            if count % n:
                return
            line = f"{line} ({count} artifacts so far)"
        say(line)

    return progress


@app.command()
def start(ctx: typer.Context) -> None:
    """Start the local server and wait until Bolt answers."""
    cli = cli_context(ctx)
    config = local_config(cli.settings)
    password = cli.settings.neo4j.password
    try:
        with Status(f"starting Neo4j in {config.home}", console=cli.err):
            status = start_server(config, password.get_secret_value() if password else None)
    except LocalNeo4jError as exc:
        raise fail(str(exc)) from exc
    cli.note(f"Neo4j {status.version} started (pid {status.pid})")
    cli.note(f"  Bolt     {status.bolt_uri}  user {config.user}, password in {status.password_file}")
    cli.note(f"  Browser  {status.browser_url}")
    cli.note(f"  data     {status.data_dir}")


@app.command()
def stop(ctx: typer.Context) -> None:
    """Stop the local server cleanly."""
    cli = cli_context(ctx)
    config = local_config(cli.settings)
    if stop_server(config):
        cli.note("Neo4j stopped")
    else:
        cli.note(f"Neo4j was not running (home {config.home.resolve()})")


@app.command()
def status(
    ctx: typer.Context,
    as_json: bool = typer.Option(False, "--json", help="Print the status as JSON."),
) -> None:
    """Say whether the local server runs, where, and where its data lives."""
    cli = cli_context(ctx)
    state = server_status(local_config(cli.settings))
    data = {
        "running": state.running,
        "pid": state.pid,
        "installed": state.installed,
        "version": state.version,
        "bolt_uri": state.bolt_uri,
        "browser_url": state.browser_url,
        "home": str(state.home),
        "data_dir": str(state.data_dir),
        "logs_dir": str(state.logs_dir),
        "lib_dir": str(state.lib_dir),
        "password_file": str(state.password_file),
        "external_uri": cli.settings.neo4j.uri,
    }
    if as_json:
        cli.out.print_json(json.dumps(data))
    else:
        word = f"running (pid {state.pid})" if state.running else "not running"
        cli.out.print(f"local Neo4j {state.version}: {word}", highlight=False)
        for key in ("bolt_uri", "browser_url", "home", "data_dir", "logs_dir", "lib_dir", "password_file"):
            cli.out.print(f"  {key:<14}{data[key]}", highlight=False, markup=False)
        if not state.installed:
            cli.out.print("  not installed: run `decision-journal neo4j install`", highlight=False)
        if cli.settings.neo4j.uri:
            cli.out.print(f"  note: NEO4J_URI is set, so commands use {cli.settings.neo4j.uri} instead", highlight=False)
    if not state.running:
        raise typer.Exit(code=3)
