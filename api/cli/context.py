"""What every CLI command shares: the settings (read once) and the console."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import typer
from rich.console import Console

from api.settings import ConfigChoice, Settings


@dataclass(frozen=True)
class CliContext:
    """Built once by the root callback, handed to commands through ``ctx.obj``."""

    settings: Settings
    out: Console
    err: Console
    config_file: Path | None = None
    """The file named with ``--config``, if any (``serve --workers`` hands it to its workers)."""
    config: ConfigChoice = ConfigChoice(None, "none")
    """Which settings file was read, and why (``neo4j status`` says it)."""

    def note(self, line: str) -> None:
        """Progress and notices go to stderr so that stdout stays parseable."""
        self.err.print(line, highlight=False, markup=False)


def cli_context(ctx: typer.Context) -> CliContext:
    """The shared context of the running command."""
    obj = ctx.find_root().obj
    if not isinstance(obj, CliContext):  # only if a command is invoked without the root app
        raise typer.Exit(code=2)
    return obj


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print one clear error line and return the exit to raise."""
    Console(stderr=True, soft_wrap=True).print(f"[bold red]error:[/] {message}", highlight=False)
    return typer.Exit(code=code)


def stdout_is_terminal() -> bool:
    return sys.stdout.isatty()


def aware(value: datetime | None) -> datetime | None:
    """A date given on the command line without a zone is UTC."""
    return value.replace(tzinfo=UTC) if value is not None and value.tzinfo is None else value
