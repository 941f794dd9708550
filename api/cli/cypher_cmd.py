"""``decision-journal cypher NAME``: a query of cypher/queries or cypher/browser as Neo4j Browser runs it."""

from __future__ import annotations

import typer

from api.cli.context import cli_context, fail
from graph.cypher import browser_names, browser_text, query_names
from graph.errors import QueryNotFound


def cypher(
    ctx: typer.Context,
    name: str = typer.Argument(
        "", help="A query's name: its file in cypher/browser or cypher/queries, without .cypher; none lists them."),
) -> None:
    """Print a query with its shared fragments filled in and its example's :param lines,
    ready to paste into Neo4j Browser; without a name, list the queries (the Browser's
    ready-made ones first)."""
    cli = cli_context(ctx)
    if not name:
        for known in [*browser_names(), *query_names()]:
            cli.out.print(known, highlight=False, markup=False)
        return
    try:
        cli.out.print(browser_text(name), end="", highlight=False, markup=False)
    except QueryNotFound as exc:
        raise fail(str(exc)) from exc
