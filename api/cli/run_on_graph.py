"""Run one async CLI action against the graph, with clear errors for the usual failures."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

from api.cli.context import CliContext, fail
from api.usecases.runtime import GraphConnection, connect
from graph.driver_errors import AuthError, Neo4jError, ServiceUnavailable
from graph.errors import GraphError
from lineage.errors import LineageError

T = TypeVar("T")


def run_on_graph(cli: CliContext, action: Callable[[GraphConnection], Awaitable[T]]) -> T:
    """Connect (starting the local server if needed), run ``action``, close the driver.

    Raises:
        typer.Exit: With one clear line on stderr when the graph cannot be reached or errs.
    """

    answer: list[T] = []

    async def main() -> None:
        async with connect(cli.settings, cli.note) as graph:
            answer.append(await action(graph))

    try:
        # The answer is handed out beside the task, not as its result: on leaving,
        # asyncio.run restores the SIGINT handler, and Python 3.11's signal module formats
        # the handler it replaces (a partial holding the finished task, with its result)
        # into an error message it then discards; for check-diff's report of 35 paths that
        # repr walked every record, 0.05-0.1 s of each run.
        asyncio.run(main())
        return answer[0]
    except AuthError as exc:
        raise fail("Neo4j rejected the user or password (NEO4J_USER / NEO4J_PASSWORD).") from exc
    except ServiceUnavailable as exc:
        where = cli.settings.neo4j.uri or "the local Neo4j"
        raise fail(f"cannot reach {where}: {exc}") from exc
    except (GraphError, LineageError) as exc:
        raise fail(str(exc)) from exc
    except Neo4jError as exc:
        raise fail(f"Neo4j said: {exc.message or exc}") from exc

