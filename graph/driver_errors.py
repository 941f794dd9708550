"""The driver's errors that callers above ``graph`` catch, named here so that only ``graph``
imports the driver (import-linter: "The Neo4j driver and neomodel stay inside graph").

Apart from ``graph.errors`` because importing the driver takes most of a second: a command
that never connects imports ``graph.errors`` without it.
"""

from __future__ import annotations

from neo4j.exceptions import AuthError, Neo4jError, ServiceUnavailable

__all__ = ["AuthError", "Neo4jError", "ServiceUnavailable"]
