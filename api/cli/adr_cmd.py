"""``decision-journal import-adr DIR...``: ADR collections into the journal."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from api.cli.context import CliContext, cli_context, fail
from api.cli.run_on_graph import run_on_graph
from api.usecases.adr_import import AdrImportConflict, AdrImportReport, collection_name, import_adrs
from api.usecases.adr_preview import preview_adrs
from api.usecases.json_shape import DecisionJson, decision_record_json, extracted_decision_json
from api.usecases.repositories import store_repository
from api.usecases.runtime import GraphConnection
from api.usecases.services import open_services
from nlp.errors import NlpError
from nlp.git_command import GitError
from nlp.plural import plural
from nlp.repository import Repository, identify_repository


def import_adr(
    ctx: typer.Context,
    dirs: list[Path] = typer.Argument(..., help="ADR folders (Nygard/adr-tools, MADR 2-4, log4brains, seed-004 documents)."),
    repo: str | None = typer.Option(
        None, "--repo", help="The repository the ADRs belong to: its checkout (default: the git repository that holds "
        "the first folder, if any). Its code is linked to the ADRs. (A name that is not a folder is taken as "
        "--collection, as before.)",
    ),
    collection: str | None = typer.Option(
        None, "--collection", help="The session of the decisions (default: the repository's key and the folder's path "
        "in it, or outside a repository the folder's name). A file of the repository already imported under another "
        "collection stays in that one and is updated there.",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the imported decisions in the shared JSON shape."),
    dry_run: bool = typer.Option(
        False, "--dry-run", help="Read and parse the ADRs and say what would be imported (decisions, alternatives, "
        "links, files that cannot be read); write nothing (no database is opened). With --json, the decisions it "
        "would store.",
    ),
) -> None:
    """Import ADRs (idempotent): one decision per file, with the supersede and amend links
    they state, and, in a repository, links to the code they govern. A file of the
    repository already imported under another collection is updated there, not stored twice."""
    cli = cli_context(ctx)
    if repo is not None and not Path(repo).expanduser().is_dir():
        collection, repo = collection or repo, None
    checkout = _checkout(Path(repo) if repo else dirs[0])
    if repo is not None and checkout is None:
        raise fail(f"{repo} is not a git repository", code=2)
    name = collection or collection_name(dirs, checkout)
    if dry_run:
        _dry_run(cli, dirs, name, checkout, as_json)
        return

    async def action(graph: GraphConnection) -> tuple[AdrImportReport, list[DecisionJson]]:
        async with open_services(cli.settings, graph.executor) as services:
            key = await store_repository(graph.executor, checkout) if checkout else None
            git_context = cli.settings.journal.auto_link_strategy == "git_context"
            report = await import_adrs(dirs, name, services.ingest, cli.note, checkout, key, graph.executor, git_context)
            stored = await services.reader.decisions(list(report.decision_ids.values())) if as_json else []
        return report, [decision_record_json(r) for r in stored]

    try:
        report, stored = run_on_graph(cli, action)
    except (NlpError, AdrImportConflict) as exc:
        raise fail(f"{exc} (nothing was stored)", code=2) from exc
    supersedes = sum(1 for link in report.links if link.kind == "supersedes")
    elsewhere = "".join(
        f"; {plural(n, 'ADR')} already imported in collection '{other}' from this repository: updated there"
        for other, n in report.elsewhere.items()
    )
    cli.note(
        f"{name}: {plural(report.files, 'ADR')}, {plural(report.new_decisions, 'new decision')}{elsewhere}; "
        f"{supersedes} supersede and {len(report.links) - supersedes} amend links stated and linked"
        + (f"; {plural(len(report.unresolved), 'reference')} {'names' if len(report.unresolved) == 1 else 'name'} no ADR in "
           "the collection" if report.unresolved else "")
    )
    for problem in report.unresolved:
        cli.note(f"  unresolved: {problem}")
    if report.code is not None:
        how = ", ".join(f"{n} {via}" for via, n in sorted(report.code.by_via.items(), key=lambda item: -item[1]))
        cli.note(f"{report.code.linked} of {plural(report.code.decisions, 'decision')} linked to the repository's code by "
                 f"{plural(report.code.links, 'inferred link')}" + (f" ({how})" if how else ""))
    if as_json:
        typer.echo(json.dumps(stored, indent=2, ensure_ascii=False))


def _dry_run(cli: CliContext, dirs: list[Path], name: str, checkout: Repository | None, as_json: bool) -> None:
    """Say what an import would store, reading the files only."""
    try:
        preview = preview_adrs(dirs, name, checkout)
    except NlpError as exc:
        raise fail(f"{exc} (nothing would be stored)", code=2) from exc
    unreadable = (f"; {plural(len(preview.unreadable), 'file')} could not be read, and the import would stop at "
                  f"{'it' if len(preview.unreadable) == 1 else 'them'}, storing nothing" if preview.unreadable else "")
    cli.note(
        f"{name}: dry run, nothing written: {plural(preview.files, 'ADR file')}, "
        f"{plural(len(preview.decisions), 'decision')}, {plural(preview.alternatives, 'alternative')}, "
        f"{preview.count('supersedes')} supersede and {preview.count('amends')} amend links, "
        f"{plural(preview.paths, 'stated path')}{unreadable}"
        + (f"; {plural(len(preview.unresolved), 'reference')} {'names' if len(preview.unresolved) == 1 else 'name'} "
           "no ADR in the collection" if preview.unresolved else "")
    )
    if preview.partless:
        shown = ", ".join(preview.partless[:5]) + (f" and {len(preview.partless) - 5} more" if len(preview.partless) > 5 else "")
        cli.note(
            f"warning: {len(preview.partless)} of {plural(preview.files, 'file')} "
            f"{'has' if len(preview.partless) == 1 else 'have'} none of an ADR's parts (no Status, no Context, Decision "
            f"or Consequences section): {shown}. The import would store each as an active decision titled by its "
            "heading; if they are guides, import only the folder of ADRs"
        )
    for problem in preview.unreadable:
        cli.note(f"  unreadable: {problem}")
    for problem in preview.unresolved:
        cli.note(f"  unresolved: {problem}")
    if as_json:
        found = [extracted_decision_json(d, preview.conversation, kind="adr") for d in preview.decisions]
        typer.echo(json.dumps(found, indent=2, ensure_ascii=False))


def _checkout(folder: Path) -> Repository | None:
    """The git repository ``folder`` lies in, or None outside any."""
    try:
        return identify_repository(folder)
    except GitError:
        return None
