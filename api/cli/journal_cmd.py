"""``decision-journal ingest`` and ``decision-journal chain``: the journal on the command line."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import typer
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from api.cli.context import CliContext, aware, cli_context, fail
from api.cli.graph_session import run_on_graph
from api.ingest import IngestReport, ingest_conversation
from api.json_shape import chain_json, decision_record_json
from api.runtime import GraphConnection
from api.services import build_services
from graph.reader import DecisionReader
from nlp.errors import NlpError
from nlp.readers import FORMATS, read_conversation, read_decisions
from nlp.schema import Conversation, ExtractedDecision


def ingest(
    ctx: typer.Context,
    paths: list[Path] = typer.Argument(..., help="Conversation files to ingest."),
    fmt: str = typer.Option("auto", "--format", "-f", help=f"One of: {', '.join(FORMATS)}."),
    session: str | None = typer.Option(None, help="Session id (default: the file name); only with one file."),
    as_json: bool = typer.Option(False, "--json", help="Print the stored decisions as JSON."),
) -> None:
    """Detect, extract, store and relate the decisions in conversation files (idempotent)."""
    cli = cli_context(ctx)
    if session and len(paths) > 1:
        raise fail("--session names one session; give one file with it", code=2)
    inputs = _read_all(paths, fmt, session)

    async def action(graph: GraphConnection) -> tuple[list[IngestReport], list[dict[str, object]]]:
        services = build_services(cli.settings, graph.executor)
        reports = []
        with _progress(cli) as progress:
            task = progress.add_task("ingesting", total=sum(len(c.messages) for c, _ in inputs))
            for conversation, decisions in inputs:
                progress.update(task, description=conversation.session_id)
                source = "adr" if decisions is not None else "conversation"
                reports.append(await ingest_conversation(conversation, services.ingest, decisions=decisions, source=source))
                progress.advance(task, len(conversation.messages))
        stored = await services.reader.decisions([i for r in reports for i in r.decision_ids]) if as_json else []
        return reports, [decision_record_json(record) for record in stored]

    reports, stored = run_on_graph(cli, action)
    for report in reports:
        cli.note(
            f"{report.session_id}: {report.messages_read} messages read ({report.new_messages} new), "
            f"{report.decisions_found} decisions found ({report.new_decisions} new), {report.linked_files} file links, "
            f"{report.superseded} superseded, {report.revisited} revisited"
        )
        for warning in report.warnings:
            cli.note(f"{report.session_id}: warning: {warning}")
    if as_json:
        typer.echo(json.dumps(stored, indent=2, ensure_ascii=False))


def chain(
    ctx: typer.Context,
    decision_id: str = typer.Argument(..., help="Any decision of the chain."),
    as_of: datetime | None = typer.Option(None, "--as-of", help="Show the chain as it stood on this date."),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """How a decision evolved: original, revisions in time order, current."""
    cli = cli_context(ctx)

    async def action(graph: GraphConnection) -> dict[str, object]:
        return chain_json(await DecisionReader(graph.executor).chain(decision_id, aware(as_of)))

    data = run_on_graph(cli, action)
    if as_json:
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    members = [data["original"], *data["revisions"]]  # type: ignore[list-item]  # chain_json's shape
    links = {(link["from"], link["to"]): link for link in data["links"]}  # type: ignore[union-attr, index]
    for member in members:
        assert isinstance(member, dict)
        when = (member["decided_at"] or member["recorded_at"] or "")[:10]
        marker = "→ current" if member["id"] == data["current"]["id"] else f"  {member['status']}"  # type: ignore[index]
        cli.out.print(f"{when}  {member['id']}  {member['summary']}  {marker}", highlight=False, markup=False)
        for (source, target), link in links.items():
            if source == member["id"]:
                cli.out.print(
                    f"            {link['type'].lower()} {target}: {link['reason'] or ''}"
                    f"{' (inferred)' if link['inferred'] else ''}",
                    highlight=False, markup=False,
                )


def _read_all(paths: list[Path], fmt: str, session: str | None) -> list[tuple[Conversation, list[ExtractedDecision] | None]]:
    inputs: list[tuple[Conversation, list[ExtractedDecision] | None]] = []
    try:
        for path in paths:
            structured = read_decisions(path, session) if fmt in {"auto", "decision-doc"} else None
            if structured is not None:
                inputs.append((structured[0], structured[1]))
            else:
                inputs.append((read_conversation(path, fmt, session), None))
    except NlpError as exc:
        raise fail(f"{exc} (nothing was stored)", code=2) from exc
    return inputs


def _progress(cli: CliContext) -> Progress:
    return Progress(
        TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total} messages"),
        TimeElapsedColumn(), console=cli.err, disable=not cli.err.is_terminal,
    )

