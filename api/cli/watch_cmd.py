"""``decision-journal watch DIR``: ingest coding-assistant sessions as they are written."""

from __future__ import annotations

import asyncio
import signal
from datetime import datetime
from pathlib import Path

import typer

from api.cli.context import cli_context, fail
from api.cli.run_on_graph import run_on_graph
from api.usecases.repositories import repository_to_ingest
from api.usecases.runtime import GraphConnection
from api.usecases.services import build_services
from api.usecases.session_watch import SessionWatcher, report
from nlp.git_command import GitError
from nlp.plural import plural
from nlp.repository import identify_repository


def watch(
    ctx: typer.Context,
    folders: list[Path] = typer.Argument(..., help="Folders of sessions, searched recursively (~/.claude/projects, "
                                         "~/.codex/sessions, a repository with aider or SpecStory histories)."),
    interval: float = typer.Option(2.0, "--interval", min=0.1, help="Seconds between looks at the folders."),
    once: bool = typer.Option(False, "--once", help="Look once, ingest what is new or grown, and exit "
                              "(exit code 2 if a file could not be read)."),
    repo: Path | None = typer.Option(None, "--repo", help="The git repository every session is about (default: "
                                     "each session's own working directory, when it is a git checkout here)."),
) -> None:
    """Ingest new and grown coding-assistant sessions under FOLDERS as they are written.

    Each file is read only past what was ingested before. A file that cannot be read is
    named and skipped until it changes; nothing stored is lost. Ctrl-C stops after the
    file being ingested.
    """
    cli = cli_context(ctx)
    missing = [str(folder) for folder in folders if not folder.is_dir()]
    if missing:
        raise fail(f"not a folder: {', '.join(missing)}", code=2)
    try:
        checkout = identify_repository(repo) if repo is not None else None
    except GitError as exc:
        raise fail(str(exc), code=2) from exc

    def note(line: str) -> None:
        cli.note(f"{datetime.now():%H:%M:%S} {line}")

    async def action(graph: GraphConnection) -> int:
        services = build_services(cli.settings, graph.executor)
        where = await repository_to_ingest(graph.executor, checkout) if checkout is not None else None
        watcher = SessionWatcher(folders, services.ingest, graph.executor, where)
        try:
            if once:
                done = await watcher.once()
                report(done, note)
                note(f"{plural(len(done.ingested), 'session')} looked at, {len(done.failed)} could not be read")
                return 2 if done.failed else 0
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(signum, stop.set)
            note(f"watching {', '.join(map(str, folders))} every {interval:g} s (Ctrl-C stops)")
            await watcher.run(interval, stop, note)
            note("stopped")
            return 0
        finally:
            await services.aclose()

    code = run_on_graph(cli, action)
    if code:
        raise typer.Exit(code)
