"""``decision-journal lineage ID`` and ``decision-journal audit SESSION``: agent decision
lineage (seed 003) as a readable trace and as a Markdown audit report."""

from __future__ import annotations

import json
from pathlib import Path
from uuid import UUID

import typer

from api.cli.context import cli_context, fail
from api.cli.run_on_graph import run_on_graph
from api.usecases.lineage_report import audit_report, trace_lines
from api.usecases.runtime import GraphConnection
from graph.lineage_store import Neo4jPrecedentStore
from lineage.codec import to_json
from lineage.model import AgentDecisionRecord
from nlp.plural import plural


def lineage(
    ctx: typer.Context,
    decision_id: str = typer.Argument(..., help="An agent decision's id."),
    as_json: bool = typer.Option(False, "--json", help="Print the seed-003 record as JSON."),
) -> None:
    """Under which policy version, with which exception, following which precedent an agent decision was made."""
    cli = cli_context(ctx)
    try:
        wanted = UUID(decision_id)
    except ValueError as exc:
        raise fail(f"{decision_id!r} is not an agent decision id (a UUID)", code=2) from exc

    async def action(graph: GraphConnection) -> tuple[AgentDecisionRecord | None, dict[str, AgentDecisionRecord]]:
        store = Neo4jPrecedentStore(graph.executor)
        found = await store.find_by_id(wanted)
        cited = await store.find_many([r.decision_id for r in found.precedent_refs]) if found else {}
        return found, cited

    found, cited = run_on_graph(cli, action)
    if found is None:
        raise fail(f"no agent decision {decision_id}", code=1)
    if as_json:
        typer.echo(json.dumps(json.loads(to_json(found)), indent=2, ensure_ascii=False))
        return
    for line in trace_lines(found, cited):
        cli.out.print(line, highlight=False, markup=False)


def audit(
    ctx: typer.Context,
    session: str = typer.Argument(..., help="The agent session."),
    out: Path | None = typer.Option(None, "--out", "-o", help="Write the report here instead of printing it."),
) -> None:
    """A Markdown audit report of an agent session's decisions."""
    cli = cli_context(ctx)

    async def action(graph: GraphConnection) -> list[AgentDecisionRecord]:
        return list(await Neo4jPrecedentStore(graph.executor).session_decisions(session))

    decisions = run_on_graph(cli, action)
    if not decisions:
        raise fail(f"session {session!r} has no agent decisions", code=1)
    report = audit_report(session, decisions)
    if out is None:
        typer.echo(report, nl=False)
        return
    out.write_text(report)
    cli.note(f"wrote {out} ({plural(len(decisions), 'decision')})")
