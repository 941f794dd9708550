"""``decision-journal import-adr DIR...``: ADR collections into the journal."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from api.cli.context import cli_context, fail
from api.cli.graph_session import run_on_graph
from api.usecases.adr_import import AdrImportReport, import_adrs
from api.usecases.json_shape import DecisionJson, decision_record_json
from api.usecases.runtime import GraphConnection
from api.usecases.services import build_services
from nlp.errors import NlpError


def import_adr(
    ctx: typer.Context,
    dirs: list[Path] = typer.Argument(..., help="ADR folders (Nygard/adr-tools, MADR 2-4, log4brains, seed-004 documents)."),
    repo: str | None = typer.Option(None, "--repo", help="Collection name, the session of its decisions (default: the first folder's name)."),
    as_json: bool = typer.Option(False, "--json", help="Print the imported decisions in the shared JSON shape."),
) -> None:
    """Import ADRs (idempotent): one decision per file, with the supersede and amend links they state."""
    cli = cli_context(ctx)
    collection = repo or dirs[0].resolve().name

    async def action(graph: GraphConnection) -> tuple[AdrImportReport, list[DecisionJson]]:
        services = build_services(cli.settings, graph.executor)
        report = await import_adrs(dirs, collection, services.ingest, cli.note)
        stored = await services.reader.decisions(list(report.decision_ids.values())) if as_json else []
        return report, [decision_record_json(r) for r in stored]

    try:
        report, stored = run_on_graph(cli, action)
    except NlpError as exc:
        raise fail(f"{exc} (nothing was stored)", code=2) from exc
    supersedes = sum(1 for link in report.links if link.kind == "supersedes")
    cli.note(
        f"{collection}: {report.files} ADRs, {report.new_decisions} new decisions; "
        f"{supersedes} supersede and {len(report.links) - supersedes} amend links stated and linked"
        + (f"; {len(report.unresolved)} references name no ADR in the collection" if report.unresolved else "")
    )
    for problem in report.unresolved:
        cli.note(f"  unresolved: {problem}")
    if as_json:
        typer.echo(json.dumps(stored, indent=2, ensure_ascii=False))
