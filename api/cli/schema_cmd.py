"""``decision-journal schema apply|verify``: constraints and indexes from cypher/schema."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer

from api.cli.context import cli_context
from api.cli.run_on_graph import run_on_graph
from api.usecases.runtime import GraphConnection
from graph.schema import ApplyReport, VerifyReport, apply_schema, verify_schema
from nlp.plural import plural

app = typer.Typer(help="Apply and verify the graph schema (constraints, full-text and vector indexes).")


@app.command()
def apply(ctx: typer.Context) -> None:
    """Create every constraint and index that is missing (idempotent), then verify."""
    cli = cli_context(ctx)
    dimension = cli.settings.embedding.dimension

    async def action(graph: GraphConnection) -> tuple[ApplyReport, VerifyReport]:
        applied = await apply_schema(graph.executor, dimension)
        return applied, await verify_schema(graph.executor, dimension)

    applied, verified = run_on_graph(cli, action, schema=False)
    created = ", ".join(applied.created) if applied.created else "none (all present)"
    cli.out.print(f"schema: {plural(applied.statements, 'statement')} run; created: {created}", highlight=False)
    _print_people(cli.out.print, applied)
    _print_verify(cli.out.print, verified)
    if not verified.ok:
        raise typer.Exit(code=1)


@app.command()
def verify(ctx: typer.Context) -> None:
    """Report anything missing or mismatched (exit 1 if so)."""
    cli = cli_context(ctx)
    dimension = cli.settings.embedding.dimension

    async def action(graph: GraphConnection) -> VerifyReport:
        return await verify_schema(graph.executor, dimension)

    report = run_on_graph(cli, action, schema=False)
    _print_verify(cli.out.print, report)
    if not report.ok:
        raise typer.Exit(code=1)


def _print_people(say: Callable[..., Any], applied: ApplyReport) -> None:
    """The people moved to the handles of their names, and those left as they were (see
    docs/journal.md, People)."""
    people = applied.people
    if applied.roles_removed:
        say(f"people: {plural(applied.roles_removed, 'session role')} stored as people removed (@user, @assistant: "
            "no one in particular)", highlight=False, markup=False)
    if people.moved:
        say("people: moved to the handle of their name: " + ", ".join(f"{a} → {b}" for a, b in people.moved),
            highlight=False, markup=False)
    if people.merged:
        say("people: joined the person of the same name: " + ", ".join(f"{a} → {b}" for a, b in people.merged),
            highlight=False, markup=False)
    for handle, why in people.left:
        say(f"people: {handle} left as it is: {why}", highlight=False, markup=False)


def _print_verify(say: Callable[..., Any], report: VerifyReport) -> None:
    if report.ok:
        say(f"schema verified: {report.checked} indexes and constraints match cypher/schema", highlight=False)
        return
    say(f"schema mismatch: {plural(len(report.problems), 'problem')} in {report.checked} checked", highlight=False)
    for problem in report.problems:
        say(f"  - {problem}", highlight=False, markup=False)
