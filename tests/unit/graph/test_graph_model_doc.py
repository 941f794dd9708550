"""The neomodel models are the one definition of the graph's labels and properties:
docs/graph-model.md must describe exactly what they declare."""

from __future__ import annotations

import re
from pathlib import Path

from graph.models import NODE_MODELS, declared_node_properties, declared_relationship_properties, relationship_types

DOC = Path(__file__).resolve().parents[3] / "docs" / "graph-model.md"
_TICKED = re.compile(r"`([^`]+)`")
_PARENTHESES = re.compile(r"\([^()]*\)")


def _table(heading: str) -> list[list[str]]:
    text = DOC.read_text()
    section = text.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("|---")]
    # Cells split on unescaped pipes (an edge may join `:File\\|:Feature`).
    return [[cell.strip() for cell in re.split(r"(?<!\\)\|", row.strip()[1:-1])] for row in rows[1:]]


def _names(cell: str) -> set[str]:
    """The backticked names of a cell, leaving out what parentheses explain (values, notes)."""
    while _PARENTHESES.search(cell):
        cell = _PARENTHESES.sub("", cell)
    return set(_TICKED.findall(cell))


def test_the_node_table_lists_every_model_label_with_exactly_its_properties() -> None:
    documented: dict[str, set[str]] = {}
    for label_cell, key_cell, properties_cell, *_notes in _table("Nodes"):
        *parents, label = _TICKED.findall(label_cell)[0].split(":")
        key = set(re.findall(r"\w+", key_cell))
        # `Decision:PolicyDecision` has every property of the Decision row too.
        inherited = set().union(*(documented[parent] for parent in parents))
        documented[label] = key | _names(properties_cell) | inherited
    declared = {model.__label__: declared_node_properties(model) for model in NODE_MODELS}
    assert documented.keys() == declared.keys()
    for label, properties in declared.items():
        assert documented[label] == properties, label


def test_the_edge_table_lists_every_model_relationship_with_exactly_its_properties() -> None:
    documented: dict[str, set[str]] = {}
    for pattern_cell, properties_cell, *_meaning in _table("Edges"):
        for kind in re.findall(r"\[:(\w+)\]", pattern_cell):
            documented.setdefault(kind, set()).update(_names(properties_cell))
    assert documented.keys() == set(relationship_types())
    for kind in relationship_types():
        assert documented[kind] == declared_relationship_properties(kind), kind
