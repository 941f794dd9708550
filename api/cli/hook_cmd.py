"""``decision-journal hook …``: commands a coding assistant runs as its hooks. Each lives in
its own module; a hook never blocks the agent: whatever goes wrong, it exits 0 with at most
a note on stderr."""

from __future__ import annotations

import typer

from api.cli.hook_ingest_cmd import hook_ingest
from api.cli.hook_pre_edit_cmd import pre_edit

app = typer.Typer(no_args_is_help=True, pretty_exceptions_enable=False)


@app.callback()
def hook() -> None:
    """Hooks for coding assistants (Claude Code): see docs/agents.md."""


app.command(name="pre-edit")(pre_edit)
app.command(name="ingest")(hook_ingest)
