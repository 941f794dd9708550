"""``decision-journal search`` and ``ask``: find decisions and explain the best one."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime

import typer

from api.cli.context import CliContext, cli_context, fail
from api.cli.run_on_graph import run_on_graph
from api.usecases.journal_facade import local_journal
from api.usecases.json_shape import AlternativeJson, DecisionJson
from api.usecases.requests import DecisionQuery, InvalidRequest
from api.usecases.runtime import GraphConnection
from api.usecases.search import SearchHitJson, SearchOutcome, hits_json, outcome_json
from api.usecases.services import open_services
from api.usecases.when import when_decided
from nlp.answer_terms import unnamed_terms
from nlp.plural import plural
from nlp.readers.adr_markdown import clip
from nlp.schema import CANDIDATE


def search(
    ctx: typer.Context,
    query: str = typer.Argument(..., help='What to look for, such as "why did we choose PostgreSQL?".'),
    tag: list[str] = typer.Option([], "--tag", "-t", help="Only decisions with this tag, in any case (repeatable: any of them)."),
    by: str | None = typer.Option(None, "--by", help="Only decisions involving this person (alice, @alice or Alice)."),
    since: str | None = typer.Option(None, "--since", help="Decided on or after this date (2024-05-01) or instant."),
    until: str | None = typer.Option(None, "--until", help="Decided before this date (its start) or instant."),
    status: list[str] = typer.Option([], "--status", help="Only these statuses (repeatable)."),
    path: str | None = typer.Option(None, "--path", help="Only decisions affecting this path or directory."),
    repo: str | None = typer.Option(
        None, "--repo", help="The repository --path is in: its key, name or remote URL (default: paths not tied to one); "
                               "without --path, only the decisions of that repository."),
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
    request = DecisionQuery(
        text=query, tags=tag, stakeholder=by, since=since, until=until, statuses=status, path=path, repository=repo,
        session=session, series=series, include_history=history, include_drafts=drafts, limit=limit,
    )
    found = outcome_json(_search(cli, request))
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
    if len(hits) == limit:  # the page is full: there may be more
        cli.note(f"the best {plural(limit, 'decision')} shown; --limit N shows more")


def ask(
    ctx: typer.Context,
    question: str = typer.Argument(..., help='A question, such as "why aren\'t we using GraphQL?".'),
    history: bool = typer.Option(False, "--history", help="Consider superseded decisions too."),
) -> None:
    """Answer with the best matching decision: what, who, when, why, alternatives, status, code."""
    cli = cli_context(ctx)
    if not question.strip():
        raise fail('ask needs a question, such as "why did we choose Postgres?"', code=2)
    hits = hits_json(_search(cli, DecisionQuery(text=question, include_history=history, limit=1)).hits)
    if not hits:
        cli.out.print(f"I found no decision about {question!r}.", highlight=False)
        raise typer.Exit(code=1)
    decision = hits[0]["decision"]
    unnamed = unnamed_terms(question, _answer_texts(decision))
    if unnamed:  # the closest by meaning is not an answer: say so before it
        cli.out.print(f"No decision names {' or '.join(unnamed)}; the closest one by meaning:\n", highlight=False, markup=False)
    _print_answer(cli, decision)


def _answer_texts(d: DecisionJson) -> list[str]:
    """What a decision says, to tell whether it names what a question asks about."""
    said = [d["summary"], d.get("subject") or "", d["context"] or "", d["rationale"] or "", *d["tags"], *d["files"]]
    return said + [str(a["option"]) for a in d["alternatives"]]


def _search(cli: CliContext, request: DecisionQuery) -> SearchOutcome:
    async def action(graph: GraphConnection) -> SearchOutcome:
        async with open_services(cli.settings, graph.executor) as services:
            try:
                return await local_journal(services, cli.settings).search(request)
            except InvalidRequest as exc:
                raise fail(str(exc), code=2) from exc

    return run_on_graph(cli, action)


BRIEF_CHARS = 300
"""How much of a hit's context and rationale a search list shows: an ADR's sections run to
2,000 characters, and a page of hits each printing two of them is a wall of text."""


def _print_brief(cli: CliContext, hit: SearchHitJson) -> None:
    d = hit["decision"]
    say = _say(cli)
    when = when_decided(d["decided_at"], d["recorded_at"])
    say(d["summary"])
    by = f" by {d['decision_maker']}" if d["decision_maker"] else ""  # none stated: say nothing, not "?"
    dated = f"decided {when}" if d["decided_at"] else when or "undated"
    status = "draft to review" if d["status"] == CANDIDATE else d["status"]
    say(f"  {status}, {dated}{by}  [{d['id']}, {'+'.join(hit['retrievers']) or 'filters only'}]")
    subject = d.get("subject")
    if subject and subject != d["context"] and subject.lower() not in d["summary"].lower():
        say(f"  subject: {subject}")
    for key in ("context", "rationale"):
        said = d[key]
        if said:  # a list shows the gist; `ask`, --json and the page show it whole
            say(f"  {key}: {clip(said, BRIEF_CHARS)}")
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
    if d["decided_at"]:
        say(f"We decided this in {datetime.fromisoformat(d['decided_at']).strftime('%B %Y')}:\n")
    else:  # the source gives no date: the day it was recorded is not the day it was decided
        recorded = when_decided(None, d["recorded_at"])
        say(f"We decided this (the source gives no date{'; ' + recorded if recorded else ''}):\n")
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
