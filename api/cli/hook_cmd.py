"""``decision-journal hook …``: commands coding agents' hooks call (Claude Code's settings)."""

from __future__ import annotations

import typer

from api.cli.hook_ingest_cmd import hook_ingest

app = typer.Typer(no_args_is_help=True, pretty_exceptions_enable=False)


@app.callback()
def hook() -> None:
    """Commands for coding agents' hooks (Claude Code): they never block or fail the agent."""


app.command("ingest")(hook_ingest)
