"""``decision-journal ingest`` and ``decision-journal chain``: the journal on the command line."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import typer
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from api.cli.context import CliContext, aware, cli_context, fail
from api.cli.run_on_graph import run_on_graph
from api.usecases.code_links import link_repository_code
from api.usecases.in_repository import InRepository
from api.usecases.ingest import DRAFTS_KEPT, IngestReport
from api.usecases.journal_facade import local_journal, read_source
from api.usecases.json_shape import ChainJson, DecisionJson, chain_json, decision_record_json
from api.usecases.repositories import repository_to_ingest
from api.usecases.requests import ChainRequest, InvalidRequest, Refused
from api.usecases.runtime import GraphConnection
from api.usecases.services import Services, build_services, open_services
from api.usecases.session_files import describe_mode, ingest_session_file
from api.usecases.session_ids import own_session_ids
from api.usecases.when import when_decided
from graph.filters import HISTORY_STATUSES
from graph.session_reads import SessionReads
from nlp.detector_features import SPOKEN
from nlp.errors import NlpError
from nlp.git_command import GitError
from nlp.plural import plural
from nlp.readers import (
    FORMATS,
    SESSION_READERS,
    gathered_files,
    session_file_format,
)
from nlp.readers.source_date import oldest_first
from nlp.repository import identify_repository
from nlp.schema import Conversation, ExtractedDecision


def ingest(
    ctx: typer.Context,
    paths: list[Path] = typer.Argument(..., help="Conversation files, or folders of them, to ingest."),
    fmt: str = typer.Option("auto", "--format", "-f", help=f"One of: {', '.join(FORMATS)}."),
    session: str | None = typer.Option(None, help="Session id (default: the file name); only with one file."),
    date: datetime | None = typer.Option(
        None, "--date", help="The day the conversation happened, for messages without a time of their own "
        "(default: the date the file states in front matter, first heading, a Date: line, its name or its folder).",
    ),
    series: str | None = typer.Option(
        None, "--series", help="The series of meetings these sessions belong to (default: the nearest folder that "
        "is not a date, else the title without its date, for dated files).",
    ),
    repo: Path | None = typer.Option(
        None, "--repo", help="The git repository these conversations are about: the paths they name are its paths, "
        "and its code is linked to their decisions (with auto_link_strategy = \"git_context\", also the files it "
        "changed around each decision).",
    ),
    access_group: list[str] = typer.Option(
        [], "--access-group", help="Who may read a new session (repeatable; default: everyone). A session's groups are "
        "fixed when it is created: naming others for an existing session is refused.",
    ),
    drafts: bool | None = typer.Option(
        None, "--drafts/--no-drafts", help="--drafts: store every detection of these files as a draft for a person "
        "to confirm (`decision-journal review`), whatever its kind and confidence: for a source whose detections you "
        "do not trust yet, such as a team's channels. The conversation remembers it: ingested again without a choice, "
        "what is found stays drafts. --no-drafts: store the sure detections as decisions (remembered too).",
        show_default=False,
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the stored decisions as JSON."),
) -> None:
    """Detect, extract, store and relate the decisions in conversation files (idempotent).

    Files are ingested oldest first by the date each states, so a later meeting is related
    to the earlier ones whatever order they were named in.
    """
    cli = cli_context(ctx)
    try:
        checkout = identify_repository(repo) if repo is not None else None
    except GitError as exc:
        raise fail(str(exc), code=2) from exc
    try:
        gathered = gathered_files(paths)
    except NlpError as exc:
        raise fail(str(exc), code=2) from exc
    files = gathered.files
    _say_passed_over(cli, gathered.passed_over)
    if session and len(files) > 1:
        raise fail("--session names one session; give one file with it", code=2)
    # Coding-assistant sessions are read incrementally (only what was appended since the
    # last ingest), unless --date or --series asks to restate how they are dated or grouped.
    # Access groups are given when a session is created, so a session named with them is read whole too.
    sessions = [] if date or series or access_group else [
        path for path in files if (fmt == "auto" or fmt in SESSION_READERS) and session_file_format(path) is not None
    ]
    inputs, unread = _read_all(cli, [f for f in files if f not in sessions], fmt, session, aware(date), series)
    inputs = _in_time_order(inputs)
    failed = len(unread)

    async def action(graph: GraphConnection) -> tuple[list[IngestReport], list[DecisionJson]]:
        nonlocal failed
        services = build_services(cli.settings, graph.executor)
        if drafts is not None:
            services = replace(services, ingest=services.ingest.drafting(drafts))
        journal = local_journal(services, cli.settings)
        where = await repository_to_ingest(graph.executor, checkout) if checkout is not None else None
        if where is not None and where.name and session is None:
            inputs[:] = await _own_sessions(cli, graph, inputs, where.key, where.name, fmt, aware(date), series)
        reports = []
        with _progress(cli) as progress:
            task = progress.add_task("ingesting", total=sum(len(c.messages) for c, _ in inputs))
            try:
                for conversation, decisions in inputs:
                    progress.update(task, description=conversation.session_id)
                    try:
                        reports.append(await journal.ingest_read(conversation, decisions, access_group or None, where))
                    except (InvalidRequest, Refused) as exc:
                        cli.note(f"error: {exc} (skipped; nothing of {conversation.session_id} was stored)")
                        failed += 1
                    progress.advance(task, len(conversation.messages))
                read, unreadable = await _ingest_sessions(cli, sessions, services, fmt, session, where)
                reports += read
                failed += unreadable
            finally:
                await services.aclose()
        if checkout is not None and where is not None:
            git_context = cli.settings.journal.auto_link_strategy == "git_context"
            linked = await link_repository_code(graph.executor, checkout, where.key, git_context=git_context)
            cli.note(f"{where.key}: {linked.linked} of its {plural(linked.decisions, 'decision')} linked to its code "
                     f"by {plural(linked.links, 'inferred link')}")
        stored = await services.reader.decisions([i for r in reports for i in r.decision_ids]) if as_json else []
        return reports, [decision_record_json(record) for record in stored]

    # Nothing readable: no server to start, only the errors already said.
    reports, stored = run_on_graph(cli, action) if inputs or sessions else ([], [])
    for report in reports:
        dated = f", dated {report.date:%Y-%m-%d} ({report.date_from})" if report.date else ""
        in_series = f", series {report.series!r} ({report.series_from})" if report.series else ""
        cli.note(
            f"{report.session_id}{read_as(report)}: {plural(report.messages_read, 'message')} read ({report.new_messages} new), "
            f"{plural(report.decisions_found, 'decision')} found ({report.new_decisions} new), "
            f"{plural(report.linked_files, 'file link')}, {report.superseded} superseded, {report.revisited} revisited"
            f"{dated}{in_series}"
            + (f"; {plural(report.edit_links, 'link')} to files the session edited after its decisions ({report.repository})"
               if report.edit_links else "")
            + (f"; {plural(report.drafts, 'draft')} to review (`decision-journal review {report.session_id}`)"
               if report.drafts else "")
            + (f"; {DRAFTS_KEPT}" if report.drafts_remembered else "")
        )
        for warning in report.warnings:
            cli.note(f"{report.session_id}: warning: {warning}")
    # Drafts are dated as decisions are (``ingest --drafts`` finds drafts only).
    undated = [report for report in reports if report.undated and (report.decisions_found or report.drafts)]
    if undated:
        names = [report.session_id for report in undated]
        shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
        found = " and ".join(kind for kind, n in (("decisions", sum(r.decisions_found for r in undated)),
                                                   ("drafts", sum(r.drafts for r in undated))) if n)
        cli.note(
            f"no date found in {shown}: their {found} are dated by when they were ingested; "
            "give the meeting's day with --date YYYY-MM-DD"
        )
    if as_json:
        typer.echo(json.dumps(stored, indent=2, ensure_ascii=False))
    if failed:
        others = "; the others were ingested" if failed < len(files) else ""
        raise fail(f"{failed} of {plural(len(files), 'file')} could not be ingested (named above){others}", code=2)


def chain(
    ctx: typer.Context,
    decision_id: str = typer.Argument(..., help="Any decision of the chain."),
    as_of: str | None = typer.Option(None, "--as-of", help="Show the chain as it stood on this date (its start) or instant."),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """How a decision evolved: original, revisions in time order, current."""
    cli = cli_context(ctx)

    async def action(graph: GraphConnection) -> ChainJson:
        async with open_services(cli.settings, graph.executor) as services:
            try:
                return chain_json(await local_journal(services, cli.settings).chain(ChainRequest(decision_id, as_of)))
            except InvalidRequest as exc:
                raise fail(str(exc), code=2) from exc

    data = run_on_graph(cli, action)
    if as_json:
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    members = [data["original"], *data["revisions"]]
    links = {(link["from"], link["to"]): link for link in data["links"]}
    for member in members:
        when = when_decided(member["decided_at"], member["recorded_at"])
        marker = _chain_marker(member, member["id"] == data["current"]["id"])
        cli.out.print(f"{when}  {member['id']}  {member['summary']}  {marker}", highlight=False, markup=False)
        for (source, target), link in links.items():
            if source == member["id"]:
                cli.out.print(
                    f"            {link['type'].lower()} {target}: {link['reason'] or ''}"
                    f"{' (inferred)' if link['inferred'] else ''}",
                    highlight=False, markup=False,
                )


def read_as(report: IngestReport) -> str:
    """What an ingest line says a file was read as: its format, and "spoken meeting" when
    detection reads it as one (what it finds is then stored as drafts by default)."""
    if report.source_format is None:
        return ""
    return f" ({report.source_format}{', spoken meeting' if report.kind == SPOKEN else ''})"


def _chain_marker(member: DecisionJson, last: bool) -> str:
    """What ``chain`` prints after a member: its status, and for the last of the chain
    "current" only when nothing retired it (an ADR can say it was superseded by one the
    journal does not hold)."""
    if not last:
        return f"  {member['status']}"
    if member["status"] in HISTORY_STATUSES:
        return f"→ latest here, {member['status']} (what replaced it is not in the journal)"
    return "→ current"


Input = tuple[Conversation, list[ExtractedDecision] | None]


async def _ingest_sessions(
    cli: CliContext, paths: list[Path], services: Services, fmt: str, session: str | None, where: InRepository | None,
) -> tuple[list[IngestReport], int]:
    """Each coding-assistant session, incrementally, and how many could not be read: such a
    file is named and skipped (what it stored before stays)."""
    reports = []
    bad = 0
    reads = SessionReads(services.executor)
    for path in paths:
        try:
            done = await ingest_session_file(path, services.ingest, reads, fmt=fmt, session_id=session, repository=where)
        except NlpError as exc:
            cli.note(f"error: {exc} (skipped; nothing of it was stored)")
            bad += 1
            continue
        cli.note(f"{done.report.session_id}: {describe_mode(done)}")
        if done.note:
            cli.note(f"{done.report.session_id}: note: {done.note}")
        reports.append(done.report)
    return reports, bad


def _read_all(
    cli: CliContext, paths: list[Path], fmt: str, session: str | None, date: datetime | None, series: str | None
) -> tuple[list[Input], list[Path]]:
    """Every file read before anything is stored, and those that could not be: each of them
    is named with its error and skipped, so one bad file in a folder does not stop the rest."""
    inputs: list[Input] = []
    unread: list[Path] = []
    stems = Counter(path.stem for path in paths)
    for path in paths:
        # A folder per meeting ("2023-07-20/notes.md") repeats the file name: the
        # folder tells those sessions apart.
        name = session or (f"{path.parent.name}/{path.stem}" if stems[path.stem] > 1 else None)
        try:
            inputs.append(read_source(path, fmt, name, date, series))
        except NlpError as exc:
            cli.note(f"error: {exc} (skipped; nothing of it was stored)")
            unread.append(path)
    return inputs, unread


async def _own_sessions(
    cli: CliContext, graph: GraphConnection, inputs: list[Input], key: str, name: str, fmt: str,
    date: datetime | None, series: str | None,
) -> list[Input]:
    """``inputs`` with each file whose session id another repository's file holds read again
    under its own (``api.usecases.session_ids``), and said so."""
    own = await own_session_ids(graph.executor, [c.session_id for c, _ in inputs], key, name)
    result: list[Input] = []
    for conversation, decisions in inputs:
        chosen = own[conversation.session_id]
        if chosen == conversation.session_id or conversation.path is None:
            result.append((conversation, decisions))
            continue
        cli.note(f"{conversation.session_id}: another repository's file holds that session; "
                 f"{conversation.path} is session {chosen}")
        try:
            result.append(read_source(Path(conversation.path), fmt, chosen, date, series))
        except NlpError as exc:  # read a moment ago: only a file changed meanwhile fails here
            cli.note(f"error: {exc} (skipped; nothing of it was stored)")
    return result


def _say_passed_over(cli: CliContext, passed_over: list[Path]) -> None:
    """One line per Slack export whose lists of users and channels a folder ingest passed over."""
    for top in sorted({path.parent for path in passed_over}):
        names = sorted(path.name for path in passed_over if path.parent == top)
        cli.note(f"{top}: passed over the Slack export's {', '.join(names)} (the workspace's lists, "
                 "not conversations)")


def _in_time_order(inputs: list[Input]) -> list[Input]:
    """Oldest first by the time each conversation starts; undated ones after, as given."""
    return sorted(inputs, key=lambda item: oldest_first(item[0]))


def _progress(cli: CliContext) -> Progress:
    return Progress(
        TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total} messages"),
        TimeElapsedColumn(), console=cli.err, disable=not cli.err.is_terminal,
    )

