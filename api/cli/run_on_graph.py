"""Run one async CLI action against the graph, with clear errors for the usual failures."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from typing import TypeVar

from api.cli.context import CliContext, fail
from api.usecases.detector_file import DetectorFileError
from api.usecases.runtime import GraphConnection, connect
from graph.driver_errors import AuthError, Neo4jError, ServiceUnavailable
from graph.errors import GraphError
from lineage.errors import LineageError

T = TypeVar("T")
_NO_SCHEMA = re.compile(r"There is no such (?:vector|fulltext) schema index")
"""What Neo4j says when a query needs an index ``schema apply`` makes and the journal lacks it."""


def run_on_graph(cli: CliContext, action: Callable[[GraphConnection], Awaitable[T]], *, schema: bool = True) -> T:
    """Connect (starting the local server if needed, giving a new local journal its schema
    unless ``schema`` is False), run ``action``, close the driver.

    Raises:
        typer.Exit: With one clear line on stderr when the graph cannot be reached or errs.
    """

    answer: list[T] = []

    async def main() -> None:
        async with connect(cli.settings, cli.note, schema=schema) as graph:
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
    except (GraphError, LineageError, DetectorFileError) as exc:
        raise fail(str(exc)) from exc
    except Neo4jError as exc:
        said = exc.message or str(exc)
        if _NO_SCHEMA.search(said):
            raise fail("the journal has no schema yet: run `decision-journal schema apply` (with NEO4J_URI, as a "
                       f"user allowed to create indexes). Neo4j said: {said}") from exc
        raise fail(f"Neo4j said: {said}") from exc

