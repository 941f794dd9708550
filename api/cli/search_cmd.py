"""``decision-journal search "QUERY"``: find decisions (keyword search; hybrid search builds on it)."""

from __future__ import annotations

import json

import typer

from api.cli.context import cli_context
from api.cli.graph_session import run_on_graph
from api.json_shape import decision_record_json
from api.runtime import GraphConnection
from graph.reader import DecisionReader
from graph.search import DecisionSearch


def search(
    ctx: typer.Context,
    query: str = typer.Argument(..., help='What to look for, such as "why did we choose PostgreSQL?".'),
    history: bool = typer.Option(False, "--history", help="Include superseded decisions."),
    limit: int = typer.Option(5, min=1, max=100),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Decisions matching the query, best first, with why, who, when and what replaced them."""
    cli = cli_context(ctx)

    async def action(graph: GraphConnection) -> list[tuple[dict[str, object], float]]:
        hits = await DecisionSearch(graph.executor).fulltext(query, limit, history)
        records = {r.id: r for r in await DecisionReader(graph.executor).decisions([i for i, _ in hits])}
        return [(decision_record_json(records[i]), score) for i, score in hits if i in records]

    found = run_on_graph(cli, action)
    if as_json:
        typer.echo(json.dumps([{"decision": d, "score": s, "retrievers": ["fulltext"]} for d, s in found], indent=2))
        return
    if not found:
        cli.out.print(f"no decision matches {query!r}", highlight=False)
    def say(text: str) -> None:
        cli.out.print(text, highlight=False, markup=False)

    for decision, score in found:
        when = str(decision["decided_at"] or decision["recorded_at"] or "")[:10]
        say(f"{decision['summary']}")
        say(f"  status {decision['status']}, decided {when} by {decision['decision_maker'] or '?'}  [{decision['id']}, score {score:.2f}]")
        for key in ("context", "rationale"):
            if decision[key]:
                say(f"  {key}: {decision[key]}")
        alternatives = decision["alternatives"]
        assert isinstance(alternatives, list)
        if alternatives:
            say("  alternatives: " + "; ".join(f"{a['option']}" + (f" ({a['why_not_chosen']})" if a["why_not_chosen"] else "") for a in alternatives))
        for key in ("files", "revisited_by", "superseded_by", "revisits", "supersedes"):
            if decision[key]:
                say(f"  {key.replace('_', ' ')}: {', '.join(decision[key])}")  # type: ignore[arg-type]  # lists of ids
