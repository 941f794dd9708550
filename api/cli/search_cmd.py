"""``decision-journal search`` and ``ask``: find decisions and explain the best one."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime

import typer

from api.cli.context import CliContext, aware, cli_context
from api.cli.run_on_graph import run_on_graph
from api.usecases.json_shape import AlternativeJson, DecisionJson
from api.usecases.runtime import GraphConnection
from api.usecases.search import SearchHitJson, SearchJson, search_hits, search_json
from api.usecases.services import build_services
from graph.filters import DecisionFilter
from nlp.ids import handle_for


def search(
    ctx: typer.Context,
    query: str = typer.Argument(..., help='What to look for, such as "why did we choose PostgreSQL?".'),
    tag: list[str] = typer.Option([], "--tag", "-t", help="Only decisions with this tag (repeatable: any of them)."),
    by: str | None = typer.Option(None, "--by", help="Only decisions involving this stakeholder (@handle)."),
    since: datetime | None = typer.Option(None, "--since", help="Decided on or after this date."),
    until: datetime | None = typer.Option(None, "--until", help="Decided before this date."),
    status: list[str] = typer.Option([], "--status", help="Only these statuses (repeatable)."),
    path: str | None = typer.Option(None, "--path", help="Only decisions affecting this path or directory."),
    session: str | None = typer.Option(None, "--session", help="Only decisions from this session."),
    series: str | None = typer.Option(None, "--series", help="Only decisions from sessions of this series of meetings."),
    history: bool = typer.Option(False, "--history", help="Include superseded decisions."),
    drafts: bool = typer.Option(False, "--drafts", help="Include drafts (status candidate) awaiting review."),
    limit: int = typer.Option(5, min=1, max=100),
    as_json: bool = typer.Option(
        False, "--json", help='As JSON: {"hits": [{"decision", "score", "retrievers"}], "filters_applied", "filters_dropped"}.'),
) -> None:
    """Decisions matching the query, best first (full-text and semantic, fused)."""
    cli = cli_context(ctx)
    filters = DecisionFilter(
        include_history=history, include_drafts=drafts, statuses=tuple(status) or None, tags=tuple(tag) or None,
        stakeholder=handle_for(by) if by else None, since=aware(since), until=aware(until), path_prefix=path, session=session,
        series=series,
    )
    found = _search(cli, query, filters, limit)
    if as_json:
        typer.echo(json.dumps(found, indent=2, ensure_ascii=False))
        return
    hits = found["hits"]
    if found["filters_applied"]:
        cli.out.print(f"filters read from the question: {', '.join(found['filters_applied'])}", highlight=False)
    if found["filters_dropped"]:
        cli.out.print(f"filters read from the question and dropped (nothing matched with them): "
                      f"{', '.join(found['filters_dropped'])}", highlight=False)
    if not hits:
        cli.out.print(f"no decision matches {query!r}", highlight=False)
    for hit in hits:
        _print_brief(cli, hit)


def ask(
    ctx: typer.Context,
    question: str = typer.Argument(..., help='A question, such as "why aren\'t we using GraphQL?".'),
    history: bool = typer.Option(False, "--history", help="Consider superseded decisions too."),
) -> None:
    """Answer with the best matching decision: what, who, when, why, alternatives, status, code."""
    cli = cli_context(ctx)
    hits = _run(cli, question, DecisionFilter(include_history=history), 1)
    if not hits:
        cli.out.print(f"I found no decision about {question!r}.", highlight=False)
        raise typer.Exit(code=1)
    _print_answer(cli, hits[0]["decision"])


def _search(cli: CliContext, query: str, filters: DecisionFilter, limit: int) -> SearchJson:
    async def action(graph: GraphConnection) -> SearchJson:
        return await search_json(build_services(cli.settings, graph.executor), query, filters, limit, cli.settings.journal)

    return run_on_graph(cli, action)


def _run(cli: CliContext, query: str, filters: DecisionFilter, limit: int) -> list[SearchHitJson]:
    async def action(graph: GraphConnection) -> list[SearchHitJson]:
        return await search_hits(build_services(cli.settings, graph.executor), query, filters, limit, cli.settings.journal)

    return run_on_graph(cli, action)


def _print_brief(cli: CliContext, hit: SearchHitJson) -> None:
    d = hit["decision"]
    say = _say(cli)
    when = str(d["decided_at"] or d["recorded_at"] or "")[:10]
    say(d["summary"])
    by = f" by {d['decision_maker']}" if d["decision_maker"] else ""  # none stated: say nothing, not "?"
    say(f"  {d['status']}, decided {when}{by}  [{d['id']}, {'+'.join(hit['retrievers']) or 'filters only'}]")
    subject = d.get("subject")
    if subject and subject != d["context"] and subject.lower() not in d["summary"].lower():
        say(f"  subject: {subject}")
    for key in ("context", "rationale"):
        if d[key]:
            say(f"  {key}: {d[key]}")
    if d["alternatives"]:
        say("  alternatives: " + "; ".join(_alternative(a) for a in d["alternatives"]))
    listed = {"files": d["files"], "superseded by": d["superseded_by"], "revisited by": d["revisited_by"],
              "supersedes": d["supersedes"], "revisits": d["revisits"]}
    for name, values in listed.items():
        if values:
            say(f"  {name}: {', '.join(values)}")


def _print_answer(cli: CliContext, d: DecisionJson) -> None:
    """Seed 000 Example 2's answer: decision, made by, rationale, alternatives, status, code."""
    say = _say(cli)
    when = d["decided_at"] or d["recorded_at"]
    month = datetime.fromisoformat(when).strftime("%B %Y") if when else "at an unknown date"
    say(f"We decided this in {month}:\n")
    say(f"Decision: {d['summary']}")
    others = [s["handle"] for s in d["stakeholders"] if s["handle"] != d["decision_maker"]]
    if d["decision_maker"]:
        say(f"Made by: {d['decision_maker']}" + (f", with {', '.join(others)}" if others else ""))
    elif others:
        say(f"People involved: {', '.join(others)}")
    if d["context"]:
        say(f"Context: {d['context']}")
    if d["rationale"]:
        say(f"Rationale: {d['rationale']}")
    if d["alternatives"]:
        say("Alternatives considered:")
        for alternative in d["alternatives"]:
            say(f"  - {_alternative(alternative)}")
    status = d["status"].capitalize()
    if d["superseded_by"]:
        status += f" (superseded by {', '.join(d['superseded_by'])})"
    if d["revisited_by"]:
        status += f" (revisited by {', '.join(d['revisited_by'])})"
    say(f"Current status: {status}")
    if d["files"]:
        say(f"Related code: {', '.join(d['files'])}")
    say(f"\n(decision {d['id']}; `decision-journal chain {d['id']}` shows how it evolved)")


def _alternative(a: AlternativeJson) -> str:
    return str(a["option"]) + (f": {a['why_not_chosen']}" if a["why_not_chosen"] else "")


def _say(cli: CliContext) -> Callable[[str], None]:
    def say(text: str) -> None:
        cli.out.print(text, highlight=False, markup=False)

    return say
