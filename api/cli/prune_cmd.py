"""``decision-journal prune``: remove raw message text older than ``retention_days``."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import typer

from api.cli.context import cli_context
from api.cli.run_on_graph import run_on_graph
from api.usecases.runtime import GraphConnection
from graph.retention import MessageRetention, PrunableSession
from nlp.plural import plural


def prune(
    ctx: typer.Context,
    days: int | None = typer.Option(
        None, "--days", min=1, help="Keep text this many days (default: the journal's retention_days, 730)."
    ),
    yes: bool = typer.Option(False, "--yes", help="Remove it; without this, only show what would go."),
    as_json: bool = typer.Option(False, "--json", help='{"before", "sessions": [...], "messages", "removed"}.'),
) -> None:
    """Show, then with --yes remove, the text of messages older than the retention period.

    Decisions, their provenance (which messages stated them) and each message's id,
    author and time are kept; only the words go. Re-ingesting the file does not bring them back.
    """
    cli = cli_context(ctx)
    keep = days if days is not None else cli.settings.journal.retention_days
    before = datetime.now(UTC) - timedelta(days=keep)

    async def action(graph: GraphConnection) -> tuple[list[PrunableSession], int]:
        retention = MessageRetention(graph.executor)
        found = await retention.preview(before)
        return found, (await retention.prune(before) if yes and found else 0)

    found, removed = run_on_graph(cli, action)
    total = sum(s.messages for s in found)
    if as_json:
        typer.echo(json.dumps({
            "before": before.isoformat(), "messages": total, "removed": removed,
            "sessions": [
                {"session": s.session, "messages": s.messages, "oldest": _day(s.oldest), "newest": _day(s.newest)}
                for s in found
            ],
        }, indent=2))
        return
    for s in found:
        cli.out.print(f"{s.session}: {plural(s.messages, 'message')}, {_day(s.oldest)} .. {_day(s.newest)}", highlight=False, markup=False)
    cutoff = f"older than {plural(keep, 'day')} (before {before:%Y-%m-%d})"
    if not found:
        cli.note(f"no message text {cutoff}; nothing to remove")
    elif yes:
        cli.note(f"removed the text of {plural(removed, 'message')} {cutoff}; decisions and their provenance are kept")
    else:
        cli.note(
            f"would remove the text of {plural(total, 'message')} in {plural(len(found), 'session')} {cutoff}; decisions and their "
            "provenance are kept. Run again with --yes to remove it"
        )


def _day(value: datetime | None) -> str | None:
    return f"{value:%Y-%m-%d}" if value else None
