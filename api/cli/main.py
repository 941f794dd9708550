"""The ``decision-journal`` entry point: reads settings once, then dispatches."""

from __future__ import annotations

import logging
from pathlib import Path

import typer
from pydantic import ValidationError
from rich.console import Console

from api.cli import eval_cmd, neo4j_cmd, people_cmd, review_cmd, schema_cmd
from api.cli.adr_cmd import import_adr
from api.cli.check_cmd import check_diff
from api.cli.context import CliContext, fail
from api.cli.doctor_cmd import doctor
from api.cli.export_cmd import export, import_jsonl_cmd
from api.cli.extract_cmd import extract
from api.cli.git_cmd import ingest_git_cmd
from api.cli.impact_cmd import impact
from api.cli.journal_cmd import chain, ingest
from api.cli.lineage_cmd import audit, lineage
from api.cli.mcp_cmd import mcp
from api.cli.prune_cmd import prune
from api.cli.record_cmd import pre, record
from api.cli.search_cmd import ask, search
from api.cli.serve_cmd import graphql_schema, serve
from api.settings import load_settings

app = typer.Typer(
    name="decision-journal",
    help="A knowledge graph of the decisions in your conversations and ADRs, on Neo4j.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
app.add_typer(neo4j_cmd.app, name="neo4j")
app.add_typer(schema_cmd.app, name="schema")
app.add_typer(eval_cmd.app, name="eval")
app.add_typer(people_cmd.app, name="people")
app.add_typer(review_cmd.app, name="review")
app.command()(serve)
app.command()(doctor)
app.command(name="graphql-schema")(graphql_schema)
app.command()(extract)
app.command()(ingest)
app.command(name="import-adr")(import_adr)
app.command()(export)
app.command(name="import-jsonl")(import_jsonl_cmd)
app.command()(chain)
app.command()(search)
app.command()(ask)
app.command()(record)
app.command()(pre)
app.command()(lineage)
app.command()(audit)
app.command()(mcp)
app.command(name="check-diff")(check_diff)
app.command(name="ingest-git")(ingest_git_cmd)
app.command()(impact)
app.command()(prune)


@app.callback()
def root(
    ctx: typer.Context,
    config: Path | None = typer.Option(
        None, "--config", "-c", help="TOML settings file (default: $DJ_CONFIG or ./decision-journal.toml)."
    ),
) -> None:
    """Read the settings once for whichever command runs."""
    try:
        settings = load_settings(config)
    except FileNotFoundError as exc:
        raise fail(str(exc), code=2) from exc
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in error['loc'])}: {error['msg']}" for error in exc.errors()
        )
        raise fail(f"invalid settings: {problems}", code=2) from exc
    ctx.obj = CliContext(
        settings=settings, out=Console(soft_wrap=True), err=Console(stderr=True, soft_wrap=True), config_file=config
    )


def main() -> None:
    """Console-script entry point."""
    # The driver retries a transaction that lost a deadlock (two bulk-restore writers can
    # meet on a shared tag or person) and says so at WARNING; it recovers on its own, so
    # a user would only be alarmed. Failures that reach us are still reported.
    logging.getLogger("neo4j.session").setLevel(logging.ERROR)
    app()


if __name__ == "__main__":
    main()
