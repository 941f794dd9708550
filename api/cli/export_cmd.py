"""``decision-journal export`` (MADR files or a JSONL backup) and ``import-jsonl``."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from api.cli.context import cli_context, fail
from api.cli.run_on_graph import run_on_graph
from api.usecases.backup import BackupFormatError, export_jsonl, import_jsonl, read_backup
from api.usecases.madr_export import madr_files
from api.usecases.runtime import GraphConnection
from graph.filters import DecisionFilter
from graph.listing import DecisionListing, DecisionOrder
from graph.reader import DecisionReader
from graph.records import DecisionRecord
from nlp.plural import plural

_FORMATS = ("madr", "jsonl")


def export(
    ctx: typer.Context,
    fmt: str = typer.Option(..., "--format", "-f", help="madr: one MADR file per decision; jsonl: a lossless backup."),
    out: Path = typer.Option(..., "--out", "-o", help="madr: a folder; jsonl: a file, or - for standard output."),
    session: str | None = typer.Option(None, help="madr: only this session's decisions (an ADR collection, say)."),
    drafts: bool = typer.Option(False, "--drafts", help="jsonl: also drafts awaiting review (status candidate)."),
) -> None:
    """Export every decision (history included, drafts left out): MADR files with status and
    links, or JSONL."""
    cli = cli_context(ctx)
    if fmt not in _FORMATS:
        raise fail(f"unknown format {fmt!r}; choose one of {', '.join(_FORMATS)}", code=2)
    if fmt == "jsonl":
        async def write_jsonl(graph: GraphConnection) -> int:
            if str(out) == "-":
                return await export_jsonl(graph.executor, sys.stdout, drafts)
            with out.open("w", encoding="utf-8") as handle:
                return await export_jsonl(graph.executor, handle, drafts)

        count = run_on_graph(cli, write_jsonl)
        cli.note(f"exported {plural(count, 'decision')} to {out}")
        return
    if out.exists() and not out.is_dir():
        raise fail(f"{out} exists and is not a folder", code=2)

    async def read_all(graph: GraphConnection) -> list[DecisionRecord]:
        where = DecisionFilter(include_history=True, session=session)
        page = await DecisionListing(graph.executor).page(where, DecisionOrder.OLDEST, 0, 10_000_000)
        reader = DecisionReader(graph.executor)
        records: list[DecisionRecord] = []
        for start in range(0, len(page.ids), 500):
            records += await reader.decisions(page.ids[start : start + 500])
        return records

    records = run_on_graph(cli, read_all)
    out.mkdir(parents=True, exist_ok=True)
    for name, text in madr_files(records).items():
        (out / name).write_text(text, encoding="utf-8")
    cli.note(f"wrote {plural(len(records), 'MADR file')} to {out}")


def import_jsonl_cmd(
    ctx: typer.Context,
    path: Path = typer.Argument(..., help="A file written by `export --format jsonl`."),
) -> None:
    """Restore a JSONL backup exactly (idempotent). The whole file is checked first: a bad
    line stores nothing."""
    cli = cli_context(ctx)
    try:
        with path.open(encoding="utf-8") as handle:
            rows = read_backup(handle, str(path))
    except OSError as exc:
        raise fail(f"{path} cannot be read ({exc.strerror or exc})", code=2) from exc
    except BackupFormatError as exc:
        raise fail(f"{exc} (nothing was stored)", code=2) from exc

    async def action(graph: GraphConnection) -> int:
        return await import_jsonl(graph.executor, rows)

    cli.note(f"restored {plural(run_on_graph(cli, action), 'decision')} from {path}")
