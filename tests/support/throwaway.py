"""The test suite's throwaway Neo4j: ``graph.local.throwaway`` with the per-user jar folder."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from api.usecases.local_server import default_lib_dir
from graph.local import LocalNeo4jConfig
from graph.local import throwaway as _throwaway
from graph.local.throwaway import Throwaway, free_port

__all__ = ["SCHEME_ENV", "Throwaway", "free_port", "suite_uri", "throwaway_config", "throwaway_neo4j"]

SCHEME_ENV = "DJ_TEST_URI_SCHEME"
"""``neo4j``: the tests reach the throwaway server through a routing URI (``neo4j://``), as
a service reaches a cluster or Aura: the driver asks the server for its routing table and
sends reads and writes where it says. Unset or ``bolt``: a direct connection."""
_SCHEMES = ("bolt", "neo4j")


def throwaway_config(home: Path) -> LocalNeo4jConfig:
    """A small server in ``home`` on free ports, with the installed jars."""
    return _throwaway.throwaway_config(home, default_lib_dir())


def suite_uri(uri: str) -> str:
    """``uri`` with the scheme ``DJ_TEST_URI_SCHEME`` asks for (``bolt://h:p`` -> ``neo4j://h:p``).

    Raises:
        ValueError: The variable names a scheme the local server does not speak.
    """
    scheme = os.environ.get(SCHEME_ENV, "").strip().lower()
    if not scheme:
        return uri
    if scheme not in _SCHEMES:
        raise ValueError(f"{SCHEME_ENV}={scheme!r}: use one of {', '.join(_SCHEMES)}")
    return f"{scheme}://{uri.split('://', 1)[1]}"


@contextmanager
def throwaway_neo4j() -> Iterator[Throwaway]:
    """Start a throwaway server for a test run; always stopped and deleted."""
    with _throwaway.throwaway_neo4j(default_lib_dir()) as server:
        yield server
