"""``decision-journal check-diff``: the decisions that govern what a change touches."""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path

import typer

from api.cli.context import CliContext, cli_context, fail
from api.cli.run_on_graph import run_on_graph
from api.usecases.options_in_use import without_options_in_use
from api.usecases.path_check import PathReport, decisions_for_paths, path_report_json, untouched_library
from api.usecases.repositories import resolve_scope
from api.usecases.runtime import GraphConnection
from api.usecases.when import when_decided
from graph.listing import GoverningLink
from graph.records import DecisionRecord
from nlp.git_command import Change, GitError, read_change
from nlp.plural import plural


class Format(StrEnum):
    text = "text"
    markdown = "markdown"
    json = "json"


class FailOn(StrEnum):
    active = "active"
    none = "none"


def check_diff(
    ctx: typer.Context,
    repo: Path = typer.Option(Path("."), "--repo", help="The git work tree to read."),
    base: str = typer.Option("HEAD", "--base", help="Compare against this revision."),
    head: str | None = typer.Option(None, "--head", help="The changed revision (default: the work tree, untracked files too)."),
    staged: bool = typer.Option(False, "--staged", help="Only what is staged against --base (for a pre-commit hook)."),
    output: Format = typer.Option(Format.text, "--format", help="text, markdown (a pull-request comment) or json."),
    fail_on: FailOn = typer.Option(FailOn.none, "--fail-on", help="active: exit 1 when an active decision governs a changed path."),
) -> None:
    """The decisions that govern the paths a change touches, what they replaced, and the
    options they rejected that the change names again. Reads only; writes nothing."""
    cli = cli_context(ctx)
    try:
        change = read_change(repo, base, head, staged)
    except GitError as exc:
        raise fail(str(exc), code=2) from exc
    span = f"{base}..{head}" if head else (f"staged against {base}" if staged else f"work tree against {base}")

    async def action(graph: GraphConnection) -> PathReport:
        scope = await resolve_scope(graph.executor, None, repo)
        if scope.note:
            cli.note(scope.note)
        # Only the JSON answer shows each decision's code links.
        return await decisions_for_paths(graph.executor, change.paths, change.added, repository=scope.key,
                                         code=output is Format.json)

    report = run_on_graph(cli, action) if change.paths else PathReport((), ())
    report = without_options_in_use(report, repo, base)
    if output is Format.json:
        typer.echo(json.dumps({"change": span, **path_report_json(report)}, indent=2, ensure_ascii=False))
    elif output is Format.markdown:
        typer.echo(markdown_report(report, span, change))
    else:
        _print_text(cli, report, span, change)
    if fail_on is FailOn.active and report.any_touched(change):
        cli.note("an active decision governs a changed path (--fail-on active)")
        raise typer.Exit(code=1)
    if fail_on is FailOn.active and report.any_governed:
        cli.note("the decisions above govern manifests by libraries this change leaves alone: not counted (--fail-on active)")


def _print_text(cli: CliContext, report: PathReport, span: str, change: Change) -> None:
    for line in text_report(report, span, change):
        cli.out.print(line, highlight=False, markup=False)


def text_report(report: PathReport, span: str, change: Change) -> list[str]:
    """The report as lines of text: each path, then each decision governing it, with the
    decisions it replaced or was revised by indented under it, not under the path's last."""
    if not change.paths:
        return [f"no changed paths ({span})"]
    if not report.governed:
        return [f"no decision governs the {plural(len(report.paths), 'changed path')} ({span})"]
    lines = [f"decisions govern {len(report.governed)} of the {plural(len(report.paths), 'changed path')} ({span}):"]
    for item in report.governed:
        lines.append(item.path)
        for decision in item.governing:
            lines.append(f"  {decision.status:<9} {decision.id}  {decision.summary}  ({_when_who(decision)})")
            if decision.id in item.links:
                lines.append(f"            {how_linked(item.links[decision.id], item.path)}")
                if (library := untouched_library(item.links[decision.id], change.changed_lines(item.path))) is not None:
                    lines.append(f"            {_LEFT_ALONE.format(library=library)}")
            for linked, relation in _related_to(decision, item.related):
                lines.append(f"            {relation} {linked.id}: {linked.summary}")
        for back in item.reintroduced:
            lines.append(f"  ! names {back.term} again, an option {back.decision_id} rejected ({back.option}): {back.line}")
    return lines


_LEFT_ALONE = "the change leaves {library} alone in it: shown, not counted by --fail-on"
"""Under a decision that governs a manifest by a library no changed line of it names."""


def markdown_report(report: PathReport, span: str, change: Change | None = None) -> str:
    """The report as a pull-request comment."""
    if not report.paths:
        return f"**Decision journal**: no changed paths ({span})."
    if not report.governed:
        return f"**Decision journal**: no recorded decision governs the {plural(len(report.paths), 'changed path')} ({span})."
    lines = [f"### Decisions governing this change ({span})", ""]
    for item in report.governed:
        lines.append(f"**`{item.path}`**")
        lines.append("")
        for decision in item.governing:
            lines.append(f"- **{decision.status}**: {_md(decision.summary)} (`{decision.id}`, {_when_who(decision)})")
            if decision.id in item.links:
                lines.append(f"  - {_md(how_linked(item.links[decision.id], item.path))}")
                changed = change.changed_lines(item.path) if change is not None else None
                if changed is not None and (library := untouched_library(item.links[decision.id], changed)) is not None:
                    lines.append(f"  - {_md(_LEFT_ALONE.format(library=library))}")
            for linked, relation in _related_to(decision, item.related):
                lines.append(f"  - {relation} `{linked.id}`: {_md(linked.summary)}")
            if decision.rationale:
                lines.append(f"  - why: {_md(decision.rationale)}")
            if decision.alternatives:
                rejected = "; ".join(_md(a.option + (f" ({a.why_not_chosen})" if a.why_not_chosen else "")) for a in decision.alternatives)
                lines.append(f"  - rejected: {rejected}")
        for back in item.reintroduced:
            lines.append(f"- **This change names {_md(back.term)} again**, an option `{back.decision_id}` rejected: `{back.line}`")
        lines.append("")
    lines.append("_Posted by `decision-journal check-diff`; `decision-journal chain ID` shows how a decision evolved._")
    return "\n".join(lines)


def how_linked(link: GoverningLink, path: str) -> str:
    """One line on how a decision reaches a changed path: "via src/Pipfile: pins
    django-fsm-2 (manifest, inferred 0.90)", or "states src/api/" for a stated path."""
    where = "" if link.file.rstrip("/") == path.rstrip("/") else f"via {link.file}: "
    if not link.inferred:
        return f"{where}{link.evidence or 'the decision names ' + link.file}"
    strength = f", {link.confidence:.2f}" if link.confidence is not None else ""
    return f"{where}{link.evidence or link.via} (inferred from {link.via}{strength})"


def _related_to(
    decision: DecisionRecord, related: tuple[DecisionRecord, ...]
) -> list[tuple[DecisionRecord, str]]:
    """The decisions of ``related`` that ``decision`` links to, each with how, read from its side."""
    out = []
    for linked in related:
        if linked.id in decision.superseded_by:
            out.append((linked, "superseded by"))
        elif linked.id in decision.revisited_by:
            out.append((linked, "revisited by"))
        elif linked.id in decision.supersedes:
            out.append((linked, "replaces"))
        elif linked.id in decision.revisits:
            out.append((linked, "revisits"))
    return out


def _when_who(decision: DecisionRecord) -> str:
    return f"{when_decided(decision.decided_at, decision.recorded_at) or 'undated'}, {decision.decision_maker or 'decider unknown'}"


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")
