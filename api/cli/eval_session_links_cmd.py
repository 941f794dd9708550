"""``decision-journal eval session-links``: the links from real sessions' decisions to the
files they edited, counted, drawn for a blind reading, and scored (docs/quality.md,
"Session edit links")."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import typer

from api.cli.context import CliContext, cli_context, fail
from api.cli.eval_common import extra_dir
from api.usecases.session_links_eval import MissingCheckout, SessionLinkRun, evaluate_session_links
from nlp.errors import NlpError
from nlp.evaluation.session_links import Share, draw, links_of, score_sheet, write_sheet


def session_links_command(
    ctx: typer.Context,
    sessions: Path | None = typer.Option(
        None, "--sessions", help="Real sessions, <owner>__<repo>/<session>.md each (default: sessions/ of the fetched "
        "evaluation data, $DJ_EVAL_DATA or ../eval-data). The final split's owners are left out.",
    ),
    clones: Path | None = typer.Option(
        None, "--clones", help="Checkouts of those repositories, <owner>__<repo> each, at the commit the sessions were "
        "taken from (needed unless --reading).",
    ),
    packets: Path | None = typer.Option(None, "--packets", help="The numbered session packets the sheet points the "
                                        "reader to (default: SESSIONS/packets)."),
    draw_to: Path | None = typer.Option(None, "--draw", help="Write a blind reading sheet of a random draw of links here "
                                        "(and its key beside it, FILE.key.tsv)."),
    size: int = typer.Option(50, "--size", min=1, help="How many links --draw draws."),
    seed: int = typer.Option(46, "--seed", help="The draw's random seed."),
    reading: Path | None = typer.Option(None, "--reading", help="Score a filled-in sheet instead (column `right`: "
                                        "yes, no or unsure)."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Also list the edited files that are no file of "
                                 "the checkout."),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Links from decisions to the files their session edited after them (via session_edit):
    every development session ingested with its repository's checkout into a throwaway
    Neo4j, the links read back and counted per repository; --draw writes a blind reading
    sheet of a random draw; --reading scores a filled-in one (share right, Wilson 95%)."""
    cli = cli_context(ctx)
    if reading is not None:
        _score(cli, reading, as_json)
        return
    folder = sessions or ((extra_dir(None) or Path("../eval-data")) / "sessions")
    if not folder.is_dir():
        raise fail(f"{folder} not found: pass --sessions with the folder of <owner>__<repo>/ session folders", code=2)
    if clones is None or not clones.is_dir():
        raise fail("--clones names the folder of the repositories' checkouts (<owner>__<repo> each)", code=2)
    cli.note("starting a throwaway Neo4j, ingesting each development session with its repository ...")
    try:
        run = evaluate_session_links(cli.settings, folder, clones, cli.note)
    except (MissingCheckout, NlpError) as exc:
        raise fail(str(exc), code=2) from exc
    links = links_of(run.decisions)
    note = _totals_line(run)
    if draw_to is not None:
        drawn = draw(links, size, seed)
        key = write_sheet(draw_to, drawn, draw_note(f"--draw {draw_to.name} --size {size} --seed {seed}",
                                                    f"{len(drawn)} of {note}", run.commits, clones),
                          packets or folder / "packets")
        cli.note(f"wrote {len(drawn)} rows to {draw_to} (key, not for the reader: {key})")
    if as_json:
        typer.echo(json.dumps(_json(run), indent=2))
        return
    _print_totals(cli, run, verbose)


def draw_note(options: str, counted: str, commits: dict[str, str], clones: Path) -> str:
    """The sheet's notes on how it was drawn and where the reader finds each file: the
    checkouts' folder and each one's commit."""
    at = ", ".join(f"{repo} {sha[:12]}" for repo, sha in sorted(commits.items()))
    return (f"drawn by `decision-journal eval session-links {options}`: {counted}\ncheckouts: {at}\n"
            f"the file as the repository holds it: {clones.resolve()}/<repository>/<file> "
            "(git -C that checkout log -p -- <file> shows its history)")


