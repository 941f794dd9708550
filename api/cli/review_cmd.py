"""``decision-journal review``: the drafts detection was not sure of, for a person to confirm
(with the sentence edited, if need be) or reject."""

from __future__ import annotations

import getpass
import json
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

import typer
from typer._click.core import Context as ClickContext  # typer vendors click; its groups take this Context
from typer.core import TyperGroup

from api.cli.context import CliContext, cli_context, fail
from api.cli.eval_common import detector
from api.cli.review_records import file_records, journal_records
from api.cli.run_on_graph import run_on_graph
from api.usecases.detector_file import DetectorFileError, detector_model_file, own_model_file, read_detector_model
from api.usecases.journal_facade import Journal, local_journal
from api.usecases.requests import ReviewAction
from api.usecases.review import Confirmation, DraftJson, draft_json, review_labels
from api.usecases.review_learning import learn_from_reviews, write_model
from api.usecases.runtime import GraphConnection
from api.usecases.services import Services, build_services, open_services
from nlp.detector_model import shipped_model
from nlp.evaluation.review_fit import MIN_VERDICTS
from nlp.plural import plural

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
         "`review reject ID [--reason TEXT]` and `review interactive [SESSION]` act on them; `review learn` corrects "
         "the detector by the verdicts so far.",
)


def _journal(cli: CliContext, services: Services) -> Journal:
    # The local user (every group, or [auth] local_groups), named for the review labels.
    return local_journal(services, cli.settings, f"cli:{getpass.getuser()}")


@app.command(name="list")
def list_cmd(
    ctx: typer.Context,
    session: str | None = typer.Argument(None, help="Only this session's drafts."),
    limit: int = typer.Option(PAGE, min=1, max=500),
    as_json: bool = typer.Option(False, "--json", help="The shared decision shape (status candidate) plus its unit."),
) -> None:
    """List drafts awaiting review: the proposed sentence, its unit of messages with the
    anchor marked (>), confidence and subject; oldest first (a meeting's drafts in the order
    of its messages)."""
    cli = cli_context(ctx)

    async def action(graph: GraphConnection) -> tuple[list[DraftJson], int]:
        async with open_services(cli.settings, graph.executor) as services:
            page = await _journal(cli, services).drafts(session, 0, limit)
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
    cli.note(f"{plural(total, 'draft')} to review{shown}: "
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
            confirmed = await _journal(cli, services).review(ReviewAction("confirm", draft_id, summary=summary))
        finally:
            await services.aclose()
        assert isinstance(confirmed, Confirmation)
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
        async with open_services(cli.settings, graph.executor) as services:
            await _journal(cli, services).review(ReviewAction("reject", draft_id, reason=reason))

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
        journal = _journal(cli, services)
        done = {"confirmed": 0, "rejected": 0, "skipped": 0}
        try:
            page = await journal.drafts(session, 0, PAGE)
            for record in page.drafts:
                draft = draft_json(record)
                _print_draft(say, draft)
                choice = typer.prompt("c confirm, e edit, r reject, s skip, q quit", default="s").strip().lower()[:1]
                if choice == "q":
                    break
                if choice in {"c", "e"}:
                    edited = typer.prompt("sentence", default=draft["summary"]) if choice == "e" else None
                    await journal.review(ReviewAction("confirm", draft["id"], summary=edited))
                    done["confirmed"] += 1
                elif choice == "r":
                    reason = typer.prompt("reason (optional)", default="", show_default=False)
                    await journal.review(ReviewAction("reject", draft["id"], reason=reason))
                    done["rejected"] += 1
                else:
                    done["skipped"] += 1
        finally:
            await services.aclose()
        return done

    done = run_on_graph(cli, action)
    cli.note(", ".join(f"{count} {what}" for what, count in done.items()))


@app.command()
def learn(
    ctx: typer.Context,
    reviews: Path | None = typer.Option(
        None, "--reviews", help="Learn from this JSON lines file of review labels (as `review labels --json` prints "
        "them) instead of the journal's.",
    ),
    out: Path | None = typer.Option(
        None, "--out", help="Where to write the corrected model (default: the journal section's detector_model setting, else the "
        "journal's own file in the data folder, which ingest then reads).",
    ),
    everywhere: bool = typer.Option(
        False, "--everywhere", help="Apply each correction to every conversation of its kind, not only to the series "
        "its verdicts were given in.",
    ),
) -> None:
    """Correct the detector by the review labels so far: per kind of conversation, what tells
    a confirmed draft from a rejected one, and a lower reliable point where the team's drafts
    were mostly decisions. Applied to the verdicts' series only (unless --everywhere); the
    shipped model is kept as it is beneath. Re-running reads every label again."""
    cli = cli_context(ctx)
    records = file_records(reviews) if reviews is not None else journal_records(cli)
    in_use = detector_model_file(cli.settings.journal.detector_model)
    try:
        base = read_detector_model(in_use) if in_use is not None else shipped_model()
    except DetectorFileError as exc:
        raise fail(str(exc), code=2) from exc
    target = out or in_use or own_model_file()
    learned = learn_from_reviews(base, records, detector(), everywhere=everywhere)
    say = _say(cli)
    say(f"{plural(len(records), 'review label')} read")
    for kind, correction in sorted(learned.corrections.items()):
        before = learned.points_before[kind]
        point = (f"decisions from log-odds {correction.reliable_logit:.2f} (was {before:.2f})"
                 if correction.reliable_logit is not None else f"decisions from log-odds {before:.2f}, as before")
        scope = ", ".join(correction.series) or "every conversation of the kind"
        say(f"{kind}: {correction.note}; {point}; applies to: {scope}")
    if not learned.corrections:
        say(f"nothing to learn yet: a kind needs {MIN_VERDICTS} verdicts, confirmed and rejected ones among them")
        if not target.is_file():
            return
    write_model(learned.model, target)
    read = detector_model_file(cli.settings.journal.detector_model)
    say(f"wrote {target}" + ("; ingest detects with it" if read is not None and read.resolve() == target.resolve()
                             else f"; to detect with it, set [journal] detector_model = \"{target}\""))


@app.command()
def labels(ctx: typer.Context, as_json: bool = typer.Option(False, "--json")) -> None:
    """The review labels kept so far (confirmations and rejections), oldest first: what
    `review learn` learns from."""
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
    cli.note(plural(len(found), 'review label'))


def _print_draft(say: Callable[[str], None], draft: DraftJson) -> None:
    confidence = f"{draft['confidence']:.2f}" if draft["confidence"] is not None else "?"
    say(f"{draft['id']}  [{draft['source']['session']}, confidence {confidence}]")
    if draft["subject"]:
        say(f"  about: {draft['subject']}")
    say(f"  proposed: {draft['summary']}")
    for message in draft["unit"]:
        mark = ">" if message["anchor"] else " "
        say(f"  {mark} {message['number']:>4} {message['author'] or '?'}: {message['content'] or '(text removed)'}")


def _say(cli: CliContext) -> Callable[[str], None]:
    def say(text: str) -> None:
        cli.out.print(text, highlight=False, markup=False)

    return say
