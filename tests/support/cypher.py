"""Cypher the tests need and the product must not ship (wiping, markers, counts), kept in
``tests/cypher`` and parsed by the product's own loader rules."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from graph.cypher import Query, parse_query_file

FOLDER = Path(__file__).resolve().parents[1] / "cypher"


@cache
def support_query(name: str) -> Query:
    """The statement in ``tests/cypher/<name>.cypher``."""
    path = FOLDER / f"{name}.cypher"
    return parse_query_file(path.read_text(), f"tests/cypher/{path.name}")
