"""``decision-journal ingest-git``: commits into the graph, linked to files and decisions."""

from __future__ import annotations

from pathlib import Path

import typer

from api.cli.context import cli_context, fail
from api.cli.run_on_graph import run_on_graph
from api.usecases.git_ingest import GitIngestReport, ingest_git
from api.usecases.runtime import GraphConnection
from nlp.git_command import GitError
from nlp.plural import plural


def ingest_git_cmd(
    ctx: typer.Context,
    repo: Path = typer.Option(Path("."), "--repo", help="The git work tree to read."),
    since: str | None = typer.Option(None, "--since", help="Only commits after this revision, or on or after this date (2024-01-31)."),
) -> None:
    """Store the repository's commits (idempotent): the files each changed, the decisions its
    message names (id, ADR number or title) and those its files were decided under; then
    link the repository's decisions to its code from what its history and tree show."""
    cli = cli_context(ctx)

    async def action(graph: GraphConnection) -> GitIngestReport:
        git_context = cli.settings.journal.auto_link_strategy == "git_context"
        return await ingest_git(graph.executor, repo, since, cli.note, git_context)

    try:
        report = run_on_graph(cli, action)
    except GitError as exc:
        raise fail(str(exc), code=2) from exc
    cli.out.print(
        f"{report.repository}: {plural(report.commits, 'commit')} stored (touching {plural(report.files, 'file')}); "
        f"{report.mentioning} {'names' if report.mentioning == 1 else 'name'} a decision",
        highlight=False, markup=False,
    )
    if report.links is not None and report.links.decisions:
        links = report.links
        how = ", ".join(f"{n} {via}" for via, n in sorted(links.by_via.items(), key=lambda item: -item[1]))
        cli.out.print(
            f"{links.linked} of its {plural(links.decisions, 'decision')} linked to its code by {plural(links.links, 'inferred link')}"
            + (f" ({how})" if how else ""),
            highlight=False, markup=False,
        )
