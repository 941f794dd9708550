"""``decision-journal impact PATH``: what touched a file or directory, and the commits since."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from api.cli.context import cli_context, fail
from api.cli.run_on_graph import run_on_graph
from api.usecases.impact import ImpactJson, elsewhere_hint, impact_json, path_elsewhere
from api.usecases.json_shape import CodeLinkJson
from api.usecases.repositories import RepositoryScope, UnknownRepository, resolve_scope
from api.usecases.runtime import GraphConnection
from api.usecases.when import when_decided
from graph.filters import DecisionFilter
from nlp.plural import plural


def impact(
    ctx: typer.Context,
    path: str = typer.Argument(..., help="A file or directory, such as src/api/."),
    history: bool = typer.Option(False, "--history", help="Include superseded decisions."),
    limit: int = typer.Option(20, min=1, max=100),
    repo: str | None = typer.Option(
        None, "--repo", help="The repository the path is in: a checkout's folder, a key or a name such as acme/shop "
        "('' for paths not tied to a repository). Default: the repository this command runs in.",
    ),
    as_json: bool = typer.Option(False, "--json", help='{"repository", "total", "decisions": [decision + "commits"]}.'),
) -> None:
    """The decisions affecting a path (the file, anything under it, or a directory holding
    it) in one repository, newest first, each with how it is linked and the git commits
    that followed it (after ingest-git)."""
    cli = cli_context(ctx)

    async def action(graph: GraphConnection) -> tuple[RepositoryScope, ImpactJson, str]:
        scope = await resolve_scope(graph.executor, repo, Path.cwd())
        found = await impact_json(graph.executor, path, history, limit, scope.key)
        hint = ""
        if not found["decisions"]:
            where = DecisionFilter(path_prefix=path, include_history=history, repository=scope.key)
            hint = elsewhere_hint(path, await path_elsewhere(graph.executor, where), "--repo")
        return scope, found, hint

    try:
        scope, found, hint = run_on_graph(cli, action)
    except UnknownRepository as exc:
        raise fail(str(exc), code=2) from exc
    if scope.note:
        cli.note(scope.note)
    if as_json:
        typer.echo(json.dumps(found, indent=2, ensure_ascii=False))
        return

    def say(text: str) -> None:
        cli.out.print(text, highlight=False, markup=False)

    if not found["decisions"]:
        looked = f"in {scope.label}" if scope.key else "among paths not tied to a repository"
        say(f"no decision affects {path} {looked}" + ("" if history or hint else " (--history includes superseded ones)"))
        if hint:
            cli.note(hint)
        return
    say(f"{found['total']} decision{'s affect' if found['total'] != 1 else ' affects'} {path} "
        f"({scope.label}), newest first:")
    for d in found["decisions"]:
        when = when_decided(d["decided_at"], d["recorded_at"])
        say(f"{d['status']:<10} {when}  {d['id']}  {d['summary']}")
        for line in links_under(d["code"], path, scope.key):
            say(f"             {line}")
        for c in d["commits"]:
            say(f"             {c['sha'][:10]} {str(c['date'] or '')[:10]} {c['author'] or '?'}: {c['subject']}"
                f"  ({', '.join(h.lower() for h in c['how'])})")


def links_under(code: list[CodeLinkJson], path: str, repository: str, limit: int = 3) -> list[str]:
    """How a decision reaches ``path``: its links to the path, to files under it or to a
    directory holding it, strongest first (at most ``limit``, then how many more)."""
    asked = path.rstrip("/")
    mine = [
        c for c in code
        if c["repository"] == repository and (
            c["path"].rstrip("/") == asked or c["path"].startswith(asked + "/")
            or (c["path"].endswith("/") and (asked + "/").startswith(c["path"])))
    ]
    mine.sort(key=lambda c: (c["inferred"], -(c["confidence"] or 0.0), c["path"]))
    lines = [
        f"{c['path']}: {c['evidence'] or c['via']}" + (f"  ({c['via']}, inferred {c['confidence']:.2f})"
                                                        if c["inferred"] and c["confidence"] is not None else "")
        for c in mine[:limit]
    ]
    if len(mine) > limit:
        lines.append(f"… and {plural(len(mine) - limit, 'more path')} under {path}")
    return lines
