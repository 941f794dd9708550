"""The test suite's throwaway Neo4j: ``graph.local.throwaway`` with the per-user jar folder."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from api.usecases.local_server import default_lib_dir
from graph.local import LocalNeo4jConfig
from graph.local import throwaway as _throwaway
from graph.local.throwaway import Throwaway, free_port

__all__ = ["Throwaway", "free_port", "throwaway_config", "throwaway_neo4j"]


def throwaway_config(home: Path) -> LocalNeo4jConfig:
    """A small server in ``home`` on free ports, with the installed jars."""
    return _throwaway.throwaway_config(home, default_lib_dir())


@contextmanager
def throwaway_neo4j() -> Iterator[Throwaway]:
    """Start a throwaway server for a test run; always stopped and deleted."""
    with _throwaway.throwaway_neo4j(default_lib_dir()) as server:
        yield server
