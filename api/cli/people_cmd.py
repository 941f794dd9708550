"""``decision-journal people list|merge|unmerge``: one person across the names they go by."""

from __future__ import annotations

import json
from dataclasses import asdict

import typer

from api.cli.context import cli_context
from api.cli.run_on_graph import run_on_graph
from api.usecases.runtime import GraphConnection
from api.usecases.services import alias_pairs
from graph.people import People, Person
from nlp.plural import plural
from nlp.schema import handle_for

app = typer.Typer(help="People: list them, merge the names one person goes by, undo a merge.")


@app.command(name="list")
def list_people(ctx: typer.Context, as_json: bool = typer.Option(False, "--json")) -> None:
    """Every person with their aliases and how many decisions they are in (after applying
    the config's [people.aliases])."""
    cli = cli_context(ctx)

    async def action(graph: GraphConnection) -> list[Person]:
        people = People(graph.executor)
        await people.merge(alias_pairs(cli.settings))
        return await people.list()

    found = run_on_graph(cli, action)
    if as_json:
        typer.echo(json.dumps([asdict(person) for person in found], indent=2, ensure_ascii=False))
        return
    for person in found:
        also = f"  also {', '.join(person.aliases)}" if person.aliases else ""
        name = f" ({person.name})" if person.name else ""
        cli.out.print(f"{person.handle}{name}: {plural(person.decisions, 'decision')}{also}", highlight=False, markup=False)
    if not found:
        cli.note("no people yet: ingest a conversation first")


@app.command()
def merge(
    ctx: typer.Context,
    alias: str = typer.Argument(..., help="The handle, nick or name to fold in (@asmith, 'Alice Smith')."),
    person: str = typer.Argument(..., help="The person it names (@alice)."),
) -> None:
    """Make ALIAS another name of PERSON: its decisions become theirs, in search filters,
    GraphQL and listings alike, and later ingests of ALIAS go to PERSON (undo: unmerge)."""
    cli = cli_context(ctx)
    pair = (handle_for(alias), handle_for(person))

    async def action(graph: GraphConnection) -> list[tuple[str, str]]:
        return await People(graph.executor).merge([pair])

    merged = run_on_graph(cli, action)
    if merged:
        cli.note(f"{pair[0]} is now an alias of {merged[0][1]}")
    else:
        cli.note(f"{pair[0]} was already an alias of {pair[1]}; nothing changed")


@app.command()
def unmerge(ctx: typer.Context, alias: str = typer.Argument(..., help="An alias made by merge.")) -> None:
    """Make ALIAS a person of their own again, with every decision stated under it."""
    cli = cli_context(ctx)
    handle = handle_for(alias)

    async def action(graph: GraphConnection) -> str:
        return await People(graph.executor).unmerge(handle)

    was = run_on_graph(cli, action)
    cli.note(f"{handle} is a person of their own again (was an alias of {was})")
