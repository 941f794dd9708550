"""``decision-journal record`` and ``pre`` (seed 002): record with quality feedback, and look
up prior decisions and patterns before deciding."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from api.cli.context import cli_context, fail
from api.cli.run_on_graph import run_on_graph
from api.usecases.governing import GovernanceJson, governance_lines, governing_decisions, locate_paths
from api.usecases.journal_facade import local_journal
from api.usecases.record import RecordedJson, RecordRequest, recorded_json
from api.usecases.repositories import UnknownRepository, resolve_scope
from api.usecases.requests import DecisionQuery, InvalidRequest, Refused
from api.usecases.runtime import GraphConnection
from api.usecases.search import SearchHitJson, hits_json
from api.usecases.services import open_services
from api.usecases.when import when_decided


def record(
    ctx: typer.Context,
    decision: str = typer.Option(..., "--decision", "-d", help="What was decided (operational level)."),
    confidence: float | None = typer.Option(None, "--confidence", "-f", min=0.0, max=1.0),
    category: str | None = typer.Option(None, "--category", "-c", help="tooling, architecture, process, ..."),
    stakes: str | None = typer.Option(None, "--stakes", "-s", help="low, medium or high (kept as tag stakes:<level>)."),
    tag: list[str] = typer.Option([], "--tag", "-t", help="Tag (repeatable)."),
    pattern: str | None = typer.Option(None, "--pattern", help="The general principle this decision follows."),
    reason: list[str] = typer.Option([], "--reason", "-r", help="TYPE:TEXT, such as empirical:failed at 60s (repeatable)."),
    context: str | None = typer.Option(None, "--context", help="Why this was being decided."),
    project: str | None = typer.Option(None, "--project", help="Project or component (kept as tag project:<name>)."),
    structure: str | None = typer.Option(None, "--structure", help="Bridge: what general pattern this represents."),
    function: str | None = typer.Option(None, "--function", help="Bridge: what class of problem it solves."),
    considered: list[str] = typer.Option([], "--alternative", "-a", help="An option not chosen (repeatable)."),
    by: str | None = typer.Option(None, "--by", help="Who decided (@handle)."),
    file: list[str] = typer.Option([], "--file", help="A path it affects (repeatable)."),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Record a decision; prints its id and a recording-quality score with suggestions."""
    cli = cli_context(ctx)
    request = RecordRequest(
        decision=decision, confidence=confidence, category=category, stakes=stakes, tags=tuple(tag), pattern=pattern,
        reasons=tuple(reason), context=context, project=project, structure=structure, function=function,
        alternatives=tuple(considered), decision_maker=by, files=tuple(file),
    )
    if not decision.strip():
        raise fail("--decision needs text", code=2)

    async def action(graph: GraphConnection) -> RecordedJson:
        async with open_services(cli.settings, graph.executor) as services:
            try:
                return recorded_json(await local_journal(services, cli.settings).record(request))
            except (InvalidRequest, Refused) as exc:
                raise fail(str(exc), code=2) from exc

    result = run_on_graph(cli, action)
    if as_json:
        typer.echo(json.dumps({"id": result["decision"]["id"], **result}, indent=2, ensure_ascii=False))
        return
    quality = result["quality"]
    cli.out.print(f"recorded {result['decision']['id']}: {result['decision']['summary']}", highlight=False, markup=False)
    if result["decision"]["pattern"] and not pattern:
        cli.out.print(f"  pattern (derived): {result['decision']['pattern']}", highlight=False, markup=False)
    cli.out.print(f"  quality {quality['score']:.2f}", highlight=False)
    for suggestion in quality["suggestions"]:
        cli.out.print(f"  - {suggestion}", highlight=False, markup=False)


def pre(
    ctx: typer.Context,
    situation: str = typer.Argument("", help="What you are about to decide (may be left out with --path)."),
    tag: list[str] = typer.Option([], "--tag", "-t", help="Only prior decisions with this tag (repeatable)."),
    path: list[str] = typer.Option(
        [], "--path", "-p", help="A file you are about to edit (repeatable): the current decisions that govern it are "
        "shown too, with the options they rejected and why.",
    ),
    repo: str | None = typer.Option(
        None, "--repo", help="The repository of --path: a checkout, key or name (default: the checkout the first path "
        "lies in, else the one this runs in).",
    ),
    limit: int = typer.Option(5, min=1, max=50),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Before deciding or editing: the prior decisions and patterns relevant to a situation,
    and the decisions that govern the files named with --path (with their rejected options)."""
    cli = cli_context(ctx)
    if not situation.strip() and not path:
        raise fail("say what you are about to decide, or name a file with --path", code=2)
    located = locate_paths(path, Path.cwd())

    async def action(graph: GraphConnection) -> tuple[list[SearchHitJson], GovernanceJson | None]:
        hits: list[SearchHitJson] = []
        if situation.strip():
            async with open_services(cli.settings, graph.executor) as services:
                journal = local_journal(services, cli.settings)
                hits = hits_json((await journal.search(DecisionQuery(text=situation, tags=tag, limit=limit))).hits)
        if not located.paths:
            return hits, None
        named = repo if repo is not None else (str(located.checkout) if located.checkout else None)
        try:
            scope = await resolve_scope(graph.executor, named, Path.cwd())
        except UnknownRepository as exc:
            raise fail(str(exc), code=2) from exc
        if scope.note:
            cli.note(scope.note)
        return hits, await governing_decisions(graph.executor, located.paths, scope.key)

    hits, governing = run_on_graph(cli, action)
    patterns = list(dict.fromkeys(h["decision"]["pattern"] for h in hits if h["decision"]["pattern"]))
    if as_json:
        answer: dict[str, object] = {"decisions": hits, "patterns": patterns}
        if governing is not None:
            answer["governing"] = governing
        typer.echo(json.dumps(answer, indent=2, ensure_ascii=False))
        return
    if situation.strip() and not hits:
        cli.out.print("no prior decision is relevant; consider recording this one with a --pattern", highlight=False)
    if hits:
        cli.out.print("prior decisions:", highlight=False)
    for hit in hits:
        d = hit["decision"]
        when = when_decided(d["decided_at"], d["recorded_at"])
        cli.out.print(f"  {when}  {d['summary']}  [{d['id']}, {d['status']}]", highlight=False, markup=False)
    if patterns:
        cli.out.print("patterns:", highlight=False)
        for item in patterns:
            cli.out.print(f"  - {item}", highlight=False, markup=False)
    if governing is not None:
        lines = governance_lines(governing)
        for line in lines or [f"no recorded decision governs {', '.join(located.paths)} ({governing['repository'] or 'no repository'})"]:
            cli.out.print(line, highlight=False, markup=False)
