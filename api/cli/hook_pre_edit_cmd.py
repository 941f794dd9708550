"""``decision-journal hook pre-edit``: Claude Code's ``PreToolUse`` hook for ``Edit``,
``Write``, ``MultiEdit`` and ``NotebookEdit``. It reads the hook's JSON on stdin and, when the
file lies in a repository the journal holds and decisions govern it, prints the answer that
adds those decisions (and the options they rejected) to the agent's context."""

from __future__ import annotations

import asyncio
import json
import sys

import typer

from api.cli.context import CliContext, cli_context
from api.usecases.pre_edit import HookOutput, locate_edit, planned_edit, pre_edit_context
from api.usecases.runtime import connect


def pre_edit(ctx: typer.Context) -> None:
    """Claude Code PreToolUse hook: the decisions that govern the file about to be edited,
    added to the agent's context. Never blocks: exits 0 whatever happens (a note on stderr
    when the journal could not be asked: no server running, bad input)."""
    cli = cli_context(ctx)
    try:
        answer = _answer(cli, sys.stdin.read())
    # A hook that fails must not stop the agent's edit (Claude Code blocks the call on exit
    # 2 and reports other failures): any error becomes a note, and the edit goes on.
    except Exception as exc:
        cli.note(f"decision-journal hook pre-edit: no prior decisions shown ({type(exc).__name__}: {exc})")
        return
    if answer is not None:
        typer.echo(json.dumps(answer, ensure_ascii=False))


def _answer(cli: CliContext, text: str) -> HookOutput | None:
    edit = planned_edit(json.loads(text) if text.strip() else None)
    if edit is None:
        return None
    located = locate_edit(edit)
    if located is None:
        return None  # not a file of a git checkout: nothing the journal could govern

    async def ask() -> HookOutput | None:
        async with connect(cli.settings, lambda _line: None, start=False, schema=False) as graph:
            return await pre_edit_context(graph.executor, edit, located)

    return asyncio.run(ask())
