"""``decision-journal review``: the drafts detection was not sure of, for a person to confirm
(with the sentence edited, if need be) or reject."""

from __future__ import annotations

import getpass
import json
from collections.abc import Callable
from dataclasses import asdict
from typing import Any

import typer
from typer._click.core import Context as ClickContext  # typer vendors click; its groups take this Context
from typer.core import TyperGroup

from api.cli.context import CliContext, cli_context
from api.cli.run_on_graph import run_on_graph
from api.usecases.review import (
    DraftJson,
    Reviewer,
    confirm_draft,
    draft_json,
    list_drafts,
    reject_draft,
    review_labels,
)
from api.usecases.runtime import GraphConnection
from api.usecases.services import build_services

PAGE = 50
"""Drafts listed, or reviewed in one interactive run, at most."""


class _ListByDefault(TyperGroup):
    """``review`` and ``review SESSION`` list the queue; ``review confirm|reject|…`` act."""

    def parse_args(self, ctx: ClickContext, args: list[str]) -> list[str]:
        if not args or (args[0] not in self.commands and args[0] not in {"--help", "-h"}):
            args = ["list", *args]
        return super().parse_args(ctx, args)


app = typer.Typer(
    cls=_ListByDefault,
    help="Drafts to review: `review [SESSION] [--json]` lists them, `review confirm ID [--summary TEXT]`, "
         "`review reject ID [--reason TEXT]` and `review interactive [SESSION]` act on them.",
)


def _reviewer() -> Reviewer:
    # The local user reads every group, as every other command does without tokens.
    return Reviewer(name=f"cli:{getpass.getuser()}", groups=None)


@app.command(name="list")
def list_cmd(
    ctx: typer.Context,
    session: str | None = typer.Argument(None, help="Only this session's drafts."),
    limit: int = typer.Option(PAGE, min=1, max=500),
    as_json: bool = typer.Option(False, "--json", help="The shared decision shape (status candidate) plus its unit."),
) -> None:
    """List drafts awaiting review: the proposed sentence, its unit of messages with the
    anchor marked (>), confidence and subject; oldest first."""
    cli = cli_context(ctx)

    async def action(graph: GraphConnection) -> tuple[list[DraftJson], int]:
        page = await list_drafts(build_services(cli.settings, graph.executor), session, None, 0, limit)
        return [draft_json(r) for r in page.drafts], page.total

    drafts, total = run_on_graph(cli, action)
    if as_json:
        typer.echo(json.dumps(drafts, indent=2, ensure_ascii=False))
        return
    if not drafts:
        cli.note("no drafts to review" + (f" in {session}" if session else ""))
        return
    for draft in drafts:
        _print_draft(_say(cli), draft)
    shown = f"; the first {len(drafts)} shown" if total > len(drafts) else ""
    cli.note(f"{total} draft{'s' if total != 1 else ''} to review{shown}: "
             "`review confirm ID [--summary TEXT]` or `review reject ID [--reason TEXT]`")


@app.command()
def confirm(
    ctx: typer.Context,
    draft_id: str = typer.Argument(..., help="The draft's id (see `review`)."),
    summary: str | None = typer.Option(None, "--summary", "-s", help="The sentence to keep, if the proposed one is off."),
    as_json: bool = typer.Option(False, "--json", help="Print the decision it became."),
) -> None:
    """Confirm a draft: it becomes a decision, linked as ingest would have (files, people,
    search, the earlier decision on its subject)."""
    cli = cli_context(ctx)

    async def action(graph: GraphConnection) -> dict[str, Any]:
        services = build_services(cli.settings, graph.executor)
        try:
            confirmed = await confirm_draft(services, draft_id, _reviewer(), summary)
        finally:
            await services.aclose()
        return {**draft_json(confirmed.record), "superseded": confirmed.superseded, "revisited": confirmed.revisited}

    done = run_on_graph(cli, action)
    if as_json:
        typer.echo(json.dumps(done, indent=2, ensure_ascii=False))
        return
    links = [f"{name} {done[name]}" for name in ("superseded", "revisited") if done[name]]
    cli.note(f"confirmed {draft_id}: {done['summary']}" + (f" ({', '.join(links)} earlier)" if links else ""))


