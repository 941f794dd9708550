"""``decision-journal hook ingest``: a Claude Code ``Stop`` / ``SessionEnd`` hook that ingests
the session's transcript, only what it added since the last time.

The hook must never hold up or break the agent. Claude Code waits for a hook to finish,
reads its stdout as JSON that may steer the agent (a ``Stop`` hook can keep it going), and
feeds a hook's stderr back to the model when it exits with 2. So this command writes
nothing on stdout, always exits 0 (a problem of its own is one line on stderr), and by
default hands the ingest to a detached process and returns at once; that process appends
what it did to ``hook.log`` in the per-user cache folder. ``--wait`` ingests in the
foreground (scripts, tests).
"""

from __future__ import annotations

import os
import subprocess
import sys
from contextlib import suppress
from datetime import datetime

import typer

from api.cli.context import CliContext, cli_context
from api.usecases.hook_input import MAX_INPUT, HookInput, HookInputError, read_hook_input
from api.user_dirs import user_dir

LOG_NAME = "hook.log"


def hook_ingest(
    ctx: typer.Context,
    wait: bool = typer.Option(False, "--wait", help="Ingest before returning, instead of in a detached process."),
) -> None:
    """Ingest the Claude Code session a Stop or SessionEnd hook names on stdin (its new part).

    The session's working directory is its repository when it is a git checkout. Always
    exits 0, with nothing on stdout: a problem is one line on stderr.
    """
    cli = cli_context(ctx)
    raw = sys.stdin.buffer.read(MAX_INPUT)
    try:
        event = read_hook_input(raw)
    except HookInputError as exc:
        _note(f"{exc}; nothing ingested")
        return
    if not event.transcript.is_file():
        _note(f"no transcript at {event.transcript}; nothing ingested")
        return
    if not wait:
        _detach(cli, raw)
        return
    try:
        line = _ingest(cli, event)
    except typer.Exit:
        _note(f"could not ingest {event.transcript} (the line above says why)")
        return
    except Exception as exc:  # a hook must not break the agent, whatever failed
        _note(f"could not ingest {event.transcript}: {type(exc).__name__}: {exc}")
        return
    print(f"{datetime.now():%Y-%m-%d %H:%M:%S} {line}", file=sys.stderr)


def _ingest(cli: CliContext, event: HookInput) -> str:
    from api.cli.run_on_graph import run_on_graph
    from api.usecases.hook_ingest import ingest_hook_session

    return run_on_graph(cli, lambda graph: ingest_hook_session(cli.settings, graph, event))


def _detach(cli: CliContext, raw: bytes) -> None:
    """Run ``hook ingest --wait`` on the same input in a process of its own session, its
    output appended to the hook log; return without waiting for it."""
    log_dir = user_dir("cache")
    try:
        log_dir.mkdir(parents=True, exist_ok=True)
        log = (log_dir / LOG_NAME).open("ab")
    except OSError as exc:
        _note(f"cannot open the hook log in {log_dir} ({exc.strerror or exc}); nothing ingested")
        return
    config = ["--config", str(cli.config_file)] if cli.config_file is not None else []
    command = [sys.executable, "-m", "api.cli.main", *config, "hook", "ingest", "--wait"]
    with log:
        try:
            child = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=log, stderr=log, start_new_session=True,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
        except OSError as exc:
            _note(f"cannot start the ingest ({exc.strerror or exc}); nothing ingested")
            return
        assert child.stdin is not None
        with suppress(BrokenPipeError):
            child.stdin.write(raw)
        child.stdin.close()


def _note(line: str) -> None:
    print(f"decision-journal hook ingest: {line}", file=sys.stderr)


