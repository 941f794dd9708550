"""``decision-journal neo4j install|start|stop|status``: the local Neo4j server."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

import typer
from rich.status import Status

from api.cli.context import CliContext, cli_context, fail
from api.usecases.local_server import local_config, locate_local_server, start_home
from api.usecases.runtime import connect
from api.usecases.warm_up import WarmUp, warm_up
from graph.errors import LocalNeo4jError
from graph.local import install_neo4j, server_status, stop_server
from nlp.plural import plural

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
        cli.note(f"Neo4j already installed in {report.lib_dir} ({plural(report.jars, 'jar')})")
    else:
        cli.note(f"installed Neo4j in {report.lib_dir}: {plural(report.jars, 'jar')}, {report.downloaded} downloaded")


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
def start(
    ctx: typer.Context,
    warm: bool = typer.Option(
        True, "--warm-up/--no-warm-up",
        help="Then run the reads of check-diff and search once on the journal's own data, so the first real ones "
             "are not the slow ones.",
    ),
) -> None:
    """Start the local server (moving an older ./.decision-journal journal into the per-user
    home first) and wait until Bolt answers."""
    cli = cli_context(ctx)
    located = locate_local_server(cli.settings)
    for note in located.notes:
        cli.note(note)
    if located.running:
        state = server_status(located.config)
        raise fail(f"the local Neo4j is already running (pid {state.pid}) at {state.bolt_uri} from {state.home}; "
                   "stop it with `decision-journal neo4j stop`.")
    try:
        with Status(f"starting Neo4j in {located.home}", console=cli.err):
            config = start_home(cli.settings, located, cli.note)
    except LocalNeo4jError as exc:
        raise fail(str(exc)) from exc
    status = server_status(config)
    cli.note(f"Neo4j {status.version} started (pid {status.pid})")
    cli.note(f"  Bolt     {status.bolt_uri}  user {config.user}, password in {status.password_file}")
    cli.note(f"  Browser  {status.browser_url}")
    cli.note(f"  data     {status.data_dir}")
    if warm and cli.settings.neo4j.uri is None:  # with NEO4J_URI set, commands use another server
        _warm_up(cli)


def _warm_up(cli: CliContext) -> None:
    """Say what the warm-up did; a journal it cannot read yet (no schema) is only noted."""

    async def run() -> WarmUp:
        async with connect(cli.settings, cli.note, start=False) as graph:
            return await warm_up(graph.executor, cli.settings.embedding.dimension)

    try:
        with Status("warming up the reads of check-diff and search", console=cli.err):
            done = asyncio.run(run())
    except Exception as exc:  # the server runs either way; a warm-up is never worth failing start over
        cli.note(f"  warm-up  skipped ({type(exc).__name__}: {exc})")
        return
    if done.paths:
        cli.note(f"  warm-up  the reads of check-diff and search, on {plural(done.paths, 'path')} of "
                 f"{plural(done.repositories, 'repository', 'repositories')}, in {done.seconds:.1f} s")


@app.command()
def stop(ctx: typer.Context) -> None:
    """Stop the local server commands use (wherever it was started from) cleanly."""
    cli = cli_context(ctx)
    located = locate_local_server(cli.settings)
    if located.running and stop_server(located.config):
        cli.note(f"Neo4j stopped (home {located.config.home})")
    else:
        cli.note(f"Neo4j was not running (home {located.home})")


@app.command()
def status(
    ctx: typer.Context,
    as_json: bool = typer.Option(False, "--json", help="Print the status as JSON."),
) -> None:
    """Say whether the local server runs, where the journal lives (home, password file,
    ports), and which config file was read."""
    cli = cli_context(ctx)
    located = locate_local_server(cli.settings)
    state = server_status(located.config)
    data = {
        "running": state.running,
        "pid": state.pid,
        "installed": state.installed,
        "version": state.version,
        "found": located.found.value,
        "bolt_uri": state.bolt_uri,
        "browser_url": state.browser_url,
        "home": str(state.home),
        "data_dir": str(state.data_dir),
        "logs_dir": str(state.logs_dir),
        "lib_dir": str(state.lib_dir),
        "password_file": str(state.password_file),
        "config_file": str(cli.config.file) if cli.config.file else None,
        "external_uri": cli.settings.neo4j.uri,
        "notes": list(located.notes),
    }
    if as_json:
        cli.out.print_json(json.dumps(data))
    else:
        word = f"running (pid {state.pid})" if state.running else "not running"
        cli.out.print(f"local Neo4j {state.version}: {word}", highlight=False)
        for key in ("bolt_uri", "browser_url", "home", "data_dir", "logs_dir", "lib_dir", "password_file"):
            cli.out.print(f"  {key:<14}{data[key]}", highlight=False, markup=False)
        source = f"{cli.config.file} ({cli.config.origin})" if cli.config.file else "none (defaults and environment)"
        cli.out.print(f"  {'config_file':<14}{source}", highlight=False, markup=False)
        if not state.installed:
            cli.out.print("  not installed: run `decision-journal neo4j install`", highlight=False)
        for note in located.notes:
            cli.out.print(f"  {note}", highlight=False, markup=False)
        if cli.settings.neo4j.uri:
            cli.out.print(f"  note: NEO4J_URI is set, so commands use {cli.settings.neo4j.uri} instead", highlight=False)
    if not state.running:
        raise typer.Exit(code=3)
