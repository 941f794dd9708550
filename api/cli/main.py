"""The ``decision-journal`` entry point: reads settings once, then dispatches."""

from __future__ import annotations

import gc
import importlib
import logging
from pathlib import Path

import typer
from pydantic import ValidationError
from rich.console import Console
from typer._click.core import Command, Context  # the click typer bundles (0.29+), which its group types use
from typer.core import TyperGroup

from api.cli.context import CliContext, fail
from api.settings import ConfigChoice, ConfigFileUnreadable, choose_config_file, read_settings

COMMANDS: dict[str, tuple[str, str]] = {
    "serve": ("api.cli.serve_cmd", "serve"),
    "doctor": ("api.cli.doctor_cmd", "doctor"),
    "graphql-schema": ("api.cli.serve_cmd", "graphql_schema"),
    "extract": ("api.cli.extract_cmd", "extract"),
    "ingest": ("api.cli.journal_cmd", "ingest"),
    "watch": ("api.cli.watch_cmd", "watch"),
    "import-adr": ("api.cli.adr_cmd", "import_adr"),
    "export": ("api.cli.export_cmd", "export"),
    "import-jsonl": ("api.cli.export_cmd", "import_jsonl_cmd"),
    "chain": ("api.cli.journal_cmd", "chain"),
    "search": ("api.cli.search_cmd", "search"),
    "ask": ("api.cli.search_cmd", "ask"),
    "record": ("api.cli.record_cmd", "record"),
    "pre": ("api.cli.record_cmd", "pre"),
    "lineage": ("api.cli.lineage_cmd", "lineage"),
    "audit": ("api.cli.lineage_cmd", "audit"),
    "mcp": ("api.cli.mcp_cmd", "mcp"),
    "check-diff": ("api.cli.check_cmd", "check_diff"),
    "ingest-git": ("api.cli.git_cmd", "ingest_git_cmd"),
    "impact": ("api.cli.impact_cmd", "impact"),
    "prune": ("api.cli.prune_cmd", "prune"),
    "cypher": ("api.cli.cypher_cmd", "cypher"),
    "sessions": ("api.cli.sessions_cmd", "sessions"),
    "timeline": ("api.cli.timeline_cmd", "timeline"),
}
"""Each command and the function that is it, imported only when the command runs: a
pre-commit hook's ``check-diff`` must not pay for the web server, MCP and the evaluation
(importing every command took 2.4 s of CPU before any work began)."""

GROUPS: dict[str, str] = {
    "neo4j": "api.cli.neo4j_cmd",
    "schema": "api.cli.schema_cmd",
    "eval": "api.cli.eval_cmd",
    "people": "api.cli.people_cmd",
    "review": "api.cli.review_cmd",
    "hook": "api.cli.hook_cmd",
}
"""Command groups, each a module with a Typer ``app``, imported the same way."""


class LazyCommands(TyperGroup):
    """The root command group: finds a command's module when the command is asked for."""

    def list_commands(self, ctx: Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *COMMANDS, *GROUPS})

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        # Shell completion is installed for the whole program, from the root command only:
        # a subcommand built on its own would list --install-completion/--show-completion too.
        if cmd_name in COMMANDS:
            module, attribute = COMMANDS[cmd_name]
            single = typer.Typer(pretty_exceptions_enable=False, add_completion=False)
            single.command(name=cmd_name)(getattr(importlib.import_module(module), attribute))
            return typer.main.get_command(single)
        if cmd_name in GROUPS:
            group: typer.Typer = importlib.import_module(GROUPS[cmd_name]).app
            command = typer.main.get_group(group)
            command.name = cmd_name
            return command
        return super().get_command(ctx, cmd_name)


app = typer.Typer(
    name="decision-journal",
    cls=LazyCommands,
    help="A knowledge graph of the decisions in your conversations and ADRs, on Neo4j.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


@app.callback()
def root(
    ctx: typer.Context,
    config: Path | None = typer.Option(
        None, "--config", "-c",
        help="TOML settings file (default: $DJ_CONFIG, else the per-user config.toml; "
             "./decision-journal.toml only when named here).",
    ),
    verbose: bool = typer.Option(
        False, "--verbose", "-v", help="Also show the Neo4j driver's own log lines (a lost connection, a retry).",
    ),
) -> None:
    """Read the settings once for whichever command runs."""
    _start_up_done()
    _driver_log(verbose)
    err = Console(stderr=True, soft_wrap=True)
    try:
        choice = choose_config_file(config)
    except FileNotFoundError as exc:
        raise _fail_unless_hook(ctx, str(exc)) from exc
    try:
        settings = read_settings(choice)
    except ConfigFileUnreadable as exc:
        raise _fail_unless_hook(ctx, str(exc)) from exc
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in error['loc'])}: {error['msg']}" for error in exc.errors()
        )
        raise _fail_unless_hook(ctx, f"invalid settings: {problems}{_read_from(choice)}") from exc
    if choice.ignored is not None:
        err.print(f"note: {choice.ignored} in this directory is not read unless named: "
                  f"pass --config {choice.ignored} (or set DJ_CONFIG) to use it", highlight=False, markup=False)
    ctx.obj = CliContext(settings=settings, out=Console(soft_wrap=True), err=err, config_file=config, config=choice)


def _read_from(choice: ConfigChoice) -> str:
    """Where the settings came from, for an error about them: the file, when one was read."""
    return "" if choice.file is None else f" (config file {choice.file}, {choice.origin}, and the environment)"


_QUIET = logging.NullHandler()


def _driver_log(verbose: bool) -> None:
    """Keep the Neo4j driver's log to ``-v``: when the server goes away mid-command the
    driver logs the lost connection itself ("[#C53A]  _: <CONNECTION> error: Failed to read
    from defunct connection …") just before the one clear line the command reports. Its
    records then reach no handler (nor Python's last-resort one, which prints to stderr)."""
    driver = logging.getLogger("neo4j")
    driver.propagate = verbose
    if verbose:
        driver.removeHandler(_QUIET)
    else:
        driver.addHandler(_QUIET)


def _start_up_done() -> None:
    """The command's modules are imported (click resolves the command before this callback
    runs): when ``main`` paused the cycle collector for the start-up, keep what start-up
    made out of every later collection (``gc.freeze``) and resume it."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def _fail_unless_hook(ctx: typer.Context, message: str) -> typer.Exit:
    """Exit 2 on bad settings, except under ``hook``: a coding assistant reads exit 2 of a
    hook as "block this tool call", and a hook must never stop the agent."""
    if ctx.invoked_subcommand == "hook":
        Console(stderr=True, soft_wrap=True).print(f"decision-journal hook: {message}", highlight=False, markup=False)
        return typer.Exit(code=0)
    return fail(message, code=2)


def main() -> None:
    """Console-script entry point."""
    # The driver retries a transaction that lost a deadlock (two bulk-restore writers can
    # meet on a shared tag or person) and says so at WARNING; it recovers on its own, so
    # a user would only be alarmed. Failures that reach us are still reported.
    logging.getLogger("neo4j.session").setLevel(logging.ERROR)
    # Start-up makes some 60,000 objects (modules, classes, the driver's tables) that live
    # as long as the process; the cycle collector traversing them again and again while
    # they are made cost 0.1-0.2 s of a check-diff's CPU, for nothing to collect. It is
    # paused until the command's module is imported (``_start_up_done``, which freezes
    # them); commands then run with it as usual.
    gc.disable()
    app()


if __name__ == "__main__":
    main()
