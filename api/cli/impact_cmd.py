"""``decision-journal impact PATH``: what touched a file or directory, and the commits since."""

from __future__ import annotations

import json

import typer

from api.cli.context import cli_context
from api.cli.graph_session import run_on_graph
from api.usecases.impact import ImpactJson, impact_json
from api.usecases.runtime import GraphConnection


def impact(
    ctx: typer.Context,
    path: str = typer.Argument(..., help="A file or directory, such as src/api/."),
    history: bool = typer.Option(False, "--history", help="Include superseded decisions."),
    limit: int = typer.Option(20, min=1, max=100),
    as_json: bool = typer.Option(False, "--json", help='{"total", "decisions": [decision + "commits"]}.'),
) -> None:
    """The decisions affecting a path (the file, anything under it, or a directory holding
    it), newest first, each with the git commits that followed it (after ingest-git)."""
    cli = cli_context(ctx)

    async def action(graph: GraphConnection) -> ImpactJson:
        return await impact_json(graph.executor, path, history, limit)

    found = run_on_graph(cli, action)
    if as_json:
        typer.echo(json.dumps(found, indent=2, ensure_ascii=False))
        return

    def say(text: str) -> None:
        cli.out.print(text, highlight=False, markup=False)

    if not found["decisions"]:
        say(f"no decision affects {path}" + ("" if history else " (--history includes superseded ones)"))
        return
    say(f"{found['total']} decision{'s affect' if found['total'] != 1 else ' affects'} {path}, newest first:")
    for d in found["decisions"]:
        when = str(d["decided_at"] or d["recorded_at"] or "")[:10]
        say(f"{d['status']:<10} {when}  {d['id']}  {d['summary']}")
        for c in d["commits"]:
            say(f"             {c['sha'][:10]} {str(c['date'] or '')[:10]} {c['author'] or '?'}: {c['subject']}"
                f"  ({', '.join(h.lower() for h in c['how'])})")
