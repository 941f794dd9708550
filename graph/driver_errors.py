"""The driver's errors that callers above ``graph`` catch, named here so that only ``graph``
imports the driver (import-linter: "The Neo4j driver and neomodel stay inside graph").

Apart from ``graph.errors`` because importing the driver takes most of a second: a command
that never connects imports ``graph.errors`` without it.
"""

from __future__ import annotations

from neo4j.exceptions import AuthError, Neo4jError, ServiceUnavailable, SessionExpired

__all__ = ["UNREACHABLE", "AuthError", "Neo4jError", "ServiceUnavailable", "SessionExpired"]

UNREACHABLE: tuple[type[Exception], ...] = (ServiceUnavailable, SessionExpired)
"""The driver's ways of saying the server cannot be reached: none answers at the address
(``ServiceUnavailable``), or the connection a query was on went away under it
(``SessionExpired``)."""
