"""``decision-journal timeline``: the decisions in the order they were made, as the page's
Timeline and GraphQL ``timeline`` list them."""

from __future__ import annotations

import json

import typer

from api.cli.context import cli_context, fail
from api.cli.run_on_graph import run_on_graph
from api.usecases.journal_facade import local_journal
from api.usecases.json_shape import DecisionJson, decision_record_json
from api.usecases.requests import DecisionQuery, InvalidRequest
from api.usecases.runtime import GraphConnection
from api.usecases.services import open_services
from api.usecases.when import when_decided
from graph.listing import DecisionOrder
from nlp.plural import plural
from nlp.schema import CANDIDATE


def timeline(
    ctx: typer.Context,
    since: str | None = typer.Option(None, "--from", help="Decided on or after this day (or instant)."),
    until: str | None = typer.Option(None, "--to", help="Decided before this day (a day means its start)."),
    session: str | None = typer.Option(None, "--session", help="Only decisions from this session."),
    series: str | None = typer.Option(None, "--series", help="Only decisions from sessions of this series of meetings."),
    path: str | None = typer.Option(None, "--path", help="Only decisions affecting this file or directory."),
    repo: str | None = typer.Option(
        None, "--repo", help="The repository --path is in; without --path, only that repository's decisions."),
    drafts: bool = typer.Option(False, "--drafts", help="Include drafts (status candidate) awaiting review."),
    limit: int = typer.Option(50, "--limit", min=1, max=1000, help="List at most this many, the oldest first."),
    as_json: bool = typer.Option(False, "--json", help='{"total", "decisions": [...]} in the shared JSON shape.'),
) -> None:
    """The decisions in the order they were made, oldest first, replaced ones included (their
    status says so): what the journal holds, as a history."""
    cli = cli_context(ctx)
    query = DecisionQuery(since=since, until=until, session=session, series=series, path=path, repository=repo,
                          include_history=True, include_drafts=drafts)

    async def action(graph: GraphConnection) -> tuple[list[DecisionJson], int]:
        async with open_services(cli.settings, graph.executor) as services:
            try:
                where = await local_journal(services, cli.settings).filter(query)
            except InvalidRequest as exc:
                raise fail(str(exc), code=2) from exc
            read = await services.listing.page_read(where, DecisionOrder.OLDEST, 0, limit)
        return [decision_record_json(record) for record in read.records], read.page.total

    found, total = run_on_graph(cli, action)
    if as_json:
        typer.echo(json.dumps({"total": total, "decisions": found}, indent=2, ensure_ascii=False))
        return
    if not found:
        cli.note("no decision matches these filters" if any((since, until, session, series, path, repo))
                 else "no decisions yet: `decision-journal ingest FILE|DIR`")
        return
    for d in found:
        when = when_decided(d["decided_at"], d["recorded_at"]) or "undated"
        status = "draft" if d["status"] == CANDIDATE else d["status"]
        cli.out.print(f"{when:<21} {status:<10} {d['id']}  {d['summary']}  [{d['source']['session']}]",
                      highlight=False, markup=False)
    shown = f"; the oldest {len(found)} shown (--limit, --from)" if total > len(found) else ""
    cli.note(f"{plural(total, 'decision')}{shown}. Open one: `decision-journal chain ID`")
