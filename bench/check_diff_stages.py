"""Where one ``check-diff`` process spends its time: run in a new process by
``bench/code_links_speed.py --breakdown`` (or by hand, as below), it runs the command line's
own ``check-diff`` once and times its stages from the inside.

Usage (in the checkout, with the journal's ``NEO4J_*`` set as for the command):
    DJ_STAGES_SPAWNED=$(date +%s.%N) python bench/check_diff_stages.py --base REV~1 --head REV

It prints one JSON object to stderr (the command's own output goes to stdout, as usual):
seconds per stage, in the order they run.

- ``start``: from the parent's ``DJ_STAGES_SPAWNED`` (wall clock) to this script's first
  line: the interpreter's start-up and ``site`` (the venv's editable install);
- ``imports``: what the command line imports for ``check-diff`` (its entry point, then the
  command's module, as ``get_command`` imports it);
- ``settings``: choosing and reading the settings (the root callback);
- ``git diff``, ``git rev-parse``, ``git remote``, ``git rev-list``, …: each ``git`` process
  the command runs, summed by subcommand;
- ``connect``: opening the driver and checking the server answers (one round trip);
- ``read NAME``: each Cypher read, by its ``cypher/queries`` file, client-side wall time;
- ``render``: printing the report;
- ``command line: building the command``: typer making the command from its function;
- ``event loop: the rest``: the event loop's time less the stages inside it (the report
  assembled from the rows, the driver closed);
- ``other``: the rest of the command inside ``main()`` (the command line's parsing, the
  settings' console, reading the change's lines into the report's shape);
- the parent adds ``exit`` (the interpreter's shutdown) from the whole process's time.

Wrappers around ``subprocess.run``, the executor's ``read``, the driver's opening, the
settings and the printing do the timing; the command's code runs unchanged.
"""

from __future__ import annotations

import os
import time

_SPAWNED = float(os.environ.get("DJ_STAGES_SPAWNED", "nan"))
_FIRST_LINE = time.time()

import importlib  # noqa: E402  (after the first timestamp, on purpose)
import json  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from collections.abc import AsyncIterator, Callable  # noqa: E402
from contextlib import asynccontextmanager  # noqa: E402
from typing import Any  # noqa: E402

stages: dict[str, float] = {"start": _FIRST_LINE - _SPAWNED}


def _add(stage: str, seconds: float) -> None:
    stages[stage] = stages.get(stage, 0.0) + seconds


def _timed(stage: Callable[..., str], function: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            _add(stage(*args, **kwargs), time.perf_counter() - started)

    return wrapper


def _git_stage(command: Any, *_: Any, **__: Any) -> str:
    argv = list(command) if isinstance(command, list | tuple) else [str(command)]
    if argv and argv[0] == "git":
        words = [a for a in argv[1:] if not a.startswith("-")]
        # ``git -C DIR sub …``: the word after the folder
        sub = argv[3] if len(argv) > 3 and argv[1] == "-C" else (words[0] if words else "?")
        return f"git {sub}"
    return f"process {argv[0] if argv else '?'}"


def _wrap_command(check_cmd: Any) -> None:
    """Time the printing, the reads and the driver's opening, once the command's modules
    are imported (by the entry point, as it does)."""
    for holder in (sys.modules["api.settings"], sys.modules["api.cli.main"]):  # wherever the entry point finds them
        for name in ("read_settings", "choose_config_file"):
            if hasattr(holder, name):
                setattr(holder, name, _timed(lambda *a, **k: "settings", getattr(holder, name)))
    check_cmd._print_text = _timed(lambda *a, **k: "render", check_cmd._print_text)
    check_cmd.markdown_report = _timed(lambda *a, **k: "render", check_cmd.markdown_report)
    executor_module = sys.modules["graph.executor"]
    plain_read = executor_module.Neo4jExecutor.read

    async def read(self: Any, query: Any, params: Any = None) -> Any:
        began = time.perf_counter()
        try:
            return await plain_read(self, query, params)
        finally:
            _add(f"read {query.name}", time.perf_counter() - began)

    executor_module.Neo4jExecutor.read = read
    runtime = sys.modules["api.usecases.runtime"]
    plain_open = runtime.open_driver

    @asynccontextmanager
    async def open_driver(*args: Any, **kwargs: Any) -> AsyncIterator[Any]:
        began = time.perf_counter()
        async with plain_open(*args, **kwargs) as driver:
            _add("connect", time.perf_counter() - began)
            yield driver

    setattr(runtime, "open_driver", open_driver)  # noqa: B010  (a module's attribute, patched)


def main() -> None:
    started = time.perf_counter()
    cli_main = importlib.import_module("api.cli.main")
    _add("imports: entry point", time.perf_counter() - started)

    class TimedImports:
        """``importlib`` as the entry point sees it: the command's module import timed."""

        def __getattr__(self, name: str) -> Any:
            return getattr(importlib, name)

        @staticmethod
        def import_module(name: str) -> Any:
            began = time.perf_counter()
            module = importlib.import_module(name)
            _add("imports: the command's modules", time.perf_counter() - began)
            if name == "api.cli.check_cmd":
                _wrap_command(module)
            return module

    setattr(cli_main, "importlib", TimedImports())  # noqa: B010

    setattr(subprocess, "run", _timed(_git_stage, subprocess.run))  # noqa: B010
    typer_main = sys.modules["typer.main"]
    typer_main.get_command = _timed(lambda *a, **k: "command line: building the command", typer_main.get_command)
    asyncio = importlib.import_module("asyncio")
    plain_run = asyncio.run

    def run(*args: Any, **kwargs: Any) -> Any:
        """The event loop's own share: its time less the stages timed inside it."""
        before, began = sum(stages.values()), time.perf_counter()
        try:
            return plain_run(*args, **kwargs)
        finally:
            _add("event loop: the rest (answer assembled, driver closed)",
                 time.perf_counter() - began - (sum(stages.values()) - before))

    setattr(asyncio, "run", run)  # noqa: B010

    began = time.perf_counter()
    code = 0
    sys.argv = ["decision-journal", "check-diff", *sys.argv[1:]]
    try:
        cli_main.main()  # the console script's own entry point, as a user's process runs it
    except SystemExit as exc:
        code = int(exc.code or 0)
    inside = time.perf_counter() - began
    _add("other", inside - sum(v for k, v in stages.items() if k not in ("start", "imports: entry point")))
    sys.stdout.flush()
    print(json.dumps({"stages": stages, "code": code, "ended": time.time()}), file=sys.stderr)


if __name__ == "__main__":
    main()