@app.command()
def reject(
    ctx: typer.Context,
    draft_id: str = typer.Argument(..., help="The draft's id (see `review`)."),
    reason: str | None = typer.Option(None, "--reason", "-r", help="Why it is no decision (kept with the label)."),
) -> None:
    """Reject a draft: it leaves the graph (its messages stay) and is kept as a review label;
    ingesting the same input again does not bring it back."""
    cli = cli_context(ctx)

    async def action(graph: GraphConnection) -> None:
        await reject_draft(build_services(cli.settings, graph.executor), draft_id, _reviewer(), reason)

    run_on_graph(cli, action)
    cli.note(f"rejected {draft_id}")


@app.command()
def interactive(
    ctx: typer.Context,
    session: str | None = typer.Argument(None, help="Only this session's drafts."),
) -> None:
    """Go through the drafts one by one: c to confirm, e to edit the sentence then confirm,
    r to reject (with a reason), s to skip, q to quit."""
    cli = cli_context(ctx)
    say = _say(cli)

    async def action(graph: GraphConnection) -> dict[str, int]:
        services = build_services(cli.settings, graph.executor)
        done = {"confirmed": 0, "rejected": 0, "skipped": 0}
        try:
            page = await list_drafts(services, session, None, 0, PAGE)
            for record in page.drafts:
                draft = draft_json(record)
                _print_draft(say, draft)
                choice = typer.prompt("c confirm, e edit, r reject, s skip, q quit", default="s").strip().lower()[:1]
                if choice == "q":
                    break
                if choice in {"c", "e"}:
                    edited = typer.prompt("sentence", default=draft["summary"]) if choice == "e" else None
                    await confirm_draft(services, draft["id"], _reviewer(), edited)
                    done["confirmed"] += 1
                elif choice == "r":
                    reason = typer.prompt("reason (optional)", default="", show_default=False)
                    await reject_draft(services, draft["id"], _reviewer(), reason)
                    done["rejected"] += 1
                else:
                    done["skipped"] += 1
        finally:
            await services.aclose()
        return done

    done = run_on_graph(cli, action)
    cli.note(", ".join(f"{count} {what}" for what, count in done.items()))


@app.command()
def labels(ctx: typer.Context, as_json: bool = typer.Option(False, "--json")) -> None:
    """The review labels kept so far (confirmations and rejections), oldest first: what
    `eval train-detector` can learn from."""
    cli = cli_context(ctx)

    async def action(graph: GraphConnection) -> list[dict[str, Any]]:
        return [{**asdict(label), "reviewed_at": label.reviewed_at.isoformat() if label.reviewed_at else None}
                for label in await review_labels(graph.executor)]

    found = run_on_graph(cli, action)
    if as_json:
        typer.echo(json.dumps(found, indent=2, ensure_ascii=False))
        return
    for label in found:
        _say(cli)(f"{label['verdict']:<9} {label['session_id']}  {label['summary'] or label['proposed']}")
    cli.note(f"{len(found)} review label{'s' if len(found) != 1 else ''}")


def _print_draft(say: Callable[[str], None], draft: DraftJson) -> None:
    confidence = f"{draft['confidence']:.2f}" if draft["confidence"] is not None else "?"
    say(f"{draft['id']}  [{draft['source']['session']}, confidence {confidence}]")
    if draft["subject"]:
        say(f"  about: {draft['subject']}")
    say(f"  proposed: {draft['summary']}")
    for message in draft["unit"]:
        mark = ">" if message["anchor"] else " "
        say(f"  {mark} {message['seq'] + 1:>4} {message['author'] or '?'}: {message['content'] or '(text removed)'}")


def _say(cli: CliContext) -> Callable[[str], None]:
    def say(text: str) -> None:
        cli.out.print(text, highlight=False, markup=False)

    return say
