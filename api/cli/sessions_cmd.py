"""``decision-journal sessions``: what the journal has read, and how many decisions came from each."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import typer

from api.cli.context import cli_context, fail
from api.cli.run_on_graph import run_on_graph
from api.usecases.journal_facade import local_journal
from api.usecases.requests import InvalidRequest, SessionQuery
from api.usecases.runtime import GraphConnection
from api.usecases.services import open_services
from api.usecases.sessions import SessionJson, session_json
from nlp.plural import plural

COLUMNS = ("last (UTC)", "session", "format", "series", "repository", "messages", "decisions", "drafts")
NUMBERS = frozenset({"messages", "decisions", "drafts"})
"""Right-aligned columns."""


def sessions(
    ctx: typer.Context,
    series: str | None = typer.Option(None, "--series", help="Only sessions of this series of meetings."),
    source: str | None = typer.Option(
        None, "--source", help="Only sessions of this format: transcript, chat-jsonl, slack, markdown, claude-code, "
        "codex, aider, specstory, adr, agent, manual…",
    ),
    repo: str | None = typer.Option(
        None, "--repo", help="Only sessions about this repository: a checkout's folder, a key or a name such as acme/shop.",
    ),
    limit: int = typer.Option(50, "--limit", min=1, max=500, help="List at most this many."),
    as_json: bool = typer.Option(False, "--json", help='{"total", "sessions": [{id, title, source, series, repository, repository_name, '
                                                       'messages, decisions, drafts, first_at, last_at}]}.'),
) -> None:
    """What the journal has read: the conversations, meetings, ADR collections and agent
    sessions you may read, newest first (by their latest message's time; undated ones last,
    equal times by id), with how many messages each stored and how many decisions came from
    it (drafts to review counted apart)."""
    cli = cli_context(ctx)
    query = SessionQuery(series=series, source=source, repository=repo, limit=limit)

    async def action(graph: GraphConnection) -> tuple[list[SessionJson], int]:
        async with open_services(cli.settings, graph.executor) as services:
            try:
                page = await local_journal(services, cli.settings).sessions(query)
            except InvalidRequest as exc:
                raise fail(str(exc), code=2) from exc
        return [session_json(s) for s in page.sessions], page.total

    found, total = run_on_graph(cli, action)
    if as_json:
        typer.echo(json.dumps({"total": total, "sessions": found}, indent=2, ensure_ascii=False))
        return
    if not found:
        filtered = any(v is not None for v in (series, source, repo))
        cli.note("no session matches these filters" if filtered else "nothing read yet: `decision-journal ingest FILE|DIR`")
        return
    for line in table(found):
        cli.out.print(line, highlight=False, markup=False)
    shown = f"; the newest {len(found)} shown (--limit)" if total > len(found) else ""
    cli.note(f"{plural(total, 'session')}{shown}. Open one: `decision-journal serve`, then #/session/ID")


def table(found: list[SessionJson]) -> list[str]:
    """The sessions as aligned columns, a header first; a session's title follows its id when
    it says more."""
    rows = [dict(zip(COLUMNS, _cells(s), strict=True)) for s in found]
    widths = {c: max(len(c), *(len(r[c]) for r in rows)) for c in COLUMNS}

    def line(cells: dict[str, str]) -> str:
        return "  ".join(cells[c].rjust(widths[c]) if c in NUMBERS else cells[c].ljust(widths[c]) for c in COLUMNS).rstrip()

    return [line({c: c for c in COLUMNS}), *(line(r) for r in rows)]


TITLE_CHARS = 40
"""A longer title is cut (with …): the table stays readable in a terminal."""


def _cells(s: SessionJson) -> tuple[str, ...]:
    title = s["title"] if s["title"] and s["title"] != s["id"] else None
    if title and len(title) > TITLE_CHARS:
        title = title[: TITLE_CHARS - 1] + "…"
    last = datetime.fromisoformat(s["last_at"]).astimezone(UTC).strftime("%Y-%m-%d %H:%M") if s["last_at"] else "undated"
    return (
        last, f"{s['id']} ({title})" if title else s["id"],
        s["source"] or "", s["series"] or "", s["repository_name"] or s["repository"] or "", str(s["messages"]), str(s["decisions"]), str(s["drafts"]),
    )