def _totals_line(run: SessionLinkRun) -> str:
    linked = sum(1 for d in run.decisions if d.links)
    stored = sum(1 for d in run.decisions if not d.draft)
    return (f"{sum(len(d.links) for d in run.decisions)} links from {linked} of {stored} stored decisions "
            f"in {sum(1 for s in run.sessions if not s.error)} development sessions")


def _rows(run: SessionLinkRun) -> dict[str, dict[str, int]]:
    rows: dict[str, Counter[str]] = {repo: Counter() for repo in sorted(run.commits)}
    for s in run.sessions:
        row = rows.setdefault(s.repository, Counter())
        row["failed" if s.error else "sessions"] += 1
        row["edits"] += s.edits
        row["unmapped"] += len(s.unmapped)
        row["with_edits"] += bool(s.edits)
    for d in run.decisions:
        row = rows.setdefault(d.repository, Counter())
        row["drafts" if d.draft else "decisions"] += 1
        row["linked"] += bool(d.links)
        row["links"] += len(d.links)
    return {repo: dict(row) for repo, row in rows.items()}


def _print_totals(cli: CliContext, run: SessionLinkRun, verbose: bool) -> None:
    def say(text: str) -> None:
        cli.out.print(text, highlight=False, markup=False)

    rows = _rows(run)
    names = ("sessions", "with_edits", "edits", "unmapped", "decisions", "drafts", "linked", "links")
    say(f"\nsession_edit links of the development sessions: {_totals_line(run)}")
    say(f"{'repository':<38}" + "".join(f"{n.replace('_', ' '):>11}" for n in names))
    for repo, row in rows.items():
        say(f"{repo:<38}" + "".join(f"{row.get(n, 0):>11}" for n in names))
    say(f"{'all':<38}" + "".join(f"{sum(r.get(n, 0) for r in rows.values()):>11}" for n in names))
    say("with edits: sessions whose tool calls name an edited file; edits: distinct files named so, per session summed; unmapped: those that are no "
        "file of the checkout; decisions: stored (drafts apart); linked: decisions with a link")
    for s in run.sessions:
        if s.error:
            say(f"not ingested: {s.file}: {s.error}")
    if verbose:
        for s in run.sessions:
            if s.unmapped:
                say(f"{s.session}: no file of the checkout: {', '.join(s.unmapped)}")


def _json(run: SessionLinkRun) -> dict[str, Any]:
    return {
        "repositories": _rows(run),
        "commits": run.commits,
        "failed": [{"file": str(s.file), "error": s.error} for s in run.sessions if s.error],
        "unmapped": {s.session: list(s.unmapped) for s in run.sessions if s.unmapped},
        "links": [
            {"repository": link.repository, "session": link.decision.session, "decision": link.decision.id,
             "summary": link.decision.summary, "messages": list(link.decision.messages), "path": link.file.path,
             "evidence": link.file.evidence, "confidence": link.file.confidence}
            for link in links_of(run.decisions)
        ],
    }


def _score(cli: CliContext, reading: Path, as_json: bool) -> None:
    try:
        result = score_sheet(reading)
    except (OSError, ValueError) as error:
        raise fail(str(error), code=2) from error
    shares = {**result.repositories, "all": result.pooled}
    if as_json:
        typer.echo(json.dumps({repo: _share_json(s) for repo, s in shares.items()}, indent=2))
        return
    cli.out.print(f"{'repository':<38}{'right':>7}{'wrong':>7}{'unsure':>8}{'unread':>8}{'share':>8}{'95% interval':>15}",
                  highlight=False, markup=False)
    for repo, s in shares.items():
        low, high = s.interval
        cli.out.print(f"{repo:<38}{s.right:>7}{s.wrong:>7}{s.unsure:>8}{s.unread:>8}{s.share:>8.2f}"
                      f"{f'{low:.2f}-{high:.2f}':>15}", highlight=False, markup=False)
    cli.out.print("share: right of the links read yes or no (unsure left out)", highlight=False, markup=False)


def _share_json(s: Share) -> dict[str, Any]:
    low, high = s.interval
    return {"right": s.right, "wrong": s.wrong, "unsure": s.unsure, "unread": s.unread,
            "share": round(s.share, 4), "low": round(low, 4), "high": round(high, 4)}
